package org.oltpbench.result;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;
import org.HdrHistogram.Histogram;
import org.oltpbench.stats.Bootstrap;
import org.oltpbench.stats.Confidence;
import org.oltpbench.stats.Interval;
import org.oltpbench.stats.Trend;

/**
 * A level's {@link Spread}. Over repeats when at least two completed: each repeat is one independent sample of the
 * level. Otherwise from the one repeat's measured report intervals by the batch-means method: consecutive intervals
 * are grouped into equal batches long enough that their means are close to independent even when the per-second
 * rates are autocorrelated, and Student's t is taken over the batch means. The latency percentile's interval is a
 * percentile bootstrap: over repeats, of the mean of their percentiles; over batches, of the percentile of the batches'
 * latencies merged, which is the figure printed beside it (not a mean of per-batch percentiles).
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

    /** The spread of a level's repeats at latency {@code percentile}; the trend is that of {@code kept}. */
    public static Spread of(List<RepeatResult> repeats, RepeatResult kept, int percentile) {
        List<RepeatResult> done = repeats.stream().filter(RepeatResult::completed).toList();
        if (done.size() >= 2) return overRepeats(done, percentile).with(trend(kept));
        if (done.size() == 1) return batchMeans(done.get(0), percentile).with(trend(kept));
        return Spread.NONE.with(trend(kept));
    }

    static Spread overRepeats(List<RepeatResult> done, int percentile) {
        boolean tpcc = done.get(0).transaction(TpccMetrics.NEW_ORDER) != null;
        boolean seen = done.stream().allMatch(r -> r.usage().serverCores() > 0);
        boolean analytic = done.stream().allMatch(r -> r.analytics().present());
        return new Spread(mean(done, RepeatResult::tps), mean(done, RepeatResult::qps),
                tpcc ? mean(done, TpccMetrics::tpmC) : Interval.NONE,
                Bootstrap.ofMean(done.stream().mapToDouble(r -> r.percentileMs(percentile)).toArray(),
                        Interval.Method.BOOTSTRAP_REPEATS), percentile, Trend.NONE,
                seen ? mean(done, r -> (tpcc ? TpccMetrics.tpmC(r) : r.tps()) / r.usage().serverCores()) : Interval.NONE,
                analytic ? mean(done, r -> r.analytics().qphH()) : Interval.NONE);
    }

    /**
     * Whether the repeat's tps still drifts over its measured window: the slope of its batch means (as for the
     * interval) against the batches' midpoints in minutes. {@link Trend#NONE} below MIN_BATCHES batches.
     */
    public static Trend trend(RepeatResult r) {
        List<List<IntervalResult>> batches = batches(r.intervals());
        double[] minutes = new double[batches.size()], tps = new double[minutes.length];
        for (int b = 0; b < minutes.length; b++) {
            double secs = 0, mid = 0;
            long tx = 0;
            for (IntervalResult i : batches.get(b)) {
                secs += i.seconds();
                tx += i.transactions();
                mid += i.at() - i.seconds() / 2;
            }
            minutes[b] = mid / batches.get(b).size() / 60;
            tps[b] = tx / secs;
        }
        return Trend.fit(minutes, tps);
    }

    private static Interval mean(List<RepeatResult> done, ToDoubleFunction<RepeatResult> f) {
        return Confidence.ofMean(done.stream().mapToDouble(f).toArray(), Interval.Method.REPEATS);
    }

    /** Batch means over the repeat's measured (non-warm-up) intervals; NONE with fewer than MIN_BATCHES batches. */
    static Spread batchMeans(RepeatResult r, int percentile) {
        List<List<IntervalResult>> batches = batches(r.intervals());
        if (batches.isEmpty()) return Spread.NONE;
        int no = newOrderIndex(r);
        double[] tps = new double[batches.size()], qps = new double[tps.length], tpmC = new double[tps.length];
        double[] perCore = new double[tps.length], qphH = new double[tps.length];
        boolean seen = true;
        List<Histogram> lat = new ArrayList<>();
        boolean typed = no >= 0;
        for (int b = 0; b < tps.length; b++) {
            double secs = 0;
            long tx = 0, q = 0, orders = 0, queries = 0;
            double serverCpu = 0, seenUnits = 0; // over the intervals a source saw the server in
            Histogram h = Histograms.empty();
            for (IntervalResult i : batches.get(b)) {
                secs += i.seconds();
                tx += i.transactions();
                q += i.queries();
                queries += r.analytics().endedIn(i.at(), i.seconds());
                h.add(i.histogram());
                typed &= no >= 0 && i.types().size() > no;
                long units = no >= 0 ? (typed ? 60L * i.types().get(no) : 0) : i.transactions();
                if (typed) orders += i.types().get(no);
                double cpu = Usage.serverCpuSeconds(i.resources());
                if (Double.isNaN(cpu)) continue;
                serverCpu += cpu;
                seenUnits += units;
            }
            seen &= serverCpu > 0;
            tps[b] = tx / secs;
            qps[b] = q / secs;
            tpmC[b] = 60 * orders / secs;
            perCore[b] = seen ? seenUnits / serverCpu : 0;
            qphH[b] = 3600.0 * queries / secs;
            lat.add(h);
        }
        Interval.Method m = Interval.Method.BATCH_MEANS;
        return new Spread(Confidence.ofMean(tps, m), Confidence.ofMean(qps, m),
                typed ? Confidence.ofMean(tpmC, m) : Interval.NONE,
                Bootstrap.ofPercentile(lat, percentile, Interval.Method.BOOTSTRAP_BATCHES), percentile, Trend.NONE,
                seen && (typed || no < 0) ? Confidence.ofMean(perCore, m) : Interval.NONE,
                r.analytics().present() ? Confidence.ofMean(qphH, m) : Interval.NONE);
    }

    /**
     * The m measured intervals cut into equal batches of consecutive ones, max(MIN_BATCH_SIZE, ⌊m / BATCHES⌋) intervals
     * each, as many as fit (10 to 19 batches from m = 20 on); the few intervals that do not fill a batch are left out
     * at the start, nearest the warm-up. Empty below MIN_BATCHES batches (m < 8).
     */
    static List<List<IntervalResult>> batches(List<IntervalResult> intervals) {
        List<IntervalResult> measured = intervals.stream().filter(i -> !i.warmup() && i.seconds() > 0).toList();
        int size = Math.max(MIN_BATCH_SIZE, measured.size() / BATCHES);
        int count = measured.size() / size;
        if (count < MIN_BATCHES) return List.of();
        int skip = measured.size() - count * size;
        List<List<IntervalResult>> out = new ArrayList<>();
        for (int b = 0; b < count; b++) out.add(measured.subList(skip + b * size, skip + (b + 1) * size));
        return out;
    }

    private static int newOrderIndex(RepeatResult r) {
        List<TxnMetrics> t = r.transactions();
        for (int k = 0; k < t.size(); k++) if (t.get(k).name().equals(TpccMetrics.NEW_ORDER)) return k;
        return -1;
    }
}
