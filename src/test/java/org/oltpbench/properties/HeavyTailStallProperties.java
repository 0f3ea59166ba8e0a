package org.oltpbench.properties;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.oltpbench.result.judge.stall.StallRule;
import org.oltpbench.result.repeat.client.Resources;
import org.oltpbench.result.repeat.counted.Histograms;
import org.oltpbench.result.repeat.counted.IntervalResult;
import org.oltpbench.result.repeat.counted.IntervalResult.TerminalTime;
import org.oltpbench.result.repeat.usage.Stall;

/**
 * Issue 58 §2: the stall rule's promise (at most 1% of healthy windows judged stalled) over the latencies users have,
 * not only exponential service: lognormal (sigma 0.5 to 2), Pareto (alpha 1.1 to 3) and bimodal service, 1 to 4
 * terminals in a closed loop, 1 to 50 transactions a second, 20- and 60-s windows after 10 s of warm-up. A healthy
 * window: the server answered throughout, each terminal's transactions back to back (a renewal process). Real stalls
 * (the server answered nothing for 5 s) are still named at the rates where they can be told from the tail.
 */
class HeavyTailStallProperties {
    /** Windows per scenario; at most {@link #ALLOWED} of them stalled: 1% is 4 expected, 7 is 1.5 standard deviations above. */
    static final int WINDOWS = 400, ALLOWED = 7;

    /** A service time, seconds, scaled to mean {@code mean}. */
    interface Service {
        double draw(SplittableRandom r, double mean);
    }

    static Service lognormal(double sigma) {
        // mean of e^(mu + sigma Z) is e^(mu + sigma^2 / 2)
        return (r, mean) -> Math.exp(Math.log(mean) - sigma * sigma / 2 + sigma * Windows.gaussian(r));
    }

    static Service pareto(double alpha) {
        // Pareto(xm, alpha): mean alpha xm / (alpha - 1)
        return (r, mean) -> mean * (alpha - 1) / alpha / Math.pow(1 - r.nextDouble(), 1 / alpha);
    }

    /** {@code slowShare} of transactions {@code factor} times slower than the rest, each mode exponential. */
    static Service bimodal(double slowShare, double factor) {
        return (r, mean) -> {
            double fast = mean / (1 - slowShare + slowShare * factor);
            return Windows.exponential(r, r.nextDouble() < slowShare ? fast * factor : fast);
        };
    }

    @Test
    void heavyTailedServiceIsNoStall() {
        Prop.forAll(12, 5858, d -> {
            int kind = d.ints(0, 2);
            Service s = switch (kind) {
                case 0 -> lognormal(d.doubles(0.5, 2.0));
                case 1 -> pareto(d.doubles(1.1, 3.0));
                default -> bimodal(d.doubles(0.02, 0.3), d.doubles(5, 50));
            };
            healthy(s, d.ints(1, 4), d.doubles(1, 50), d.ints(0, 1) == 0 ? 20 : 60, d.ints(0, Integer.MAX_VALUE - 1));
        });
    }

    /** The review's case: lognormal sigma 1.0 at 1 terminal (13.6% of windows judged stalled on the landed head). */
    @Test
    void theReviewsLognormalAtOneTerminalIsNoStall() {
        healthy(lognormal(1.0), 1, 2, 20, 1);
        healthy(lognormal(1.2), 2, 4, 20, 2);
        healthy(lognormal(1.5), 1, 1.84, 20, 3);
        healthy(lognormal(2.0), 4, 10, 60, 4);
    }

    private static void healthy(Service s, int terminals, double tps, int seconds, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        int stalls = 0;
        String first = "";
        for (int w = 0; w < WINDOWS; w++) {
            Stall st = window(r, s, terminals, tps, seconds, -1, 0);
            if (st.found() && stalls++ == 0) first = st.evidence();
        }
        assertTrue(stalls <= ALLOWED, String.format(Locale.ROOT, "%d of %d healthy windows stalled (%d terminals, %.2f tps, "
                + "%d s); the first: %s", stalls, WINDOWS, terminals, tps, seconds, first));
    }

    /**
     * A real stall: the server answers nothing from 10 s into the window for {@code pause} seconds. Named where the
     * service's tail cannot make such a silence: exponential or lognormal sigma 0.5 service at 4 terminals and 20 tps,
     * 5 s; and at 1 terminal and 100 tps (10 ms a transaction), 5 s: one transaction 500 times the longest of the others.
     */
    @Test
    void aPausedServerIsStillNamed() {
        SplittableRandom r = new SplittableRandom(11);
        for (int w = 0; w < 50; w++) {
            Stall e = window(r, bimodal(0, 1), 4, 20, 20, 10, 5), l = window(r, lognormal(0.5), 4, 20, 20, 10, 5),
                    one = window(r, lognormal(0.5), 1, 100, 20, 10, 5);
            assertTrue(e.found(), "exponential, 4 terminals: " + e.undecided());
            assertTrue(l.found(), "lognormal 0.5, 4 terminals: " + l.undecided());
            assertTrue(one.found(), "lognormal 0.5, 1 terminal at 100 tps: " + one.undecided());
        }
    }

