package org.oltpbench.random;

/**
 * sysbench 1.0.20's random numbers (sb_rand.c), one instance per thread: xoroshiro128+ underneath,
 * and the uniform, gaussian, special, pareto and zipfian distributions over an inclusive range.
 * Not thread-safe; never allocates.
 */
public final class SbRandom {
    public enum Type { UNIFORM, GAUSSIAN, SPECIAL, PARETO, ZIPFIAN }

    private long s0, s1;
    private final Type type;
    private final int iter;
    private final double iterMult, pctMult, pct2Mult, resMult, paretoPower;
    private final Zipf zipf;

    /**
     * @param seed     any value; two generators with the same seed draw the same numbers
     * @param specIter rand-spec-iter, @param specPct rand-spec-pct, @param specRes rand-spec-res
     */
    public SbRandom(long seed, Type type, int specIter, int specPct, int specRes, double paretoH, double zipfExp) {
        long z = seed;
        s0 = splitMix(z += 0x9E3779B97F4A7C15L);
        s1 = splitMix(z + 0x9E3779B97F4A7C15L);
        if ((s0 | s1) == 0) s1 = 1;
        this.type = type;
        this.iter = specIter;
        this.iterMult = 1.0 / specIter;
        this.pctMult = specPct / 100.0;
        this.pct2Mult = specPct / 200.0;
        this.resMult = 100.0 / (100.0 - specRes);
        this.paretoPower = Math.log(paretoH) / Math.log(1.0 - paretoH);
        this.zipf = new Zipf(zipfExp);
    }

    /** A uniform generator, e.g. for tests and for choosing tables. */
    public static SbRandom uniform(long seed) {
        return new SbRandom(seed, Type.UNIFORM, 12, 1, 75, 0.2, 0.8);
    }

    /** xoroshiro128+ as in sysbench. */
    public long nextLong() {
        long a = s0, b = s1;
        long result = a + b;
        b ^= a;
        s0 = Long.rotateLeft(a, 55) ^ b ^ (b << 14);
        s1 = Long.rotateLeft(b, 36);
        return result;
    }

    /** Uniform double in [0, 1), from the top 53 bits. */
    public double nextDouble() {
        return (nextLong() >>> 11) * 0x1.0p-53;
    }

    /** The distribution chosen by rand-type (sb_rand_default). */
    public long rand(long a, long b) {
        return switch (type) {
            case UNIFORM -> uniform(a, b);
            case GAUSSIAN -> gaussian(a, b);
            case SPECIAL -> special(a, b);
            case PARETO -> pareto(a, b);
            case ZIPFIAN -> zipfian(a, b);
        };
    }

    /** sb_rand_uniform: a + floor(u * (b - a + 1)). */
    public long uniform(long a, long b) {
        return a + (long) (nextDouble() * (b - a + 1));
    }

    /** sb_rand_gaussian: the mean of rand-spec-iter uniform draws over [a, b]. */
    public long gaussian(long a, long b) {
        double t = b - a + 1, sum = 0;
        for (int i = 0; i < iter; i++) sum += nextDouble() * t;
        return a + (long) (sum * iterMult);
    }

    /**
     * sb_rand_special: with probability (100 - res)% a gaussian over [a, b]; otherwise uniform over the
     * pct% of the range centred on the middle.
     */
    public long special(long a, long b) {
        double t = b - a;
        double rnd = nextDouble();
        if (rnd * t * resMult < t) {
            double sum = 0;
            for (int i = 0; i < iter; i++) sum += nextDouble();
            return a + (long) (sum * t * iterMult);
        }
        double d = t * pctMult;
        double res = rnd * (d + 1) + t / 2 - t * pct2Mult;
        return a + (long) res;
    }

    /** sb_rand_pareto: a + (b - a + 1) * u^(log h / log(1 - h)). */
    public long pareto(long a, long b) {
        return a + (long) ((b - a + 1) * Math.pow(nextDouble(), paretoPower));
    }

    /** Zipfian over [a, b]: P(a + k - 1) proportional to 1 / k^exp (sysbench 1.1's rand-type=zipfian). */
    public long zipfian(long a, long b) {
        return a - 1 + zipf.sample(b - a + 1, this);
    }

    /**
     * sb_rand_str: '#' becomes a uniformly random digit, '@' a random lower-case letter, other chars stay.
     * Digits come 18 at a time from one 64-bit draw below 9e18, which makes its low 18 decimal digits
     * exactly uniform (9 whole cycles of 10^18), at a tenth of the cost of a draw per digit.
     */
    public void fill(char[] template, char[] out) {
        long digits = 0;
        int left = 0;
        for (int i = 0; i < template.length; i++) {
            char ch = template[i];
            if (ch == '#') {
                if (left == 0) {
                    do {
                        digits = nextLong() >>> 1;
                    } while (digits >= 9_000_000_000_000_000_000L);
                    left = 18;
                }
                out[i] = (char) ('0' + digits % 10);
                digits /= 10;
                left--;
            } else if (ch == '@') {
                out[i] = (char) uniform('a', 'z');
            } else {
                out[i] = ch;
            }
        }
    }

    private static long splitMix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
