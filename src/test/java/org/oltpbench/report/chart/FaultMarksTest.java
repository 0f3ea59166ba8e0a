package org.oltpbench.report.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.oltpbench.result.Fixtures;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.repeat.topology.Fault;

/**
 * The fault plan's marks on a level's time axis: the fault, the recover command and, where it returned a second or more
 * after it began and inside the plotted time (the fixture's last interval ends at 10 s), when it returned.
 */
class FaultMarksTest {

    private static List<Charts.Event> events(double recoverEnded) {
        RepeatResult r = Fixtures.sysbench(1, 2, 1000, RepeatResult.Status.COMPLETED)
                .withFault(new Fault(2.0, 0, 2.01, 4.0, 0, recoverEnded, Fault.Outage.NONE));
        return RunCharts.marks(r, 0).events();
    }

    @Test
    void aRecoverCommandThatReturnedLaterIsMarkedWhereItReturned() {
        assertEquals(List.of(new Charts.Event("fault", 2.0), new Charts.Event("recover", 4.0),
                new Charts.Event("recover returned", 7.5)), events(7.5));
    }

    @Test
    void aQuickOrLateReturnIsNotMarked() {
        List<Charts.Event> two = List.of(new Charts.Event("fault", 2.0), new Charts.Event("recover", 4.0));
        assertEquals(two, events(4.5), "within a second of its start: its label would sit on recover's");
        assertEquals(two, events(12.0), "after the last interval: outside the plotted time");
        assertEquals(two, events(-1), "unknown");
    }
}
