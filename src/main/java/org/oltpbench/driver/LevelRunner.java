package org.oltpbench.driver;

import org.oltpbench.db.HostPools;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.oltpbench.db.Database;
import org.oltpbench.measure.Interval;
import org.oltpbench.measure.LevelResult;
import org.oltpbench.measure.ThreadStats;
import org.oltpbench.workload.Workload;
import org.oltpbench.workload.sysbench.SbRandom;

/**
 * Runs one thread level: starts the workers, releases them together, prints a progress interval
 * every reportIntervalSecs, discards the warm-up, stops after the measured time (or the event budget,
 * a fatal error, or Ctrl-C) and returns what was measured. The calling thread is the reporter.
 */
public final class LevelRunner {

    /** Receives progress intervals. The silent listener is a null object. */
    public interface Listener {
        void interval(Interval interval);

        Listener SILENT = i -> { };
    }

    /** Everything one level needs besides the workload and the database. */
    public record Settings(int threads, int warmupSecs, int timeSecs, long events, double rate, int reportIntervalSecs,
                           int percentile, long seed, IgnoreList ignore) {
    }

    /** A level that could not start: connecting or preparing statements failed. */
    public static final class SetupException extends RuntimeException {
        public SetupException(Throwable cause) {
            super(cause.getMessage(), cause);
        }
    }

    private static final long GRACE_NANOS = 30_000_000_000L;

    private final Settings s;
    private final Workload workload;
    private final Database db;
    private final Listener listener;
    private final StopSignal stop;
    private final ThreadStats[] stats;
    private final Histogram[][] recycled;
    private final Histogram[] cumulative;
    private final Histogram interval = ThreadStats.newHistogram();
    private long[] lastTotals;

    public LevelRunner(Settings s, Workload workload, Database db, Listener listener, StopSignal stop) {
        this.s = s;
        this.workload = workload;
        this.db = db;
        this.listener = listener;
        this.stop = stop;
        int kinds = workload.kinds().size();
        stats = new ThreadStats[s.threads()];
        recycled = new Histogram[s.threads()][kinds];
        cumulative = new Histogram[kinds];
        for (int i = 0; i < s.threads(); i++) stats[i] = new ThreadStats(kinds);
        for (int k = 0; k < kinds; k++) cumulative[k] = ThreadStats.newHistogram();
    }

    public LevelResult run() throws InterruptedException {
        try (HostPools pool = db.pools(s.threads(), "oltpbench-" + s.threads())) {
            LevelRun run = new LevelRun(workload, db.dialect(), pool, s.threads(), s.ignore(), Budget.of(s.events()));
            List<Thread> threads = startWorkers(run);
            run.awaitReady();
            if (run.setupFailure() != null) {
                run.release();
                joinAll(run, threads);
                throw new SetupException(run.setupFailure());
            }
            return measure(run, threads);
        }
    }

    private List<Thread> startWorkers(LevelRun run) {
        List<Thread> threads = new ArrayList<>(s.threads());
        SbRandom seeds = SbRandom.uniform(s.seed());
        double perThread = s.rate() / s.threads();
        for (int i = 0; i < s.threads(); i++) {
            long seed = seeds.nextLong();
            Pacer pacer = s.rate() > 0 ? Pacer.poisson(perThread, SbRandom.uniform(seed ^ 0x5DEECE66DL)) : Pacer.UNLIMITED;
            Thread t = new Thread(new Worker(run, i, stats[i], pacer, seed), "oltpbench-" + i);
            t.setDaemon(true);
            t.start();
            threads.add(t);
        }
        return threads;
    }

