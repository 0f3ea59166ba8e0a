package org.oltpbench.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * Percentile bootstrap intervals (Efron's percentile method): the samples (batches of report intervals, or repeats)
 * are drawn with replacement {@link #RESAMPLES} times, the figure is computed on each resample, and the 2.5% and
 * 97.5% quantiles of those figures are the limits. The limits are values the figure took on real data, so a positive
 * figure never gets a negative limit. The generator is seeded: the same data give the same interval.
 */
public final class Bootstrap {
    /** Resamples per interval: Efron and Tibshirani's order for percentile limits at 95%. */
    public static final int RESAMPLES = 4000;
    private static final long SEED = 0x5EED_B007L;

    private Bootstrap() {
    }

    /** The mean of {@code samples}, with the percentile bootstrap's limits; NONE for fewer than two samples. */
    public static Interval ofMean(double[] samples, Interval.Method method) {
        int n = samples.length;
        if (n < 2) return Interval.NONE;
        SplittableRandom rnd = new SplittableRandom(SEED);
        double[] stats = new double[RESAMPLES];
        for (int b = 0; b < RESAMPLES; b++) {
            double sum = 0;
            for (int i = 0; i < n; i++) sum += samples[rnd.nextInt(n)];
            stats[b] = sum / n;
        }
        return limits(Arrays.stream(samples).average().orElse(0), stats, n, method);
    }

    /**
     * {@code figure} (Σy / Σx over the batches, as {@link Confidence#ofRatio} takes it) with the percentile bootstrap's
     * limits: batches are drawn with their y and x together and each resample's ratio of sums is its figure (a resample
     * without any x counts as the figure). NONE for fewer than two batches.
     */
    public static Interval ofRatio(double figure, double[] y, double[] x, Interval.Method method) {
        int n = y.length;
        if (n < 2) return Interval.NONE;
        SplittableRandom rnd = new SplittableRandom(SEED);
        double[] stats = new double[RESAMPLES];
        for (int b = 0; b < RESAMPLES; b++) {
            double sy = 0, sx = 0;
            for (int i = 0; i < n; i++) {
                int k = rnd.nextInt(n);
                sy += y[k];
                sx += x[k];
            }
            stats[b] = sx > 0 ? sy / sx : figure;
        }
        return limits(figure, stats, n, method);
    }

    /**
     * The {@code percentile} (in ms) of the samples' latency histograms (µs) merged, with the percentile bootstrap's
     * limits over the samples; the figure is computed as HdrHistogram's getValueAtPercentile computes it on the merged
     * histogram, so the centre is exactly that figure. NONE for fewer than two samples.
     */
    public static Interval ofPercentile(List<Histogram> samples, double percentile, Interval.Method method) {
        int n = samples.size();
        if (n < 2) return Interval.NONE;
        Grid g = new Grid(samples);
        int[] weight = new int[n];
        Arrays.fill(weight, 1);
        double all = g.percentile(weight, percentile);
        SplittableRandom rnd = new SplittableRandom(SEED);
        double[] stats = new double[RESAMPLES];
        for (int b = 0; b < RESAMPLES; b++) {
            Arrays.fill(weight, 0);
            for (int i = 0; i < n; i++) weight[rnd.nextInt(n)]++;
            stats[b] = g.percentile(weight, percentile);
        }
        return limits(all, stats, n, method);
    }

    private static Interval limits(double centre, double[] stats, int n, Interval.Method method) {
        Arrays.sort(stats);
        double mean = Arrays.stream(stats).average().orElse(0), ss = 0;
        for (double s : stats) ss += (s - mean) * (s - mean);
        double lo = quantile(stats, (1 - Confidence.LEVEL) / 2), hi = quantile(stats, 1 - (1 - Confidence.LEVEL) / 2);
        return new Interval(centre, Math.min(lo, centre), Math.max(hi, centre), Math.sqrt(ss / (stats.length - 1)), n, method);
    }

    /** The q quantile of sorted values, by linear interpolation between order statistics (R's type 7, numpy's default). */
    static double quantile(double[] sorted, double q) {
        double h = (sorted.length - 1) * q;
        int lo = (int) Math.floor(h);
        int hi = Math.min(sorted.length - 1, lo + 1);
        return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
    }

    /** The samples' histograms on one grid of recorded values, so that a resample merges by weighted sums. */
    private static final class Grid {
        final long[] values; // highest equivalent value of each bucket any sample recorded, ascending (µs)
        final long[][] counts; // per sample, per grid value

        Grid(List<Histogram> samples) {
            TreeMap<Long, Integer> index = new TreeMap<>();
            // HdrHistogram reuses its iteration value: each step's value and count are copied out at once
            List<long[]> recorded = new ArrayList<>();
            for (Histogram h : samples) {
                List<Long> pairs = new ArrayList<>();
                for (HistogramIterationValue v : h.recordedValues()) {
                    pairs.add(v.getValueIteratedTo());
                    pairs.add(v.getCountAtValueIteratedTo());
                    index.putIfAbsent(v.getValueIteratedTo(), 0);
                }
                recorded.add(pairs.stream().mapToLong(Long::longValue).toArray());
            }
            values = new long[index.size()];
            int k = 0;
            for (Long v : index.keySet()) {
                values[k] = v;
                index.put(v, k++);
            }
            counts = new long[samples.size()][values.length];
            for (int s = 0; s < samples.size(); s++) {
                long[] pairs = recorded.get(s);
                for (int i = 0; i < pairs.length; i += 2) counts[s][index.get(pairs[i])] += pairs[i + 1];
            }
        }

        /**
         * HdrHistogram's rule: the count at the percentile is max(1, round(p/100 x total)), and the figure is the
         * highest equivalent value of the first bucket whose cumulative count reaches it; in ms.
         */
        double percentile(int[] weight, double p) {
            long total = 0;
            for (int s = 0; s < counts.length; s++) {
                if (weight[s] == 0) continue;
                for (long c : counts[s]) total += c * weight[s];
            }
            if (total == 0) return 0;
            long at = Math.max(1, (long) (Math.min(Math.max(p, 0), 100) / 100.0 * total + 0.5));
            long cum = 0;
            for (int j = 0; j < values.length; j++) {
                for (int s = 0; s < counts.length; s++) cum += counts[s][j] * weight[s];
                if (cum >= at) return values[j] / 1000.0;
            }
            return values[values.length - 1] / 1000.0;
        }
    }
}
