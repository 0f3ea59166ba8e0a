package org.oltpbench.result.judge.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.oltpbench.result.repeat.counted.IntervalResult;
import org.oltpbench.result.repeat.topology.Fault;
import org.oltpbench.result.repeat.topology.Fault.Outage;
import org.oltpbench.result.repeat.topology.Fault.Outage.State;

/** The outage's edges, placed by hand on one-second intervals. */
class OutagesTest {

    /** Intervals of one second from {@code start}: tps[k] transactions, errors[k] errors and reconnects. */
    private static List<IntervalResult> seconds(double start, boolean warmup, long[] tps, long[] errors) {
        List<IntervalResult> out = new ArrayList<>();
        for (int k = 0; k < tps.length; k++) {
            long e = errors == null ? 0 : errors[k];
            out.add(new IntervalResult(start + k + 1, 1, 4, tps[k], 0, 0, 0, e, e, warmup, 0, null));
        }
        return out;
    }

    private static List<IntervalResult> level(long[] before, long[] after, long[] errorsAfter) {
        List<IntervalResult> all = new ArrayList<>(seconds(0, true, new long[]{7, 7}, null)); // warm-up: never a baseline
        all.addAll(seconds(2, false, before, null));
        all.addAll(seconds(2 + before.length, false, after, errorsAfter));
        return all;
    }

    @Test
    void fallsAndComesBack() {
        // baseline: (100+100+100+100) / 4 s = 100 tps; the fault at 6.0 s, at an interval's edge
        var all = level(new long[]{100, 100, 100, 100}, new long[]{30, 0, 0, 60, 90, 100}, new long[]{2, 3, 0, 1, 0, 0});
        Outage o = Outages.fault(6.0, 0, -1, -1, -1, -1, all).outage();
        assertEquals(State.RECOVERED, o.state());
        assertEquals(100.0, o.baselineTps(), 1e-9);
        assertEquals(6.0, o.fellAtSecs(), 1e-9);   // (6,7] at 30 tps < 50
        assertEquals(10.0, o.backAtSecs(), 1e-9);  // (10,11] at 90 tps = 90% exactly: back
        assertEquals(4.0, o.recoverySecs(), 1e-9);
        assertEquals(0.0, o.lowestShare(), 1e-9);
        assertEquals(6, o.errors());               // 2 + 3 + 0 + 1 over (6,10]
        assertEquals(6, o.reconnects());
        assertEquals(1.0, o.resolutionSecs(), 1e-9);
    }

    @Test
    void theEdgesOfFellAndBack() {
        // 50 of 100 is not below 50%: no fall; 89 is not back
        var none = level(new long[]{100, 100}, new long[]{50, 50, 100}, null);
        Outage o = Outages.fault(4.0, 0, -1, -1, -1, -1, none).outage();
        assertEquals(State.NO_OUTAGE, o.state());
        assertEquals(0.5, o.lowestShare(), 1e-9);
        assertEquals(-1, o.fellAtSecs());
        var notBack = level(new long[]{100, 100}, new long[]{49, 89, 89}, new long[]{1, 1, 1});
        Outage n = Outages.fault(4.0, 0, -1, -1, -1, -1, notBack).outage();
        assertEquals(State.NOT_RECOVERED, n.state());
        assertEquals(4.0, n.fellAtSecs(), 1e-9);
        assertEquals(-1, n.backAtSecs());
        assertEquals(3.0, n.recoverySecs(), 1e-9);  // to the level's end, 7.0: a lower bound
        assertEquals(3, n.errors());
    }

    @Test
    void aFaultInsideAnIntervalCountsFromTheFault() {
        // fault at 4.4: the baseline is (2,3] and (3,4] (the interval (4,5] ends after it); (4,5] at 20 fell, from 4.4
        var all = level(new long[]{80, 120}, new long[]{20, 100}, null);
        Outage o = Outages.fault(4.4, 0, -1, -1, -1, -1, all).outage();
        assertEquals(100.0, o.baselineTps(), 1e-9);
        assertEquals(4.4, o.fellAtSecs(), 1e-9);
        assertEquals(5.0, o.backAtSecs(), 1e-9);
        assertEquals(0.6, o.recoverySecs(), 1e-9);
    }

    @Test
    void aFaultBeforeAnyMeasuredIntervalHasNoBaseline() {
        var all = level(new long[]{100, 100}, new long[]{0}, null);
        assertEquals(State.NO_BASELINE, Outages.fault(2.5, 0, -1, -1, -1, -1, all).outage().state());
        assertEquals(State.NOT_MEASURED, Outages.fault(-1, 0, -1, -1, -1, -1, all).outage().state());
        assertEquals(State.NOT_MEASURED, Outages.fault(3, 0, -1, -1, -1, -1, List.of()).outage().state());
    }
}
