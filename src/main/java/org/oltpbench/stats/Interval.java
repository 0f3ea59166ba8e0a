package org.oltpbench.stats;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * A two-sided 95% confidence interval for the mean of one figure of a thread level, or for the ratio of two.
 *
 * @param mean   the estimate it is centred on: the mean over the repeats, the figure printed (batch means), or the ratio
 * @param lower  lower 95% limit
 * @param upper  upper 95% limit
 * @param stdErr standard error of {@code mean}: from t's sample, the bootstrap's spread, or of log(ratio) for a ratio
 * @param n      repeats or batches it came from; for a ratio, the smaller of the two
 * @param method how it was computed
 */
public record Interval(double mean, double lower, double upper, double stdErr, int n, Method method) {
    /** No interval: fewer than two repeats and too few measured report intervals, or a figure the run lacks. */
    public static final Interval NONE = new Interval(0, 0, 0, 0, 0, Method.NONE);

    /** How an interval was computed. */
    public enum Method {
        /** Student's t over the completed repeats of the level (repeat >= 2). */
        @JsonProperty("t-over-repeats") REPEATS,
        /**
         * Weighted batch means (repeat = 1): batches of consecutive measured report intervals, each weighing by its
         * seconds (or, for a figure per server core, by the server's CPU-seconds), Student's t on the ratio estimator's
         * standard error, centred on the figure the repeat prints.
         */
        @JsonProperty("batch-means") BATCH_MEANS,
        /** Fieller's interval for the ratio of two independent means (files from before 4.0; no longer made). */
        @JsonProperty("fieller") FIELLER,
        /**
         * The percentile bootstrap over the completed repeats: a latency percentile's mean over repeats, or a throughput
         * mean whose t interval would have reached below 0 (files from before issue 42's review; no longer made: over
         * two repeats its limits were their [min, max]).
         */
        @JsonProperty("bootstrap-over-repeats") BOOTSTRAP_REPEATS,
        /**
         * The percentile bootstrap over batches of consecutive measured report intervals: the latency percentile of
         * the batches merged, or a throughput mean whose t interval would have reached below 0.
         */
        @JsonProperty("bootstrap-over-batches") BOOTSTRAP_BATCHES,
        /**
         * The ratio of two independent positive figures: exp(log(a/b) ± t·√((se_a/a)² + (se_b/b)²)), the delta method on
         * the log scale, so both limits are positive.
         */
        @JsonProperty("log-ratio") LOG_RATIO,
        /** Nothing to compute it from. */
        @JsonProperty("none") NONE
    }

    @JsonIgnore
    public boolean present() {
        return method != Method.NONE;
    }

    /** True when {@code v} lies inside the limits; false when there is no interval. */
    public boolean contains(double v) {
        return present() && lower <= v && v <= upper;
    }

    /** Half the width relative to the mean, in percent: "±2.1%". */
    @JsonIgnore
    public double halfWidthPct() {
        return mean != 0 ? 100 * (upper - lower) / 2 / Math.abs(mean) : 0;
    }
}
