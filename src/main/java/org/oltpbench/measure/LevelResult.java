package org.oltpbench.measure;

import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * What one run of one thread level measured, after warm-up. Latency histograms are in microseconds.
 *
 * @param threads      the level
 * @param seconds      measured wall time
 * @param kinds        transaction kind names, parallel to {@code latency} and {@code kindCounts}
 * @param totals       global counters ({@link ThreadStats#EVENTS} ... {@link ThreadStats#LATENCY_NS}) summed over threads
 * @param kindCounts   per kind: {count, rollbacks, retries, errors}
 * @param latency      per kind: the latency histogram
 * @param threadEvents events per thread, for sysbench's fairness lines
 * @param threadNanos  summed event latency per thread
 * @param aborted      why the level stopped early, or null
 */
public record LevelResult(int threads, double seconds, List<String> kinds, long[] totals, long[][] kindCounts,
                          Histogram[] latency, long[] threadEvents, long[] threadNanos, String aborted) {

    public long events() {
        return totals[ThreadStats.EVENTS];
    }

    public long queries() {
        return totals[ThreadStats.READS] + totals[ThreadStats.WRITES] + totals[ThreadStats.OTHER];
    }

    public double tps() {
        return seconds > 0 ? events() / seconds : 0;
    }

    public double qps() {
        return seconds > 0 ? queries() / seconds : 0;
    }

    /** All kinds merged. */
    public Histogram allLatency() {
        Histogram h = ThreadStats.newHistogram();
        for (Histogram k : latency) h.add(k);
        return h;
    }

    /** Mean latency in ms from the exact nanosecond sum. */
    public double avgMs() {
        return events() == 0 ? 0 : totals[ThreadStats.LATENCY_NS] / 1e6 / events();
    }

    public static double ms(long micros) {
        return micros / 1000.0;
    }

    /** A percentile of all kinds in ms; 0 when nothing was recorded. */
    public double percentileMs(double p) {
        Histogram h = allLatency();
        return h.getTotalCount() == 0 ? 0 : ms(h.getValueAtPercentile(p));
    }

    public double maxMs() {
        Histogram h = allLatency();
        return h.getTotalCount() == 0 ? 0 : ms(h.getMaxValue());
    }

    public double minMs() {
        Histogram h = allLatency();
        return h.getTotalCount() == 0 ? 0 : ms(h.getMinValue());
    }
}
