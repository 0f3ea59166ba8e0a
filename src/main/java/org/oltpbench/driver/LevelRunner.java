package org.oltpbench.driver;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.oltpbench.db.Database;
import org.oltpbench.dialect.CommitCounter;
import org.oltpbench.measure.CpuClock;
import org.oltpbench.measure.ThreadStats;
import org.oltpbench.result.Counts;
import org.oltpbench.result.Histograms;
import org.oltpbench.result.IntervalResult;
import org.oltpbench.result.RepeatResult;
import org.oltpbench.result.ServerCount;
import org.oltpbench.result.TxnMetrics;
import org.oltpbench.result.Window;
import org.oltpbench.workload.Workload;
import org.oltpbench.workload.sysbench.SbRandom;

/**
 * Runs one repeat of one thread level: starts the workers, releases them together, publishes a report interval
 * every reportIntervalSecs, discards the warm-up, stops after the measured time (or the event budget, a fatal
 * error, a dead worker, or Ctrl-C) and returns what was measured. The calling thread is the reporter.
 *
 * <p>The measured window runs from the end of the warm-up until every worker has finished the transaction it was
 * in when time ran out (as sysbench's "total time" does); those last transactions are counted. Counters and
 * latency histograms are harvested together from each thread, so every count and histogram describes the same
 * transactions.
 */
public final class LevelRunner {