    /**
     * A closed loop of {@code terminals} over 10 s of warm-up and a {@code seconds} window, service of mean
     * terminals / tps; with {@code pause} > 0 nothing ends from window second {@code at} until {@code at + pause}.
     */
    static Stall window(SplittableRandom r, Service s, int terminals, double tps, int seconds, int at, int pause) {
        return window(r, s, terminals, tps, 10, seconds, at, pause, terminals, false);
    }

    /**
     * As above, after {@code warm} s of warm-up, the pause holding only the first {@code held} terminals (the rest run
     * on); with {@code dropHeld}, the held transactions end in errors (not recorded, not counted).
     */
    static Stall window(SplittableRandom r, Service s, int terminals, double tps, int warm, int seconds, int at, int pause,
                        int held, boolean dropHeld) {
        int all = warm + seconds;
        double mean = terminals / tps;
        long[] ended = new long[all];
        Histogram h = Histograms.empty();
        double from0 = warm + at, to0 = warm + at + pause;
        for (int k = 0; k < terminals; k++) {
            double start = 0, t = s.draw(r, mean) * r.nextDouble(); // the first one part done: terminals out of step
            while (t < all) {
                boolean error = false;
                if (pause > 0 && k < held && t >= from0 && t < to0) {
                    t = to0;
                    error = dropHeld;
                }
                if (t >= all) break;
                if (!error) ended[(int) t]++;
                if (t >= warm && !error) h.recordValue(Math.max(1, Math.round((t - start) * 1e6)));
                start = t;
                t += s.draw(r, mean);
            }
        }
        List<IntervalResult> intervals = new ArrayList<>();
        for (int k = 0; k < all; k++) {
            intervals.add(new IntervalResult(k + 1, 1, terminals, ended[k], ended[k], 0, 0, 0, 0, k < warm, 0, null, -1,
                    List.of(), Resources.NONE, new TerminalTime(terminals, 0)));
        }
        return StallRule.of(intervals, h, seconds, seconds, 1);
    }

    /**
     * A slow mode that sits at the p99 (1% of transactions 200 times the rest) is the service's, not transactions held
     * apart from it: the tail rule (max 10x the p99) named it in 33% of healthy windows at 8 and 16 terminals, 50 tps;
     * now only where the long ones are fewer than the p99's 1% at their count's upper bound (2-6% here: what is left, a
     * window whose slow mode ended a few times only, is the tail's own ambiguity at these rates).
     */
    @Test
    void aModeAtThePercentileIsNoTailStall() {
        for (int t : new int[] {8, 16}) {
            SplittableRandom r = new SplittableRandom(1_000 + t);
            int tail = 0;
            for (int w = 0; w < WINDOWS; w++) if (window(r, bimodal(0.01, 200), t, 50, 20, -1, 0).evidence().contains("max latency")) tail++;
            assertTrue(tail <= 24, t + " terminals: " + tail + " of " + WINDOWS + " healthy windows a stall by the tail rule");
        }
    }

    /** Prints the share of healthy windows judged stalled per scenario (run by hand: -Dtest=...#survey -Dsurvey=true). */
    @Test
    void survey() {
        if (!Boolean.getBoolean("survey")) return;
        Object[][] kinds = {{"lognormal 1.0", lognormal(1.0)}, {"lognormal 1.5", lognormal(1.5)}, {"lognormal 2.0", lognormal(2.0)},
                {"pareto 1.1", pareto(1.1)}, {"pareto 1.5", pareto(1.5)}, {"bimodal 5%x50", bimodal(0.05, 50)},
                {"bimodal 20%x10", bimodal(0.2, 10)}, {"bimodal 1%x200", bimodal(0.01, 200)}, {"exponential", bimodal(0, 1)}};
        int[] terminals = java.util.Arrays.stream(System.getProperty("survey.terminals", "1,2,4").split(","))
                .mapToInt(Integer::parseInt).toArray();
        for (Object[] k : kinds) {
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-16s", k[0]));
            for (int t : terminals) {
                for (double tps : new double[] {1, 3, 10, 50}) {
                    SplittableRandom r = new SplittableRandom(t * 100 + (long) tps);
                    int n = 0, quiet = 0;
                    for (int w = 0; w < WINDOWS; w++) {
                        Stall st = window(r, (Service) k[1], t, tps, 20, -1, 0);
                        if (st.found()) n++;
                        if (st.evidence().contains("ended under")) quiet++;
                    }
                    line.append(String.format(Locale.ROOT, " %dT%.0f:%4.1f/%.1f", t, tps, 100.0 * n / WINDOWS, 100.0 * quiet / WINDOWS));
                }
            }
            System.out.println(line);
        }
    }
}
