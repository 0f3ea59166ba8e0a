package org.oltpbench.driver;

import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.oltpbench.config.Config;
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

    public Sweep(Config cfg, Database db, Workload workload, RunListener listener, StopSignal stop, AfterRepeat after) {
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
        for (int threads : cfg.get(Keys.THREADS)) {
            List<RepeatResult> done = new ArrayList<>();
            for (int rep = 1; rep <= repeats && go && !stop.raised(); rep++) {
                listener.repeatStarted(threads, rep, repeats);
                RepeatResult r = new LevelRunner(settings(threads, rep), workload, db, listener, stop).run();
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

    private LevelResult level(int threads, List<RepeatResult> repeats) {
        return new LevelResult(threads, db.frontEnds().spread(threads), RepeatPick.pick(repeats, cfg.get(Keys.REPEAT_PICK)),
                repeats);
    }

    LevelRunner.Settings settings(int threads, int rep) {
        long seed = cfg.get(Keys.RAND_SEED) != 0 ? cfg.get(Keys.RAND_SEED) + rep : System.nanoTime();
        return new LevelRunner.Settings(threads, rep, cfg.get(Keys.WARMUP_SECS), levelSecs(), levelEvents(threads),
                levelRate(), cfg.get(Keys.REPORT_INTERVAL_SECS), seed, new IgnoreList(cfg.get(Keys.IGNORE_ERRORS)));
    }

    /** Seconds per level: BenchmarkSQL's runMins when set, else time (0 when only a transaction count bounds the level). */
    private int levelSecs() {
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
