package org.oltpbench.properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.oltpbench.driver.Arrivals;
import org.oltpbench.driver.Pacer;
import org.oltpbench.measure.Snapshot;
import org.oltpbench.measure.ThreadStats;
import org.oltpbench.random.SbRandom;
import org.oltpbench.driver.SimClock;

/**
 * pgbench's -R rate -L limit over generated rates, limits and service times: every arrival the schedule dealt before
 * the deadline was either sent or skipped (skipped + sent = scheduled), and late counts exactly the sent transactions
 * whose latency from the intended start was above the limit (so late <= sent). One terminal alone on the simulated clock:
 * a transaction runs from max(now, its arrival) for its service time.
 */
class LatencyLimitProperties {
    private static final long MS = 1_000_000L;

    @Test
    void everyArrivalIsSentOrSkippedAndLateIsCountedExactly() {
        Prop.forAll(300, d -> everyArrivalIsSentOrSkippedAndLateIsCountedExactly(d.anyLong(), d.doubles(5, 2_000),
                d.doubles(0.1, 50), d.doubles(0.05, 40), d.ints(1, 3)));
    }

    private static void everyArrivalIsSentOrSkippedAndLateIsCountedExactly(long seed, double rate, double limitMs,
                                                                           double serviceMs, int secs) throws Exception {
        Random r = new Random(seed);
        long[] claims = {0};
        long limit = Math.round(limitMs * MS);
        Arrivals a = new Arrivals(rate, limit, (rnd, mean) -> {
            claims[0]++;
            return (long) Windows.exponential(r, mean);
        });
        SimClock clock = new SimClock(0);
        clock.join(); // the only member: each wait moves the time to its end
        ThreadStats stats = new ThreadStats(1, true);
        stats.latencyLimit(limit);
        a.start(0);
        Pacer p = a.pacer(SbRandom.uniform(seed), stats);
        long deadline = secs * 1_000L * MS, sent = 0, late = 0;
        while (true) {
            long at = p.awaitNext(clock, deadline);
            if (at >= deadline) break;
            long begin = clock.nanoTime(), end = begin + (long) (serviceMs * MS * (0.5 + r.nextDouble())); // 0.5x to 1.5x
            clock.parkUntil(end);
            stats.event(0, end - at, end - begin);
            sent++;
            if (end - at > limit) late++;
        }
        clock.leave();
        Snapshot s = stats.snapshot();
        assertEquals(sent, s.events());
        assertEquals(claims[0] - 1, s.skipped() + sent, "the last claim, at or after the deadline, is neither");
        assertEquals(late, s.late());
        assertTrue(s.late() <= sent);
    }
}
