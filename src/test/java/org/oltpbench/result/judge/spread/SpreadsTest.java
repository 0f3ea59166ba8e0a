package org.oltpbench.result.judge.spread;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.oltpbench.stats.IntervalAssert.assertBounds;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.oltpbench.properties.IntervalSeries;
import org.oltpbench.result.Fixtures;
import org.oltpbench.result.level.Spread;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.repeat.TpccMetrics;
import org.oltpbench.result.repeat.analytics.Analytics;
import org.oltpbench.result.repeat.analytics.QueryMetrics;
import org.oltpbench.result.repeat.counted.Counts;
import org.oltpbench.result.repeat.counted.Histograms;
import org.oltpbench.result.repeat.counted.IntervalResult;
import org.oltpbench.result.repeat.counted.Window;
import org.oltpbench.result.repeat.usage.Usage;
import org.oltpbench.stats.Interval;

/**
 * Batch means and the repeats' t interval on hand-made repeats. Expected values from SciPy:
 * <pre>
 * tx = [100,104,98,101,97,103,99,102,105,95,100,101,99,98,103,102,100,97,104,96]
 * bm = np.array([(tx[2*i] + tx[2*i+1]) / 2 for i in range(10)]); se = bm.std(ddof=1) / np.sqrt(10)
 * stats.t.interval(0.95, 9, loc=bm.mean(), scale=se)   # mean 100.2: (99.27340491319079, 101.12659508680922)
 * </pre>
 */
class SpreadsTest {
    static final long[] TX = {100, 104, 98, 101, 97, 103, 99, 102, 105, 95, 100, 101, 99, 98, 103, 102, 100, 97, 104, 96};

    static IntervalResult second(long tx, boolean warmup) {
        return new IntervalResult(0, 1.0, 4, tx, 10 * tx, 0, 0, 0, 0, warmup, 0.5, Fixtures.hist(1000), -1, List.of(tx));
    }

    static RepeatResult withIntervals(List<IntervalResult> intervals) {
        RepeatResult r = Fixtures.sysbench(1, 4, 2000, RepeatResult.COMPLETED);
        return new RepeatResult(1, 4, r.status(), null, new RepeatResult.Measured(r.window(), r.counts(), r.transactions(), intervals),
                new RepeatResult.PerThread(r.threadEvents(), r.threadLatencyNanos()), r.cpu(), RepeatResult.ServerChecks.of(r.serverCount()), RepeatResult.Topology.NONE, Usage.NONE, org.oltpbench.result.repeat.analytics.Analytics.NONE);
    }

    static Spread of(List<RepeatResult> reps) {
        return Spreads.of(reps, reps.get(0), 95);
    }

    @Test
    void batchMeansSkipWarmUp() {
        List<IntervalResult> in = new ArrayList<>(List.of(second(9999, true), second(9999, true)));
        for (long t : TX) in.add(second(t, false));
        // 20 measured: 10 batches of 2, all of one second, so each weighs alike: Student's t over the batch means
        Spread s = of(List.of(measuredAs(in)));
        assertEquals(Interval.Method.BATCH_MEANS, s.tps().method());
        assertEquals(10, s.tps().n());
        assertEquals(100.2, s.tps().mean(), 1e-9);
        assertBounds(99.27340491319079, 101.12659508680922, s.tps(), 1e-9);
        assertEquals(1002.0, s.qps().mean(), 1e-9, "10 queries per transaction");
        assertSame(Interval.NONE, s.tpmC(), "no NEW_ORDER type");
        assertEquals(0.0, s.latency().upper() - s.latency().lower(), 1e-12, "every batch's p95 is the same 1 ms");
    }

    /** 21 measured intervals: 10 batches of 2 and one left over, which the last batch takes: every second counts. */
    @Test
    void noMeasuredIntervalIsLeftOut() {
        List<IntervalResult> in = new ArrayList<>(List.of(second(5000, false)));
        for (long t : TX) in.add(second(t, false));
        List<List<IntervalResult>> b = Spreads.batches(in);
        assertEquals(10, b.size());
        assertEquals(21, b.stream().mapToInt(List::size).sum());
        assertEquals(3, b.get(9).size());
        RepeatResult r = measuredAs(in);
        assertEquals(r.tps(), of(List.of(r)).tps().mean(), 1e-9, "the window's 7,004 / 21 s");
    }

