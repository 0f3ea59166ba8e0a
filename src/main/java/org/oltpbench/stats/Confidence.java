package org.oltpbench.stats;

import org.apache.commons.statistics.distribution.TDistribution;

/**
 * 95% confidence intervals: Student's t for a mean of independent samples (repeats), the ratio estimator for weighted
 * batch means (a rate over batches of uneven seconds, a figure per server CPU-second), and the log-scale delta method
 * for the ratio of two independent positive figures. The quantiles come from Apache Commons Statistics.
 */
public final class Confidence {
    /** Two-sided 95%. */
    public static final double LEVEL = 0.95;

    private Confidence() {
    }

    /** The t quantile for a two-sided 95% interval with {@code df} degrees of freedom (12.706 for 1, 2.262 for 9). */
    public static double t(int df) {
        return TDistribution.of(df).inverseCumulativeProbability(1 - (1 - LEVEL) / 2);
    }

    /**
     * mean ± t(n−1) · s / √n over {@code samples}, which must be independent draws of the same positive figure; a lower
     * limit below 0 is cut at 0 (the figure cannot be below it, so the cut loses no coverage). Not the percentile
     * bootstrap: over two repeats its limits are [min, max] of the two, which holds the mean with probability 1/2, not
     * 95%, and a peak search reads disjoint printed intervals as a rise ({@code Standing}). {@link Interval#NONE} for
     * fewer than two.
     */
    public static Interval ofMean(double[] samples, Interval.Method method) {
        int n = samples.length;
        if (n < 2) return Interval.NONE;
        double mean = 0;
        for (double x : samples) mean += x;
        mean /= n;
        double ss = 0;
        for (double x : samples) ss += (x - mean) * (x - mean);
        double se = Math.sqrt(ss / (n - 1) / n);
        double h = t(n - 1) * se;
        return new Interval(mean, Math.max(0, mean - h), mean + h, se, n, method);
    }

    /**
     * The interval of {@code figure} = Σy / Σx, a ratio estimator over k batches (Cochran, Sampling Techniques, 6.4):
     * batch b counted y_b (transactions, New-Orders x 60, ...) over x_b (its seconds, or its server CPU-seconds), and
     * se = √(k/(k−1) · Σ(y_b − figure·x_b)²) / Σx, figure ± t(k−1)·se. Each batch weighs by its x_b, so the centre is
     * the figure printed (the window's), not the unweighted mean of the batches' rates; with equal x_b this is Student's
     * t over the batch means. A figure computed apart from the batches (over more seconds than they saw) only widens
     * se by the residuals' sum. When the lower limit would fall below 0, the percentile bootstrap of Σy/Σx over the
     * batches instead. {@link Interval#NONE} for fewer than two batches or no x at all.
     */
    public static Interval ofRatio(double figure, double[] y, double[] x, Interval.Method method) {
        int k = y.length;
        double sx = 0;
        for (double v : x) sx += v;
        if (k < 2 || sx <= 0) return Interval.NONE;
        double ss = 0;
        for (int b = 0; b < k; b++) ss += (y[b] - figure * x[b]) * (y[b] - figure * x[b]);
        double se = Math.sqrt(ss * k / (k - 1)) / sx;
        double h = t(k - 1) * se;
        if (figure - h < 0) return Bootstrap.ofRatio(figure, y, x, bootstrapOf(method));
        return new Interval(figure, figure - h, figure + h, se, k, method);
    }

    /** The bootstrap that stands in for a t interval over the same samples. */
    static Interval.Method bootstrapOf(Interval.Method m) {
        return m == Interval.Method.REPEATS ? Interval.Method.BOOTSTRAP_REPEATS : Interval.Method.BOOTSTRAP_BATCHES;
    }

    /**
     * The 95% interval for a/b, a and b independent positive figures with standard errors: the delta method on the
     * log scale, log(a/b) ± t · √((se_a/a)² + (se_b/b)²), t at min(n_a, n_b) − 1 degrees of freedom (conservative where
     * Welch–Satterthwaite would give more), exponentiated, so both limits are positive and the centre is a/b.
     * {@link Interval#NONE} when either side has no interval or is not positive.
     */
    /** The most repeats {@link #repeatsToDecide} looks for. */
    public static final int MOST_REPEATS = 50;

    /**
     * How many repeats of each run would make {@code ratio}'s interval exclude 1, were the ratio and the spread per repeat
     * what these repeats showed: the least n' with t(n' - 1) s sqrt(n / n') below |ln ratio| (the standard errors shrink
     * as 1 / sqrt(repeats)); 0 when {@code ratio} is not an interval over repeats, or it already excludes 1; -1 when
     * more than {@link #MOST_REPEATS} would (the runs may be equal).
     */
    public static int repeatsToDecide(Interval ratio) {
        if (ratio.method() != Interval.Method.LOG_RATIO || ratio.n() < 2 || ratio.lower() > 1 || ratio.upper() < 1) return 0;
        double gap = Math.abs(Math.log(ratio.mean()));
        for (int n = ratio.n() + 1; n <= MOST_REPEATS; n++) {
            if (t(n - 1) * ratio.stdErr() * Math.sqrt((double) ratio.n() / n) < gap) return n;
        }
        return -1;
    }

    public static Interval ratio(Interval a, Interval b) {
        if (!a.present() || !b.present() || a.mean() <= 0 || b.mean() <= 0) return Interval.NONE;
        int n = Math.min(a.n(), b.n());
        double r = a.mean() / b.mean();
        double s = Math.sqrt(Math.pow(a.stdErr() / a.mean(), 2) + Math.pow(b.stdErr() / b.mean(), 2));
        double h = t(n - 1) * s;
        return new Interval(r, r * Math.exp(-h), r * Math.exp(h), s, n, Interval.Method.LOG_RATIO);
    }
}
