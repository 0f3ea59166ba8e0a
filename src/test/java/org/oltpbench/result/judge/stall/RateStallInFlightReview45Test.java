package org.oltpbench.result.judge.stall;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.oltpbench.result.repeat.client.Resources;
import org.oltpbench.result.repeat.counted.Histograms;
import org.oltpbench.result.repeat.counted.IntervalResult;
import org.oltpbench.result.repeat.usage.Stall;

/**
 * Reviewer's case (rev45b, on main 9bed1a8): at a rate, Stall.asked caps an interval at "served + queued at its end".
 * Arrivals.queue counts only arrivals no terminal has claimed; an arrival a free terminal claimed and sent, which the
 * stalled server has not answered, is in neither. rate=20 with 64 terminals (sysbench --rate with threads to spare):
 * the server stops answering for 3 s; the 60 arrivals of those seconds are all claimed by idle terminals and sit in
 * flight, the queue stays 0, and every stalled second asks min(.., 20 + 0, 0 + 0) = 0: no interval is quiet. Before
 * b04112a each asked its 20 arrivals and the stall was found. The fourth second serves the 60 and its own 20.
 */
class RateStallInFlightReview45Test {

    /** A 1 s interval at rate=20, 64 terminals: {@code tx} ended, {@code due} terminal-seconds due, {@code queue} left. */
    private static IntervalResult paced(int at, long tx, double due, long queue) {
        return StallRuleTest.paced(at, 64, tx, due, queue);
    }

    @Test
    void aStallWhoseArrivalsAreAllInFlightIsFound() {
        List<IntervalResult> in = new ArrayList<>();
        for (int k = 1; k <= 10; k++) in.add(paced(k, 20, 0.2, 0));
        in.add(paced(11, 0, 10, 0)); // 20 arrived, claimed, in flight half the second on average
        in.add(paced(12, 0, 30, 0)); // 40 in flight
        in.add(paced(13, 0, 50, 0)); // 60 in flight, 4 terminals still free: nothing queued
        in.add(paced(14, 80, 10, 0));
        for (int k = 15; k <= 20; k++) in.add(paced(k, 20, 0.2, 0));
        // 400 answered in ~10 ms, the 60 stalled ones 0.5-3 s: p99 ~2.5 s, max 3 s (no tail rule)
        Histogram h = Histograms.empty();
        h.recordValueWithCount(10_000, 340);
        for (int k = 0; k < 60; k++) h.recordValue(500_000 + 41_000L * k);
        Stall s = StallRule.of(in, h, 20, 20, 1, 20);
        assertTrue(s.found() && s.quiet().size() >= 2, "3 s without an answer at rate=20 not quiet: quiet "
                + s.quiet().size() + ", evidence '" + s.evidence() + "'; without the served+queued cap (rate 0): '"
                + StallRule.of(in, h, 20, 20, 1).evidence() + "'");
    }
}
