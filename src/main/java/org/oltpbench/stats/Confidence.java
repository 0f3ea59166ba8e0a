package org.oltpbench.stats;

import org.apache.commons.statistics.distribution.TDistribution;

/**
 * 95% confidence intervals: Student's t for a mean of independent samples (repeats, or batch means), and Fieller's
 * theorem for the ratio of two independent means. The quantiles come from Apache Commons Statistics.
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
     * mean ± t(n−1) · s / √n over {@code samples}, which must be independent draws of the same figure;
     * {@link Interval#NONE} for fewer than two.
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
        return new Interval(mean, mean - h, mean + h, se, n, method);
    }

    /**
     * Fieller's 95% interval for a/b, a and b independent means with standard errors: the θ for which
     * (a − θb)² ≤ t² (se_a² + θ² se_b²), with t at min(n_a, n_b) − 1 degrees of freedom (conservative where
     * Welch–Satterthwaite would give more). {@link Interval#NONE} when either side has no interval or b is not
     * significantly different from 0 (then the set is unbounded).
     */
    public static Interval ratio(Interval a, Interval b) {
        if (!a.present() || !b.present() || b.mean() == 0) return Interval.NONE;
        int n = Math.min(a.n(), b.n());
        double t2 = Math.pow(t(n - 1), 2);
        double qa = b.mean() * b.mean() - t2 * b.stdErr() * b.stdErr(); // θ² coefficient
        if (qa <= 0) return Interval.NONE;
        double qb = a.mean() * b.mean();
        double disc = t2 * (a.mean() * a.mean() * b.stdErr() * b.stdErr() + b.mean() * b.mean() * a.stdErr() * a.stdErr()
                - t2 * a.stdErr() * a.stdErr() * b.stdErr() * b.stdErr());
        double root = Math.sqrt(Math.max(0, disc));
        return new Interval(a.mean() / b.mean(), (qb - root) / qa, (qb + root) / qa, 0, n, Interval.Method.FIELLER);
    }
}