    private LevelResult measure(LevelRun run, List<Thread> threads) throws InterruptedException {
        final long t0 = System.nanoTime();
        final long warmEnd = t0 + s.warmupSecs() * 1_000_000_000L;
        final long end = s.timeSecs() > 0 ? warmEnd + s.timeSecs() * 1_000_000_000L : Long.MAX_VALUE;
        final long step = s.reportIntervalSecs() * 1_000_000_000L;
        long nextReport = step > 0 ? t0 + step : Long.MAX_VALUE;
        boolean measuring = s.warmupSecs() == 0;
        Marks baseline = marks();
        lastTotals = baseline.totals();
        long measureStart = t0;
        run.release();
        boolean allDone = false;
        while (!allDone && run.running() && !stop.raised()) {
            long wake = Math.min(nextReport, measuring ? end : warmEnd);
            allDone = run.awaitDone(Math.max(0, Math.min(wake - System.nanoTime(), 200_000_000L)));
            long now = System.nanoTime();
            if (now >= nextReport) {
                report(now, t0, step, !measuring, measuring);
                nextReport += step;
            }
            if (!measuring && now >= warmEnd) {
                harvest(false);
                baseline = marks();
                measureStart = now;
                measuring = true;
            }
            if (measuring && now >= end) break;
        }
        long measureEnd = System.nanoTime();
        // the measured window ends here: later completions are neither counted nor timed
        if (measuring) harvest(true);
        Marks endMarks = marks();
        run.stop();
        joinAll(run, threads);
        String aborted = run.failure() != null ? run.failure() : stop.raised() ? "interrupted (Ctrl-C)" : null;
        if (!measuring) baseline = endMarks;
        return result(measuring ? (measureEnd - measureStart) / 1e9 : 0, diff(endMarks.totals(), baseline.totals()),
                diff(endMarks.threadEvents(), baseline.threadEvents()), diff(endMarks.threadNanos(), baseline.threadNanos()),
                aborted);
    }

    private void report(long now, long t0, long step, boolean warmup, boolean measuring) {
        harvest(measuring);
        long[] t = totals();
        double secs = step / 1e9;
        listener.interval(new Interval(Math.round((now - t0) / 1e9), secs, s.threads(),
                t[ThreadStats.EVENTS] - lastTotals[ThreadStats.EVENTS], t[ThreadStats.READS] - lastTotals[ThreadStats.READS],
                t[ThreadStats.WRITES] - lastTotals[ThreadStats.WRITES], t[ThreadStats.OTHER] - lastTotals[ThreadStats.OTHER],
                t[ThreadStats.ERRORS] - lastTotals[ThreadStats.ERRORS], t[ThreadStats.RECONNECTS] - lastTotals[ThreadStats.RECONNECTS],
                interval.getTotalCount() == 0 ? 0 : interval.getValueAtPercentile(s.percentile()) / 1000.0, warmup));
        interval.reset();
        lastTotals = t;
    }

    /** Moves every recorder's interval into the progress histogram and, when measuring, the cumulative ones. */
    private void harvest(boolean measuring) {
        for (int i = 0; i < stats.length; i++) {
            for (int k = 0; k < cumulative.length; k++) {
                Histogram h = stats[i].harvest(k, recycled[i][k]);
                recycled[i][k] = h;
                interval.add(h);
                if (measuring) cumulative[k].add(h);
            }
        }
    }

    private LevelResult result(double seconds, long[] totals, long[] threadEvents, long[] threadNanos, String aborted) {
        int kinds = cumulative.length;
        long[][] kindCounts = new long[kinds][ThreadStats.PER_KIND];
        for (int k = 0; k < kinds; k++) {
            for (int f = 0; f < ThreadStats.PER_KIND; f++) kindCounts[k][f] = totals[ThreadStats.kindSlot(k, f)];
        }
        return new LevelResult(s.threads(), seconds, workload.kinds(), totals, kindCounts, cumulative, threadEvents,
                threadNanos, aborted);
    }

    /** The counters at one instant: summed over threads, and each thread's events and latency sum (for fairness). */
    private record Marks(long[] totals, long[] threadEvents, long[] threadNanos) {
    }

    /** Every thread's counters, each from a consistent snapshot (whole transactions only). */
    private Marks marks() {
        long[] totals = null, events = new long[stats.length], nanos = new long[stats.length];
        for (int i = 0; i < stats.length; i++) {
            long[] t = stats[i].snapshot();
            if (totals == null) totals = new long[t.length];
            for (int k = 0; k < t.length; k++) totals[k] += t[k];
            events[i] = t[ThreadStats.EVENTS];
            nanos[i] = t[ThreadStats.LATENCY_NS];
        }
        return new Marks(totals, events, nanos);
    }

    private long[] totals() {
        return marks().totals();
    }

    private static long[] diff(long[] a, long[] b) {
        long[] out = new long[a.length];
        for (int i = 0; i < a.length; i++) out[i] = a[i] - b[i];
        return out;
    }

    /**
     * Waits for workers to finish their transaction in flight. After a short wait, threads still blocked
     * (waiting for a connection from the pool or backing off from a reconnect) are interrupted; any still
     * inside a statement after the grace period are abandoned (they are daemons).
     */
    private static void joinAll(LevelRun run, List<Thread> threads) throws InterruptedException {
        if (run.awaitDone(2_000_000_000L)) return;
        for (Thread t : threads) t.interrupt();
        run.awaitDone(GRACE_NANOS);
    }
}
