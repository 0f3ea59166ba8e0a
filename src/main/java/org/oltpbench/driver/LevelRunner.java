package org.oltpbench.driver;

import org.oltpbench.result.judge.stall.StallRule;
import org.oltpbench.result.judge.usage.Usages;
import org.oltpbench.result.judge.usage.VerdictRules;
import org.oltpbench.util.Clock;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.oltpbench.db.Database;
import org.oltpbench.db.SharedConnections;
import org.oltpbench.db.Sessions;
import org.oltpbench.dialect.CommitCounter;
import org.oltpbench.measure.CpuClock;
import org.oltpbench.measure.resources.ResourceSampler;
import org.oltpbench.measure.waits.JdbcWaitSource;
import org.oltpbench.measure.waits.WaitSampler;
import org.oltpbench.dialect.SessionWaits;
import org.oltpbench.result.repeat.client.ClientCpu;
import org.oltpbench.result.repeat.usage.Usage;
import org.oltpbench.result.repeat.usage.Verdict;
import org.oltpbench.measure.ErrorLog;
import org.oltpbench.measure.Snapshot;
import org.oltpbench.measure.ThreadStats;
import org.oltpbench.result.repeat.counted.Counts;
import org.oltpbench.result.repeat.topology.Failover;
import org.oltpbench.result.repeat.counted.Histograms;
import org.oltpbench.result.repeat.counted.IntervalResult;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.repeat.server.ServerCount;
import org.oltpbench.result.repeat.usage.Stall;
import org.oltpbench.result.repeat.counted.TxnMetrics;
import org.oltpbench.result.repeat.counted.Window;
import org.oltpbench.config.SweepParams;
import org.oltpbench.workload.SideLoad;
import org.oltpbench.workload.Workload;
import org.oltpbench.random.SbRandom;

/**
 * Runs one repeat of one thread level: starts the workers, releases them together, publishes a report interval
 * every intervalSecs, discards the warm-up, stops after the measured time (or the event budget, a fatal
 * error, a dead worker, or Ctrl-C) and returns what was measured. The calling thread is the reporter.
 *
 * <p>The measured window runs from the end of the warm-up until every worker has finished the transaction it was
 * in when time ran out (as sysbench's "total time" does); those last transactions are counted. Counters and
 * latency histograms are harvested together from each thread, so every count and histogram describes the same
 * transactions.
 */
public final class LevelRunner {

