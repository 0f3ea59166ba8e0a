package org.oltpbench.result.repeat;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.oltpbench.result.Fixtures;

class RepeatPickTest {
    private static final RepeatResult.Status OK = RepeatResult.COMPLETED, ABORTED = RepeatResult.ABORTED;

    /** The aborted repeat has the highest tps (it ran on after an error) and is still never the one reported. */
    @Test
    void anAbortedRepeatIsNeverPicked() {
        List<RepeatResult> runs = List.of(Fixtures.sysbench(1, 4, 900, OK), Fixtures.sysbench(2, 4, 5000, ABORTED),
                Fixtures.sysbench(3, 4, 1000, OK));
        assertEquals(2, RepeatPick.pick(runs, "max"));
        assertEquals(0, RepeatPick.pick(runs, "median"));
    }

    @Test
    void medianOfThreeIsTheMiddleByTps() {
        List<RepeatResult> runs = List.of(Fixtures.sysbench(1, 4, 1000, OK), Fixtures.sysbench(2, 4, 900, OK),
                Fixtures.sysbench(3, 4, 1100, OK));
        assertEquals(0, RepeatPick.pick(runs, "median"));
        assertEquals(2, RepeatPick.pick(runs, "max"));
    }

    @Test
    void noneCompletedPicksNothing() {
        assertEquals(-1, RepeatPick.pick(List.of(Fixtures.sysbench(1, 4, 900, ABORTED)), "max"));
    }
}
