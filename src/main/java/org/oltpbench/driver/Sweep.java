package org.oltpbench.driver;

import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.oltpbench.config.SweepParams;
import org.oltpbench.config.ThreadModel;
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

    private final SweepParams params;
    private final Database db;
    private final Workload workload;
    private final RunListener listener;
    private final StopSignal stop;
    private final AfterRepeat after;
    private final Function<Instant, StartGate> gates;

    public Sweep(SweepParams params, Database db, Workload workload, RunListener listener, StopSignal stop, AfterRepeat after) {
        this(params, db, workload, listener, stop, after, at -> StartGate.NOW);
    }

    /** @param gates makes the gate of a repeat that must start at an instant (startAt); unused without startAt */
    public Sweep(SweepParams params, Database db, Workload workload, RunListener listener, StopSignal stop, AfterRepeat after,
                 Function<Instant, StartGate> gates) {
        this.params = params;
        this.gates = gates;
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
        int repeats = params.repeat();
        boolean go = true;
        int slot = 0;
        for (SweepParams.LevelParams level : params.levels()) {
            int threads = level.threads();
            List<RepeatResult> done = new ArrayList<>();
            for (int rep = 1; rep <= repeats && go && !stop.raised(); rep++, slot++) {
                listener.repeatStarted(threads, rep, repeats);
                RepeatResult r = new LevelRunner(settings(level, rep), workload, db, listener, stop, gate(slot)).run();
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

    /** The gate of the slot-th repeat of the sweep: at once, or at its slot's start with startAt. */
    private StartGate gate(int slot) {
        Instant at = params.start(slot);
        return at == null ? StartGate.NOW : gates.apply(at);
    }

    private LevelResult level(int threads, List<RepeatResult> repeats) {
        return new LevelResult(threads, db.frontEnds().spread(threads), RepeatPick.pick(repeats, params.repeatPick()),
                repeats);
    }

    LevelRunner.Settings settings(SweepParams.LevelParams level, int rep) {
        long seed = params.randSeed() != 0 ? params.randSeed() + rep : System.nanoTime();
        return new LevelRunner.Settings(level.threads(), rep, params.warmupSecs(), level.secs(), level.events(), level.rate(),
                params.reportIntervalSecs(), seed, new IgnoreList(params.ignoreErrors(), db.dialect().retryableCodes()), level.model() == ThreadModel.VIRTUAL);
    }
}
