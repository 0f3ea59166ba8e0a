package org.oltpbench.result.judge.stall;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.oltpbench.result.repeat.client.Resources;
import org.oltpbench.result.repeat.counted.Histograms;
import org.oltpbench.result.repeat.counted.IntervalResult;
import org.oltpbench.result.repeat.usage.Stall;

/** The stall rules at their thresholds, figures worked by hand. */
public class StallRuleTest {

    /** 1 s intervals ending at 1, 2, ... with these transaction counts (the first {@code warm} are warm-up). */
    public static List<IntervalResult> intervals(int warm, long... tx) {
        List<IntervalResult> out = new ArrayList<>();
        for (int k = 0; k < tx.length; k++) {
            out.add(new IntervalResult(k + 1, 1.0, 4, tx[k], 0, 0, 0, 0, 0, k < warm, 0.5, Histograms.encode(Histograms.empty())));
        }
        return out;
    }

    /** {@code n} latencies of {@code micros}, and {@code slow} of {@code slowMicros}. */
    public static Histogram latency(long n, long micros, long slow, long slowMicros) {
        Histogram h = Histograms.empty();
        h.recordValueWithCount(micros, n);
        if (slow > 0) h.recordValueWithCount(slowMicros, slow);
        return h;
    }

    @Test
    void anIntervalBelowATenthOfTheMedianIsQuiet() {
        // measured: 100, 104, 9, 98, 102 (warm-up 50 left out), 4 terminals each: pace = median of tx / 4 terminal-s = 25;
        // asked 4 x 25 = 100 an interval; 9 < 10% of 100 is quiet, 10 would not be
        Stall s = StallRule.of(intervals(1, 50, 100, 104, 9, 98, 102), latency(400, 1000, 0, 0), 5, 5, 1);
        assertTrue(s.found());
        assertEquals(100.0, s.medianTps(), 1e-12);
        assertEquals(1, s.quiet().size());
        assertEquals(3.0, s.quiet().get(0)[0], 1e-12);
        assertEquals(4.0, s.quiet().get(0)[1], 1e-12);
        assertEquals("1 interval ended under 10% of what was asked of the server in it (3-4 s: 9 of 100 transactions, 4.0 "
                + "terminals waiting; the median pace 25.0 per terminal-second waited)", s.evidence());
        assertFalse(StallRule.of(intervals(1, 50, 100, 104, 10, 98, 102), latency(400, 1000, 0, 0), 5, 5, 1).found());
    }

    @Test
    void aTailFarBeyondTheP99WithATenthOfAPercentOverASecond() {
        // 9,990 at 2 ms and 10 at 10 s: p99 2 ms, max 10 s = 5,000x, 0.1% over a second
        Stall s = StallRule.of(List.of(), latency(9_990, 2_000, 10, 10_000_000), 10, 10, 1);
        assertTrue(s.found(), s.toString());
        assertTrue(s.evidence().startsWith("max latency 10,00"), s.evidence());
        assertTrue(s.evidence().contains("0.10% of transactions took a second or more"), s.evidence());
        // 9 of 10,000 over a second: 0.09%, not enough
        assertFalse(StallRule.of(List.of(), latency(9_991, 2_000, 9, 10_000_000), 10, 10, 1).found());
    }

    @Test
    void aWindowThatRanLong() {
        // time=10: 12.0 s is 1.2x and 2 s more; 11.9 s is not
        assertEquals("the 10 s window ran 12.0 s (transactions in flight at its end ran on)",
                StallRule.of(List.of(), latency(100, 1000, 0, 0), 12.0, 10, 0).evidence());
        assertFalse(StallRule.of(List.of(), latency(100, 1000, 0, 0), 11.9, 10, 0).found());
        // time=2: 2.4 s is 1.2x but not a second more
        assertFalse(StallRule.of(List.of(), latency(100, 1000, 0, 0), 2.4, 2, 0).found());
        assertFalse(StallRule.of(List.of(), latency(100, 1000, 0, 0), 50, 0, 0).found(), "a level bounded by events");
    }

    @Test
    void anOrdinaryLevelIsNotFlagged() {
        long[] tx = {0, 100, 104, 98, 101, 97, 103, 99, 102, 105, 95, 100, 101, 99, 98, 103, 102, 100, 97, 104, 96};
        Stall s = StallRule.of(intervals(1, tx), latency(2_000, 1_500, 20, 40_000), 20.02, 20, 1);
        assertFalse(s.found(), s.evidence());
        assertEquals("", s.evidence());
    }

    /** A 1 s interval at a rate: {@code tx} ended, one terminal due {@code due} s of it, {@code queue} left at its end. */
    private static IntervalResult paced(int at, long tx, double due, long queue) {
        return paced(at, 1, tx, due, queue);
    }

    /** As {@link #paced(int, long, double, long)} with {@code terminals}, {@code due} terminal-seconds of them. */
    static IntervalResult paced(int at, int terminals, long tx, double due, long queue) {
        return new IntervalResult(at, 1.0, terminals, tx, tx, 0, 0, 0, 0, false, 0.05, Histograms.encode(Histograms.empty()),
                queue, List.of(), Resources.NONE, new IntervalResult.TerminalTime(due, terminals - due));
    }

    /**
     * rate=20 on two clients over a busy host (issue 42): a second in which the terminal waited 0.6 s and ended its 24
     * transactions was called quiet ("24 of 326 asked"), the closed loop's pace (2,000 per due second here: 20 ended in
     * 0.01 s) times its wait. At a rate the second asked its 20 arrivals and the 0 queued: 24 is not under a tenth.
     * A second that ended none while its 20 arrivals queued is still quiet: it asked 20 (and the next 20 + 20).
     */
    @Test
    void atARateAnIntervalAsksItsArrivalsAndItsQueueAtMost() {
        List<IntervalResult> slow = new ArrayList<>();
        for (int k = 1; k <= 6; k++) slow.add(paced(k, 20, 0.01, 0));
        slow.add(paced(7, 24, 0.6, 0));
        slow.add(paced(8, 20, 0.01, 0));
        Histogram h = latency(164, 500, 0, 0);
        assertTrue(StallRule.of(slow, h, 8, 8, 1).found(), "without the rate the closed loop's pace asks 1,200 of it");
        assertFalse(StallRule.of(slow, h, 8, 8, 1, 20).found(), StallRule.of(slow, h, 8, 8, 1, 20).evidence());

        List<IntervalResult> stopped = new ArrayList<>();
        for (int k = 1; k <= 5; k++) stopped.add(paced(k, 20, 0.01, 0));
        stopped.add(paced(6, 0, 1.0, 20));
        stopped.add(paced(7, 0, 1.0, 40));
        stopped.add(paced(8, 20, 0.01, 20));
        Stall s = StallRule.of(stopped, h, 8, 8, 1, 20);
        assertEquals(2, s.quiet().size(), s.evidence());
        assertTrue(s.evidence().contains("5-6 s: 0 of 20 transactions") && s.evidence().contains("6-7 s: 0 of 40 transactions"),
                s.evidence());
    }
}
