package org.oltpbench.workload.sysbench;

import org.oltpbench.random.SbRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Each distribution against its definition in sysbench 1.0.20's sb_rand.c (zipfian: sysbench 1.1). */
class SbRandomTest {
    private static final int N = 400_000;

    private static SbRandom of(SbRandom.Type t) {
        return new SbRandom(42, t, 12, 1, 75, 0.2, 0.8);
    }

    @Test
    void uniformCoversTheRangeEvenly() {
        SbRandom r = of(SbRandom.Type.UNIFORM);
        int[] hist = new int[10];
        for (int i = 0; i < N; i++) {
            long v = r.rand(1, 10);
            assertTrue(v >= 1 && v <= 10);
            hist[(int) v - 1]++;
        }
        for (int h : hist) assertEquals(N / 10.0, h, N / 10.0 * 0.03);
    }

    @Test
    void gaussianIsTheMeanOfTwelveUniforms() {
        SbRandom r = of(SbRandom.Type.GAUSSIAN);
        double sum = 0, sq = 0;
        for (int i = 0; i < N; i++) {
            long v = r.rand(1, 1000);
            assertTrue(v >= 1 && v <= 1000);
            sum += v;
            sq += v * (double) v;
        }
        double mean = sum / N, sd = Math.sqrt(sq / N - mean * mean);
        assertEquals(500.5, mean, 2);
        // the mean of 12 U(0,1000) has sd 1000 / sqrt(12 * 12) = 83.3
        assertEquals(1000 / Math.sqrt(144), sd, 2);
    }

    @Test
    void specialSendsThreeQuartersToTheMiddlePercent() {
        SbRandom r = of(SbRandom.Type.SPECIAL);
        long a = 1, b = 1_000_000;
        // the hot band: t/2 - t*pct/200 .. + t*pct/100, i.e. 1% of the range centred on the middle
        double t = b - a;
        long lo = a + (long) (t / 2 - t * 0.005), hi = a + (long) (t / 2 + t * 0.005) + 1;
        int hot = 0;
        for (int i = 0; i < N; i++) {
            long v = r.rand(a, b);
            assertTrue(v >= a && v <= b);
            if (v >= lo && v <= hi) hot++;
        }
        // 75% land in the band by rule, plus the gaussian part's share of it (about 4.8% of the other 25%)
        double share = hot / (double) N;
        assertTrue(share > 0.75 && share < 0.80, "hot share " + share);
    }

    @Test
    void paretoFollowsItsPower() {
        SbRandom r = of(SbRandom.Type.PARETO);
        // P(v < a + (b-a+1) x) = x^(1/power), power = log(0.2)/log(0.8)
        double power = Math.log(0.2) / Math.log(0.8);
        int below = 0;
        for (int i = 0; i < N; i++) if (r.rand(0, 999) < 100) below++;
        assertEquals(Math.pow(0.1, 1 / power), below / (double) N, 0.01);
    }

    @Test
    void zipfianMatchesOneOverKToTheS() {
        SbRandom r = of(SbRandom.Type.ZIPFIAN);
        int n = 100;
        int[] hist = new int[n + 1];
        for (int i = 0; i < N; i++) {
            long v = r.rand(1, n);
            assertTrue(v >= 1 && v <= n);
            hist[(int) v]++;
        }
        double h = 0;
        for (int k = 1; k <= n; k++) h += 1 / Math.pow(k, 0.8);
        for (int k : new int[] {1, 2, 5, 10, 50}) {
            double expected = N / Math.pow(k, 0.8) / h;
            assertEquals(expected, hist[k], expected * 0.08 + 30, "k=" + k);
        }
    }

    @Test
    void sameSeedSameNumbers() {
        SbRandom a = of(SbRandom.Type.SPECIAL), b = of(SbRandom.Type.SPECIAL);
        for (int i = 0; i < 1000; i++) assertEquals(a.rand(1, 100000), b.rand(1, 100000));
    }

    @Test
    void stringTemplates() {
        SbRandom r = SbRandom.uniform(7);
        char[] buf = new char[Templates.C.length];
        String c = Templates.value(r, Templates.C, buf);
        assertEquals(119, c.length());
        assertTrue(c.matches("(\\d{11}-){9}\\d{11}"), c);
        String pad = Templates.value(r, Templates.PAD, new char[Templates.PAD.length]);
        assertTrue(pad.matches("(\\d{11}-){4}\\d{11}"), pad);
        char[] letters = new char[3];
        r.fill("@#x".toCharArray(), letters);
        assertTrue(Character.isLowerCase(letters[0]) && Character.isDigit(letters[1]) && letters[2] == 'x');
    }

    @Test
    void templateDigitsAreUniform() {
        SbRandom r = SbRandom.uniform(3);
        char[] buf = new char[Templates.C.length];
        long[] count = new long[10];
        int draws = 20_000;
        for (int i = 0; i < draws; i++) {
            r.fill(Templates.C, buf);
            for (char ch : buf) if (ch != '-') count[ch - '0']++;
        }
        double each = draws * 110 / 10.0;
        for (long c : count) assertEquals(each, c, each * 0.01);
        // every position varies, including the 18th digit of a draw
        java.util.Set<Character> at17 = new java.util.HashSet<>();
        for (int i = 0; i < 200; i++) {
            r.fill(Templates.C, buf);
            at17.add(buf[19]);
        }
        assertEquals(10, at17.size());
    }

    @Test
    void uniqueIdsAreDistinct() {
        UniqueIds u = new UniqueIds(123, 456);
        java.util.HashSet<Long> seen = new java.util.HashSet<>();
        for (long i = 0; i < 200_000; i++) {
            long id = u.id(i);
            assertTrue(id >= 0 && id < (1L << 32));
            assertTrue(seen.add(id), "duplicate at " + i);
        }
    }
}
