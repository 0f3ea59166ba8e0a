package org.oltpbench.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.oltpbench.db.Database;
import org.oltpbench.dialect.Dialects;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.repeat.counted.IntervalResult;
import org.oltpbench.result.repeat.topology.FrontEndUse;

/**
 * The level's clock and stop rules, on simulated time ({@link SimClock}) and a driver without a server
 * ({@link FakeDriver}): each statement takes an exact time, so every edge (the warm-up's end, a report, the deadline)
 * is placed by hand and every expected count below is worked out from the statement time.
 */
@Timeout(60)
class LevelRunnerTest {
    private static final long MS = 1_000_000L, S = 1_000_000_000L;
    private static final String TWO = "jdbc:mysql://fe1:4000,fe2:4000/db";

    private final SimClock clock = new SimClock(0);
    /** The level's workload: one SELECT per transaction; a test may give it a side load. */
    private final OneStatement workload = new OneStatement();
    /** How far each reading of the time by the reporter moves it on; 0 leaves it still while the reporter works. */
    private long reporterTick;
    /** What the reporter tells as the level runs; a test may make it slow. */
    private RunListener listener = RunListener.SILENT;
    private org.oltpbench.measure.resources.ResourceSampler sampler =
            org.oltpbench.measure.resources.ResourceSampler.clientOnly();
    /** Whether the level samples its sessions' waits (the fake driver's session view). */
    private boolean waits;

    private LevelRunner.Settings settings(int threads, int warmup, int time, long events, double rate, int interval) {
        return Levels.threads(threads).warmup(warmup).time(time).events(events).rate(rate).interval(interval).seed(7)
                .ignore(new IgnoreList(List.of())).build();
    }

    /**
     * Runs a level on its own thread; {@code timeline} runs on the test thread once the level measures, at time 0. The
     * test thread takes part in simulated time from before the level starts until its timeline ends: time cannot run
     * past the timeline's first instant while the test thread waits to be scheduled after the start (on a busy host it
     * did: fe1 was killed at 2.3 s, not 2 s).
     */
    private RepeatResult run(LevelRunner.Settings s, FakeDriver driver, String conn, StopSignal stop, Timeline timeline)
            throws Exception {
        return run(s, driver, conn, stop, timeline, null);
    }

