package org.oltpbench.result.judge.spread;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;
import org.HdrHistogram.Histogram;
import org.oltpbench.result.level.LevelResult;
import org.oltpbench.result.level.Spread;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.repeat.TpccMetrics;
import org.oltpbench.result.repeat.counted.Histograms;
import org.oltpbench.result.repeat.counted.IntervalResult;
import org.oltpbench.result.repeat.counted.TxnMetrics;
import org.oltpbench.result.repeat.usage.Usage;
import org.oltpbench.stats.Bootstrap;
import org.oltpbench.stats.Confidence;
import org.oltpbench.stats.Interval;
import org.oltpbench.stats.Trend;

/**
 * A level's {@link Spread}. Over repeats when at least two completed: each repeat is one independent sample of the
 * level, and the interval is of the mean of their figures. Otherwise from the one repeat's measured report intervals by
 * weighted batch means: consecutive intervals are grouped into batches long enough that their means are close to
 * independent even when the per-second rates are autocorrelated, each batch weighs by its seconds (a late report makes
 * an interval longer), and the interval is centred on the figure the repeat prints. The latency percentile's interval:
 * over repeats, Student's t of the mean of their percentiles, as every other figure's (a bootstrap over two repeats is
 * their [min, max], which holds the mean with probability 1/2); over batches, a percentile bootstrap of the percentile of
 * the batches' latencies merged, which is the figure printed beside it (not a mean of per-batch percentiles).
 */
public final class Spreads {
    /** Batches the measured intervals are grouped into (Law and Kelton's usual 10), when there are enough of them. */
    public static final int BATCHES = 10;
    /** Fewest batches an interval is given from: fewer leave t with under 3 degrees of freedom. */
    public static final int MIN_BATCHES = 4;
    /** Fewest intervals per batch: single intervals would carry their autocorrelation into the t interval. */
    public static final int MIN_BATCH_SIZE = 2;

    private Spreads() {
    }

    /**
     * {@code l} with its spread at latency {@code percentile}: the one it has when that was computed at this
     * percentile (a level's repeats never change under it: a new repeat makes a new level), else computed now.
     */
    public static LevelResult onto(LevelResult l, int percentile) {
        if (l.spread().percentile() == percentile && l.spread().tps().present()) return l;
        return recomputed(l, percentile);
    }

    /** {@code l} with its spread computed now at latency {@code percentile}. */
    public static LevelResult recomputed(LevelResult l, int percentile) {
        return l.with(of(l.repeats(), l.kept(), percentile));
    }

    /** The spread of a level's repeats at latency {@code percentile}; the trend is that of {@code kept}. */
    public static Spread of(List<RepeatResult> repeats, RepeatResult kept, int percentile) {
        List<RepeatResult> done = repeats.stream().filter(RepeatResult::completed).toList();
        if (done.size() >= 2) return overRepeats(done, percentile).with(trend(kept));
        if (done.size() == 1) return batchMeans(done.get(0), percentile).with(trend(kept));
        return Spread.NONE.with(trend(kept));
    }

    static Spread overRepeats(List<RepeatResult> done, int percentile) {
        boolean tpcc = done.get(0).transaction(TpccMetrics.NEW_ORDER) != null;
        boolean seen = done.stream().allMatch(r -> !Double.isNaN(perServerCore(r)));
        boolean analytic = done.stream().allMatch(r -> r.analytics().present());
        return new Spread(mean(done, RepeatResult::tps), mean(done, RepeatResult::qps),
                tpcc ? mean(done, TpccMetrics::tpmC) : Interval.NONE,
                mean(done, r -> r.percentileMs(percentile)), percentile, Trend.NONE,
                seen ? mean(done, Spreads::perServerCore) : Interval.NONE,
                analytic ? mean(done, r -> r.analytics().qphH()) : Interval.NONE);
    }

    /**
     * Whether the repeat's tps still drifts over its measured window: the trend of its batches' rates (as for the
     * interval, each weighing by its seconds) against the batches' midpoints in minutes. {@link Trend#NONE} below
     * MIN_BATCHES batches.
     */
    public static Trend trend(RepeatResult r) {
        List<List<IntervalResult>> batches = batches(r.intervals());
        double[] minutes = new double[batches.size()], tps = new double[minutes.length], secs = new double[minutes.length];
        for (int b = 0; b < minutes.length; b++) {
            List<IntervalResult> batch = batches.get(b);
            IntervalResult first = batch.get(0), last = batch.get(batch.size() - 1);
            long tx = 0;
            for (IntervalResult i : batch) {
                secs[b] += i.seconds();
                tx += i.transactions();
            }
            minutes[b] = (first.at() - first.seconds() + last.at()) / 2 / 60;
            tps[b] = tx / secs[b];
        }
        return Trend.fit(minutes, tps, secs);
    }

    private static Interval mean(List<RepeatResult> done, ToDoubleFunction<RepeatResult> f) {
        return Confidence.ofMean(done.stream().mapToDouble(f).toArray(), Interval.Method.REPEATS);
    }

    /**
     * The headline per server core busy, as every table prints it: tpmC for a repeat that ran TPC-C's New-Order, else
     * tps, over the cores {@link Usage#serverCores()} counts. NaN when no source saw a server, or without terminals
     * (CH's analytics alone: the server's cores went to no transaction).
     */
    public static double perServerCore(RepeatResult r) {
        double cores = r.usage().serverCores();
        if (cores <= 0 || r.threads() == 0) return Double.NaN;
        return (r.transaction(TpccMetrics.NEW_ORDER) != null ? TpccMetrics.tpmC(r) : r.tps()) / cores;
    }

