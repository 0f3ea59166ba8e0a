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
    /** Fewer transactions recorded in the window than this read no tail: a quiet span is then said, not judged. */
    static final int MIN_TAIL = 100;
    /** The share of a quiet span the transactions that covered it lasted at least. */
    static final double COVERED = 0.9;

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
        List<String> undecided = new ArrayList<>();
        Tail tail = Tail.of(latency); // the window's latencies, read once for both gates
        double median = 0;
        if (measured.size() >= MIN_INTERVALS && reportIntervalSecs > 0) {
            median = median(measured.stream().mapToDouble(IntervalResult::tps).toArray());
            double pace = pace(measured);
            StringBuilder at = new StringBuilder();
            double[] asked = asked(intervals, pace, rateTps);
            double bar = Math.log(measured.size() / FALSE_ALARM);
            // a closed loop: every terminal due in every interval (an open loop's or a paced one's arrivals come
            // during a span, each waiting a part of it; its tail is not read, the Poisson bar alone judges)
            boolean closed = measured.stream().allMatch(m -> m.threads() > 0
                    && Math.abs(m.dueSecs() - m.threads() * m.seconds()) <= 0.5 * m.seconds());
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
                if (spanAsked.stream().mapToDouble(Double::doubleValue).sum() >= bar
                        && !span.isEmpty() && notTheTail(span, tail, measured.size(), i == null, closed, undecided)) {
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
        if (n > 0 && max >= TAIL_FACTOR * p99 && slow >= SLOW_SHARE && beyondTheTail(tail, p99 / 1e3, undecided)) {
            found.add(String.format(Locale.ROOT, "max latency %,.0f ms is %.0fx the p99 (%,.1f ms) and %.2f%% of transactions "
                    + "took a second or more", max, max / p99, p99, 100 * slow));
        }
        if (plannedSecs > 0 && windowSecs >= LONG_WINDOW * plannedSecs && windowSecs >= plannedSecs + 1) {
            found.add(String.format(Locale.ROOT, "the %d s window ran %.1f s (transactions in flight at its end ran on)",
                    plannedSecs, windowSecs));
        }
        return new Stall(quiet, median, max, p99, slow, windowSecs, plannedSecs, String.join("; ", found),
                found.isEmpty() ? String.join("; ", undecided) : "");
    }

    /**
     * Whether the longest transactions are beyond what the window's own tail makes (the tail rule's gate, issue 58 §2):
     * the j transactions at least {@link #TAIL_FACTOR} times the p99 stand apart from the next longest as the window's
     * fitted tail makes at most {@link #FALSE_ALARM} of the time ({@link Tail#gapChance}). Pareto service of index 1.1
     * makes a maximum 10 times the p99 in most windows of 2,000 transactions; a stall's held transactions stand apart.
     */
    private static boolean beyondTheTail(Tail tail, double p99Secs, List<String> undecided) {
        if (tail.unknown()) return true;
        int j = tail.atLeast(TAIL_FACTOR * p99Secs);
        // and fewer than the p99's 1% even at their count's upper bound: as many as that are a mode of the service
        // that sits at the p99 (1% of transactions 200 times slower: 16-38% of healthy windows at 8-32 terminals were a
        // stall by this rule), not transactions held apart from it
        boolean rare = j > 0 && tail.countUpper(j) < 0.01 * tail.n();
        if (tail.n() >= MIN_TAIL && rare && tail.gapChance(j) <= FALSE_ALARM) return true;
        undecided.add(String.format(Locale.ROOT, "the longest transactions are within what the latency's own tail makes "
                + "(%s): not judged a stall", tail.describe()));
        return false;
    }

    /**
     * Whether a quiet span cannot be the latency's own tail (issue 58 §2): a closed loop's terminals each end their
     * transactions one after another, so a span in which none of {@code held} terminals ended anything is each of them
     * inside one transaction at least the span long. Heavy-tailed service (lognormal, Pareto, a slow mode) makes such
     * transactions on its own; the Poisson bar above holds only for exponential service. The span is a stall when
     * either holds, with the window's own latencies:
     * <ol>
     * <li>simultaneity (two or more terminals held): the chance that a terminal is, at a given moment, in a transaction
     * with at least the span still to run is S = E[(X - span)+] / E[X] (the renewal process's residual life), so all
     * held terminals at once S^held, at any of m places at most m S^held, at most {@link #FALSE_ALARM};</li>
     * <li>the order statistics: the span's transactions are the held longest of the window; beside the next longest
     * (M), under a Pareto tail of index a fitted to the window's longest (Hill's estimator, its lower 1-sided bound)
     * the chance that the held longest all reach the span is (M / span)^(held x a), at most {@link #FALSE_ALARM}.</li>
     * </ol>
     * Neither: the span is said as undecided, not judged ("could be the tail"). Read only in a closed loop (an open
     * loop's arrivals, and paced terminals, join during a span: the Poisson bar alone judges them), from
     * {@link #MIN_TAIL} transactions, over the span's longest run that ended nothing (the transactions that covered it
     * lasted at least {@link #COVERED} of it); a span that ended a few in every interval asks whether its longest
     * transaction (its terminals' time over what they ended) stands apart. A span that no recorded transaction lasted
     * is no tail's in the window's middle (its transactions ended in errors, or were not sent), and undecided at the
     * window's end (they may still have been running).
     */
    private static boolean notTheTail(List<IntervalResult> span, Tail tail, int places, boolean lastInWindow, boolean closed,
                                      List<String> undecided) {
        IntervalResult first = span.get(0), last = span.get(span.size() - 1);
        double from = first.at() - first.seconds(), to = last.at(), secs = to - from;
        int held = Integer.MAX_VALUE;
        long ended = 0;
        for (IntervalResult i : span) {
            // a closed loop's terminals (its due time within half a terminal of them: rounded)
            held = Math.min(held, (int) Math.round(i.dueSecs() / i.seconds()));
            ended += i.transactions();
        }
        held = Math.max(1, held);
        if (tail.unknown() || !closed) return true;
        // its longest run of intervals that ended nothing: there every held terminal was inside one transaction
        double silentSecs = 0, run = 0;
        for (IntervalResult i : span) {
            run = i.transactions() == 0 ? run + i.seconds() : 0;
            silentSecs = Math.max(silentSecs, run);
        }
        if (silentSecs > 0) {
            secs = silentSecs;
            ended = 0;
        }
        // the transactions that covered the span: its length, less a tenth for the edges' jitter and the histogram's
        // precision; where the span ended a few, the held terminals' time split into at most ended + held of them
        double covered = COVERED * secs;
        int silent = (int) Math.max(0, held - ended);
        if (silent == 0) {
            // a few ended, perhaps all by one terminal that ran on (a lock that held the others): the transactions
            // recorded as long as the span are the held ones'; else the longest the held terminals' time allows
            int atLeast = Math.min(held, tail.atLeast(covered));
            if (atLeast >= 2) {
                held = atLeast;
            } else {
                double longest = COVERED * held * secs / (ended + held);
                if (!tail.reach(1, longest)) return !lastInWindow;
                if (tail.orderChance(longest, 1) <= FALSE_ALARM) return true;
                return undecided(from, to, held, tail, undecided);
            }
        } else {
            held = silent;
        }
        if (!tail.reach(1, covered)) {
            // no transaction of the window lasted the span: the tail made none, so a silence in the window's middle is
            // no tail's (its transactions never ended: errors, a client that did not send); at its end they may still
            // have been running
            if (!lastInWindow) return true;
        } else {
            // the held terminals' transactions as long that were recorded: the others were still running at the
            // window's end, or ended in an error; the gates ask about those seen (more as long elsewhere: the tail's)
            int seen = Math.min(held, tail.atLeast(covered));
            if (seen >= 2 && tail.n() >= MIN_TAIL && places * Math.pow(tail.residual(covered), seen) <= FALSE_ALARM) return true;
            if (seen >= 1 && tail.orderChance(covered, seen) <= FALSE_ALARM) return true;
        }
        return undecided(from, to, held, tail, undecided);
    }

    /** Says a span the tail could have made, instead of judging it; false. */
    private static boolean undecided(double from, double to, int held, Tail tail, List<String> undecided) {
        if (undecided.size() < 3) undecided.add(String.format(Locale.ROOT, "%.0f-%.0f s was quiet at %d %s, as the "
                + "latency's own tail can make it (%s): not judged a stall", from, to, held, held == 1 ? "terminal" : "terminals",
                tail.describe()));
        return false;
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
