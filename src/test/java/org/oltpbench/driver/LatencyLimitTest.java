package org.oltpbench.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.oltpbench.measure.Snapshot;
import org.oltpbench.measure.ThreadStats;
import org.oltpbench.random.SbRandom;

/**
 * pgbench's -R rate -L limit on the injectable clock, every edge placed by hand. pgbench (15, pgbench.c, state
 * PREPARE_THROTTLE) skips a slot when its scheduled start is before now - limit, i.e. strictly more than the limit
 * behind when the client is free; it counts a transaction as late when its latency, from the scheduled start, is
 * strictly above the limit (processXactStats).
 */
@Timeout(30)
class LatencyLimitTest {
    private static final long MS = 1_000_000L;

    private final SimClock clock = new SimClock(0);

    /** A schedule of one arrival every 10 ms from 0 (10, 20, 30, ... ms) and a 5 ms limit. */
    private Pacer everyTenMs(ThreadStats stats) {
        Arrivals a = new Arrivals(100, 5 * MS, (rnd, mean) -> 10 * MS);
        a.start(0);
        return a.pacer(SbRandom.uniform(1), stats);
    }

    /**
     * The terminal is free at 25 ms: the 10 ms arrival is 15 ms behind (> 5: skipped), the 20 ms one exactly 5 ms
     * behind (not more than the limit: sent at once). Free again at 35 ms + 1 ns: the 30 ms arrival is 5 ms + 1 ns
     * behind (skipped), the 40 ms one is ahead (waited for). Skipped: 2, by hand.
     */
    @Test
    void anArrivalExactlyTheLimitBehindIsSentOneJustOverIsSkipped() throws Exception {
        onTheClock((p, stats) -> {
            clock.parkUntil(25 * MS);
            assertEquals(20 * MS, p.awaitNext(clock, Long.MAX_VALUE), "exactly 5 ms behind: sent");
            assertEquals(25 * MS, clock.nanoTime(), "sent at once, no wait");
            assertEquals(1, stats.snapshot().skipped(), "the 10 ms arrival, 15 ms behind");
            clock.parkUntil(35 * MS + 1);
            assertEquals(40 * MS, p.awaitNext(clock, Long.MAX_VALUE), "30 ms was 5 ms + 1 ns behind: skipped");
            assertEquals(40 * MS, clock.nanoTime(), "the 40 ms arrival is waited for");
            assertEquals(2, stats.snapshot().skipped());
        });
    }

    /**
     * Free at 1 s with the deadline at 45 ms: the arrivals at 10, 20, 30 and 40 ms are behind and before the deadline
     * (4 skipped); the 50 ms one is at or after it, returned unsent and not counted, as pgbench stops counting skips at
     * the end of -T.
     */
    @Test
    void skipsStopAtTheDeadline() throws Exception {
        onTheClock((p, stats) -> {
            clock.parkUntil(1_000 * MS);
            assertEquals(50 * MS, p.awaitNext(clock, 45 * MS));
            assertEquals(4, stats.snapshot().skipped());
        });
    }

    interface Body {
        void run(Pacer p, ThreadStats stats) throws Exception;
    }

    /** Runs {@code body} as the level's one terminal on the simulated clock, with the 10 ms schedule and a 5 ms limit. */
    private void onTheClock(Body body) throws Exception {
        clock.join();
        try {
            ThreadStats stats = new ThreadStats(1, true);
            body.run(everyTenMs(stats), stats);
        } finally {
            clock.leave();
        }
    }

    /**
     * Late is strictly above the limit: with a 5 ms limit, latencies of 4.999999, 5.000000 and 5.000001 ms give one
     * late transaction. Lag (actual start - intended) is latency - service: 1, 2 and 3 ms, summed 6 ms, max 3 ms.
     */
    @Test
    void aTransactionExactlyAtTheLimitIsNotLate() {
        ThreadStats stats = new ThreadStats(1, true);
        stats.latencyLimit(5 * MS);
        stats.event(0, 5 * MS - 1, 4 * MS - 1);
        stats.event(0, 5 * MS, 3 * MS);
        stats.event(0, 5 * MS + 1, 2 * MS + 1);
        Snapshot s = stats.snapshot();
        assertEquals(1, s.late());
        assertEquals(6 * MS, s.lagNanos());
        assertEquals(3 * MS, s.maxLagNanos());
    }

    /**
     * A whole level: 1 thread, rate 1000 tps (Poisson: a mean gap of 1 ms), 30 ms statements, a 10 ms limit, 1 s. The
     * thread serves one transaction per 30 ms: ~1000 / 30 = 33 sent (32 to 35: the first arrival's draw and the one in
     * flight at the deadline). When it is free the arrivals more than 10 ms behind are skipped and the next one (at
     * most 10 ms behind, or ahead) is sent: every sent transaction takes its 30 ms statement plus its lag, more than
     * the 10 ms limit, so late = sent. Sent + skipped are the arrivals up to the last claim: Poisson(1000), 4 sd = 127.
     * The intervals add up to the window.
     */
    @Test
    void aLevelSkipsWhatItCannotReachAndCountsTheRestLate() throws Exception {
        var r = SimLevel.run(clock, Levels.threads(1).time(1).rate(1000).latencyLimitMs(10).interval(1).seed(7).build(),
                t -> 30 * MS, org.oltpbench.workload.SideLoad.NONE,
                org.oltpbench.measure.resources.ResourceSampler.clientOnly());
        var c = r.counts();
        long sent = c.transactions();
        assertTrue(sent >= 32 && sent <= 35, sent + " sent");
        assertEquals(sent, c.schedule().late(), "every sent transaction took 30 ms > 10 ms");
        assertTrue(Math.abs(c.schedule().scheduled(sent) - 1000) <= 127, c.schedule() + ", sent " + sent);
        long skipped = r.intervals().stream().mapToLong(i -> i.schedule().skipped()).sum();
        long late = r.intervals().stream().mapToLong(i -> i.schedule().late()).sum();
        assertEquals(c.schedule().skipped(), skipped, "the intervals add up to the window");
        assertEquals(c.schedule().late(), late);
        assertTrue(c.schedule().lagMs(sent) <= 10, "a sent transaction is at most 10 ms behind when it starts: " + c.schedule());
    }

    /** The same level without a limit: nothing skipped, nothing late; the backlog grows instead. */
    @Test
    void withoutALimitNothingIsSkipped() throws Exception {
        var r = SimLevel.run(clock, Levels.threads(1).time(1).rate(1000).interval(1).seed(7).build(),
                t -> 30 * MS, org.oltpbench.workload.SideLoad.NONE,
                org.oltpbench.measure.resources.ResourceSampler.clientOnly());
        assertEquals(org.oltpbench.result.repeat.counted.Schedule.NONE.skipped(), r.counts().schedule().skipped());
        assertEquals(0, r.counts().schedule().late());
        assertTrue(r.counts().schedule().lagMs(r.counts().transactions()) > 100, "the backlog's lag: " + r.counts().schedule());
    }

    /** Without a limit nothing is late, however slow. */
    @Test
    void noLimitNoLate() {
        ThreadStats stats = new ThreadStats(1, true);
        stats.latencyLimit(0);
        stats.event(0, 60_000 * MS, 60_000 * MS);
        assertEquals(0, stats.snapshot().late());
    }
}