    /**
     * Weighted batch means over the repeat's measured (non-warm-up) intervals; NONE with fewer than MIN_BATCHES batches.
     * Each figure's interval is centred on the figure the repeat prints (over its whole window) and takes its spread
     * from the batches as a ratio estimator ({@link Confidence#ofRatio}): a rate weighs each batch by its seconds, the
     * figure per server core by the server's CPU-seconds in it.
     */
    static Spread batchMeans(RepeatResult r, int percentile) {
        List<List<IntervalResult>> batches = batches(r.intervals());
        if (batches.isEmpty()) return Spread.NONE;
        BatchSums s = BatchSums.of(r, batches);
        Interval.Method m = Interval.Method.BATCH_MEANS;
        double perCore = perServerCore(r);
        return new Spread(Confidence.ofRatio(r.tps(), s.tx, s.secs, m), Confidence.ofRatio(r.qps(), s.queries, s.secs, m),
                s.typed ? Confidence.ofRatio(TpccMetrics.tpmC(r), s.newOrders60, s.secs, m) : Interval.NONE,
                Bootstrap.ofPercentile(s.latency, percentile, Interval.Method.BOOTSTRAP_BATCHES), percentile, Trend.NONE,
                s.perCore(r) && !Double.isNaN(perCore) ? Confidence.ofRatio(perCore, s.seenUnits, s.serverCpu, m) : Interval.NONE,
                r.analytics().present() ? Confidence.ofRatio(r.analytics().qphH(), s.analytic3600, s.secs, m) : Interval.NONE);
    }

    /**
     * Per batch, what each figure counts (numerators) and what it is over (seconds; the server's CPU-seconds in the
     * intervals a source saw it), and the batch's latencies merged.
     */
    private record BatchSums(double[] secs, double[] tx, double[] queries, double[] newOrders60, double[] analytic3600,
                             double[] seenUnits, double[] serverCpu, List<Histogram> latency, boolean typed) {
        static BatchSums of(RepeatResult r, List<List<IntervalResult>> batches) {
            int k = batches.size(), no = newOrderIndex(r);
            BatchSums s = new BatchSums(new double[k], new double[k], new double[k], new double[k], new double[k],
                    new double[k], new double[k], new ArrayList<>(), typed(batches, no));
            for (int b = 0; b < k; b++) {
                Histogram h = Histograms.empty();
                for (IntervalResult i : batches.get(b)) {
                    s.secs[b] += i.seconds();
                    s.tx[b] += i.transactions();
                    s.queries[b] += i.queries();
                    s.analytic3600[b] += 3600.0 * r.analytics().endedIn(i.at(), i.seconds());
                    h.add(i.histogram());
                    // a TPC-C repeat's figure counts New-Orders (60 a minute), any other's transactions
                    double units = no < 0 ? i.transactions() : s.typed ? 60.0 * i.types().get(no) : 0;
                    s.newOrders60[b] += s.typed ? units : 0;
                    double cpu = Usage.serverCpuSeconds(i.resources());
                    if (Double.isNaN(cpu)) continue; // a source did not see the server: out of the per-core figure
                    s.serverCpu[b] += cpu;
                    s.seenUnits[b] += units;
                }
                s.latency.add(h);
            }
            return s;
        }

        /**
         * Whether a per-core interval can be drawn: a source saw the server in every batch, and the repeat's units are
         * counted in its intervals (a TPC-C repeat's New-Orders are, except in files from before per-type counts).
         */
        boolean perCore(RepeatResult r) {
            return (typed || newOrderIndex(r) < 0) && java.util.Arrays.stream(serverCpu).allMatch(c -> c > 0);
        }

        /** Whether every batched interval has the New-Order count of a TPC-C repeat. */
        private static boolean typed(List<List<IntervalResult>> batches, int no) {
            return no >= 0 && batches.stream().flatMap(List::stream).allMatch(i -> i.types().size() > no);
        }
    }

    /**
     * The m measured intervals cut into consecutive batches, every one of them in some batch so that the batches add
     * up to the window the figures are printed over: ⌊m / size⌋ batches of size = max(MIN_BATCH_SIZE, ⌊m / BATCHES⌋)
     * intervals (10 to 19 batches from m = 20 on), the m mod size left over given one each to the last batches. Empty
     * below MIN_BATCHES batches (m < 8).
     */
    static List<List<IntervalResult>> batches(List<IntervalResult> intervals) {
        List<IntervalResult> measured = measured(intervals);
        int size = Math.max(MIN_BATCH_SIZE, measured.size() / BATCHES);
        int count = measured.size() / size;
        if (count < MIN_BATCHES) return List.of();
        int extra = measured.size() - count * size, from = 0;
        List<List<IntervalResult>> out = new ArrayList<>();
        for (int b = 0; b < count; b++) {
            int to = from + size + (b >= count - extra ? 1 : 0);
            out.add(measured.subList(from, to));
            from = to;
        }
        return out;
    }

    /** The intervals of the measured window that batch means are drawn from: past the warm-up, of some length. */
    public static List<IntervalResult> measured(List<IntervalResult> intervals) {
        return intervals.stream().filter(i -> !i.warmup() && i.seconds() > 0).toList();
    }

    private static int newOrderIndex(RepeatResult r) {
        List<TxnMetrics> t = r.transactions();
        for (int k = 0; k < t.size(); k++) if (t.get(k).name().equals(TpccMetrics.NEW_ORDER)) return k;
        return -1;
    }
}
