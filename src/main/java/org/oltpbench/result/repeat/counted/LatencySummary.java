package org.oltpbench.result.repeat.counted;

import org.HdrHistogram.Histogram;

/** Latency figures in ms derived from a histogram, rounded to the microsecond the histogram resolves. */
public record LatencySummary(double avg, double min, double p50, double p90, double p95, double p99, double p999,
                             double max) {

    public static LatencySummary of(Histogram h) {
        return new LatencySummary(Histograms.meanMs(h), Histograms.minMs(h), Histograms.percentileMs(h, 50),
                Histograms.percentileMs(h, 90), Histograms.percentileMs(h, 95), Histograms.percentileMs(h, 99),
                Histograms.percentileMs(h, 99.9), Histograms.maxMs(h));
    }
}