    /** The repeat of these intervals, its window and counts theirs (past the warm-up), as LevelRunner builds one. */
    static RepeatResult measuredAs(List<IntervalResult> intervals) {
        RepeatResult r = withIntervals(intervals);
        List<IntervalResult> m = Spreads.measured(intervals);
        long tx = m.stream().mapToLong(IntervalResult::transactions).sum();
        double secs = m.stream().mapToDouble(IntervalResult::seconds).sum();
        Counts c = new Counts(tx, 0, 10 * tx, 0, 0, 0, 0, 0, 0, 0);
        return r.withMeasured(new RepeatResult.Measured(new Window("", "", secs), c, r.transactions(), intervals));
    }

    /**
     * Issue 42 §1.10: a mysqlslap-style run at 700 tps whose reporter woke late four times (4.5, 6.2 and 3.1 s
     * intervals, slower). The window's tps is 12,848 / 30.8 s = 417.14; unweighted batch means put the interval's centre
     * at 548.18 (ade499c). Weighted by their seconds the batches give 417.14 [191.26, 643.03], by the delta method on
     * the batch sums (src/test/resources/expected/spread_stats.py).
     */
    @Test
    void lateIntervalsWeighByTheirSeconds() {
        double[] secs = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 4.5, 1, 1, 6.2, 1, 1, 3.1, 1};
        long[] tx = {700, 690, 710, 705, 695, 700, 702, 698, 700, 701, 699, 700, 300, 700, 698, 250, 705, 695, 400, 700};
        RepeatResult r = IntervalSeries.of(secs, tx).repeat();
        Interval tps = of(List.of(r)).tps();
        assertEquals(417.1428571428571, r.tps(), 1e-9, "the figure printed");
        assertEquals(Interval.Method.BATCH_MEANS, tps.method());
        assertEquals(417.1428571428571, tps.mean(), 1e-9, "centred on it");
        assertBounds(191.25551318887787, 643.0302010968363, tps, 1e-8);
    }

    /**
     * Issue 42 §1.9: tpmC per server core, 20 one-second intervals of about 40 New-Orders on about 0.9 s of server CPU,
     * but in the third batch the server all but idled (3 orders on 3 ms). Printed: 60 x 790 / 20 s over 16.478 / 20
     * cores = 2,675.04. The mean of the batches' ratios (ade499c) was 8,398.13, and its interval excluded the figure;
     * the ratio estimator gives 2,675.04 [2,647.36, 2,702.73] (spread_stats.py).
     */
    @Test
    void aPerCoreIntervalIsOfTheRatioPrinted() {
        long[] orders = {40, 42, 41, 39, 2, 1, 44, 40, 38, 41, 41, 43, 40, 42, 39, 42, 41, 40, 39, 43};
        double[] cpu = {0.90, 0.95, 0.92, 0.88, 0.002, 0.001, 0.97, 0.91, 0.85, 0.93, 0.92, 0.96, 0.90, 0.94, 0.88, 0.95,
                0.93, 0.90, 0.89, 0.97};
        long[] tx = new long[20];
        double[] secs = new double[20];
        for (int i = 0; i < 20; i++) {
            tx[i] = 2 * orders[i];
            secs[i] = 1;
        }
        RepeatResult r = new IntervalSeries(secs, tx, orders, cpu).repeat();
        double printed = TpccMetrics.tpmC(r) / r.usage().serverCores();
        assertEquals(2675.043798707183, printed, 1e-8, "tpmC over the window / server cores over the window");
        assertEquals(printed, Spreads.perServerCore(r), 1e-9, "the rule every table prints it by");
        Interval perCore = of(List.of(r)).perServerCore();
        assertEquals(printed, perCore.mean(), 1e-8);
        assertBounds(2647.361457132557, 2702.7261402818094, perCore, 1e-7);
    }

    /**
     * Issue 42 §1.11 through the repeat: 20 intervals of 30 s, tps falling from 1,200 to 5 over ten one-minute batches;
     * the straight line of ade499c said -290% over the window, the compounded fit -99.68% (TrendTest's collapse).
     */
    @Test
    void aCollapsingLevelsDriftIsAFallOfLessThanAll() {
        double[] rate = {1200, 1100, 950, 700, 420, 200, 90, 30, 12, 5};
        double[] secs = new double[20];
        long[] tx = new long[20];
        for (int i = 0; i < 20; i++) {
            secs[i] = 30;
            tx[i] = Math.round(rate[i / 2] * 30);
        }
        org.oltpbench.stats.Trend t = Spreads.trend(IntervalSeries.of(secs, tx).repeat());
        assertEquals(-47.1187215394716, t.pctPerMin(), 1e-9);
        assertEquals(-99.67661675462183, t.windowPct(), 1e-9);
    }

    /**
     * Issue 27 §1.4's harness: 100 one-second intervals of 1,000 transactions at 5 ms, except that in the last 10 s 60%
     * take 500 ms. The window's p95 is 500.223 ms (HdrHistogram's highest equivalent value of 500,000 µs at 3 digits),
     * and its interval must be an interval of that figure. By hand: 10 batches of 10 intervals; a resample without the
     * last batch (probability 0.9^10 = 0.349) has p95 5.003 ms, one with it (6% or more of its values at 500 ms) has
     * 500.223 ms; both probabilities exceed 2.5%, so the 95% limits are exactly [5.003, 500.223]. The old interval
     * (t over the batches' own p95s) was 54.53 [-57.50, 166.55].
     */
    @Test
    void aLatencyPercentilesIntervalIsOfThePercentilePrinted() {
        List<IntervalResult> in = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            org.HdrHistogram.Histogram h = Histograms.empty();
            h.recordValueWithCount(5000, i < 90 ? 1000 : 400);
            if (i >= 90) h.recordValueWithCount(500_000, 600);
            in.add(new IntervalResult(i + 1, 1.0, 4, 1000, 1000, 0, 0, 0, 0, false, 0.5, Histograms.encode(h), -1,
                    List.of(1000L)));
        }
        org.HdrHistogram.Histogram all = Histograms.empty();
        for (IntervalResult i : in) all.add(i.histogram());
        assertEquals(500.223, Histograms.percentileMs(all, 95), 1e-9, "the window's p95, as the sweep table prints it");
        Interval lat = of(List.of(withIntervals(in))).latency();
        assertEquals(Interval.Method.BOOTSTRAP_BATCHES, lat.method());
        assertEquals(500.223, lat.mean(), 1e-9);
        assertBounds(5.003, 500.223, lat, 1e-9);
    }

    @Test
    void tooFewIntervalsGiveNoInterval() {
        List<IntervalResult> seven = new ArrayList<>();
        for (int i = 0; i < 7; i++) seven.add(second(TX[i], false));
        assertSame(Interval.NONE, of(List.of(withIntervals(seven))).tps(), "7 intervals make 3 batches of 2: below 4");
        List<IntervalResult> eight = new ArrayList<>(seven);
        eight.add(second(TX[7], false));
        assertEquals(4, of(List.of(withIntervals(eight))).tps().n());
    }

    /** Repeats of 10 s with 1000, 1200, 1100, 1300 and 900 transactions: tps 100, 120, 110, 130, 90 (the t test's x × 10). */
    @Test
    void overCompletedRepeatsOnly() {
        List<RepeatResult> reps = new ArrayList<>();
        for (long n : new long[] {1000, 1200, 1100, 1300, 900}) reps.add(Fixtures.sysbench(1, 4, n, RepeatResult.COMPLETED));
        reps.add(Fixtures.sysbench(6, 4, 50, RepeatResult.ABORTED));
        Spread s = of(reps);
        assertEquals(Interval.Method.REPEATS, s.tps().method());
        assertEquals(5, s.tps().n(), "the aborted repeat is not a sample");
        assertBounds(90.36756838522443, 129.63243161477557, s.tps(), 1e-8);
    }

    @Test
    void tpmCFromTheNewOrderCountsOfEachBatch() {
        List<IntervalResult> in = new ArrayList<>();
        for (long t : TX) {
            in.add(new IntervalResult(0, 1.0, 4, 2 * t, 0, 0, 0, 0, 0, false, 0.5, Fixtures.hist(1000), -1, List.of(t, t)));
        }
        RepeatResult tp = Fixtures.tpcc(4, 20, 2000, 4, 2000, RepeatResult.COMPLETED);
        RepeatResult r = new RepeatResult(1, 4, tp.status(), null, new RepeatResult.Measured(tp.window(), tp.counts(), tp.transactions(), in),
                new RepeatResult.PerThread(tp.threadEvents(), tp.threadLatencyNanos()), tp.cpu(), RepeatResult.ServerChecks.of(tp.serverCount()), RepeatResult.Topology.NONE, Usage.NONE, org.oltpbench.result.repeat.analytics.Analytics.NONE);
        Interval tpmC = of(List.of(r)).tpmC();
        assertEquals(60 * 100.2, tpmC.mean(), 1e-9);
        assertEquals(60 * 99.27340491319079, tpmC.lower(), 1e-7);
    }

    /**
     * CH's QphH by batch means: 20 one-second intervals with queries ending 3,1,2,3,0,4,1,2,2,2,3,3,2,0,1,3,2,2,4,1 times
     * in them (each half a second before the interval's end); 10 batches of 2 give 3600 x pair / 2 s. SciPy:
     * <pre>
     * c = [3,1,2,3,0,4,1,2,2,2,3,3,2,0,1,3,2,2,4,1]
     * bm = np.array([3600*(c[2*i]+c[2*i+1])/2 for i in range(10)]); se = bm.std(ddof=1)/np.sqrt(10)
     * stats.t.interval(0.95, 9, loc=bm.mean(), scale=se)   # mean 7380.0: (5962.943150943556, 8797.056849056444)
     * </pre>
     * Over three repeats of 900, 1,080 and 720 an hour: stats.t.interval(0.95, 2, loc=900, scale=90/sqrt(3)) =
     * (452.8552118849406, 1347.1447881150593).
     */
    @Test
    void qphHFromTheQueriesEndedInEachBatch() {
        int[] c = {3, 1, 2, 3, 0, 4, 1, 2, 2, 2, 3, 3, 2, 0, 1, 3, 2, 2, 4, 1};
        List<IntervalResult> in = new ArrayList<>();
        List<Double> ended = new ArrayList<>();
        for (int k = 1; k <= c.length; k++) {
            in.add(new IntervalResult(k, 1.0, 4, 100, 1000, 0, 0, 0, 0, false, 0.5, Fixtures.hist(1000), -1, List.of(100L)));
            for (int q = 0; q < c[k - 1]; q++) ended.add(k - 0.5);
        }
        RepeatResult r = withIntervals(in).withAnalytics(analytics(ended.size(), 20, ended));
        Interval qph = of(List.of(r)).qphH();
        assertEquals(Interval.Method.BATCH_MEANS, qph.method());
        assertEquals(7380.0, qph.mean(), 1e-9);
        assertBounds(5962.943150943556, 8797.056849056444, qph, 1e-8);
        assertSame(Interval.NONE, of(List.of(withIntervals(in))).qphH(), "no streams, no QphH");

        List<RepeatResult> reps = new ArrayList<>();
        for (int n : new int[] {5, 6, 4}) reps.add(Fixtures.sysbench(1, 4, 2000, RepeatResult.COMPLETED).withAnalytics(analytics(n, 20, List.of())));
        Interval over = of(reps).qphH();
        assertEquals(Interval.Method.REPEATS, over.method());
        assertEquals(900.0, over.mean(), 1e-9);
        assertBounds(452.8552118849406, 1347.1447881150593, over, 1e-8);
    }

    /** Two streams' analytics over {@code seconds} with {@code completed} completions of Q1. */
    private static Analytics analytics(int completed, double seconds, List<Double> endedAt) {
        return new Analytics(2, "the OLTP front end", seconds, List.of(new QueryMetrics("Q1", completed, 0, 0, 0,
                Fixtures.hist(100_000), 1)), null, 0, 0, endedAt);
    }
}
