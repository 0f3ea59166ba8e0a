package org.oltpbench.workload.ch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.Timestamp;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.oltpbench.driver.SimClock;
import org.oltpbench.result.repeat.analytics.Analytics;
import org.oltpbench.result.repeat.analytics.QueryMetrics;

/**
 * The analytic streams on a simulated clock, every figure worked out by hand in the comments: which query each stream
 * runs when, what the window counts, QphH, freshness, and cancellation at the deadline and after a time-out.
 */
class AnalyticStreamsTest {
    private static final long S = 1_000_000_000L, MS = 1_000_000L;

    private static List<ChQueries.Query> three() {
        return List.of(new ChQueries.Query(1, "select 1", List.of()), new ChQueries.Query(2, "select 2", List.of()),
                new ChQueries.Query(3, "select 3", List.of()));
    }

    private static Analytics run(int streams, int timeoutSecs, long windowStart, long deadline, long[] durations, long lag)
            throws Exception {
        SimClock clock = new SimClock(0);
        List<ChQueries.Query> queries = three();
        FakeAnalyticServer server = new FakeAnalyticServer(clock, queries, q -> durations[q], q -> 10L * (q + 1), lag);
        AnalyticStreams a = new AnalyticStreams(server::connect, server::connect, queries, streams, List.of(), timeoutSecs,
                clock, new AnalyticStreams.Dates(new Timestamp(0), new Timestamp(0)), "the OLTP front end", 42);
        a.open();
        Analytics out = startAndStop(clock, a, windowStart, deadline);
        lastCommits = a.commits();
        return out;
    }

    private static org.oltpbench.workload.SideLoad.Commits lastCommits;

    /**
     * Starts the streams at 0 and stops them at {@code deadline}, the test taking part in simulated time throughout: time
     * cannot run past the deadline between the start and the stop (two separate runUntil calls let it, on a busy host,
     * and queries then ended after the deadline: 5 cancelled where 1 was).
     */
    private static Analytics startAndStop(SimClock clock, AnalyticStreams a, long windowStart, long deadline)
            throws InterruptedException {
        clock.join();
        try {
            clock.parkUntil(0);
            a.start(0, windowStart, () -> deadline);
            clock.parkUntil(deadline);
            return a.stop(deadline);
        } finally {
            clock.leave();
        }
    }

    /**
     * Q1, Q2, Q3 take 1, 2 and 3 s; two streams; the window is 1.5 s to 10.05 s. Stream 0 starts at Q1: Q1 0-1 (warm-up),
     * Q2 1-3, Q3 3-6, Q1 6-7, Q2 7-9, Q3 9-12 (cancelled at 10.05). Stream 1 starts at Q2: Q2 0-2, Q3 2-5, Q1 5-6, Q2
     * 6-8, Q3 8-11 (cancelled). Completed in the window: Q1 2, Q2 4, Q3 2; Q3 cancelled 2. QphH = 8 x 3600 / 8.55 =
     * 3368.42. The heartbeat is written every 100 ms from 0 and read 250 ms late: every query starts on a whole second
     * t, sees the write at t - 0.3 s, so staleness = 0.3 - 0.05 = 0.25 s, except stream 1's Q2 of 0-2 s, which started
     * before any heartbeat was old enough to be seen: 7 staleness figures and 1 unseen. Heartbeats in the window: 1.5,
     * 1.6, ..., 10.0 = 86.
     */
    @Test
    void streamsStartAtTheirOwnQueryAndTheWindowCountsWhatEndedInIt() throws Exception {
        Analytics a = run(2, 0, 1_500 * MS, 10_050 * MS, new long[] {S, 2 * S, 3 * S}, 250 * MS);
        List<QueryMetrics> q = a.queries();
        assertEquals(List.of(2L, 4L, 2L), q.stream().map(QueryMetrics::completed).toList());
        assertEquals(List.of(0L, 0L, 2L), q.stream().map(QueryMetrics::cancelled).toList());
        assertEquals(List.of(10L, 20L, 30L), q.stream().map(QueryMetrics::rows).toList());
        assertEquals(8.55, a.seconds(), 1e-9);
        assertEquals(8 * 3600 / 8.55, a.qphH(), 1e-9);
        assertEquals(2_000.0, q.get(1).histogram().getMean() / 1000, 2.0); // Q2's latency: 2 s each (µs histogram)
        Histogram f = a.freshnessHistogram();
        assertEquals(7, f.getTotalCount());
        assertEquals(250_000, f.getMinValue(), 250);
        assertEquals(250_000, f.getMaxValue(), 250);
        assertEquals(86, a.heartbeats());
        // what the server's commit counter sees from this side: every query that ran to its end commits, warm-up's included
        // (stream 0: 0-1, 1-3, 3-6, 6-7, 7-9 s = 5; stream 1: 0-2, 2-5, 5-6, 6-8 s = 4); the heartbeat's writes at 0, 0.1,
        // ..., 10.0 s (101) and the row's removal at the end (1) autocommit
        assertEquals(new org.oltpbench.workload.SideLoad.Commits(9, 102), lastCommits);
        // ends: stream 0 at 3, 6, 7, 9 s; stream 1 at 2, 5, 6, 8 s
        assertEquals(List.of(2.0, 3.0, 5.0, 6.0, 6.0, 7.0, 8.0, 9.0), a.endedAt());
        assertEquals(3, a.endedIn(6.0, 2.0)); // (4, 6]: 5, 6, 6
        assertEquals(1, a.unseen());
    }

