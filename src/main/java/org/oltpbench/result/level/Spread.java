package org.oltpbench.result.level;

import org.oltpbench.stats.Interval;
import org.oltpbench.stats.Trend;

/**
 * How far a level's figures can be trusted: 95% confidence intervals for the mean tps, qps, tpmC and latency percentile.
 * With repeat >= 2 they come from the completed repeats (Student's t: an interval of the mean of their figures); with
 * one repeat, from weighted batch means of its measured report intervals, centred on the figure the repeat prints. A figure the run has no data for (tpmC outside TPC-C, intervals off) is {@link Interval#NONE}.
 *
 * @param percentile the latency percentile of {@code latency} (the run's {@code percentile}), over all transaction types
 * @param trend      whether the reported repeat's tps still drifted over its measured window (warm-up too short)
 * @param perServerCore the headline (tpmC for TPC-C, else tps) per server core busy, when a source saw a server
 * @param qphH       CH-benCHmark's QphH over every analytic stream (schema 3.8), when streams ran
 */
public record Spread(Interval tps, Interval qps, Interval tpmC, Interval latency, int percentile, Trend trend,
                     Interval perServerCore, Interval qphH) {
    public static final Spread NONE = new Spread(Interval.NONE, Interval.NONE, Interval.NONE, Interval.NONE, 0, Trend.NONE);

    public Spread {
        if (trend == null) trend = Trend.NONE;
        if (perServerCore == null) perServerCore = Interval.NONE;
        if (qphH == null) qphH = Interval.NONE;
    }

    /** A spread without resources or analytics. */
    public Spread(Interval tps, Interval qps, Interval tpmC, Interval latency, int percentile, Trend trend) {
        this(tps, qps, tpmC, latency, percentile, trend, Interval.NONE, Interval.NONE);
    }

    /** This spread with {@code t} as its trend. */
    public Spread with(Trend t) {
        return new Spread(tps, qps, tpmC, latency, percentile, t, perServerCore, qphH);
    }

    /**
     * The method and sample count of the throughput interval, as the console and tables name it, and the latency
     * interval's method when it differs (a bootstrap).
     */
    public String describe() {
        String t = name(tps);
        return latency.present() && latency.method() != tps.method() ? t + "; latency: bootstrap" : t;
    }

    /** An interval's method and sample count in words. */
    public static String name(Interval i) {
        return switch (i.method()) {
            case REPEATS -> "t over " + i.n() + " repeats";
            case BATCH_MEANS -> "batch means, " + i.n() + " batches";
            case BOOTSTRAP_REPEATS -> "bootstrap over " + i.n() + " repeats";
            case BOOTSTRAP_BATCHES -> "bootstrap over " + i.n() + " batches";
            case FIELLER -> "Fieller";
            case LOG_RATIO -> "log ratio";
            case NONE -> "none";
        };
    }
}
