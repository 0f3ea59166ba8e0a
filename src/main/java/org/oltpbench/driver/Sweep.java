package org.oltpbench.driver;

import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.oltpbench.config.SweepParams;
import org.oltpbench.config.ThreadModel;
import org.oltpbench.db.Database;
import org.oltpbench.driver.search.SearchDecisions;
import org.oltpbench.driver.search.SearchReplay;
import org.oltpbench.result.judge.usage.Usages;
import org.oltpbench.result.level.LevelResult;
import org.oltpbench.result.repeat.RepeatPick;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.run.RunResult;
import org.oltpbench.result.search.SearchOutcome;
import org.oltpbench.workload.Workload;

/**
 * The thread sweep: every level of {@code threads}, {@code repeat} times each, or a search's probes, publishing events
 * as it goes. A repeat that aborts (an error that was not ignored, a dead worker, Ctrl-C) ends the sweep; what ran is
 * kept. A search's decisions (driver/search) name each next probe, and the run records their answer after every repeat.
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
    private org.oltpbench.measure.resources.ResourceSampler resources =
            org.oltpbench.measure.resources.ResourceSampler.clientOnly();

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
        this.plan = params.search().present() ? new Searched(params, workload.info()) : new Listed(params);
    }

    /** The levels' clock: the system's, or a simulated one in tests. */
    private org.oltpbench.util.Clock clock = org.oltpbench.util.Clock.SYSTEM;

    /** Runs the levels on {@code c} (tests place every edge on a simulated clock). */
    Sweep clock(org.oltpbench.util.Clock c) {
        this.clock = c;
        return this;
    }

    /** Whether the levels sample their server sessions' waits (waits=; issue 45). Off unless the job asks. */
    private boolean waits;

    /** Samples the benchmark's server sessions' waits at every level when {@code on}. */
    public Sweep waits(boolean on) {
        this.waits = on;
        return this;
    }

    /** Samples the job's resource sources at every interval (the client alone without this). */
    public Sweep resources(org.oltpbench.measure.resources.ResourceSampler r) {
        this.resources = r;
        return this;
    }

    /**
     * @param run the run's identity with no levels yet
     * @return the finished run; {@link RunResult#completed()} is false when a repeat aborted
     * @throws LevelRunner.SetupException when a level's workers could not connect or prepare
     */
    public RunResult run(RunResult run) throws InterruptedException, SQLException {
        begin(run);
        while (hasNext()) step();
        return end();
    }

    // --- the sweep as steps, so that several sweeps can take turns (interleaved runs of several targets) ---

    private RunResult current;
    private int rep = 1, slot;
    private boolean go = true;
    private List<RepeatResult> done = new ArrayList<>();
    /** The level finished before the one running (null before the first finishes). */
    private LevelResult previous;
    private final Plan plan;

    /** Which level runs next and when it has repeated enough: the listed levels, or a search's probes. */
    private interface Plan {
        /** The level that runs next; null when none is left. */
        SweepParams.LevelParams current();

        /** Whether {@code level} (its repeats so far) has repeated enough. */
        boolean repeatedEnough(LevelResult level);

        /** {@code level} is over: move on. */
        void finished(LevelResult level);

        /**
         * The answer as it stands, what the run records: null for listed levels; a search's over its finished probes and
         * {@code running} (a probe still repeating, or null) judged on its repeats so far, as a replay of the run's levels
         * would judge it, so that a run killed between repeats leaves the answer its levels give.
         */
        SearchOutcome answer(LevelResult running);
    }

    /** The levels threads= lists, each repeat= times. */
    private static final class Listed implements Plan {
        private final SweepParams params;
        private int index;

        Listed(SweepParams params) {
            this.params = params;
        }

        @Override
        public SweepParams.LevelParams current() {
            return index < params.levels().size() ? params.levels().get(index) : null;
        }

        @Override
        public boolean repeatedEnough(LevelResult level) {
            return level.repeats().size() >= params.repeat();
        }

        @Override
        public void finished(LevelResult level) {
            index++;
        }

        @Override
        public SearchOutcome answer(LevelResult running) {
            return null;
        }
    }

    /** A search (threads, rate or warehouses): each probe repeats until the search has enough; it names the next. */
    private static final class Searched implements Plan {
        private final SweepParams.LevelParams first;
        private final org.oltpbench.config.SearchParams search;
        private final org.oltpbench.result.workload.WorkloadInfo info;
        private final int warmupSecs;
        private final SearchDecisions decisions;
        /** The probes the decisions were given, in order. */
        private final List<LevelResult> probes = new ArrayList<>();
        private SweepParams.LevelParams current;

        Searched(SweepParams params, org.oltpbench.result.workload.WorkloadInfo info) {
            this.search = params.search();
            this.first = params.levels().get(0);
            this.info = info;
            this.warmupSecs = params.warmupSecs();
            this.decisions = SearchDecisions.of(search, info, warmupSecs);
            this.current = at(search.from());
        }

        /** The probe at {@code level} on the search's axis. */
        private SweepParams.LevelParams at(int level) {
            return switch (search.axis()) {
                case THREADS -> first.at(level, search.model());
                case RATE -> first.atRate(level);
                case WAREHOUSES -> first.atWarehouses(level, search.model());
            };
        }

        @Override
        public SweepParams.LevelParams current() {
            return current;
        }

        @Override
        public boolean repeatedEnough(LevelResult level) {
            return decisions.enough(level);
        }

        @Override
        public void finished(LevelResult level) {
            probes.add(level);
            int next = decisions.next(level);
            current = next == 0 ? null : at(next);
        }

        @Override
        public SearchOutcome answer(LevelResult running) {
            if (running == null) return decisions.outcome();
            List<LevelResult> all = new ArrayList<>(probes);
            all.add(running);
            return SearchReplay.of(search, info, warmupSecs, all).outcome();
        }
    }

    /** Starts the sweep: {@code run} is its identity with no levels yet. */
    public void begin(RunResult run) {
        current = run.withSearch(plan.answer(null));
        listener.runStarted(current);
    }

    /** Whether a repeat is left to run: levels remain, no repeat aborted or failed its check, and no Ctrl-C. */
    public boolean hasNext() {
        return go && !stop.raised() && plan.current() != null;
    }

    /** The whole job's threads of the level {@link #step} runs next (call while {@link #hasNext}). */
    public int nextLevel() {
        return plan.current().totalThreads();
    }

    /** Runs the next repeat of the current level; after a level's last repeat, the level is finished and the next begins. */
    public void step() throws InterruptedException, SQLException {
        SweepParams.LevelParams level = plan.current();
        int threads = level.threads();
        if (rep == 1 && params.search().present()) listener.probeStarted(threads, probeRate(level), probeWarehouses(level));
        listener.repeatStarted(threads, rep, params.repeat());
        RepeatResult r = new LevelRunner(settings(level, rep), workloadOf(level), db, listener, stop, gate(slot), clock)
                .resources(resources).waits(waits).run();
        // with several hosts behind the front ends (replicas), how far each replica is behind as the repeat ends
        if (db.frontEnds().hosts().size() > 1) r = r.withReplication(db.replicaLags());
        r = besidePrevious(r);
        go = r.completed();
        if (go && after != AfterRepeat.NONE) {
            // checked before it is published, so that the result (and TPC-C's verdict, 3.3.2) carries the outcome
            go = after.ok(r);
            r = r.withConsistency(go);
        }
        done.add(r);
        LevelResult now = level(level, done);
        current = current.withLevel(now);
        now = current.levels().stream().filter(now::sameLevel).findFirst().orElseThrow();
        boolean over = !go || stop.raised() || plan.repeatedEnough(now);
        if (over) plan.finished(now);
        current = current.withSearch(plan.answer(over ? null : now));
        listener.repeatFinished(current, r);
        slot++;
        rep++;
        if (over) {
            listener.levelFinished(current, now);
            previous = now;
            rep = 1;
            done = new ArrayList<>();
        }
    }

    /**
     * The repeat beside the level the sweep ran before it, when that level had fewer threads: a verdict that would
     * advise more threads does not where throughput fell below that level's.
     */
    private RepeatResult besidePrevious(RepeatResult r) {
        LevelResult before = previous;
        if (before == null || before.threads() >= r.threads() || before.kept() == null) return r;
        return r.withUsage(Usages.after(r.usage(), before.threads(), before.kept().tps(), r.tps()));
    }

    /** Ends the sweep and returns the run as it stands. */
    public RunResult end() {
        current = current.ended(Instant.now().toString());
        listener.runFinished(current);
        return current;
    }

    /** The gate of the slot-th repeat of the sweep: at once, or at its slot's start with startAt. */
    private StartGate gate(int slot) {
        Instant at = params.start(slot);
        return at == null ? StartGate.NOW : gates.apply(at);
    }

    /** The level's result: a searched rate or warehouses is recorded beside its threads (two probes may share them). */
    private LevelResult level(SweepParams.LevelParams level, List<RepeatResult> repeats) {
        int threads = level.threads();
        return new LevelResult(threads, db.frontEnds().spread(threads), RepeatPick.pick(repeats, params.repeatPick()),
                repeats).at(probeRate(level), probeWarehouses(level));
    }

    /** A rate search's probe rate, as its result records it; 0 where the search does not vary the rate. */
    private double probeRate(SweepParams.LevelParams level) {
        return params.search().axis() == org.oltpbench.config.SearchParams.Axis.RATE ? level.rate() : 0;
    }

    /** A warehouses search's probe warehouses; 0 otherwise. */
    private int probeWarehouses(SweepParams.LevelParams level) {
        return params.search().axis() == org.oltpbench.config.SearchParams.Axis.WAREHOUSES ? level.warehouses() : 0;
    }

    /** The workload a level runs: the run's, or its terminals on a searched number of warehouses. */
    private final java.util.Map<Integer, Workload> scaled = new java.util.HashMap<>();

    private Workload workloadOf(SweepParams.LevelParams level) {
        return level.warehouses() == 0 ? workload : scaled.computeIfAbsent(level.warehouses(), workload::onWarehouses);
    }

    LevelRunner.Settings settings(SweepParams.LevelParams level, int rep) {
        return LevelRunner.Settings.of(params, level, rep, new IgnoreList(params.ignoreErrors(), db.dialect().retryableCodes(),
                e -> db.dialect().classify(e) == org.oltpbench.dialect.Dialect.ErrorClass.RETRYABLE));
    }
}
