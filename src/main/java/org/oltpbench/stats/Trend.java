package org.oltpbench.stats;

import java.util.Locale;

/**
 * Whether a rate still drifts over a measured window: the weighted least-squares slope of the log of batch means
 * against time (each batch weighing by its seconds), with its 95% interval from Student's t at k − 2 degrees of
 * freedom. On the log scale a change compounds: a slope b per minute is a change of e^b − 1, so no figure here can fall
 * below −100% however short the window or steep the fall. A batch without throughput has no logarithm: a level that
 * stopped is not fitted, and says so ({@link #zeroBatches}).
 *
 * @param pctPerMin   the change per minute, in percent, 100·(e^b − 1) (positive: still rising)
 * @param lowerPct    lower 95% limit of that change, 100·(e^(b−h) − 1)
 * @param upperPct    upper 95% limit, 100·(e^(b+h) − 1)
 * @param windowPct   the fitted change from the first batch's midpoint to the last's, in percent of the first
 * @param drifting    true when the level was not steady: the slope's interval excludes 0 and the fitted change over the
 *                    window is at least {@link #MIN_CHANGE_PCT}, or its throughput was 0 in some batches
 * @param zeroBatches batches without throughput (then no slope is fitted and the percentages are 0); 0 in files from
 *                    before it was recorded
 * @param batches     batches the trend is over; 0 in files from before it was recorded
 */
public record Trend(double pctPerMin, double lowerPct, double upperPct, double windowPct, boolean drifting,
                    int zeroBatches, int batches) {
    /** No trend could be fitted (fewer than 4 batches, or no throughput at all). */
    public static final Trend NONE = new Trend(0, 0, 0, 0, false, 0, 0);
    /** The smallest change over the window worth a warning, in percent. */
    public static final double MIN_CHANGE_PCT = 5;
    /** Fewest batches a slope is fitted to (2 degrees of freedom). */
    public static final int MIN_POINTS = 4;

    /** A fitted trend (every batch had throughput). */
    public Trend(double pctPerMin, double lowerPct, double upperPct, double windowPct, boolean drifting) {
        this(pctPerMin, lowerPct, upperPct, windowPct, drifting, 0, 0);
    }

    /** {@link #fit(double[], double[], double[])} with every batch of equal weight. */
    public static Trend fit(double[] minutes, double[] values) {
        double[] w = new double[values.length];
        java.util.Arrays.fill(w, 1);
        return fit(minutes, values, w);
    }

    /**
     * The trend of {@code values} (rates, ≥ 0) observed at {@code minutes} (batch midpoints), batch i weighing
     * {@code weights[i]} (its seconds); NONE for fewer than {@link #MIN_POINTS} points or no throughput at all.
     */
    public static Trend fit(double[] minutes, double[] values, double[] weights) {
        int k = values.length, zeros = 0;
        if (k < MIN_POINTS) return NONE;
        for (double v : values) if (!(v > 0)) zeros++;
        if (zeros == k) return NONE;
        if (zeros > 0) return new Trend(0, 0, 0, 0, true, zeros, k);
        double sw = 0, mx = 0, my = 0;
        double[] y = new double[k];
        for (int i = 0; i < k; i++) {
            y[i] = Math.log(values[i]);
            sw += weights[i];
            mx += weights[i] * minutes[i];
            my += weights[i] * y[i];
        }
        mx /= sw;
        my /= sw;
        double sxx = 0, sxy = 0;
        for (int i = 0; i < k; i++) {
            sxx += weights[i] * (minutes[i] - mx) * (minutes[i] - mx);
            sxy += weights[i] * (minutes[i] - mx) * (y[i] - my);
        }
        if (sxx == 0) return NONE;
        double slope = sxy / sxx, sse = 0;
        for (int i = 0; i < k; i++) {
            double r = y[i] - (my + slope * (minutes[i] - mx));
            sse += weights[i] * r * r;
        }
        double h = Confidence.t(k - 2) * Math.sqrt(sse / (k - 2) / sxx);
        double window = pct(slope * (minutes[k - 1] - minutes[0]));
        boolean real = slope - h > 0 || slope + h < 0;
        return new Trend(pct(slope), pct(slope - h), pct(slope + h), window,
                real && Math.abs(window) >= MIN_CHANGE_PCT, 0, k);
    }

    /** A change of {@code logChange} on the log scale, in percent: never below −100. */
    private static double pct(double logChange) {
        return 100 * Math.expm1(logChange);
    }

    /**
     * The 95% interval of the change over the window ({@link #windowPct}), in percent: the slope's limits carried over the
     * span the window's change was fitted across (first batch's midpoint to the last's); {0, 0} where nothing was fitted.
     */
    public double[] windowRangePct() {
        double b = Math.log1p(pctPerMin / 100);
        if (b == 0 || stopped()) return new double[] {0, 0};
        double span = Math.log1p(windowPct / 100) / b;
        return new double[] {100 * Math.expm1(Math.log1p(lowerPct / 100) * span), 100 * Math.expm1(Math.log1p(upperPct / 100) * span)};
    }

    /** Whether the level's throughput was 0 in some batches (no slope fitted). */
    public boolean stopped() {
        return zeroBatches > 0;
    }

    /** The drift in a few words after "tps": "-12.3%/min", or for a level that stopped "0 in 2 of 10 batches". */
    public String brief() {
        return stopped() ? String.format(Locale.ROOT, "0 in %d of %d batches", zeroBatches, batches)
                : String.format(Locale.ROOT, "%+.1f%%/min", pctPerMin);
    }
}
