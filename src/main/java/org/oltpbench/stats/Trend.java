package org.oltpbench.stats;

/**
 * Whether a rate still drifts over a measured window: the least-squares slope of batch means against time, with its
 * 95% interval from Student's t at k − 2 degrees of freedom.
 *
 * @param pctPerMin the slope relative to the mean, in percent per minute (positive: still rising)
 * @param lowerPct  lower 95% limit of that slope
 * @param upperPct  upper 95% limit
 * @param windowPct the fitted change over the whole window, in percent of the mean
 * @param drifting  true when the interval excludes 0 and the fitted change over the window is at least
 *                  {@link #MIN_CHANGE_PCT}: a trend that is both real and large enough to matter
 */
public record Trend(double pctPerMin, double lowerPct, double upperPct, double windowPct, boolean drifting) {
    /** No trend could be fitted (fewer than 4 batches). */
    public static final Trend NONE = new Trend(0, 0, 0, 0, false);
    /** The smallest change over the window worth a warning, in percent. */
    public static final double MIN_CHANGE_PCT = 5;

    /**
     * The trend of {@code values} observed at {@code minutes} (batch midpoints); NONE for fewer than 4 points or a
     * mean of 0.
     */
    public static Trend fit(double[] minutes, double[] values) {
        int k = values.length;
        if (k < 4) return NONE;
        double mx = 0, my = 0;
        for (int i = 0; i < k; i++) {
            mx += minutes[i];
            my += values[i];
        }
        mx /= k;
        my /= k;
        double sxx = 0, sxy = 0;
        for (int i = 0; i < k; i++) {
            sxx += (minutes[i] - mx) * (minutes[i] - mx);
            sxy += (minutes[i] - mx) * (values[i] - my);
        }
        if (sxx == 0 || my == 0) return NONE;
        double slope = sxy / sxx, sse = 0;
        for (int i = 0; i < k; i++) {
            double r = values[i] - (my + slope * (minutes[i] - mx));
            sse += r * r;
        }
        double h = Confidence.t(k - 2) * Math.sqrt(sse / (k - 2) / sxx);
        double span = minutes[k - 1] - minutes[0];
        double pct = 100 * slope / my, window = pct * span;
        boolean real = slope - h > 0 || slope + h < 0;
        return new Trend(pct, 100 * (slope - h) / my, 100 * (slope + h) / my, window, real && Math.abs(window) >= MIN_CHANGE_PCT);
    }
}