    /**
     * What one repeat of one level runs: the sweep's settings and the level's as the job resolved them (read from
     * them, never copied), the repeat's number, its generators' seed and the errors it ignores. Built in one place,
     * {@link #of}.
     *
     * @param sweep  the sweep: warm-up, report interval, the fault plan
     * @param level  the level: threads, time or events, rate, thread model, shared connections, per-terminal budget
     * @param repeat 1-based number of the repeat within its level
     * @param seed   the terminals' generators' seed
     * @param ignore the errors that restart a transaction (and the dialect's retryable ones)
     */
    public record Settings(SweepParams sweep, SweepParams.LevelParams level, int repeat, long seed, IgnoreList ignore) {
        /** Repeat {@code repeat} of {@code level}: seeded from randSeed (repeat k adds k), or from the clock when it is 0. */
        public static Settings of(SweepParams sweep, SweepParams.LevelParams level, int repeat, IgnoreList ignore) {
            long seed = sweep.randSeed() != 0 ? sweep.randSeed() + repeat : System.nanoTime();
            return new Settings(sweep, level, repeat, seed, ignore);
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
    /** With shared connections: each type's waits for one; empty (no type) when terminals own their connections. */
    private final Histogram[] cumulativeQueue, scratchQueue;
    private final Histogram interval = Histograms.empty();
    /** The harvest's copy of one thread's latency ring at a time, as large as the largest ring met. */
    private final ThreadStats.Scratch ringScratch;
    private final CommitCounter counter;
    private final StartGate gate;
    private final Clock clock;
    /** The level's errors by code, open while the window is. */
    private final ErrorLog errorLog;
    /** Samples the client and servers at each interval's edge. */
    private ResourceSampler resources = ResourceSampler.clientOnly();
    /** Starts the fault plan's commands; the shell unless a test acts on its fake driver instead. */
    private FaultTimeline.Launcher launcher;
    /** The level as it runs, for the journal's count of errors that were not ignored; null before it starts. */
    private LevelRun level;
    private int journaledErrors;
    /** The repeat's own connections; null with a shared pool (connections=N). */
    private Sessions sessions;
    /** What runs beside the terminals (CH's analytic streams), started at the release and stopped at the deadline. */
    private SideLoad side = SideLoad.NONE;

    public LevelRunner(Settings s, Workload workload, Database db, RunListener listener, StopSignal stop) {
        this(s, workload, db, listener, stop, StartGate.NOW);
    }

    /** @param gate held after the workers are ready and before the measurement starts (startAt) */
    public LevelRunner(Settings s, Workload workload, Database db, RunListener listener, StopSignal stop, StartGate gate) {
        this(s, workload, db, listener, stop, gate, Clock.SYSTEM);
    }

    /** @param clock the level's time and waits (a simulated one in unit tests) */
    public LevelRunner(Settings s, Workload workload, Database db, RunListener listener, StopSignal stop, StartGate gate,
                       Clock clock) {
        this.clock = clock;
        this.gate = gate;
        this.s = s;
        this.workload = workload;
        this.db = db;
        this.listener = listener;
        this.stop = stop;
        this.counter = db.dialect().commitCounter();
        int types = workload.info().transactions().size();
        stats = new ThreadStats[s.level().threads()];
        recycled = new Histogram[s.level().threads()][types];
        long limitNanos = Math.round(s.sweep().latencyLimitMs() * 1e6);
        arrivals = Arrivals.at(s.level().rate(), limitNanos);
        boolean sharing = s.level().connections() > 0;
        int tallies = workload.info().tallies().size();
        errorLog = new ErrorLog(workload.info().typeNames());
        int maxRing = ThreadStats.maxRing(s.level().threads(), types, ThreadStats.width(arrivals.limited(), sharing));
        for (int i = 0; i < s.level().threads(); i++) {
            stats[i] = new ThreadStats(types, arrivals.limited(), sharing, tallies, maxRing);
            stats[i].log(errorLog);
            stats[i].latencyLimit(limitNanos);
        }
        ringScratch = new ThreadStats.Scratch();
        cumulative = Histograms.empties(types);
        scratch = Histograms.empties(types);
        // service times exist only under a rate; without one these hold no type, and every loop over them is empty
        cumulativeService = Histograms.empties(arrivals.limited() ? types : 0);
        scratchService = Histograms.empties(arrivals.limited() ? types : 0);
        cumulativeQueue = Histograms.empties(sharing ? types : 0);
        scratchQueue = Histograms.empties(sharing ? types : 0);
    }

    /** Starts the fault plan's commands with {@code l} instead of the shell. */
    LevelRunner faults(FaultTimeline.Launcher l) {
        this.launcher = l;
        return this;
    }

    /** Whether this level samples its server sessions' waits. */
    private boolean sampleWaits;
    /** The level's wait sampler; OFF until the level starts, and when waits are not sampled. */
    private WaitSampler waits = WaitSampler.OFF;

    /** Samples the benchmark's server sessions' waits when {@code on} and the engine has a session view. */
    public LevelRunner waits(boolean on) {
        this.sampleWaits = on;
        return this;
    }

    /**
     * The level's sampler: OFF when not asked for or when the engine has no session view (its note said once). One
     * monitor connection per server behind the front ends: a server's view shows only the sessions connected to it.
     */
    private WaitSampler waitSampler() {
        SessionWaits table = db.dialect().sessionWaits();
        if (!sampleWaits || !table.sampled()) return WaitSampler.OFF;
        List<Database.Server> servers = db.servers();
        List<WaitSampler.Source> sources = new ArrayList<>(servers.size());
        for (Database.Server server : servers) {
            sources.add(new JdbcWaitSource(() -> db.connect(server.url()), table,
                    org.oltpbench.db.FrontEnds.authority(server.url()), server.key()));
        }
        return new WaitSampler(sources, table, db.sessionIds()::ours, clock, listener::note);
    }

    /** Samples resources with {@code r} (the job's sources) instead of the client alone. */
    public LevelRunner resources(ResourceSampler r) {
        this.resources = r;
        return this;
    }

    public RepeatResult run() throws InterruptedException {
        db.sessionIds().clear(); // this level's sessions, not the last one's
        try (ServerCounting counting = ServerCounting.open(counter, workload.dataCounter(), db); SharedConnections shared = share();
             Sessions sessions = db.sessions(clock); WaitSampler sampler = waitSampler()) {
            this.waits = sampler;
            this.sessions = shared == null ? sessions : null;
            RepeatResult r;
            LevelRun run = level = new LevelRun(workload, db.dialect(), sessions, shared, s.level().threads(), s.ignore(),
                    s.level().perTerminal() > 0 ? Budget.UNLIMITED : Budget.of(s.level().events()), clock);
            long connecting = System.nanoTime(); // connections take real time, whatever the level's clock
            List<Thread> threads = startWorkers(run);
            run.awaitReady(listener);
            if (run.setupFailure() == null) listener.connected((System.nanoTime() - connecting) / 1e9);
            if (run.setupFailure() != null) {
                run.release();
                joinAll(run, threads);
                throw new SetupException(run.setupFailure());
            }
            openSide(run, threads);
            try (SideLoad opened = side) { // closes the side's connections when the level fails before it starts
                // after the terminals connected, before the level starts: the prober keeps one schedule from here
                sessions.probeFromTheStart();
                // the server's counters are read before the gate, while nothing of this level runs: a read slow on a
                // busy server (1.1 s once in CI) would otherwise start this client's window late (startAt's clients
                // measure together; merge refuses windows that share too little)
                counting.before();
                if (s.sweep().warmupSecs() == 0) counting.windowOpens(clock.nanoTime(), false);
                gate.await(stop);
                this.counting = counting;
                r = measure(run, threads).withServerWindow(window);
            }
            listener.flush(); // the repeat's intervals are written before anything the sweep does next
            if (shared == null) r = r.withFailover(new Failover(sessions.uses(), sessions.disconnectedSeconds()));
            return r.withServerCount(counting.after(r.serverCount().client()));
        }
    }

    /** The pool of connections=N, or null (closing null in try-with-resources is a no-op) when terminals own one. */
    private SharedConnections share() {
        if (s.level().connections() == 0) return null;
        try {
            return db.shared(s.level().connections());
        } catch (java.sql.SQLException e) {
            throw new SetupException(e);
        }
    }

    /** The level's terminals, by index; the threads that run them are {@code startWorkers}' list. */
    private final List<Worker> workers = new ArrayList<>();

    private List<Thread> startWorkers(LevelRun run) {
        List<Thread> threads = new ArrayList<>(s.level().threads());
        SbRandom seeds = SbRandom.uniform(s.seed());
        for (int i = 0; i < s.level().threads(); i++) {
            long seed = seeds.nextLong();
            Pacer pacer = arrivals.pacer(SbRandom.uniform(seed ^ 0x5DEECE66DL), stats[i]);
            stats[i].timing(clock, run::deadline);
            Worker w = new Worker(run, i, stats[i], pacer, seed,
                    s.level().perTerminal() > 0 ? Budget.of(s.level().perTerminal()) : run.budget());
            workers.add(w);
            Thread t = s.level().model() == org.oltpbench.config.ThreadModel.VIRTUAL ? Thread.ofVirtual().name("oltpbench-" + i).unstarted(w)
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
    private record Mark(Reading reading, long nanos, long spreadNanos, Sampled sampled, long sampleNanos) {
        CpuClock.Sample cpu() {
            return sampled.cpu();
        }

        ResourceSampler.Sample res() {
            return sampled.res();
        }
    }

    /** The client's CPU and the resources (client, host, servers), sampled at {@code nanos} of the level's clock. */
    private record Sampled(long nanos, CpuClock.Sample cpu, ResourceSampler.Sample res) {
        /**
         * What they read at {@code at}, between this sample and {@code later} (this one before it, later after it), the
         * use between the two taken as even.
         */
        Sampled at(long at, Sampled later) {
            double share = later.nanos > nanos ? Math.max(0, Math.min(1, (double) (at - nanos) / (later.nanos - nanos))) : 1;
            return new Sampled(at, cpu.toward(later.cpu, share), res.toward(later.res, share));
        }
    }

    private Sampled sample(long at) {
        return new Sampled(at, CpuClock.sample(), resources.sample());
    }

    /** Which of the window's edges a harvest is, for the error log; NONE for the intervals between. */
    private enum Edge { NONE, OPENS, CLOSES }

    private Mark mark(boolean measuring, Edge edge) {
        long before = clock.nanoTime();
        Reading m = collect(measuring, edge, before);
        long after = clock.nanoTime();
        Sampled sampled = sample(after);
        return new Mark(m, before + (after - before) / 2, after - before, sampled, clock.nanoTime() - after);
    }

    /** The reporter's view of the level: where it is, and the marks the window and the next interval start from. */
    private final class Edges {
        final long t0, warmEnd, step;
        final List<IntervalResult> intervals = new ArrayList<>();
        /** Each interval's edges in epoch ms, for sources asked after the level (Prometheus). */
        final List<Long> edgesMillis = new ArrayList<>();
        final FaultTimeline faults = new FaultTimeline(s.sweep().fault(),
                launcher != null ? launcher : FaultTimeline.Launcher.shell(listener::fault, clock), listener::fault, listener::faultStarted);
        Mark last, start;
        /** How long the reporter worked at the edge before (harvest, sampling, handing the interval to the writer). */
        long lastWork;
        Instant startedAt = Instant.now();
        boolean measuring;
        long nextReport;

        Edges(long t0) {
            this.t0 = t0;
            this.warmEnd = t0 + s.sweep().warmupSecs() * 1_000_000_000L;
            this.step = s.sweep().intervalSecs() * 1_000_000_000L;
            this.measuring = s.sweep().warmupSecs() == 0;
            this.nextReport = step > 0 ? t0 + step : Long.MAX_VALUE;
            // nothing runs before the release
            this.last = new Mark(collect(false, measuring ? Edge.OPENS : Edge.NONE, t0), t0, 0, sample(t0), 0);
            this.start = last;
            edgesMillis.add(last.res().epochMillis());
        }

        /** The end of the warm-up cuts the interval in progress; the window and the next intervals start there. */
        void warmupEnds() {
            counting.windowOpens(warmEnd, true); // first: what the reporter does at the edge takes time the window counts
            last = report(this, true, false, Edge.OPENS);
            errorLog.window(true);
            start = last;
            startedAt = Instant.now();
            measuring = true;
            nextReport = step > 0 ? warmEnd + step : Long.MAX_VALUE;
        }
    }

    /**
     * The reporter's loop. The level's edges are fixed before the release: the warm-up ends at t0 + warmupSecs, and
     * no transaction starts at or after the deadline (warm-up end + time; Ctrl-C moves it to the end of the interval
     * in progress). Intervals are recorded every intervalSecs from t0 until the warm-up's end, which cuts the one
     * in progress, and from there until the deadline; the last interval runs from the last report to the window's end,
     * so the measured intervals add up exactly to the window.
     */
    /** The server's counts of this repeat: read at the window's edges by the loop. */
    private ServerCounting counting = ServerCounting.absent(null);
    private org.oltpbench.result.repeat.server.ServerWindow window = org.oltpbench.result.repeat.server.ServerWindow.NONE;

    private RepeatResult measure(LevelRun run, List<Thread> threads) throws InterruptedException {
        clock.join();
        try {
            // without a warm-up the window opens with the level: its server counts were read before the gate (nothing
            // ran yet), so a slow read takes none of the window
            boolean opensFirst = s.sweep().warmupSecs() == 0;
            Edges e = new Edges(clock.nanoTime());
            if (opensFirst) counting.openedAt(e.t0);
            e.faults.schedule(e.t0, e.warmEnd);
            run.schedule(e.warmEnd, s.level().secs() > 0 ? e.warmEnd + s.level().secs() * 1_000_000_000L : Long.MAX_VALUE);
            arrivals.start(e.t0); // the schedule starts with the terminals, not before
            errorLog.window(e.measuring);
            side.start(e.t0, e.warmEnd, run::deadline);
            waits.start(e.t0);
            run.release();
            stop.measuring(true);
            boolean allDone;
            try {
                allDone = loop(run, e);
            } finally {
                stop.measuring(false);
            }
            return finish(run, threads, e, allDone);
        } finally {
            clock.leave();
        }
    }

    /** Opens what runs beside the terminals; one that cannot connect stops the level before it starts. */
    private void openSide(LevelRun run, List<Thread> threads) throws InterruptedException {
        side = workload.sideLoad(db, clock, s.seed());
        try {
            side.open();
        } catch (java.sql.SQLException | RuntimeException ex) {
            run.setupFailed(ex);
            run.release();
            joinAll(run, threads);
            throw ex instanceof RuntimeException r ? r : new SetupException(ex);
        }
    }

    /** @return whether every terminal finished on its own (the event budget was spent) */
    private boolean loop(LevelRun run, Edges e) throws InterruptedException {
        boolean allDone = false;
        while (!allDone && run.running() && !stop.immediate()) {
            if (stop.finishingInterval()) run.cutAt(e.step > 0 ? e.nextReport : clock.nanoTime());
            long wake = Math.min(Math.min(e.nextReport, e.faults.next()), e.measuring ? run.deadline() : e.warmEnd);
            // Ctrl-C and a fatal error are looked for at least every 200 ms
            allDone = run.awaitDoneUntil(Math.min(wake, clock.nanoTime() + 200_000_000L));
            long now = clock.nanoTime();
            if (!e.measuring && now >= e.warmEnd) e.warmupEnds();
            else if (now >= run.deadline()) break;
            else if (now >= e.nextReport) {
                long wokeLate = now - e.nextReport, prior = e.lastWork, priorSample = e.last.sampleNanos();
                e.last = report(e, !e.measuring, e.measuring, Edge.NONE);
                e.lastWork = clock.nanoTime() - now;
                late(e, wokeLate, prior, priorSample);
                e.nextReport += e.step * Math.max(1, (now - e.nextReport) / e.step + 1);
            }
            // read again after the report: its harvest, sampling and writes take time, and the interval it closed is
            // stamped after "now"; a fault on an interval's edge must follow that interval, never precede it
            if (e.measuring) e.faults.fire(clock.nanoTime());
        }
        return allDone;
    }

    /**
     * Stops the level and closes the window. Terminals in a wait are stopped there (their transaction is never
     * submitted); transactions in flight at the deadline run to their end and count. The window ends at the deadline,
     * or when the last counted transaction ended if that is later (sysbench's total time), measured by the terminals
     * themselves: a late reporter does not lengthen it.
     */
    private RepeatResult finish(LevelRun run, List<Thread> threads, Edges e, boolean allDone) throws InterruptedException {
        long now = clock.nanoTime();
        // sampled where the level stopped, before the side and the terminals are stopped: what stopping them costs (a
        // query the server does not cancel at once) is after the window, and never in its last interval
        Sampled stopped = sample(now);
        waits.stop(); // no sample after the level stopped, and no wait for a read in progress: closed after the level
        // the deadline; where Ctrl-C or an error stopped the level; nothing when the budget ran out (the last end counts)
        long reached = now >= run.deadline() ? run.deadline() : allDone ? Long.MIN_VALUE : now;
        // the side's queries still running are cancelled at the window's end, before the terminals are joined
        org.oltpbench.result.repeat.analytics.Analytics analytics = side.stop(reached == Long.MIN_VALUE ? now : reached);
        int connected = connected(); // before the terminals close their connections
        run.stop();
        for (int i = 0; i < stats.length; i++) if (stats[i].stopIfWaiting()) threads.get(i).interrupt();
        joinAll(run, threads);
        errorLog.window(false);
        long windowEnd = Math.max(Math.max(reached, run.lastEnd()), e.start.nanos());
        Mark done = mark(e.measuring, Edge.CLOSES);
        // the server's counts where the client's window closed: after its last transaction ended (in flight at the
        // deadline, it ran on and the window with it), its sessions closed; a late publisher settles to the client's commits
        Snapshot inWindow = done.reading().totals().minus(e.start.reading().totals());
        this.window = counting.windowCloses(windowEnd, db.dialect().name(), clock,
                inWindow.commits() + (counter.countsAutocommit() ? inWindow.autocommits() : 0));
        Mark cut = new Mark(done.reading(), windowEnd, done.spreadNanos(), atWindowEnd(windowEnd, e.last, stopped, done),
                done.sampleNanos());
        // without recorded intervals (intervalSecs=0) there is no interval to close
        if (e.step > 0) e.last = report(e, !e.measuring, e.measuring, cut, connected);
        if (!e.measuring) e.start = cut;
        String aborted = run.failure() != null ? run.failure() : stop.raised() ? stop.reason() : null;
        Window window = new Window(e.startedAt.toString(), Instant.now().toString(), (cut.nanos() - e.start.nanos()) / 1e9,
                (e.start.spreadNanos() + done.spreadNanos()) / 2e9);
        List<IntervalResult> intervals = resources.afterLevel(e.intervals, e.edgesMillis);
        // the fault's exits and outage first: the verdict reads them (a failed command's stall is not the fault's)
        org.oltpbench.result.repeat.topology.Fault fault = e.faults.result(intervals);
        return result(window, e.start, cut, intervals, aborted, run.errors(), fault).withFault(fault)
                .withAnalytics(analytics);
    }

    /**
     * The resources and CPU at the window's end, which no sample was taken at: the window ends at the deadline, or later
     * when a transaction in flight then ended later (its seconds are the window's), or earlier than the reporter woke.
     * Read on the line between the samples around it: the last edge's and the one where the level stopped when it
     * ended before that, else the one where it stopped and the one after the stop (spread evenly over the stop, the
     * share of it that the window's tail took). So the last interval's resources are those of its own seconds.
     */
    private static Sampled atWindowEnd(long windowEnd, Mark last, Sampled stopped, Mark done) {
        return windowEnd <= stopped.nanos() ? last.sampled().at(windowEnd, stopped) : stopped.at(windowEnd, done.sampled());
    }

    /** Above this share of its nominal length an interval is late, and one line says why when that is known. */
    static final double LATE = 1.5;

    /**
     * Tells the listeners when the interval just published ran more than {@link #LATE} times its nominal length, with
     * what held the reporter: the report before it, the harvest, or a late wake (with the wake's own wait for a CPU).
     */
    private void late(Edges e, long wokeLate, long priorWork, long priorSample) {
        IntervalResult i = e.intervals.get(e.intervals.size() - 1);
        double step = e.step / 1e9, half = e.step / 2.0;
        if (i.seconds() <= LATE * step) return;
        String why;
        if (priorWork > half) {
            why = String.format(java.util.Locale.ROOT, "the report at the edge before took %.1f s (sampling the sources "
                    + "%.1f s)", priorWork / 1e9, priorSample / 1e9);
        } else if (e.last.spreadNanos() > half) {
            why = String.format(java.util.Locale.ROOT, "the harvest took %.1f s", e.last.spreadNanos() / 1e9);
        } else if (wokeLate > half) {
            why = String.format(java.util.Locale.ROOT, "the reporter woke %.1f s late", wokeLate / 1e9)
                    + i.resources().client().cpuWait().lateWake(wokeLate / 1e9);
        } else {
            why = "cause unknown";
        }
        listener.late(i, why);
    }

    /** Terminals connected now (not reconnecting): the progress line's thds. */
    private int connected() {
        return sessions == null ? s.level().threads() : s.level().threads() - sessions.reconnecting();
    }

    /** Publishes the interval since {@code last}, harvested now; rates divide by its measured length. */
    private Mark report(Edges e, boolean warmup, boolean measuring, Edge edge) {
        return report(e, warmup, measuring, mark(measuring, edge), connected());
    }

    /** Publishes the interval from {@code last} to {@code here}. */
    private Mark report(Edges e, boolean warmup, boolean measuring, Mark here, int connected) {
        Mark last = e.last;
        long t0 = e.t0;
        List<IntervalResult> intervals = e.intervals;
        e.edgesMillis.add(here.res().epochMillis());
        long now = here.nanos();
        CpuClock.Sample cpu = here.cpu();
        Snapshot d = here.reading().totals().minus(last.reading().totals());
        double seconds = Math.max(0, now - last.nanos()) / 1e9;
        IntervalResult i = new IntervalResult((now - t0) / 1e9, seconds, connected, d.events(),
                d.reads(), d.writes(), d.other(), d.ignoredErrors(), d.reconnects(), warmup,
                seconds > 0 ? CpuClock.cores(last.cpu(), cpu) : 0, Histograms.encode(interval), arrivals.queue(now),
                typeCounts(d), resources.between(last.res(), here.res()),
                new IntervalResult.TerminalTime(d.dueNanos() / 1e9, d.pausedNanos() / 1e9), schedule(d), waits.harvest());
        interval.reset();
        intervals.add(i);
        // journaled before it is shown: an interval the console printed is on disk
        if (listener.wantsDetail()) listener.intervalDetail(i, detail(d));
        listener.interval(i);
        return here;
    }

    /**
     * What the interval {@code d} adds to the window, per type, from the counters and this harvest's per-type
     * histograms (the ones collect filled for this interval's edge).
     */
    private org.oltpbench.result.repeat.counted.IntervalDetail detail(Snapshot d) {
        List<String> names = workload.info().typeNames();
        List<TxnMetrics> types = new ArrayList<>(names.size());
        long rollbacks = 0, retries = 0;
        for (int k = 0; k < names.size(); k++) {
            Snapshot.Type t = d.type(k);
            types.add(new TxnMetrics(names.get(k), t.committed(), t.rollbacks(), t.retries(), t.errors(),
                    Histograms.encode(scratch[k]), k < scratchService.length ? Histograms.encode(scratchService[k]) : null,
                    k < scratchQueue.length ? Histograms.encode(scratchQueue[k]) : null, t.keyingNanos(), t.thinkNanos()));
            rollbacks += t.rollbacks();
            retries += t.retries();
        }
        // errors as the repeat counts them: those that were not ignored (each ends the level), not the types' failures
        // that the ignore list restarted
        int fatal = level == null ? 0 : level.errors();
        long errors = fatal - journaledErrors;
        journaledErrors = fatal;
        java.util.Map<String, Long> tallies = new java.util.LinkedHashMap<>();
        List<String> tallyNames = workload.info().tallies();
        for (int k = 0; k < tallyNames.size(); k++) tallies.put(tallyNames.get(k), d.tally(names.size(), k));
        return new org.oltpbench.result.repeat.counted.IntervalDetail(new Counts(d.events(), rollbacks, d.reads(), d.writes(), d.other(),
                d.ignoredErrors(), errors, retries, d.reconnects(), d.latencyNanos(), tallies, errorLog.sinceLastHarvest()),
                types);
    }

    /** What the latency limit and the rate's schedule counted in {@code d}. */
    private static org.oltpbench.result.repeat.counted.Schedule schedule(Snapshot d) {
        return new org.oltpbench.result.repeat.counted.Schedule(d.skipped(), d.late(), d.lagNanos(), d.maxLagNanos());
    }

    /** Transactions per type in {@code d} (committed plus prescribed rollbacks), in the workload's order. */
    private List<Long> typeCounts(Snapshot d) {
        Long[] out = new Long[scratch.length];
        for (int k = 0; k < out.length; k++) out[k] = d.type(k).committed() + d.type(k).rollbacks();
        return java.util.Arrays.asList(out);
    }

    /**
     * Harvests every thread: its counters and, at the same instant, its latencies, which go to the interval
     * histogram and (when measuring) the cumulative per-type ones; the terminals' phases in progress count up to {@code now}.
     */
    private Reading collect(boolean measuring, Edge edge, long now) {
        Snapshot.Sum totals = new Snapshot.Sum(scratch.length, workload.info().tallies().size());
        long[] events = new long[stats.length], nanos = new long[stats.length];
        // every thread's latencies are summed in scratch first, then added to the interval and window histograms
        // once: per thread only its own (packed) interval histogram is walked, which keeps the edges of the window
        // close together in time at thousands of threads
        for (Histogram h : scratch) h.reset();
        for (Histogram h : scratchService) h.reset();
        for (Histogram h : scratchQueue) h.reset();
        for (int i = 0; i < stats.length; i++) {
            Snapshot t = stats[i].harvest(recycled[i], scratch, scratchService, scratchQueue, ringScratch, now);
            errorLog.harvested(i, t);
            if (edge == Edge.OPENS) errorLog.opened(i);
            else if (edge == Edge.CLOSES) errorLog.closed(i);
            totals.add(t);
            events[i] = t.events();
            nanos[i] = t.latencyNanos();
        }
        for (int k = 0; k < scratch.length; k++) {
            interval.add(scratch[k]);
            if (measuring) cumulative[k].add(scratch[k]);
            if (measuring && k < scratchService.length) cumulativeService[k].add(scratchService[k]);
            if (measuring && k < scratchQueue.length) cumulativeQueue[k].add(scratchQueue[k]);
        }
        return new Reading(totals.total(), events, nanos);
    }

    /** The counters at one instant: summed over threads, and each thread's events and latency sum (for fairness). */
    private record Reading(Snapshot totals, long[] threadEvents, long[] threadNanos) {
    }

    /** @param fault the fault plan's commands as they ran and its outage; Fault.NONE when none ran */
    private RepeatResult result(Window window, Mark start, Mark done, List<IntervalResult> intervals, String aborted,
                                int errors, org.oltpbench.result.repeat.topology.Fault fault) {
        Snapshot t = done.reading().totals().minus(start.reading().totals());
        List<String> types = workload.info().typeNames();
        List<TxnMetrics> txns = new ArrayList<>();
        long rollbacks = 0, retries = 0;
        for (int k = 0; k < types.size(); k++) {
            Snapshot.Type type = t.type(k);
            txns.add(new TxnMetrics(types.get(k), type.committed(), type.rollbacks(), type.retries(), type.errors(),
                    Histograms.encode(cumulative[k]), k < cumulativeService.length ? Histograms.encode(cumulativeService[k]) : null,
                    k < cumulativeQueue.length ? Histograms.encode(cumulativeQueue[k]) : null, type.keyingNanos(),
                    type.thinkNanos()));
            rollbacks += type.rollbacks();
            retries += type.retries();
        }
        java.util.Map<String, Long> tallies = new java.util.LinkedHashMap<>();
        List<String> names = workload.info().tallies();
        for (int k = 0; k < names.size(); k++) tallies.put(names.get(k), t.tally(types.size(), k));
        Counts counts = new Counts(t.events(), rollbacks, t.reads(), t.writes(), t.other(), t.ignoredErrors(), errors, retries,
                t.reconnects(), t.latencyNanos(), tallies, errorLog.counts(), schedule(t));
        List<Long> threadEvents = new ArrayList<>(), threadNanos = new ArrayList<>();
        long[] ev = diff(done.reading().threadEvents(), start.reading().threadEvents());
        long[] ns = diff(done.reading().threadNanos(), start.reading().threadNanos());
        for (int i = 0; i < ev.length; i++) {
            threadEvents.add(ev[i]);
            threadNanos.add(ns[i]);
        }
        // the client's committed transactions over the whole repeat, formed as the server's counter counts them
        Snapshot all = done.reading().totals();
        // and what the side load (CH's streams and heartbeat) committed on the same server
        SideLoad.Commits sideCommits = side.commits();
        long commits = all.commits() + sideCommits.explicit()
                + (counter.countsAutocommit() ? all.autocommits() + sideCommits.autocommitted() : 0);
        ClientCpu cpu = CpuClock.between(start.cpu(), done.cpu());
        return new RepeatResult(s.repeat(), s.level().threads(), aborted == null ? RepeatResult.COMPLETED : RepeatResult.ABORTED,
                aborted, new RepeatResult.Measured(window, counts, txns, intervals),
                new RepeatResult.PerThread(threadEvents, threadNanos), cpu,
                RepeatResult.ServerChecks.of(ServerCount.none("not read yet", commits)), RepeatResult.Topology.NONE,
                usage(intervals, window, start, done, counts, cpu, offered(intervals, txns, window, counts), fault), org.oltpbench.result.repeat.analytics.Analytics.NONE);
    }

    /**
     * The intervals the window's resources are summed over: the measured ones, or without report intervals
     * (intervalSecs=0) the whole window as one, sampled at its edges, with what the sources asked after the
     * level (Prometheus) say of it.
     */
    private List<IntervalResult> measuredOrWhole(List<IntervalResult> intervals, Window window, Mark start, Mark done) {
        if (intervals.stream().anyMatch(i -> !i.warmup())) return intervals;
        IntervalResult whole = new IntervalResult(window.seconds(), window.seconds(), s.level().threads(), 0, 0, 0, 0, 0, 0, false, 0,
                null, -1, List.of(), resources.between(start.res(), done.res()));
        return resources.afterLevel(List.of(whole), List.of(start.res().epochMillis(), done.res().epochMillis()));
    }

    /**
     * The window's resources, whether it stalled, and the verdict: connection waits from the queue histograms (µs)
     * against latency.
     */
    /** What bounded the load the terminals offered: their waits by design over the window's intervals, and the rate. */
    private VerdictRules.Offered offered(List<IntervalResult> intervals, List<TxnMetrics> txns, Window window, Counts counts) {
        return VerdictRules.Offered.of(intervals, txns, s.level().threads(), s.level().rate(), counts.transactions(),
                window.seconds());
    }

    private Usage usage(List<IntervalResult> intervals, Window window, Mark start, Mark done, Counts counts, ClientCpu cpu,
                        VerdictRules.Offered offered, org.oltpbench.result.repeat.topology.Fault fault) {
        double queued = 0;
        for (Histogram q : cumulativeQueue) queued += q.getMean() * q.getTotalCount();
        double latency = counts.latencySumNanos() / 1e3;
        Histogram all = Histograms.empty();
        for (Histogram h : cumulative) all.add(h);
        Stall stall = StallRule.of(intervals, all, window.seconds(), s.level().secs(), s.sweep().intervalSecs(), s.level().rate());
        var in = new VerdictRules.Inputs(latency > 0 ? queued / latency : 0, s.level().connections(),
                counts.retries() + counts.ignoredErrors(), counts.transactions(), stall, offered).withFault(fault);
        return Usages.of(measuredOrWhole(intervals, window, start, done), counts.transactions(), cpu.hostCores(), in);
    }

    private static long[] diff(long[] a, long[] b) {
        long[] out = new long[a.length];
        for (int i = 0; i < a.length; i++) out[i] = a[i] - b[i];
        return out;
    }

    /**
     * Waits for workers to finish their transaction in flight. After a short wait, threads still blocked
     * (waiting to open a connection or backing off from a reconnect) are interrupted; any still
     * inside a statement after the grace period are abandoned (they are daemons). A level without terminals (CH's
     * analytics alone) has none to wait for: its done latch, which only its time opens, is never waited on here (it held
     * every such level 32 s after its deadline).
     */
    private void joinAll(LevelRun run, List<Thread> threads) throws InterruptedException {
        if (threads.isEmpty()) return;
        if (run.awaitDoneUntil(clock.nanoTime() + 2_000_000_000L)) return;
        for (Thread t : threads) t.interrupt();
        if (run.awaitDoneUntil(clock.nanoTime() + GRACE_NANOS)) return;
        for (int i = 0; i < threads.size(); i++) if (threads.get(i).isAlive()) workers.get(i).abandon();
    }
}