    /**
     * One stream, Q1 1 s and Q2 5 s, analyticTimeoutSecs=2; the watchdog looks every 100 ms and cancels a query that
     * started more than 2 s before: Q1 0-1, Q2 1-3.1 (timed out), Q1 3.1-4.1, Q2 4.1-6.2 (timed out), Q1 6.2-7.2, Q2
     * 7.2-9.3 (timed out), Q1 9.3-10.3, Q2 10.3 until the deadline at 12 s (cancelled). Window 0-12 s: Q1 completed 4,
     * Q2 timed out 3 and cancelled 1; QphH = 4 x 3600 / 12 = 1200.
     */
    @Test
    void aQueryPastTheTimeOutIsCancelledAndCountedAsTimedOut() throws Exception {
        SimClock clock = new SimClock(0);
        List<ChQueries.Query> queries = three().subList(0, 2);
        long[] d = {S, 5 * S};
        FakeAnalyticServer server = new FakeAnalyticServer(clock, queries, q -> d[q], q -> 1, 0);
        AnalyticStreams a = new AnalyticStreams(server::connect, server::connect, queries, 1, List.of(), 2, clock,
                new AnalyticStreams.Dates(new Timestamp(0), new Timestamp(0)), "x", 7);
        a.open();
        Analytics[] out = {startAndStop(clock, a, 0, 12 * S)};
        List<QueryMetrics> q = out[0].queries();
        assertEquals(4, q.get(0).completed());
        assertEquals(3, q.get(1).timedOut());
        assertEquals(1, q.get(1).cancelled());
        assertEquals(0, q.get(1).completed());
        assertEquals(1200.0, out[0].qphH(), 1e-9);
    }

    /** Freshness on a replica 2 s behind: queries start on whole seconds and see the write of t - 2.0 s: 1.95 s. */
    @Test
    void freshnessIsTheLagTheAnalyticSideReads() throws Exception {
        Analytics a = run(1, 0, 3 * S, 9_500 * MS, new long[] {S, S, S}, 2 * S);
        // stream 0: queries start at 0..9 s; those ending in 3-9.5 s start at 2..8 s; the one at 9 s is cancelled
        assertEquals(7, a.completed());
        assertEquals(1, a.cancelled());
        Histogram f = a.freshnessHistogram();
        assertEquals(1_950_000, f.getMinValue(), 2_000);
        assertEquals(1_950_000, f.getMaxValue(), 2_000);
    }
}