    /** Everything one level needs besides the workload and the database. */
    public record Settings(int threads, int repeat, int warmupSecs, int timeSecs, long events, double rate,
                           int reportIntervalSecs, long seed, IgnoreList ignore, boolean virtualThreads) {
        /** Terminals on platform threads. */
        public Settings(int threads, int repeat, int warmupSecs, int timeSecs, long events, double rate,
                        int reportIntervalSecs, long seed, IgnoreList ignore) {
            this(threads, repeat, warmupSecs, timeSecs, events, rate, reportIntervalSecs, seed, ignore, false);
        }
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
    private final RunListener listener;
    private final StopSignal stop;
    private final ThreadStats[] stats;
    private final Histogram[][] recycled;
    private final Histogram[] cumulative, scratch;
    /** With a rate: the shared arrival schedule, and service times beside the latencies; null without one. */
    private final Arrivals arrivals;
    private final Histogram[] cumulativeService, scratchService;
    private final Histogram interval = Histograms.empty();
    private final CommitCounter counter;
    private final StartGate gate;

    public LevelRunner(Settings s, Workload workload, Database db, RunListener listener, StopSignal stop) {
        this(s, workload, db, listener, stop, StartGate.NOW);
    }

    /** @param gate held after the workers are ready and before the measurement starts (startAt) */
    public LevelRunner(Settings s, Workload workload, Database db, RunListener listener, StopSignal stop, StartGate gate) {
        this.gate = gate;
        this.s = s;
        this.workload = workload;
        this.db = db;
        this.listener = listener;
        this.stop = stop;
        this.counter = db.dialect().commitCounter();
        int kinds = workload.kinds().size();
        stats = new ThreadStats[s.threads()];
        recycled = new Histogram[s.threads()][kinds];
        cumulative = new Histogram[kinds];
        scratch = new Histogram[kinds];
        for (int i = 0; i < s.threads(); i++) stats[i] = new ThreadStats(kinds, s.rate() > 0);
        for (int k = 0; k < kinds; k++) {
            cumulative[k] = Histograms.empty();
            scratch[k] = Histograms.empty();
        }
        arrivals = s.rate() > 0 ? new Arrivals(s.rate()) : null;
        cumulativeService = arrivals == null ? null : new Histogram[kinds];
        scratchService = arrivals == null ? null : new Histogram[kinds];
        for (int k = 0; arrivals != null && k < kinds; k++) {
            cumulativeService[k] = Histograms.empty();
            scratchService[k] = Histograms.empty();
        }
    }

    public RepeatResult run() throws InterruptedException {
        // one connection reads the server's counter for the whole repeat, so reading adds nothing to it
        Connection counting = counter.name() == null ? null : openQuietly();
        try {
            RepeatResult r;
            long serverBefore;
            LevelRun run = new LevelRun(workload, db.dialect(), db.sessions(), s.threads(), s.ignore(), Budget.of(s.events()));
            List<Thread> threads = startWorkers(run);
            run.awaitReady(listener);
            if (run.setupFailure() != null) {
                run.release();
                joinAll(run, threads);
                throw new SetupException(run.setupFailure());
            }
            gate.await(stop);
            serverBefore = readCounter(counter, counting);
            r = measure(run, threads);
            return withServerCount(r, counter, counting, serverBefore);
        } finally {
            closeQuietly(counting);
        }
    }

    private Connection openQuietly() {
        try {
            return db.connect();
        } catch (RuntimeException e) {
            return null;
        }
    }

    private static void closeQuietly(Connection c) {
        if (c == null) return;
        try {
            c.close();
        } catch (SQLException | RuntimeException e) {
            // the counter was read or not; nothing to keep
        }
    }

    private List<Thread> startWorkers(LevelRun run) {
        List<Thread> threads = new ArrayList<>(s.threads());
        SbRandom seeds = SbRandom.uniform(s.seed());
        for (int i = 0; i < s.threads(); i++) {
            long seed = seeds.nextLong();
            Pacer pacer = arrivals != null ? arrivals.pacer(SbRandom.uniform(seed ^ 0x5DEECE66DL)) : Pacer.UNLIMITED;
            Worker w = new Worker(run, i, stats[i], pacer, seed);
            Thread t = s.virtualThreads() ? Thread.ofVirtual().name("oltpbench-" + i).unstarted(w)
                    : new Thread(w, "oltpbench-" + i);
            if (!t.isVirtual()) t.setDaemon(true); // virtual threads are always daemons
            t.start();
            threads.add(t);
        }
        return threads;
    }

    /**
     * Where an interval or the window started: counters, monotonic time and CPU. The counters are read thread by
     * thread, so they span {@code spreadNanos}; {@code nanos} is the middle of that span. With thousands of platform
     * threads sharing few cores the reporter waits for CPU between threads, and the span becomes visible.
     */
    private record Mark(Marks marks, long nanos, CpuClock.Sample cpu, long spreadNanos) {
    }

    private Mark mark(boolean measuring) {
        long before = System.nanoTime();
        Marks m = collect(measuring);
        long after = System.nanoTime();
        return new Mark(m, before + (after - before) / 2, CpuClock.sample(), after - before);
    }

    private RepeatResult measure(LevelRun run, List<Thread> threads) throws InterruptedException {
        final long t0 = System.nanoTime();
        final long warmEnd = t0 + s.warmupSecs() * 1_000_000_000L;
        final long end = s.timeSecs() > 0 ? warmEnd + s.timeSecs() * 1_000_000_000L : Long.MAX_VALUE;
        final long step = s.reportIntervalSecs() * 1_000_000_000L;
        long nextReport = step > 0 ? t0 + step : Long.MAX_VALUE;
        boolean measuring = s.warmupSecs() == 0;
        List<IntervalResult> intervals = new ArrayList<>();
        Mark last = new Mark(collect(false), t0, CpuClock.sample(), 0); // nothing runs before the release
        Mark start = last;
        Instant startedAt = Instant.now();
        if (arrivals != null) arrivals.start(System.nanoTime()); // the schedule starts with the terminals, not before
        run.release();
        boolean allDone = false;
        long stopAt = Long.MAX_VALUE; // set by the first Ctrl-C: the end of the interval in progress
        stop.measuring(true);
        try {
            while (!allDone && run.running() && !stop.immediate()) {
                if (stopAt == Long.MAX_VALUE && stop.finishingInterval()) stopAt = step > 0 ? nextReport : System.nanoTime();
                long wake = Math.min(Math.min(nextReport, stopAt), measuring ? end : warmEnd);
                allDone = run.awaitDone(Math.max(0, Math.min(wake - System.nanoTime(), 200_000_000L)));
                long now = System.nanoTime();
                if (now >= nextReport) {
                    last = report(last, t0, !measuring, measuring, intervals);
                    nextReport += step * Math.max(1, (now - nextReport) / step + 1);
                }
                if (!measuring && now >= warmEnd) {
                    // the interval in progress goes on across the boundary; only the window starts here
                    start = mark(false);
                    startedAt = Instant.now();
                    measuring = true;
                }
                if (measuring && now >= end || now >= stopAt) break;
            }
        } finally {
            stop.measuring(false);
        }
        run.stop();
        joinAll(run, threads);
        // the window closes when the last worker is done: transactions in flight at the deadline are counted
        Mark done = mark(measuring);
        if (!measuring) start = done;
        String aborted = run.failure() != null ? run.failure() : stop.raised() ? "interrupted (Ctrl-C)" : null;
        Window window = new Window(startedAt.toString(), Instant.now().toString(), (done.nanos() - start.nanos()) / 1e9,
                (start.spreadNanos() + done.spreadNanos()) / 2e9);
        return result(window, start, done, intervals, aborted, run.errors());
    }

    /** Publishes the interval since {@code last}; rates divide by its measured length. */
    private Mark report(Mark last, long t0, boolean warmup, boolean measuring, List<IntervalResult> intervals) {
        Mark here = mark(measuring);
        Marks m = here.marks();
        long now = here.nanos();
        CpuClock.Sample cpu = here.cpu();
        long[] t = m.totals(), p = last.marks().totals();
        IntervalResult i = new IntervalResult((now - t0) / 1e9, (now - last.nanos()) / 1e9, s.threads(),
                t[ThreadStats.EVENTS] - p[ThreadStats.EVENTS], t[ThreadStats.READS] - p[ThreadStats.READS],
                t[ThreadStats.WRITES] - p[ThreadStats.WRITES], t[ThreadStats.OTHER] - p[ThreadStats.OTHER],
                t[ThreadStats.ERRORS] - p[ThreadStats.ERRORS], t[ThreadStats.RECONNECTS] - p[ThreadStats.RECONNECTS],
                warmup, CpuClock.cores(last.cpu(), cpu), Histograms.encode(interval),
                arrivals == null ? -1 : arrivals.queue(now));
        interval.reset();
        intervals.add(i);
        listener.interval(i);
        return here;
    }

    /**
     * Harvests every thread: its counters and, at the same instant, its latencies, which go to the interval
     * histogram and (when measuring) the cumulative per-kind ones.
     */
    private Marks collect(boolean measuring) {
        long[] totals = null, events = new long[stats.length], nanos = new long[stats.length];
        // every thread's latencies are summed in scratch first, then added to the interval and window histograms
        // once: per thread only its own (packed) interval histogram is walked, which keeps the edges of the window
        // close together in time at thousands of threads
        for (Histogram h : scratch) h.reset();
        if (scratchService != null) for (Histogram h : scratchService) h.reset();
        for (int i = 0; i < stats.length; i++) {
            long[] t = stats[i].harvest(recycled[i], scratch, scratchService);
            if (totals == null) totals = new long[t.length];
            for (int k = 0; k < t.length; k++) totals[k] += t[k];
            events[i] = t[ThreadStats.EVENTS];
            nanos[i] = t[ThreadStats.LATENCY_NS];
        }
        for (int k = 0; k < scratch.length; k++) {
            interval.add(scratch[k]);
            if (measuring) cumulative[k].add(scratch[k]);
            if (measuring && scratchService != null) cumulativeService[k].add(scratchService[k]);
        }
        return new Marks(totals, events, nanos);
    }

    /** The counters at one instant: summed over threads, and each thread's events and latency sum (for fairness). */
    private record Marks(long[] totals, long[] threadEvents, long[] threadNanos) {
    }

    private RepeatResult result(Window window, Mark start, Mark done, List<IntervalResult> intervals, String aborted,
                                int errors) {
        long[] t = diff(done.marks().totals(), start.marks().totals());
        List<String> kinds = workload.kinds();
        List<TxnMetrics> txns = new ArrayList<>();
        long rollbacks = 0, retries = 0;
        for (int k = 0; k < kinds.size(); k++) {
            long rb = t[ThreadStats.kindSlot(k, ThreadStats.ROLLBACKS)], rt = t[ThreadStats.kindSlot(k, ThreadStats.RETRIES)];
            txns.add(new TxnMetrics(kinds.get(k), t[ThreadStats.kindSlot(k, ThreadStats.COUNT)], rb, rt,
                    t[ThreadStats.kindSlot(k, ThreadStats.KIND_ERRORS)], Histograms.encode(cumulative[k]),
                    cumulativeService == null ? null : Histograms.encode(cumulativeService[k])));
            rollbacks += rb;
            retries += rt;
        }
        Counts counts = new Counts(t[ThreadStats.EVENTS], rollbacks, t[ThreadStats.READS], t[ThreadStats.WRITES],
                t[ThreadStats.OTHER], t[ThreadStats.ERRORS], errors, retries, t[ThreadStats.RECONNECTS], t[ThreadStats.LATENCY_NS]);
        List<Long> threadEvents = new ArrayList<>(), threadNanos = new ArrayList<>();
        long[] ev = diff(done.marks().threadEvents(), start.marks().threadEvents());
        long[] ns = diff(done.marks().threadNanos(), start.marks().threadNanos());
        for (int i = 0; i < ev.length; i++) {
            threadEvents.add(ev[i]);
            threadNanos.add(ns[i]);
        }
        // the client's committed transactions over the whole repeat, formed as the server's counter counts them
        long[] all = done.marks().totals();
        long commits = all[ThreadStats.COMMITS] + (counter.countsAutocommit() ? all[ThreadStats.AUTOCOMMITS] : 0);
        return new RepeatResult(s.repeat(), s.threads(), aborted == null ? RepeatResult.COMPLETED : RepeatResult.ABORTED,
                aborted, window, counts, txns, intervals, threadEvents, threadNanos,
                CpuClock.between(start.cpu(), done.cpu()), ServerCount.none("not read yet", commits));
    }

    private static long[] diff(long[] a, long[] b) {
        long[] out = new long[a.length];
        for (int i = 0; i < a.length; i++) out[i] = a[i] - b[i];
        return out;
    }

    private static long readCounter(CommitCounter counter, Connection c) {
        if (counter.name() == null || c == null) return -1;
        try {
            return counter.read(c);
        } catch (SQLException | RuntimeException e) {
            return -1;
        }
    }

    /** The server counter's growth over the repeat, read after every benchmark connection has closed. */
    private RepeatResult withServerCount(RepeatResult r, CommitCounter counter, Connection c, long before) {
        long client = r.serverCount().client();
        ServerCount sc;
        if (counter.name() == null) {
            sc = ServerCount.none(counter.note(), client);
        } else if (before < 0) {
            sc = ServerCount.none(counter.name() + " could not be read", client);
        } else {
            long after = settled(counter, c, before, client);
            sc = after < 0 ? ServerCount.none(counter.name() + " could not be read", client)
                    : new ServerCount(counter.name(), after - before, client, null);
        }
        return new RepeatResult(r.repeat(), r.threads(), r.status(), r.reason(), r.window(), r.counts(), r.transactions(),
                r.intervals(), r.threadEvents(), r.threadLatencyNanos(), r.cpu(), sc);
    }

    /**
     * Reads the counter until it stops moving (PostgreSQL publishes a session's statistics when it ends, a moment
     * after the client closed it), at most about 3 s.
     */
    private static long settled(CommitCounter counter, Connection c, long before, long client) {
        long value = readCounter(counter, c);
        for (int i = 0; i < 30 && value >= 0; i++) {
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            long next = readCounter(counter, c);
            if (next == value && (value - before >= client || i >= 5)) break;
            value = next;
        }
        return value;
    }

    /**
     * Waits for workers to finish their transaction in flight. After a short wait, threads still blocked
     * (waiting to open a connection or backing off from a reconnect) are interrupted; any still
     * inside a statement after the grace period are abandoned (they are daemons).
     */
    private static void joinAll(LevelRun run, List<Thread> threads) throws InterruptedException {
        if (run.awaitDone(2_000_000_000L)) return;
        for (Thread t : threads) t.interrupt();
        run.awaitDone(GRACE_NANOS);
    }
}
