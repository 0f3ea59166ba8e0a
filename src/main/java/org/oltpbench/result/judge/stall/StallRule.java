package org.oltpbench.result.judge.stall;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.HdrHistogram.Histogram;
import org.oltpbench.result.repeat.counted.IntervalResult;
import org.oltpbench.result.repeat.usage.Stall;

/**
 * Whether a level stalled: a time when the server (or something between) stopped answering, which a mean over the
 * window hides. Three stated rules; any one names the stall:
 * <ol>
 * <li>quiet intervals: a measured report interval at least half its nominal length that ended fewer than {@link #QUIET}
 * of the transactions asked of the server in it, at the level's pace (at least {@link #MIN_INTERVALS} measured
 * intervals). What was asked is the terminals' due time in the interval ({@link IntervalResult#dueSecs()}: a
 * transaction in flight, or due; not keying, thinking or waiting for an arrival), times the pace: the median of the
 * transactions per due terminal-second of the intervals that ended any. An interval is judged only when at least
 * {@link #HELD} of a terminal waited on the server through it and the pace would have ended at least
 * {@link #MIN_ASKED} transactions in it (below that the pace, a median of counts above 0, overstates a slow loop: at
 * 0.5 a second the counts above 0 are mostly 1), and consecutive such intervals are quiet together only
 * when the server was asked enough in them that their silence is not chance over the whole window: at least
 * ln(m / {@link #FALSE_ALARM}) transactions over m measured intervals (e^-asked per span, times m places a span could
 * start, at most 1% of healthy windows: 7.6 at 20 intervals, 8.7 at 60; a closed loop ending 3 a second has an empty
 * second by chance somewhere in most minutes, three in a row in under 1%). A
 * closed loop asks every terminal's whole time, so its rule is the median interval's throughput; with a rate or TPC-C's
 * pacing, an interval in which no arrival fell, or every terminal keyed and thought, asked nothing and is never quiet;</li>
 * <li>a tail beyond the percentiles: the maximum latency is at least {@link #TAIL_FACTOR} times the p99, and at least
 * {@link #SLOW_SHARE} of the transactions took a second or more;</li>
 * <li>a window that ran long: a timed level's window lasted at least {@link #LONG_WINDOW} times its time and a second
 * more (transactions in flight at the deadline ran on).</li>
 * </ol>
 */
public final class StallRule {
    static final double QUIET = 0.10, TAIL_FACTOR = 10, SLOW_SHARE = 0.001, LONG_WINDOW = 1.2, HELD = 0.5, MIN_ASKED = 3,
            FALSE_ALARM = 0.01;
    static final int MIN_INTERVALS = 4;

    private StallRule() {
    }

    /**
     * The rules applied to a window.
     *
     * @param intervals          every report interval (warm-up ones are left out here)
     * @param latency            the window's latencies, µs
     * @param windowSecs         the window's length
     * @param plannedSecs        the level's time; 0 when bounded by events
     * @param reportIntervalSecs the nominal interval length; 0 without report intervals
     */
    public static Stall of(List<IntervalResult> intervals, Histogram latency, double windowSecs, int plannedSecs,
                           int reportIntervalSecs) {
        return of(intervals, latency, windowSecs, plannedSecs, reportIntervalSecs, 0);
    }

