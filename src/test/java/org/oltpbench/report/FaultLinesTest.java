package org.oltpbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.oltpbench.result.repeat.topology.Fault;

/** The [Fault] line: each command's start, exit and, where known, when it exited. */
class FaultLinesTest {

    @Test
    void eachCommandsExitIsTimedWhereKnown() {
        Fault f = new Fault(8.0, 0, 8.02, 16.0, 0, 24.13, Fault.Outage.NONE);
        assertEquals("[Fault] faultCommand at 8.0s (exit 0 at 8.0s), recoverCommand at 16.0s (exit 0 at 24.1s)",
                FaultLines.lines(withFault(f)).get(0));
    }

    /** An end before the start (0, as a result.json written before ends were recorded reads) is unknown. */
    @Test
    void anEndBeforeItsStartIsUnknown() {
        Fault old = new Fault(8.0, 0, 0, 16.0, 0, 0, Fault.Outage.NONE);
        assertEquals(-1, old.endedAtSecs());
        assertEquals(-1, old.recoverEndedAtSecs());
        assertEquals("[Fault] faultCommand at 8.0s (exit 0), recoverCommand at 16.0s (exit 0)",
                FaultLines.lines(withFault(old)).get(0));
        Fault running = new Fault(8.0, -1, -1, -1, -1, -1, Fault.Outage.NONE);
        assertEquals("[Fault] faultCommand at 8.0s (still running at the level's end)", FaultLines.lines(withFault(running)).get(0));
    }

    private static org.oltpbench.result.repeat.RepeatResult withFault(Fault f) {
        return org.oltpbench.result.Fixtures.sysbench(1, 4, 1000, org.oltpbench.result.repeat.RepeatResult.Status.COMPLETED).withFault(f);
    }
}
