package org.oltpbench.properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
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

    @Property(tries = 300)
    void everyArrivalIsSentOrSkippedAndLateIsCountedExactly(@ForAll long seed,
                                                           @ForAll @DoubleRange(min = 5, max = 2_000) double rate,
                                                           @ForAll @DoubleRange(min = 0.1, max = 50) double limitMs,
                                                           @ForAll @DoubleRange(min = 0.05, max = 40) double serviceMs,
                                                           @ForAll @IntRange(min = 1, max = 3) int secs) throws Exception {
        Random r = new Random(seed);
        long[] claims = {0};
        long limit = Math.round(limitMs * MS);
        Arrivals a = new Arrivals(rate, limit, (rnd, mean) -> {
            claims[0]++;
            return (long) (-Math.log(1.0 - r.nextDouble()) * mean);
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
