package org.oltpbench.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.PriorityQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.LongUnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.oltpbench.config.ClientShare;
import org.oltpbench.config.FaultPlan;
import org.oltpbench.config.RunParams;
import org.oltpbench.config.SearchParams;
import org.oltpbench.config.SweepParams;
import org.oltpbench.config.ThreadModel;
import org.oltpbench.db.Database;
import org.oltpbench.dialect.Dialects;
import org.oltpbench.result.Fixtures;
import org.oltpbench.result.level.LevelResult;
import org.oltpbench.result.run.RunResult;
import org.oltpbench.driver.search.SearchReplay;
import org.oltpbench.result.file.ResultFiles;
import org.oltpbench.result.search.Probe;
import org.oltpbench.result.search.SearchOutcome;

/**
 * threads=search through the sweep, on simulated time and the fake driver: a server of 6 slots that serves a statement
 * in 1 ms, so a level of T threads makes 1,000 x min(T, 6) tps, less a transaction or two cut at the edges: every
 * 8-s probe's interval is within ±0.1% (one repeat is enough). By hand, from 1 with resolution 10% up to searchMax=16:
 * doubling 1, 2, 4, 8 (about 6,000, rose over 4,000), 16 (about 6,000: no rise); 8 and 16 are one plateau, within
 * noise of each other, and 16 is the cap, so the peak is not bracketed further; the knee's gap below 8 is halved: 6
 * (6,000, within noise), then 5 (5,000, beyond it). Seven probes; the knee at 6.
 */
@Timeout(60)
class SweepSearchTest {
    private static final long MS = 1_000_000L;

    /** Statements queue for {@code slots} servers of {@code service} nanos each: the duration from a statement's start. */
    static LongUnaryOperator queue(int slots, long service) {
        PriorityQueue<Long> free = new PriorityQueue<>();
        for (int i = 0; i < slots; i++) free.add(Long.MIN_VALUE);
        return start -> {
            synchronized (free) {
                long begin = Math.max(start, free.poll()), end = begin + service;
                free.add(end);
                return end - start;
            }
        };
    }

    /**
     * The sweep of {@code search}, its first level at {@code threads} threads of 8-s probes repeated up to its
     * searchMaxRepeats, against a server of {@code slots} slots of 1 ms each, on simulated time.
     */
    private static RunResult searched(int slots, int threads, SearchParams search) throws Exception {
        Recorded heard = new Recorded();
        RunResult r = searched(slots, threads, search, heard, 8);
        heard.replayedAlike();
        return r;
    }

    /**
     * The runs the sweep published: each holds the answer the sweep recorded, which must be what a replay of its levels
     * reaches (what RunResult derived before the answer was recorded), to the byte in result.json, and read back as written.
     */
    private static final class Recorded implements RunListener {
        final List<RunResult> runs = new java.util.concurrent.CopyOnWriteArrayList<>();

        @Override public void runStarted(RunResult run) { runs.add(run); }
        @Override public void repeatFinished(RunResult run, org.oltpbench.result.repeat.RepeatResult r) { runs.add(run); }
        @Override public void levelFinished(RunResult run, LevelResult l) { runs.add(run); }
        @Override public void runFinished(RunResult run) { runs.add(run); }

        void replayedAlike() {
            for (RunResult run : runs) {
                String json = ResultFiles.toJson(run);
                assertEquals(ResultFiles.toJson(SearchReplay.answered(run.withSearch(null))), json, "recorded after "
                        + run.levels().stream().mapToInt(l -> l.repeats().size()).sum() + " repeats");
                assertEquals(run.search(), ResultFiles.fromJson(json, "test").search(), "read back as written");
            }
        }
    }

    private static RunResult searched(int slots, int threads, SearchParams search, RunListener listener, int secs)
            throws Exception {
        return searched(slots, threads, search, secs, listener, new StopSignal(), Sweep.AfterRepeat.NONE);
    }