    private RepeatResult run(LevelRunner.Settings s, FakeDriver driver, String conn, StopSignal stop, Timeline timeline,
                             FaultTimeline.Launcher faults) throws Exception {
        Database db = Database.through(driver, Dialects.forName("tidb"), conn);
        CountDownLatch started = new CountDownLatch(1);
        StartGate gate = st -> started.countDown();
        CompletableFuture<RepeatResult> f;
        clock.join();
        try {
            f = CompletableFuture.supplyAsync(() -> {
                try {
                    if (reporterTick > 0) clock.tickOnRead(Thread.currentThread(), reporterTick);
                    LevelRunner runner = new LevelRunner(s, workload, db, listener, stop, gate, clock).resources(sampler)
                            .waits(waits);
                    return (faults == null ? runner : runner.faults(faults)).run();
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            });
            assertTrue(started.await(30, TimeUnit.SECONDS), "the level did not start");
            timeline.run();
        } finally {
            clock.leave();
        }
        return f.get(30, TimeUnit.SECONDS);
    }

    private RepeatResult run(LevelRunner.Settings s, FakeDriver driver) throws Exception {
        return run(s, driver, "jdbc:mysql://fe1:4000/db", new StopSignal(), () -> {
        });
    }

    /**
     * Runs {@code level} on its own thread, whose reads of the clock wake {@code lateNanos} late (0: on time), and
     * returns its result within 30 s.
     */
    private RepeatResult onItsOwnThread(long lateNanos, Level level) throws Exception {
        return CompletableFuture.supplyAsync(() -> {
            if (lateNanos > 0) clock.late(Thread.currentThread(), lateNanos);
            try {
                return level.run();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        }).get(30, TimeUnit.SECONDS);
    }

    @FunctionalInterface
    interface Level {
        RepeatResult run() throws InterruptedException;
    }

    @FunctionalInterface
    interface Timeline {
        void run() throws Exception;
    }

    private static long measured(RepeatResult r) {
        return r.intervals().stream().filter(i -> !i.warmup()).mapToLong(IntervalResult::transactions).sum();
    }

    /**
     * Issue 27 §1.1: 64 threads at rate=10 wait 6.4 s on average for an arrival, most past the deadline. An arrival due
     * at or after the deadline is never submitted, so no latency is negative and the count is that of the arrivals
     * inside the 10 s: Poisson with mean 100 (sd 10). Idle threads take each arrival at once: latency = 1 ms exactly.
     */
    @Test
    void aRateWithLongGapsCountsOnlyArrivalsBeforeTheDeadline() throws Exception {
        RepeatResult r = run(settings(64, 0, 10, 0, 10, 5), new FakeDriver(clock, MS));
        long n = r.counts().transactions();
        assertTrue(Math.abs(n - 100) <= 30, n + " arrivals in 10 s at rate 10: outside 3 sd of Poisson(100)");
        assertEquals(1.0, r.avgMs(), 1e-9, "every transaction took its 1 ms statement, from its arrival");
        assertEquals(10.0, r.seconds(), 0.0011, "the window ends at the deadline (or the last 1 ms statement after it)");
        assertEquals(n, measured(r));
    }

    /**
     * Issue 42 §1.1: rate=2 on 1 thread for 20 s at 1 s intervals, 1 ms statements: every arrival is served at once,
     * yet with Poisson arrivals an interval holds none with probability e^-2 = 13.5% (seed 7 gives empty seconds). A
     * second with no arrival asked nothing of the server: no stall. Before, each empty second was "below 10% of the
     * median 2.0 tps" and the level was called stalled.
     */
    @Test
    void emptySecondsAtALowRateAreNoStall() throws Exception {
        RepeatResult r = run(settings(1, 0, 20, 0, 2, 1), new FakeDriver(clock, MS));
        assertTrue(r.intervals().stream().anyMatch(i -> !i.warmup() && i.transactions() == 0),
                "the seed gives at least one empty second, the case judged: " + r.intervals());
        assertTrue(!r.usage().stall().found(), r.usage().stall().evidence());
        assertTrue(r.usage().verdict().limit() != org.oltpbench.result.repeat.usage.Verdict.Limit.STALL, r.usage().verdict().toString());
    }

    /**
     * The same level when the server stops answering: statements that start between 5 and 5.5 s take 4 s. The terminal
     * waits on the server from the first of them to about 9 s: 3 whole seconds in which it waited and nothing ended,
     * while the median pace (1 transaction per 1 ms waited) asks ~1,000 of each: a stall.
     */
    @Test
    void aServerThatStopsAnsweringAtALowRateIsAStall() throws Exception {
        FakeDriver driver = new FakeDriver(clock, MS);
        driver.durations(t -> t >= 5 * S && t < 5 * S + 500 * MS ? 4 * S : MS);
        RepeatResult r = run(settings(1, 0, 20, 0, 2, 1), driver);
        assertTrue(r.usage().stall().found(), r.intervals().toString());
        assertTrue(r.usage().stall().quiet().size() >= 3, r.usage().stall().evidence());
    }

    /**
     * Paced terminals: 10 terminals key 1.5 s before each 10 ms statement (a cycle of 1.51 s, all in step), 10 s at 1 s
     * intervals: 10 transactions end in most seconds and none in every third (2-3, 5-6, 8-9 s), when every terminal was
     * keying. Those seconds asked nothing of the server (10 x 10 ms = 0.1 terminal-seconds at most were due in a
     * second): no stall. Before, they were below 10% of the median 10 tps.
     */
    @Test
    void secondsInWhichEveryTerminalKeyedAreNoStall() throws Exception {
        Database db = Database.through(new FakeDriver(clock, 10 * MS), Dialects.forName("tidb"), "jdbc:mysql://fe1:4000/db");
        RepeatResult r = onItsOwnThread(0, () -> new LevelRunner(settings(10, 0, 10, 0, 0, 1),
                new OneStatement(1_500 * MS), db, RunListener.SILENT, new StopSignal(), StartGate.NOW, clock).run());
        assertEquals(List.of(0L, 10L, 0L, 10L, 10L, 0L, 10L, 10L, 0L, 10L), r.intervals().stream()
                .map(IntervalResult::transactions).toList(), "cycles end at 1.51, 3.02, 4.53, ... s");
        assertTrue(!r.usage().stall().found(), r.usage().stall().evidence());
    }

    /**
     * Issue 27 §1.2: warm-up 5 s with 10 s intervals. The warm-up's end cuts the interval in progress, so the measured
     * intervals are [5,15], [15,25], [25,35] and hold exactly the window's transactions. 0.7 ms statements on 2
     * threads: transaction k of a thread ends at 0.7k ms, so the window (0.7k in (5000, 35000]) holds k = 7143..50000,
     * 42,858 per thread; each interval 14,286 per thread.
     */
    @Test
    void theWarmUpsEndCutsTheIntervalInProgress() throws Exception {
        RepeatResult r = run(settings(2, 5, 30, 0, 0, 10), new FakeDriver(clock, 700_000));
        List<IntervalResult> m = r.intervals().stream().filter(i -> !i.warmup()).toList();
        assertEquals(List.of(15.0, 25.0, 35.0), m.stream().map(IntervalResult::at).toList());
        assertEquals(List.of(10.0, 10.0, 10.0), m.stream().map(IntervalResult::seconds).toList());
        assertEquals(List.of(28_572L, 28_572L, 28_572L), m.stream().map(IntervalResult::transactions).toList());
        assertEquals(85_716, r.counts().transactions());
        assertEquals(30.0, r.seconds(), 1e-9);
        IntervalResult warm = r.intervals().get(0);
        assertTrue(warm.warmup() && warm.at() == 5.0 && warm.transactions() == 2 * 7_142, warm.toString());
    }

    /**
     * Issue 30 §1: the same level reported only at its edges (reportIntervalSecs=0) and at 10 s. Each thread runs 42,858
     * transactions between the warm-up's end and the deadline (by hand, above): its ring grows to 4,096 slots (the most
     * for 2 threads of one type) and the rest goes to its recorder, yet the window's histogram holds exactly the
     * counted transactions, each 700 µs, at either edge and at every report boundary.
     */
    @Test
    void theWindowsHistogramHoldsItsTransactionsWhenRingsGrowAndOverflow() throws Exception {
        for (int interval : new int[] {0, 10}) {
            RepeatResult r = run(settings(2, 5, 30, 0, 0, interval), new FakeDriver(clock, 700_000));
            assertEquals(85_716, r.counts().transactions(), "interval " + interval);
            assertEquals(85_716, r.histogram().getTotalCount(), "interval " + interval);
            assertEquals(700, r.histogram().getMinValue(), "interval " + interval);
            assertEquals(700, r.histogram().getMaxValue(), "interval " + interval);
            assertEquals(30.0, r.seconds(), 1e-9);
        }
    }

    /**
     * Issue 27 §1.6: events=100 after a 1 s warm-up. The budget is spent by transactions that end in the window only:
     * warm-up transactions spend none, so the window counts exactly 100 (the one in flight at the warm-up's end, from
     * 999.6 to 1000.3 ms, is one of them).
     */
    @Test
    void anEventBudgetIsSpentInTheWindowOnly() throws Exception {
        RepeatResult r = run(settings(1, 1, 0, 100, 0, 1), new FakeDriver(clock, 700_000));
        assertEquals(100, r.counts().transactions());
        assertEquals(100, measured(r));
        assertEquals(RepeatResult.COMPLETED, r.status());
        // from the warm-up's end (1000 ms) to the end of transaction 1,528 (1,069.6 ms)
        assertEquals(0.0696, r.seconds(), 1e-9);
    }

    /**
     * Issue 27 §1.6: runTxnsPerTerminal is BenchmarkSQL's count per terminal, not a pool: with fe2 three times slower,
     * each of the 4 terminals still runs exactly 50 (a shared pool of 200 would give fe1's terminals 75 each).
     */
    @Test
    void runTxnsPerTerminalIsACountPerTerminal() throws Exception {
        FakeDriver d = new FakeDriver(clock, 700_000);
        d.slow("fe2:4000", 3);
        LevelRunner.Settings s = Levels.threads(4).events(200).interval(1).seed(7)
                .ignore(new IgnoreList(List.of())).perTerminal(50).build();
        RepeatResult r = run(s, d, TWO, new StopSignal(), () -> {
        });
        assertEquals(List.of(50L, 50L, 50L, 50L), r.threadEvents());
        // the window ends with the slow terminals' 50th statement: 50 x 2.1 ms
        assertEquals(0.105, r.seconds(), 1e-9);
    }

    /**
     * Issue 28 §3: errors by code. Every 10th statement is a deadlock (1213, 40001) on the ignore list: each is restarted,
     * counted under ignored errors, and logged once by kind, type and code with its message; 1 thread, 0.7 ms statements,
     * 2 s: statement k ends at 0.7k ms, so 2,858 start before the deadline (the last ends at 2000.6 ms), of which the 285
     * multiples of 10 fail: 2,573 transactions.
     */
    @Test
    void ignoredErrorsAreCountedByCode() throws Exception {
        FakeDriver d = new FakeDriver(clock, 700_000);
        d.failEvery(10, 1213, "40001");
        LevelRunner.Settings s = Levels.threads(1).time(2).interval(1).seed(7)
                .ignore(new IgnoreList(List.of("1213"))).build();
        RepeatResult r = run(s, d, "jdbc:mysql://fe1:4000/db", new StopSignal(), () -> {
        });
        assertEquals(285, r.counts().ignoredErrors());
        assertEquals(2_573, r.counts().transactions());
        var codes = r.counts().errorCodes();
        assertEquals(1, codes.size(), codes.toString());
        var e = codes.get(0);
        assertEquals(org.oltpbench.result.repeat.counted.ErrorCount.Kind.IGNORED, e.kind());
        assertEquals("statement", e.type());
        assertEquals(1213, e.code());
        assertEquals("40001", e.sqlState());
        assertEquals(285, e.count());
        assertEquals("Deadlock found when trying to get lock; try restarting transaction", e.sample());
    }

    /**
     * Without report intervals (reportIntervalSecs=0, as sysbench's default) the window's resources are still summed,
     * over the window as one interval sampled at its edges: 0.8 ms statements for 2 s, 2,500 transactions.
     */
    @Test
    void resourcesWithoutReportIntervals() throws Exception {
        RepeatResult r = run(Levels.threads(1).time(2).seed(7).ignore(new IgnoreList(List.of())).build(),
                new FakeDriver(clock, 800_000));
        assertEquals(0, r.intervals().size());
        assertEquals(2_500, r.usage().transactions());
        assertEquals(2.0, r.usage().seconds(), 1e-9);
    }

    /**
     * An error that ends a statement in flight at the deadline counts, as its success would, and extends the window to
     * its end (sysbench's rule); it is not restarted. Every 700 ms statement fails with 1205 (a lock wait timeout):
     * attempts start at 0, 0.7 and 1.4 s; the third ends at 2.1 s, after the 2 s deadline: 3 errors, window 2.1 s.
     */
    @Test
    void anErrorInFlightAtTheDeadlineCounts() throws Exception {
        FakeDriver d = new FakeDriver(clock, 700_000_000L);
        d.failEvery(1, 1205, "HY000");
        LevelRunner.Settings s = Levels.threads(1).time(2).interval(1).seed(7)
                .ignore(new IgnoreList(List.of("1205"))).build();
        RepeatResult r = run(s, d);
        assertEquals(3, r.counts().ignoredErrors());
        assertEquals(3, r.counts().errorCodes().get(0).count());
        assertEquals(0, r.counts().transactions());
        assertEquals(2.1, r.window().seconds(), 1e-9);
        assertEquals(3, r.intervals().stream().mapToLong(IntervalResult::ignoredErrors).sum(), "the intervals hold all 3");
    }

    /**
     * A reporter that wakes 300 ms late at every wait neither lengthens the window nor lets transactions start after
     * the deadline: 0.8 ms statements, 2 threads, 10 s: 12,500 each, the last ending on the deadline itself.
     */
    @Test
    void aLateReporterChangesNoFigure() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        Database db = Database.through(new FakeDriver(clock, 800_000), Dialects.forName("tidb"), "jdbc:mysql://fe1:4000/db");
        RepeatResult r = onItsOwnThread(300 * MS, () -> new LevelRunner(settings(2, 0, 10, 0, 0, 2), new OneStatement(), db,
                RunListener.SILENT, new StopSignal(), st -> started.countDown(), clock).run());
        assertEquals(25_000, r.counts().transactions());
        assertEquals(25_000, measured(r));
        assertEquals(10.0, r.seconds(), 1e-9);
    }

    /**
     * Issue 42 §1.3: a reporter that wakes 3.6 s late. The [Late] line gives the late wake's own figure (the reporter's
     * run-queue delay, which says whether it waited for a CPU) or none; never the interval's host CPU, which averages
     * the whole interval and contradicted the line ("waiting for CPU or I/O (this host's CPU 0.05 of 2 busy ...)").
     */
    @Test
    void aLateWakeIsToldByItsOwnFigures() throws Exception {
        List<String> late = new java.util.concurrent.CopyOnWriteArrayList<>();
        Database db = Database.through(new FakeDriver(clock, MS), Dialects.forName("tidb"), "jdbc:mysql://fe1:4000/db");
        RunListener heard = new RunListener() {
            @Override
            public void late(IntervalResult i, String why) {
                late.add(why);
            }
        };
        onItsOwnThread(3_600 * MS, () -> new LevelRunner(settings(1, 0, 10, 0, 0, 1), new OneStatement(), db,
                heard, new StopSignal(), StartGate.NOW, clock).resources(sampler).run());
        assertTrue(!late.isEmpty(), "the reporter was late");
        for (String why : late) {
            assertTrue(!why.contains("this host's CPU"), why);
            assertTrue(why.matches("the reporter woke [0-9.]+ s late(: .*run-queue delay.*)?"), why);
        }
    }

    /**
     * A keying time (TPC-C's wait by design) ends at the deadline, and what it keyed is not submitted, even when the
     * reporter wakes 300 ms late to stop the level: 300 ms keying + 100 ms statement, 1 thread, 1 s: cycles end at 400
     * and 800 ms; the third keying (800 to 1,100 ms) is cut at 1,000 ms. 2 transactions, each timed 100 ms (keying is
     * not latency); the window is 1.0 s. Before, the terminal slept its keying out and submitted at 1,100 ms.
     */
    @Test
    void aKeyingTimeEndsAtTheDeadlineWhateverTheReporter() throws Exception {
        Database db = Database.through(new FakeDriver(clock, 100 * MS), Dialects.forName("tidb"), "jdbc:mysql://fe1:4000/db");
        RepeatResult r = onItsOwnThread(300 * MS, () -> new LevelRunner(settings(1, 0, 1, 0, 0, 1),
                new OneStatement(300 * MS), db, RunListener.SILENT, new StopSignal(), StartGate.NOW, clock).run());
        assertEquals(2, r.counts().transactions());
        assertEquals(100.0, r.avgMs(), 1e-9);
        assertEquals(1.0, r.seconds(), 1e-9);
        assertEquals(0, r.counts().ignoredErrors());
    }

    /**
     * Ctrl-C at 3.5 s with 2 s intervals: the level finishes the interval in progress and stops at 4 s; the
     * transaction in flight then (3999.8 to 4000.5 ms) counts: 5,715 per thread.
     */
    @Test
    void ctrlCFinishesTheIntervalInProgress() throws Exception {
        StopSignal stop = new StopSignal();
        RepeatResult r = run(settings(2, 0, 10, 0, 0, 2), new FakeDriver(clock, 700_000), "jdbc:mysql://fe1:4000/db", stop,
                () -> clock.runUntil(3_500 * MS, stop::finishInterval));
        assertEquals(RepeatResult.ABORTED, r.status());
        assertEquals(List.of(2.0, 4.0005), r.intervals().stream().map(IntervalResult::at).toList());
        assertEquals(11_430, r.counts().transactions());
        assertEquals(4.0005, r.seconds(), 1e-9);
    }

    /**
     * The only front end dies at 2 s for good: each terminal loses its connection once (an ignored error), backs off
     * while it reconnects, and the deadline cuts the back-off: the level ends at 5 s, with 2 threads x 3 s spent
     * disconnected (more than 1% of the window, so the level will say so).
     */
    @Test
    void aReconnectBackOffEndsAtTheDeadline() throws Exception {
        FakeDriver d = new FakeDriver(clock, 700_000);
        RepeatResult r = run(settings(2, 0, 5, 0, 0, 1), d, "jdbc:mysql://fe1:4000/db", new StopSignal(),
                () -> clock.runUntil(2 * S, () -> d.kill("fe1:4000")));
        assertEquals(RepeatResult.COMPLETED, r.status());
        assertEquals(2, r.counts().ignoredErrors());
        assertEquals(0, r.counts().reconnects());
        assertEquals(5.0, r.seconds(), 1e-9);
        assertEquals(6.0, r.failover().disconnectedThreadSeconds(), 0.002);
        assertTrue(r.failover().disconnectedShare(2, r.seconds()) > 0.01);
        assertEquals(List.of(2, 2, 0, 0, 0), r.intervals().stream().map(IntervalResult::threads).toList(), "thds");
        assertEquals(List.of("fe1:4000"), r.failover().downAtEnd());
    }

    /**
     * Two front ends; fe2 dies at 3 s and answers again at 5.5 s. Its 2 terminals move to fe1 at once (their next
     * statement fails, fe2 refuses, fe1 accepts); the prober finds fe2 again at 6 s and they go home between
     * transactions. Thread-seconds: fe1 20 + 2 x 3 = 26, fe2 2 x 3 + 2 x 4 = 14.
     */
    @Test
    void threadsOfADeadFrontEndMoveAndComeBack() throws Exception {
        FakeDriver d = new FakeDriver(clock, 700_000);
        RepeatResult r = run(settings(4, 0, 10, 0, 0, 1), d, TWO, new StopSignal(), () -> {
            clock.runUntil(3 * S, () -> d.kill("fe2:4000"));
            clock.runUntil(5_500 * MS, () -> d.revive("fe2:4000"));
        });
        FrontEndUse fe1 = r.failover().frontEnds().get(0), fe2 = r.failover().frontEnds().get(1);
        assertEquals(26.0, fe1.threadSeconds(), 0.01, r.failover() + " " + r.counts());
        assertEquals(14.0, fe2.threadSeconds(), 0.01, fe2.toString());
        assertEquals(4, r.counts().reconnects(), "2 moves away, 2 back");
        assertEquals(2, r.counts().ignoredErrors());
        assertEquals(0.0, r.failover().disconnectedThreadSeconds(), 1e-9);
        assertEquals(r.counts().transactions(), fe1.transactions() + fe2.transactions());
        assertTrue(r.intervals().stream().allMatch(i -> i.threads() == 4), r.intervals().stream().map(i -> i.at() + ":" + i.threads()).toList().toString());
    }

    /**
     * Issue 45: the wait sampler on the level's clock. Samples at 0.0625 s and every 0.125 s after, so each 1-s interval
     * (the warm-up's and the three measured) holds 8 of them, harvested at its edge; the 4 terminals are always inside
     * a 7-ms statement (whose ends, multiples of 7 ms, never fall on a sample: 125 (2j + 1) = 14 k has no solution), so each sample sees 4 active sessions, CPU. The deadline (4 s) stops the sampler before its next
     * tick (4.0625): 32 reads in all, none after the level.
     */
    @Test
    void waitsAreHarvestedAtEachReportEdgeAndStopAtTheDeadline() throws Exception {
        waits = true;
        FakeDriver d = new FakeDriver(clock, 7 * MS);
        RepeatResult r = run(settings(4, 1, 3, 0, 0, 1), d);
        assertEquals(List.of(true, false, false, false), r.intervals().stream().map(IntervalResult::warmup).toList());
        for (IntervalResult i : r.intervals()) {
            assertEquals(8, i.waits().samples(), "at " + i.at());
            assertEquals(java.util.Map.of(org.oltpbench.result.repeat.server.WaitClass.CPU, 32L), i.waits().classes(),
                    "at " + i.at());
            assertEquals(4.0, i.waits().activeSessions(), 1e-12);
        }
        assertEquals(32, d.viewReads.get(), "no read after the deadline");
    }

    /**
     * Two front ends, each sampled on its own server; fe2 dies at 3 s (a report edge) and comes back at 5.5 s, as in
     * {@link #threadsOfADeadFrontEndMoveAndComeBack}. A sample counts only when both servers answered it: fe2's read
     * fails from 3.0625 s, said once and naming it, so (3,4] and (4,5] hold no sample (no waits, not half of them);
     * from 5.5625 s both answer again: (5,6] holds 4 samples, the 4 terminals then all on fe1, and every later interval
     * 8. Every counted sample sees the 4 terminals active, never a session twice.
     */
    @Test
    void eachFrontEndsSessionsAreSampledAndALostOneIsSaidOnce() throws Exception {
        waits = true;
        List<String> notes = new java.util.concurrent.CopyOnWriteArrayList<>();
        listener = new RunListener() {
            @Override
            public void note(String line) {
                notes.add(line);
            }
        };
        // 640-us statements end on a grid no sample instant (62.5 + 125 j ms) falls on: 0.7 ms would put statement ends
        // and samples at one instant (437.5 ms = 625 x 0.7), where which thread the clock wakes first is a race
        FakeDriver d = new FakeDriver(clock, 640_000);
        RepeatResult r = run(settings(4, 0, 10, 0, 0, 1), d, TWO, new StopSignal(), () -> {
            clock.runUntil(3 * S, () -> d.kill("fe2:4000"));
            clock.runUntil(5_500 * MS, () -> d.revive("fe2:4000"));
        });
        assertEquals(4, r.counts().reconnects(), "2 moves away, 2 back");
        assertEquals(List.of(8, 8, 8, 0, 0, 4, 8, 8, 8, 8), r.intervals().stream().map(i -> i.waits().samples()).toList());
        for (IntervalResult i : r.intervals()) {
            if (i.waits().sampled()) assertEquals(4.0, i.waits().activeSessions(), 1e-12, "at " + i.at() + ": " + i.waits());
        }
        assertEquals(1, notes.size(), notes.toString());
        assertTrue(notes.get(0).contains("on fe2:4000 failed (Communications link failure"), notes.get(0));
        assertTrue(notes.get(0).contains("no sample counts until it answers"), notes.get(0));
    }

    /**
     * Issue 29 §2: the fault plan on the level's clock. One front end; faultAt=3 kills it and recoverAt=5.5 revives it,
     * both started by the reporter at exactly those instants (after a 1 s warm-up: 4.0 and 6.5 s on the intervals'
     * axis). 2 threads on 0.7 ms statements: statement k ends at 0.7k ms, so (1,4] holds k = 1429 (999.6 to 1000.3 ms)
     * to 5714 (3999.8 ms), 4,286 per thread: baseline 8,572 / 3 s = 2,857.33 tps. Both threads' next statements
     * fail (2 errors) and the intervals (4,5], (5,6] are empty: tps fell at 4.0 s. They come back only after the revival
     * at 6.5 s, so being back is at 6.0 s at the earliest (the interval (6,7] holds their return) and at most 8.0 s.
     */
    @Test
    void aFaultPlanRunsOnTheLevelsClockAndItsOutageIsMeasured() throws Exception {
        FakeDriver d = new FakeDriver(clock, 700_000);
        List<Long> started = new java.util.concurrent.CopyOnWriteArrayList<>();
        // the kill exits at once; the revival's command returns 0.75 s after it starts (a node's restart, synced)
        FaultTimeline.Launcher launcher = command -> {
            long at = clock.nanoTime();
            started.add(at);
            if (command.equals("kill")) d.kill("fe1:4000");
            else d.revive("fe1:4000");
            long exits = command.equals("kill") ? at : at + 750 * MS;
            return millis -> clock.nanoTime() >= exits ? new FaultTimeline.Exit(0, exits) : FaultTimeline.Exit.RUNNING;
        };
        LevelRunner.Settings s = Levels.threads(2).warmup(1).time(10).interval(1).seed(7)
                .ignore(new IgnoreList(List.of())).fault(new org.oltpbench.config.FaultPlan(3, "kill", 5.5, "revive")).build();
        RepeatResult r = run(s, d, "jdbc:mysql://fe1:4000/db", new StopSignal(), () -> {
        }, launcher);
        assertEquals(List.of(4 * S, 6_500 * MS), started, "the commands start at their instants, not at a report");
        assertEquals(4.0, r.fault().atSecs(), 1e-9);
        assertEquals(6.5, r.fault().recoverAtSecs(), 1e-9);
        assertEquals(0, r.fault().exitCode());
        assertEquals(4.0, r.fault().endedAtSecs(), 1e-9);
        assertEquals(7.25, r.fault().recoverEndedAtSecs(), 1e-9, "when the recover command returned");
        var o = r.fault().outage();
        assertEquals(org.oltpbench.result.repeat.topology.Fault.Outage.State.RECOVERED, o.state(), o.toString());
        assertEquals(8_572 / 3.0, o.baselineTps(), 1e-6);
        assertEquals(4.0, o.fellAtSecs(), 1e-9);
        assertTrue(o.backAtSecs() >= 6.0 && o.backAtSecs() <= 8.0, o.toString());
        assertEquals(o.backAtSecs() - 4.0, o.recoverySecs(), 1e-9);
        assertEquals(2, o.errors(), o.toString());
        assertEquals(0.0, o.lowestShare(), 1e-9);
        // the level stalled from the fault on: the fault plan's verdict, never "look at what the server did then"
        assertEquals(org.oltpbench.result.repeat.usage.Verdict.Limit.FAULT, r.usage().verdict().limit(), r.usage().verdict().evidence());
        assertTrue(r.usage().verdict().evidence().contains("the fault plan's command at 4.0 s held throughput up until throughput was back at"), r.usage().verdict().evidence());
    }

    /**
     * Issue 35 §1.2: a fault on a report edge. The reporter's every reading of the time takes 10 µs (its harvest,
     * sampling and writes), so the interval that ends at the edge is stamped after the instant the loop woke at. 1
     * thread, warm-up 2 s, 2 s intervals, faultAt=4 (6.0 s on the intervals' axis). Statements take 0.7 ms when they
     * start before 4 s and 1.4 ms after; the fault makes them take 10 ms and fail as deadlocks (ignored).
     * (2,4] holds the statements ending at 0.7k ms for k = 2858 (2000.6) to 5714 (3999.8): 2,857; (4,6] the one
     * ending at 4000.5 and those at 4000.5 + 1.4j for j = 1 to 1428 (5999.7): 1,429. The baseline is the two intervals
     * before the fault: (2,857 + 1,429) / 4 s = 1,071.5 tps (counting (4,6] after the fault gave 2,857 / 2 = 1,428.5).
     * After it: the statement in flight ends at 6001.1 and fails, then 400 more start every 10 ms while before the
     * 10 s deadline (6001.1 + 10j, j = 0..399), the last ending at 10001.1: 401 errors, all after the fault.
     */
    @Test
    void aFaultOnAReportEdgeFollowsTheIntervalThatEndedThere() throws Exception {
        FakeDriver d = new FakeDriver(clock, 700_000);
        d.durations(t -> t < 4 * S ? 700_000 : 1_400_000);
        RepeatResult r = slowedAt(4, d);
        var measuredIntervals = r.intervals().stream().filter(i -> !i.warmup()).toList();
        assertEquals(List.of(2_857L, 1_429L, 0L, 0L), measuredIntervals.stream().map(IntervalResult::transactions).toList());
        var o = r.fault().outage();
        assertTrue(r.fault().atSecs() > measuredIntervals.get(1).at(), r.fault() + " after " + measuredIntervals.get(1));
        assertEquals((2_857 + 1_429) / 4.0, o.baselineTps(), 0.05, o.toString());
        assertEquals(401, o.errors(), o.toString());
        assertEquals(org.oltpbench.result.repeat.topology.Fault.Outage.State.NOT_RECOVERED, o.state(), o.toString());
        assertEquals(r.fault().atSecs(), o.fellAtSecs(), 1e-9);
        assertEquals(-1, r.fault().exitCode(), "still running");
        assertEquals(-1, r.fault().endedAtSecs(), 1e-9);
    }

    /**
     * 1 thread, warm-up 2 s, 2 s intervals, 8 s, 1213 ignored, the reporter's readings taking 10 µs each; the fault at
     * {@code faultAt} makes statements take 10 ms and fail as deadlocks.
     */
    private RepeatResult slowedAt(double faultAt, FakeDriver d) throws Exception {
        reporterTick = 10_000;
        // the command never returns inside the level: its end is recorded as -1
        FaultTimeline.Launcher launcher = command -> {
            d.durations(t -> 10 * MS);
            d.failEvery(1, 1213, "40001");
            return millis -> FaultTimeline.Exit.RUNNING;
        };
        LevelRunner.Settings s = Levels.threads(1).warmup(2).time(8).interval(2).seed(7)
                .ignore(new IgnoreList(List.of("1213"))).fault(new org.oltpbench.config.FaultPlan(faultAt, "slow", -1, "")).build();
        return run(s, d, "jdbc:mysql://fe1:4000/db", new StopSignal(), () -> {
        }, launcher);
    }

    /**
     * The same plan with the fault on the warm-up's end (faultAt=0 is refused; faultAt=2 with 2 s intervals falls on
     * the first measured edge): the baseline is (2,4]'s 2,857 transactions over its 2 s, never "not measured".
     */
    @Test
    void aFaultOnTheFirstMeasuredEdgeHasTheFirstIntervalAsItsBaseline() throws Exception {
        RepeatResult r = slowedAt(2, new FakeDriver(clock, 700_000));
        var o = r.fault().outage();
        assertEquals(org.oltpbench.result.repeat.topology.Fault.Outage.State.NOT_RECOVERED, o.state(), o.toString());
        assertEquals(2_857 / 2.0, o.baselineTps(), 0.05, o.toString());
    }

    /**
     * Issue 35 §1.4: the window's errors by code add up to its counted errors when the report at the warm-up's end is
     * slow (a node_exporter answering in 0.8 s, a slow disk): the log's edges are the harvests', not the end of the
     * report. 1 thread on 0.7 ms statements, every 10th a deadlock (ignored), warm-up 1 s, 1 s intervals, 3 s; the
     * warm-up's report takes 0.8 s of the level's time.
     */
    @Test
    void errorsByCodeAddUpToTheCountedErrorsWhenTheWarmUpsReportIsSlow() throws Exception {
        listener = new RunListener() {
            @Override
            public void interval(IntervalResult i) {
                if (!i.warmup()) return;
                try {
                    clock.parkUntil(clock.nanoTime() + 800 * MS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        };
        FakeDriver d = new FakeDriver(clock, 700_000);
        d.failEvery(10, 1213, "40001");
        LevelRunner.Settings s = Levels.threads(1).warmup(1).time(3).interval(1).seed(7)
                .ignore(new IgnoreList(List.of("1213"))).build();
        RepeatResult r = run(s, d, "jdbc:mysql://fe1:4000/db", new StopSignal(), () -> {
        });
        long byCode = r.counts().errorCodes().stream().mapToLong(org.oltpbench.result.repeat.counted.ErrorCount::count).sum();
        // statement k ends at 0.7k ms: the window (1, 4] s holds k = 1429 (1000.3) to 5714 (3999.8), plus 5715 in flight
        // at the deadline; the multiples of 10 among them, 1430 to 5710, are 429 (the log opened after the report: 314)
        assertEquals(429, r.counts().ignoredErrors(), r.counts().toString());
        assertEquals(r.counts().ignoredErrors(), byCode, r.counts().errorCodes().toString());
    }

    /**
     * Issue 35 §1.6: without report intervals (reportIntervalSecs=0) Prometheus is asked for the window as one interval.
     * A Prometheus double answers every query with one tidb series rising 1 CPU-s per second around now.
     */
    @Test
    void prometheusIsAskedWithoutReportIntervals() throws Exception {
        var server = com.sun.net.httpserver.HttpServer.create(new java.net.InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/api/v1/query", x -> {
            long now = System.currentTimeMillis() / 1000;
            byte[] body = ("{\"status\":\"success\",\"data\":{\"resultType\":\"matrix\",\"result\":[{\"metric\":"
                    + "{\"job\":\"tidb\",\"instance\":\"db1:10080\"},\"values\":[[" + (now - 1000) + ",\"0\"],["
                    + (now + 1000) + ",\"2000\"]]}]}}").getBytes(java.nio.charset.StandardCharsets.UTF_8);
            x.sendResponseHeaders(200, body.length);
            x.getResponseBody().write(body);
            x.close();
        });
        server.start();
        try {
            sampler = org.oltpbench.measure.resources.ResourceSampler.of(List.of(), List.of(),
                    java.net.URI.create("http://127.0.0.1:" + server.getAddress().getPort()),
                    "process_cpu_seconds_total{job=\"tidb\"}", "", w -> { });
            RepeatResult r = run(Levels.threads(1).time(2).seed(7).ignore(new IgnoreList(List.of())).build(),
                    new FakeDriver(clock, 800_000));
            assertEquals(0, r.intervals().size());
            var prom = r.usage().servers().stream()
                    .filter(x -> x.source() == org.oltpbench.result.repeat.client.ResourceSource.PROMETHEUS).toList();
            assertEquals(1, prom.size(), r.usage().servers().toString());
            assertEquals("tidb", prom.get(0).component());
            assertEquals(2.0, prom.get(0).seconds(), 1e-9, "over the whole window");
        } finally {
            server.stop(0);
        }
    }

    /** A listener whose every interval takes {@code millis} of the level's time to write, and which records [Late]. */
    private RunListener slowWriter(long millis, List<String> late) {
        return new RunListener() {
            @Override
            public void interval(IntervalResult i) {
                try {
                    clock.parkUntil(clock.nanoTime() + millis * MS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }

            @Override
            public void late(IntervalResult i, String why) {
                late.add(String.format(java.util.Locale.ROOT, "%.1f %.1f %s", i.at(), i.seconds(), why));
            }
        };
    }

    /**
     * Issue 35 §4: writes that take 2.5 s per interval (a disk that stalls) on the reporter's thread hold it: the
     * interval after a slow report is late and named so; through the writer thread the intervals keep their 1 s.
     * 1 thread, 1 ms statements, 5 s, no warm-up.
     */
    @Test
    void slowWritesHoldTheReporterUnlessAWriterThreadTakesThem() throws Exception {
        List<String> late = new java.util.concurrent.CopyOnWriteArrayList<>();
        listener = slowWriter(2_500, late);
        RepeatResult held = run(Levels.threads(1).time(5).interval(1).seed(7).build(), new FakeDriver(clock, MS));
        // the edge at 1 s: its report takes 2.5 s, so the reporter is back at 3.5 s, and the deadline ends the third at 5 s
        assertEquals(List.of(1.0, 2.5, 1.5), held.intervals().stream().map(IntervalResult::seconds).toList());
        assertEquals(List.of("3.5 2.5 the report at the edge before took 2.5 s (sampling the sources 0.0 s)"), late,
                "the second is late (2.5 > 1.5 x 1 s); the third's 1.5 s is not over 1.5");

        late.clear();
        listener = new WriterThread(slowWriter(2_500, late));
        RepeatResult kept = run(Levels.threads(1).time(5).interval(1).seed(7).build(), new FakeDriver(clock, MS));
        assertEquals(List.of(1.0, 1.0, 1.0, 1.0, 1.0), kept.intervals().stream().map(IntervalResult::seconds).toList());
        assertEquals(List.of(), late, "no interval was late");
    }

    /** A side load that records when the level drives it, on the level's clock. */
    private final class RecordingSide implements org.oltpbench.workload.SideLoad {
        final List<String> calls = new java.util.concurrent.CopyOnWriteArrayList<>();
        volatile long t0, windowStart, deadline, windowEnd;

        @Override
        public void open() {
            calls.add("open");
        }

        @Override
        public void start(long t0, long windowStart, java.util.function.LongSupplier deadline) {
            calls.add("start");
            this.t0 = t0;
            this.windowStart = windowStart;
            this.deadline = deadline.getAsLong();
        }

        @Override
        public org.oltpbench.result.repeat.analytics.Analytics stop(long windowEnd) {
            calls.add("stop");
            this.windowEnd = windowEnd;
            for (int i = 0; i < 30; i++) clock.nanoTime(); // cancelling and joining takes time: 30 ms at the reporter's tick
            return new org.oltpbench.result.repeat.analytics.Analytics(1, "test", (windowEnd - windowStart) / 1e9, List.of(), null, 0, 0,
                    List.of());
        }

        @Override
        public void close() {
            calls.add("close");
        }
    }

    /**
     * CH's analytics-only end: a level of 0 terminals runs its side load for the whole time, not 0 s. Warm-up 2 s, time
     * 5 s, 1-s intervals: the side starts at the release with the window from t0 + 2 s, is stopped at the deadline
     * t0 + 7 s exactly (its 30 ms of stopping is not in the window), then closed; 2 warm-up and 5 measured intervals.
     */
    @Test
    void zeroTerminalsRunTheSideLoadForTheLevelsTime() throws Exception {
        RecordingSide side = new RecordingSide();
        workload.side = side;
        reporterTick = MS;
        RepeatResult r = run(settings(0, 2, 5, 0, 0, 1), new FakeDriver(clock, MS));
        assertEquals(List.of("open", "start", "stop", "close"), side.calls);
        assertEquals(2 * S, side.windowStart - side.t0);
        assertEquals(7 * S, side.deadline - side.t0);
        assertEquals(side.deadline, side.windowEnd, "stopped at the deadline");
        assertEquals(5.0, r.analytics().seconds(), 1e-9, "the side's window: deadline less warm-up end");
        // the terminals' window starts at the middle of the warm-up end's harvest, 5 readings of 1 ms here
        assertEquals(5.0 - 0.0025, r.seconds(), 1e-9);
        assertEquals(0, r.counts().transactions());
        assertEquals(List.of(true, true, false, false, false, false, false),
                r.intervals().stream().map(IntervalResult::warmup).toList());
    }

    /** A side load beside terminals is stopped at the deadline too, before the terminals are joined. */
    @Test
    void aSideLoadBesideTerminalsStopsAtTheDeadline() throws Exception {
        RecordingSide side = new RecordingSide();
        workload.side = side;
        RepeatResult r = run(settings(2, 0, 3, 0, 0, 1), new FakeDriver(clock, 700_000));
        assertEquals(List.of("open", "start", "stop", "close"), side.calls);
        assertEquals(side.t0 + 3 * S, side.windowEnd);
        assertEquals(3.0, r.analytics().seconds(), 1e-9);
        assertTrue(r.counts().transactions() > 0);
    }

    /**
     * Issue 42 §1.4: a CH level whose query the server did not cancel at once stopped 33.5 s after the deadline, and the
     * last 1-s interval held the stop's resources ("host 6.46 of 2 busy"). Here a 2-core simulated host where the client
     * keeps 0.25 cores busy, the server 1.05 and other processes 0.2 (1.5 busy) all the time; 2 threads of 1 ms
     * statements, 3 s, 1-s intervals, a side load whose stop takes 33.5 s. The last interval is [2, 3] s (the statement
     * in flight at the deadline ends on it), so it holds 1 s of each: client 0.25, server 1.05, host busy 1.5 of 2 x 1 =
     * 2 CPU-s (idle 0.5). Before, it was sampled after the stop, 34.5 s after its start: server 36.225 CPU-s, host busy
     * 51.75, in 1 s on 2 cores.
     */
    @Test
    void theStopAfterTheDeadlineIsNotInTheLastInterval() throws Exception {
        sampler = org.oltpbench.measure.resources.SimHost.sampler(clock::nanoTime, 2, 0.25, 1.05, 0.2);
        workload.side = SimLevel.slowToStop(clock, 33_500 * MS);
        RepeatResult r = run(settings(2, 0, 3, 0, 0, 1), new FakeDriver(clock, MS));
        assertEquals(List.of(1.0, 1.0, 1.0), r.intervals().stream().map(IntervalResult::seconds).toList());
        for (IntervalResult i : r.intervals()) {
            var res = i.resources();
            assertEquals(0.25, res.client().cpuSeconds(), 0.0015, "client, interval at " + i.at());
            assertEquals(1.05, res.servers().get(0).cpuSeconds(), 0.0015, "server, interval at " + i.at());
            assertEquals(1.5, res.client().host().busy(), 0.0015, "host busy, interval at " + i.at());
            assertEquals(2.0, res.client().host().total(), 0.003, "the host's 2 cores x 1 s, interval at " + i.at());
        }
        assertEquals(1.5, r.usage().clientHostBusyCores(), 0.002);
        assertEquals(1.05, r.usage().serverCores(), 0.002);
    }

    /**
     * The other side of the window's end: a transaction in flight at the deadline that ends later lengthens the window
     * (sysbench's rule), and the last interval holds the resources of that tail too, read on the line between the
     * sample where the level stopped and the one after. 1 thread; statements that start at or after 2.5 s take 4 s, so
     * the one from 2.5 s ends at 6.5 s: the last interval is [2, 6.5], 4.5 s, and holds 4.5 x 1.05 = 4.725 server
     * CPU-s; the 33.5 s stop of the side load after it is not in it.
     */
    @Test
    void aTransactionEndingAfterTheDeadlineBringsItsResourcesIntoTheLastInterval() throws Exception {
        sampler = org.oltpbench.measure.resources.SimHost.sampler(clock::nanoTime, 2, 0.25, 1.05, 0.2);
        workload.side = SimLevel.slowToStop(clock, 33_500 * MS);
        FakeDriver d = new FakeDriver(clock, MS);
        d.durations(t -> t >= 2_500 * MS ? 4 * S : MS);
        RepeatResult r = run(settings(1, 0, 3, 0, 0, 1), d);
        IntervalResult last = r.intervals().get(r.intervals().size() - 1);
        assertEquals(4.5, last.seconds(), 1e-9);
        assertEquals(4.5 * 1.05, last.resources().servers().get(0).cpuSeconds(), 0.01);
        assertEquals(4.5 * 1.5, last.resources().client().host().busy(), 0.01);
    }

    /**
     * A level of 0 terminals (CH's analytics alone) has no terminal to wait for once its side is stopped: it ends at its
     * deadline, 2 s. Before, the join waited for a done latch only its time opens: 2 s, then the 30 s grace, so every
     * such level ended 32 s late (on a real clock too), and its last interval held those 32 s of resources (found by
     * {@code LevelResourcesProperties}: 0.33 client CPU-s at 0.01 cores in a 1-s interval).
     */
    @Test
    void aLevelWithoutTerminalsEndsAtItsDeadline() throws Exception {
        workload.side = new RecordingSide();
        RepeatResult r = run(settings(0, 0, 2, 0, 0, 1), new FakeDriver(clock, MS));
        assertEquals(2.0, r.seconds(), 1e-9);
        assertTrue(clock.nanoTime() < 2 * S + 100 * MS, "the level ended at " + clock.nanoTime() / 1e9 + " s");
    }
}
