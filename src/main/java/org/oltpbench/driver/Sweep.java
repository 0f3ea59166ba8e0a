package org.oltpbench.driver;

import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.oltpbench.config.ClientShare;
import org.oltpbench.config.Config;
import org.oltpbench.config.ConfigException;
import org.oltpbench.config.Keys;
import org.oltpbench.db.Database;
import org.oltpbench.result.LevelResult;
import org.oltpbench.result.RepeatPick;
import org.oltpbench.result.RepeatResult;
import org.oltpbench.result.RunResult;
import org.oltpbench.workload.Workload;

/**
 * The thread sweep: every level of {@code threads}, {@code repeat} times each, publishing events as it goes.
 * A repeat that aborts (an error that was not ignored, a dead worker, Ctrl-C) ends the sweep; what ran is kept.
 */
public final class Sweep {

    /** Runs after each completed repeat (TPC-C's checkAfterRun); false stops the sweep. */
    public interface AfterRepeat {
        boolean ok(RepeatResult r) throws SQLException;

        AfterRepeat NONE = r -> true;
    }

    private final Config cfg;
    private final Database db;
    private final Workload workload;
    private final RunListener listener;
    private final StopSignal stop;
    private final AfterRepeat after;
    private final Function<Instant, StartGate> gates;
    private final ClientShare share;

    public Sweep(Config cfg, Database db, Workload workload, RunListener listener, StopSignal stop, AfterRepeat after) {
        this(cfg, db, workload, listener, stop, after, at -> StartGate.NOW);
    }

    /** @param gates makes the gate of a repeat that must start at an instant (startAt); unused without startAt */
    public Sweep(Config cfg, Database db, Workload workload, RunListener listener, StopSignal stop, AfterRepeat after,
                 Function<Instant, StartGate> gates) {
        this.gates = gates;
        this.share = ClientShare.of(cfg);
        this.cfg = cfg;
        this.db = db;
        this.workload = workload;
        this.listener = listener;
        this.stop = stop;
        this.after = after;
    }

    /**
     * @param run the run's identity with no levels yet
     * @return the finished run; {@link RunResult#completed()} is false when a repeat aborted
     * @throws LevelRunner.SetupException when a level's workers could not connect or prepare
     */
    public RunResult run(RunResult run) throws InterruptedException, SQLException {
        listener.runStarted(run);
        int repeats = cfg.get(Keys.REPEAT);
        boolean go = true;
        int slot = 0;
        for (int total : cfg.get(Keys.THREADS)) {
            int threads = share.threads(total);
            List<RepeatResult> done = new ArrayList<>();
            for (int rep = 1; rep <= repeats && go && !stop.raised(); rep++, slot++) {
                listener.repeatStarted(threads, rep, repeats);
                RepeatResult r = new LevelRunner(settings(threads, rep), workload, db, listener, stop, gate(slot)).run();
                done.add(r);
                run = run.withLevel(level(threads, done));
                listener.repeatFinished(run, r);
                go = r.completed() && after.ok(r);
            }
            if (!done.isEmpty()) listener.levelFinished(run, run.level(threads));
            if (!go || stop.raised()) break;
        }
        run = run.ended(Instant.now().toString());
        listener.runFinished(run);
        return run;
    }

    /**
     * The gate of the slot-th repeat of the sweep: with startAt, repeat k starts k slots after it, a slot being
     * warm-up + measured time + levelPauseSecs, so clients that started apart measure together.
     */
    private StartGate gate(int slot) {
        Instant first = startAt(cfg);
        if (first == null) return StartGate.NOW;
        long slotSecs = (long) cfg.get(Keys.WARMUP_SECS) + levelSecs(cfg) + cfg.get(Keys.LEVEL_PAUSE_SECS);
        return gates.apply(first.plusSeconds(slot * slotSecs));
    }

    /** startAt as an instant; a time without a zone is this machine's local time; null when unset. */
    public static Instant startAt(Config cfg) {
        String text = cfg.get(Keys.START_AT);
        if (text == null || text.isBlank()) return null;
        try {
            return java.time.OffsetDateTime.parse(text.trim()).toInstant();
        } catch (java.time.format.DateTimeParseException e) {
            try {
                return java.time.LocalDateTime.parse(text.trim()).atZone(java.time.ZoneId.systemDefault()).toInstant();
            } catch (java.time.format.DateTimeParseException e2) {
                throw new ConfigException("bad value for startAt: '" + text + "'; allowed: an ISO-8601 time such as "
                        + "2026-11-23T10:00:00Z (UTC), 2026-11-23T10:00:00+08:00, or 2026-11-23T10:00:00 (local time)");
            }
        }
    }

    private LevelResult level(int threads, List<RepeatResult> repeats) {
        return new LevelResult(threads, db.frontEnds().spread(threads), RepeatPick.pick(repeats, cfg.get(Keys.REPEAT_PICK)),
                repeats);
    }

    LevelRunner.Settings settings(int threads, int rep) {
        long seed = cfg.get(Keys.RAND_SEED) != 0 ? cfg.get(Keys.RAND_SEED) + rep : System.nanoTime();
        return new LevelRunner.Settings(threads, rep, cfg.get(Keys.WARMUP_SECS), levelSecs(cfg), levelEvents(threads),
                levelRate(), cfg.get(Keys.REPORT_INTERVAL_SECS), seed, new IgnoreList(cfg.get(Keys.IGNORE_ERRORS)),
                virtualThreads(cfg.get(Keys.THREAD_MODEL), threads));
    }

    /** From this many threads, threadModel=auto runs terminals on virtual threads. */
    public static final int VIRTUAL_FROM = 512;

    /**
     * Whether a level's terminals run on virtual threads. Platform threads by the thousand on few cores starve the
     * reporter (measured: 5,000 on 2 cores took minutes to read the counters), and cost a stack each.
     */
    static boolean virtualThreads(String model, int threads) {
        return model.equals("virtual") || (model.equals("auto") && threads >= VIRTUAL_FROM);
    }

    /** Seconds per level: BenchmarkSQL's runMins when set, else time (0 when only a transaction count bounds the level). */
    public static int levelSecs(Config cfg) {
        if (cfg.get(Keys.RUN_MINS) > 0) return cfg.get(Keys.RUN_MINS) * 60;
        if (cfg.get(Keys.RUN_TXNS_PER_TERMINAL) > 0 && !cfg.isSet(Keys.TIME)) return 0;
        return cfg.get(Keys.TIME);
    }

    /** Transactions per level: BenchmarkSQL's runTxnsPerTerminal x terminals, else events. */
    private long levelEvents(int threads) {
        long perTerminal = cfg.get(Keys.RUN_TXNS_PER_TERMINAL);
        return perTerminal > 0 ? perTerminal * threads : cfg.get(Keys.EVENTS);
    }

    /** Transactions per second over all threads: BenchmarkSQL's limitTxnsPerMin / 60, else rate. */
    private double levelRate() {
        double perMin = cfg.get(Keys.LIMIT_TXNS_PER_MIN);
        return perMin > 0 ? perMin / 60 : cfg.get(Keys.RATE);
    }
}