    /** A search at {@code threads} on a fake server of {@code slots} 1-ms slots, on the simulated clock. */
    static RunResult searched(int slots, int threads, SearchParams search, int secs, RunListener listener,
                              StopSignal stop, Sweep.AfterRepeat after) throws Exception {
        SimClock clock = new SimClock(0);
        FakeDriver d = new FakeDriver(clock, MS);
        d.durations(queue(slots, MS));
        Database db = Database.through(d, Dialects.forName("tidb"), "jdbc:mysql://fe1:4000/db");
        var first = new SweepParams.LevelParams(threads, threads, secs, 0, 0, ThreadModel.PLATFORM, 0, 0);
        var params = new SweepParams(List.of(first), search.maxRepeats(), "max", 0, 1, 1, null, 0, 7, List.of(), false,
                ClientShare.ALONE, FaultPlan.NONE, search);
        return CompletableFuture.supplyAsync(() -> {
            try {
                return new Sweep(params, db, new OneStatement(), listener, stop, after).clock(clock).run(start(params));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }).get(110, TimeUnit.SECONDS);
    }

    /** The run as a job starts it: the sweep's parameters and the workload's table, no levels yet. */
    static RunResult start(SweepParams sweep) {
        RunResult r = Fixtures.run(List.of());
        RunParams p = r.params();
        return RunResult.start(r.oltpbenchVersion(), new OneStatement().info(), new RunParams(p.target(), sweep, p.load(),
                p.output(), p.workload()), r.server(), r.client(), r.terms(), r.startedAt());
    }

    @Test
    void aSixSlotServerIsSearchedToItsKnee() throws Exception {
        var search = new SearchParams(1, 16, 0.10, 0.03, 3, SearchParams.LatencyLimit.NONE, ThreadModel.PLATFORM);
        RunResult r = searched(6, 1, search);
        assertEquals(List.of(1, 2, 4, 8, 16, 6, 5), r.levels().stream().map(LevelResult::threads).toList(),
                "the probes in the order they ran");
        assertEquals(List.of(1, 1, 1, 1, 1, 1, 1), r.levels().stream().map(l -> l.repeats().size()).toList());
        assertEquals(6000.0, r.level(16).kept().tps(), 1.0);
        assertEquals(5000.0, r.level(5).kept().tps(), 1e-9);
        SearchOutcome o = r.search();
        assertEquals(List.of(1, 2, 4, 8, 16, 6, 5), o.path().stream().map(Probe::threads).toList(), "the path recorded");
        assertEquals(6000.0, o.peak().tps(), 1.0, "the plateau's highest figure, wherever noise put it");
        assertEquals(6, o.knee().threads());
    }

    /**
     * rate=search with a known service time: 4 server slots of 1 ms each serve at most 4,000 tps; 8 threads take Poisson
     * arrivals, so latency from the scheduled start is 1 ms plus the queue (an M/D/4 queue). searchLimit=p99<=4.5ms, from
     * 500 tps, resolution 10%. The p99 over an 8-s probe, simulated apart from oltpbench over 40 windows per rate
     * ({@code python3 src/test/resources/expected/rate_search_mdc.py}; median, 5%-95%): 500 1.00; 1,000 1.19; 2,000 1.71;
     * 3,000 2.88 (2.67-3.04); 3,250 3.59 (3.26-4.29); 3,500 5.05 (4.31-6.36); 4,000 46 (28-98). So the doubling passes 500,
     * 1,000 and 2,000 and fails 4,000; the bisection passes 3,000, fails 3,500, passes 3,250 and stops, 3,500 - 3,250
     * being within 10% of 3,250: capacity 3,250 tps, 3,500 the first to fail.
     */
    @Test
    void aRateSearchFindsTheRateWhereTheQueueBreaksTheLimit() throws Exception {
        var search = new SearchParams(500, 1_000_000_000, 0.10, 0.03, 5, new SearchParams.LatencyLimit(99, 4.5),
                ThreadModel.PLATFORM, SearchParams.Axis.RATE);
        RunResult r = searched(4, 8, search);
        SearchOutcome o = r.search();
        assertEquals(List.of(500, 1000, 2000, 4000, 3000, 3500, 3250), o.path().stream().map(Probe::at).toList(),
                "the probes in the order they ran: " + o.path());
        assertEquals(List.of(true, true, true, false, true, false, true), o.path().stream().map(Probe::held).toList());
        assertEquals(3250, o.peak().at(), "the capacity");
        assertEquals(3500, o.firstBroken().at());
        assertEquals(3250.0, o.peak().tps(), 3250 * 0.03, "it served what arrived");
        assertEquals(1.0, o.path().get(0).latencyMs(), 0.01, "1 ms of service and no queue at 500 tps");
        assertEquals(List.of(8), r.levels().stream().map(LevelResult::threads).distinct().toList(), "every probe at 8 threads");
        assertEquals(7, r.levels().size(), "probes at one thread level are kept apart by their rate");
    }

    /**
     * A probe that repeats: one 3-s repeat records fewer intervals than an interval needs (8), so each probe runs its
     * searchMaxRepeats=2 repeats, from 1 up to searchMax=2 (2 rises over 1). After each first repeat the recorded
     * answer holds the probe judged on that repeat alone, as a replay of the levels judges it (a run killed there leaves
     * it so); every published run is checked ({@link Recorded}).
     */
    @Test
    void theAnswerIsRecordedAfterEveryRepeatAsAReplayReachesIt() throws Exception {
        var search = new SearchParams(1, 2, 0.10, 0.03, 2, SearchParams.LatencyLimit.NONE, ThreadModel.PLATFORM);
        Recorded heard = new Recorded();
        RunResult r = searched(6, 1, search, heard, 3);
        heard.replayedAlike();
        assertEquals(List.of(1, 2), r.search().path().stream().map(Probe::threads).toList());
        assertEquals(List.of(2, 2), r.search().path().stream().map(Probe::repeats).toList());
        // started; then per repeat (repeatFinished, and levelFinished after the second): 1 1 1 | 2 2 2; finished
        assertEquals(List.of(0, 1, 1, 1, 2, 2, 2, 2), heard.runs.stream().map(run -> run.search().path().size()).toList(),
                "the probe in progress is in the answer");
        assertEquals(1, heard.runs.get(1).search().path().get(0).repeats(), "judged on its first repeat");
    }
}
