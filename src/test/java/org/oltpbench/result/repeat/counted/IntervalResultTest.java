package org.oltpbench.result.repeat.counted;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.oltpbench.result.Fixtures;
import org.oltpbench.result.file.Merge;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.repeat.client.Resources;

/**
 * Intervals added up: consecutive ones as one console line ({@link IntervalResult#sum}), and the same interval of
 * several clients ({@link Merge}). Every count is summed, the latencies merged, the schedules combined.
 */
class IntervalResultTest {
    private static IntervalResult interval(double at, long n, long ignored, long reconnects, Schedule schedule, long... micros) {
        return new IntervalResult(at, 1.0, 2, n, 3 * n, 2 * n, n, ignored, reconnects, false, 0.5, Fixtures.hist(micros), -1,
                List.of(n), Resources.NONE, IntervalResult.TerminalTime.UNKNOWN, schedule);
    }

    private static final IntervalResult A = interval(1, 10, 1, 0, new Schedule(1, 2, 3_000, 2_000), 1000, 2000),
            B = interval(2, 30, 2, 1, new Schedule(4, 5, 6_000, 5_000), 3000);

    private static void assertSummed(IntervalResult s) {
        assertEquals(40, s.transactions());
        assertEquals(120, s.reads());
        assertEquals(80, s.writes());
        assertEquals(40, s.other());
        assertEquals(3, s.ignoredErrors());
        assertEquals(1, s.reconnects());
        assertEquals(3, Histograms.decode(s.latency()).getTotalCount(), "the latencies merged");
        assertEquals(A.schedule().plus(B.schedule()), s.schedule());
        assertEquals(List.of(40L), s.types());
    }

    private static RepeatResult only(RepeatResult r, IntervalResult i) {
        return r.withMeasured(new RepeatResult.Measured(r.window(), r.counts(), r.transactions(), List.of(i)));
    }

    @Test
    void consecutiveIntervalsAddUp() {
        IntervalResult s = IntervalResult.sum(List.of(A, B));
        assertSummed(s);
        assertEquals(2.0, s.seconds(), 1e-12);
        assertEquals(2.0, s.at(), 1e-12, "at the last one's end");
    }

    @Test
    void theSameIntervalOfSeveralClientsAddsUp() {
        RepeatResult a = Fixtures.sysbench(1, 2, 10, RepeatResult.COMPLETED), b = Fixtures.sysbench(1, 2, 30, RepeatResult.COMPLETED);
        IntervalResult s = Merge.intervals(List.of(only(a, A), only(b, B)), 4).get(0);
        assertSummed(s);
        assertEquals(1.0, s.seconds(), 1e-12, "the clients' seconds averaged");
        assertEquals(1.0, s.clientCpuCores(), 1e-12, "the clients' cores summed");
    }
}
