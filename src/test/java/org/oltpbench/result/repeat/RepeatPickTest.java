package org.oltpbench.result.repeat;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.oltpbench.result.Fixtures;

class RepeatPickTest {
    private static final RepeatResult.Status OK = RepeatResult.COMPLETED, ABORTED = RepeatResult.ABORTED;

    /** Which repeat "max" and "median" pick among three at 4 threads with these tps and statuses. */
    private static void assertPicks(int max, int median, long tps1, RepeatResult.Status s1, long tps2,
                                    RepeatResult.Status s2, long tps3, RepeatResult.Status s3) {
        List<RepeatResult> runs = List.of(Fixtures.sysbench(1, 4, tps1, s1), Fixtures.sysbench(2, 4, tps2, s2),
                Fixtures.sysbench(3, 4, tps3, s3));
        assertEquals(max, RepeatPick.pick(runs, "max"), "max");
        assertEquals(median, RepeatPick.pick(runs, "median"), "median");
    }

    /** The aborted repeat has the highest tps (it ran on after an error) and is still never the one reported. */
    @Test
    void anAbortedRepeatIsNeverPicked() {
        assertPicks(2, 0, 900, OK, 5000, ABORTED, 1000, OK);
    }

    @Test
    void medianOfThreeIsTheMiddleByTps() {
        assertPicks(2, 0, 1000, OK, 900, OK, 1100, OK);
    }

    @Test
    void noneCompletedPicksNothing() {
        assertEquals(-1, RepeatPick.pick(List.of(Fixtures.sysbench(1, 4, 900, ABORTED)), "max"));
    }
}
