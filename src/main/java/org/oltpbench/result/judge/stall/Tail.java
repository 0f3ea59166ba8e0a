package org.oltpbench.result.judge.stall;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.apache.commons.statistics.distribution.ChiSquaredDistribution;

/**
 * A window's latencies as the stall rule asks about its tail (issue 58 §2): the residual life of a terminal's
 * transaction, and the gap between the longest transactions and the rest. Latencies in µs as recorded; seconds out.
 *
 * @param n       transactions recorded
 * @param meanSecs their mean latency
 * @param longest the {@link #KEPT} longest latencies, longest first (HdrHistogram's equivalent values), seconds
 * @param h       the histogram read
 */
record Tail(long n, double meanSecs, double[] longest, Histogram h) {
    /** The longest latencies kept for the order statistics. */
    static final int KEPT = 64;
    /** Hill's estimator reads at least this many of the longest beyond the held (fewer: no tail index, no order rule). */
    static final int MIN_K = 5;
    /** The one-sided level of the tail index's lower bound. */
    static final double LOWER = 0.01;
    /** The one-sided level of a count's upper bound ({@link #countUpper}). */
    static final double UPPER = 0.01;

    static Tail of(Histogram h) {
        long n = h == null ? 0 : h.getTotalCount();
        if (n == 0) return new Tail(0, 0, new double[0], h);
        List<double[]> values = new ArrayList<>();
        for (HistogramIterationValue v : h.recordedValues()) {
            values.add(new double[] {h.highestEquivalentValue(v.getValueIteratedTo()) / 1e6, v.getCountAtValueIteratedTo()});
        }
        double[] top = new double[(int) Math.min(KEPT, n)];
        int k = 0;
        for (int j = values.size() - 1; j >= 0 && k < top.length; j--) {
            for (long c = 0; c < values.get(j)[1] && k < top.length; c++) top[k++] = values.get(j)[0];
        }
        return new Tail(n, h.getMean() / 1e6, top, h);
    }

    /** No latency recorded: the rule cannot ask (the Poisson bar alone judges, as before). */
    boolean unknown() {
        return n == 0 || meanSecs <= 0;
    }

    /**
     * The chance that a terminal is, at a random moment, in a transaction with at least {@code secs} still to run:
     * E[(X - secs)+] / E[X] over the recorded latencies (the stationary residual life of a renewal process), the
     * span's own among them. Not extrapolated beyond the longest recorded: a Pareto tail of index near 1 makes more
     * than the window shows (HeavyTailStallProperties' survey: 0.8-1.5% of Pareto 1.1 windows at 4 terminals).
     */
    double residual(double secs) {
        double excess = 0;
        for (HistogramIterationValue v : h.recordedValues()) {
            double x = h.highestEquivalentValue(v.getValueIteratedTo()) / 1e6;
            if (x > secs) excess += (x - secs) * v.getCountAtValueIteratedTo();
        }
        return Math.min(1, excess / (n * meanSecs));
    }

    /**
     * The chance that the {@code held} longest transactions all reach {@code secs} beside the next longest M, under a
     * Pareto tail: the log-spacing of the held-th and next order statistics is exponential of rate held x a, so
     * (M / secs)^(held x a), with a the lower one-sided {@link #LOWER} bound of Hill's estimator over the k longest
     * beyond the held (k = a tenth of the rest, 5 to {@link #KEPT}); 1 where M reaches the span or too few were recorded.
     */
    double orderChance(double secs, int held) {
        double a = tailIndex(held);
        if (a <= 0 || held >= longest.length) return 1;
        double m = longest[held];
        return m >= secs ? 1 : Math.pow(m / secs, held * a);
    }

    /** The one-sided {@link #UPPER} bound of a Poisson count of which {@code k} were seen (its mean's, chi-square). */
    static double countUpper(long k) {
        return ChiSquaredDistribution.of(2.0 * (k + 1)).inverseSurvivalProbability(UPPER) / 2;
    }

    /** How many of the kept longest reach {@code secs}; at most the kept less those Hill's estimator needs beyond them. */
    int atLeast(double secs) {
        int j = 0;
        while (j < longest.length && longest[j] >= secs) j++;
        return Math.min(j, Math.max(0, longest.length - MIN_K - 1));
    }

    /** Whether the {@code held} longest recorded transactions all reach {@code secs} (a span's own were recorded). */
    boolean reach(int held, double secs) {
        return held <= longest.length && longest[held - 1] >= secs;
    }

    /**
     * The chance, under the fitted Pareto tail, that the {@code j} longest stand as far apart from the next as they do:
     * (X(j+1) / X(j))^(j x a); 1 where too few were recorded.
     */
    double gapChance(int j) {
        double a = tailIndex(j);
        if (a <= 0 || j >= longest.length || longest[j - 1] <= 0) return 1;
        return Math.pow(longest[j] / longest[j - 1], j * a);
    }

    /** The lower bound of Hill's tail index over the longest beyond the {@code held}; 0 when too few. */
    double tailIndex(int held) {
        int k = (int) Math.min(longest.length - held - 1, Math.max(MIN_K, (n - held) / 10));
        if (k < MIN_K || longest[held + k] <= 0) return 0;
        double sum = 0;
        for (int j = 0; j < k; j++) sum += Math.log(longest[held + j] / longest[held + k]);
        // trimmed Hill: the i-th log-spacing weighs i, so the held skipped weigh on the first kept spacing too
        sum += held * Math.log(longest[held] / longest[held + k]);
        if (sum <= 0) return Double.POSITIVE_INFINITY;
        // for a Pareto tail, sum ~ Gamma(k, rate a): a >= k x chi2(2k, LOWER) / (2 sum) with 1 - LOWER confidence
        return ChiSquaredDistribution.of(2.0 * k).inverseCumulativeProbability(LOWER) / (2 * sum);
    }

    /** "the longest 5.8 s and 2.1 s, mean 0.54 s". */
    String describe() {
        String top = longest.length >= 2 ? String.format(Locale.ROOT, "the longest %.2f s and %.2f s", longest[0], longest[1])
                : longest.length == 1 ? String.format(Locale.ROOT, "the longest %.2f s", longest[0]) : "none recorded";
        return String.format(Locale.ROOT, "%s, mean %.2f s", top, meanSecs);
    }
}