    /**
     * The rules applied to a window whose arrivals came at {@code rateTps} (0 without a rate): then what an interval
     * asked of the server is at most the arrivals scheduled in it and those queued at its start, however long the
     * terminals waited (a slow second at rate=20 asks 20 transactions, not the hundreds the closed loop's pace gives).
     */
    public static Stall of(List<IntervalResult> intervals, Histogram latency, double windowSecs, int plannedSecs,
                           int reportIntervalSecs, double rateTps) {
        List<IntervalResult> measured = intervals.stream().filter(i -> !i.warmup() && i.seconds() > 0).toList();
        List<String> found = new ArrayList<>();
        List<double[]> quiet = new ArrayList<>();
        double median = 0;
        if (measured.size() >= MIN_INTERVALS && reportIntervalSecs > 0) {
            median = median(measured.stream().mapToDouble(IntervalResult::tps).toArray());
            double pace = pace(measured);
            StringBuilder at = new StringBuilder();
            double[] asked = asked(intervals, pace, rateTps);
            double bar = Math.log(measured.size() / FALSE_ALARM);
            List<IntervalResult> span = new ArrayList<>();
            List<Double> spanAsked = new ArrayList<>();
            for (int k = 0; k <= measured.size(); k++) {
                IntervalResult i = k < measured.size() ? measured.get(k) : null;
                if (i != null && i.seconds() >= 0.5 * reportIntervalSecs && i.dueSecs() >= HELD * i.seconds()
                        && asked[k] >= MIN_ASKED && i.transactions() < QUIET * asked[k]) {
                    span.add(i);
                    spanAsked.add(asked[k]);
                    continue;
                }
                if (spanAsked.stream().mapToDouble(Double::doubleValue).sum() >= bar) {
                    for (int j = 0; j < span.size(); j++) {
                        IntervalResult q = span.get(j);
                        quiet.add(new double[] {q.at() - q.seconds(), q.at()});
                        if (quiet.size() <= 3) at.append(quiet.size() == 1 ? "" : "; ").append(String.format(Locale.ROOT,
                                "%.0f-%.0f s: %,d of %,.0f transactions, %,.1f terminals waiting", q.at() - q.seconds(),
                                q.at(), q.transactions(), spanAsked.get(j), q.dueSecs() / q.seconds()));
                    }
                }
                span.clear();
                spanAsked.clear();
            }
            if (quiet.size() > 3) at.append("; ...");
            if (!quiet.isEmpty()) found.add(quietText(quiet.size(), pace, at));
        }
        long n = latency.getTotalCount();
        double max = n == 0 ? 0 : latency.getMaxValue() / 1e3, p99 = n == 0 ? 0 : latency.getValueAtPercentile(99) / 1e3;
        double slow = n == 0 ? 0 : (double) (n - latency.getCountBetweenValues(0, 999_999)) / n;
        if (n > 0 && max >= TAIL_FACTOR * p99 && slow >= SLOW_SHARE) {
            found.add(String.format(Locale.ROOT, "max latency %,.0f ms is %.0fx the p99 (%,.1f ms) and %.2f%% of transactions "
                    + "took a second or more", max, max / p99, p99, 100 * slow));
        }
        if (plannedSecs > 0 && windowSecs >= LONG_WINDOW * plannedSecs && windowSecs >= plannedSecs + 1) {
            found.add(String.format(Locale.ROOT, "the %d s window ran %.1f s (transactions in flight at its end ran on)",
                    plannedSecs, windowSecs));
        }
        return new Stall(quiet, median, max, p99, slow, windowSecs, plannedSecs, String.join("; ", found));
    }

    /**
     * What each measured interval (not warm-up, of positive length, in order) asked of the server: its terminals' due
     * time at the level's pace; at a rate at most the arrivals scheduled in it (their mean: the arrivals a terminal claimed
     * and sent are not recorded per interval, and a stalled server holds them in flight, outside the queue) and those
     * queued at its start. A second whose Poisson draw brought few arrivals can therefore look quiet beside a held
     * terminal (RateStallProperties' seed 1 found one at rate 10.9); recording the arrivals claimed per interval would
     * bound it.
     */
    private static double[] asked(List<IntervalResult> intervals, double pace, double rateTps) {
        double[] out = new double[intervals.size()];
        int n = 0;
        long queued = 0;
        for (IntervalResult i : intervals) {
            long before = queued;
            queued = Math.max(0, i.queue());
            if (i.warmup() || i.seconds() <= 0) continue;
            double a = i.dueSecs() * pace;
            out[n++] = rateTps > 0 ? Math.min(a, rateTps * i.seconds() + before) : a;
        }
        return java.util.Arrays.copyOf(out, n);
    }

    private static String quietText(int n, double pace, CharSequence at) {
        return String.format(Locale.ROOT, "%d %s ended under 10%% of what was asked of the server in %s (%s; the "
                + "median pace %,.1f per terminal-second waited)", n, n == 1 ? "interval" : "intervals", n == 1 ? "it" : "them",
                at, pace);
    }

    /**
     * The level's pace, how fast the server answered when it answered: the median, over the measured intervals that
     * ended a transaction, of the transactions ended per terminal-second due (1 / the latency, by Little's law; in a
     * closed loop its median tps over its terminals). Intervals that ended none are left out, so a stall longer than
     * the level's answered seconds (at a low rate, most seconds ask nothing) does not lower the pace it is judged by.
     * 0 when no interval ended any.
     */
    private static double pace(List<IntervalResult> measured) {
        double[] p = measured.stream().filter(i -> i.dueSecs() > 0 && i.transactions() > 0)
                .mapToDouble(i -> i.transactions() / i.dueSecs()).toArray();
        return p.length == 0 ? 0 : median(p);
    }

    private static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }
}
