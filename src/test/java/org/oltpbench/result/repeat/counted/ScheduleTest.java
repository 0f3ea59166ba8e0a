package org.oltpbench.result.repeat.counted;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.oltpbench.result.Fixtures;
import org.oltpbench.result.file.ResultFiles;
import org.oltpbench.result.level.LevelResult;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.repeat.analytics.Analytics;
import org.oltpbench.result.repeat.usage.Usage;
import org.oltpbench.result.run.RunResult;

/** The schedule's figures in result.json: kept when counted, left out when NONE, and NONE in files without them. */
class ScheduleTest {
    private static RunResult withCounts(Counts c) {
        RepeatResult r = Fixtures.sysbench(1, 4, 1000, RepeatResult.COMPLETED);
        RepeatResult s = new RepeatResult(1, 4, r.status(), null, new RepeatResult.Measured(r.window(), c, r.transactions(),
                List.of(r.intervals().get(0), new IntervalResult(11, 1, 4, 1, 0, 0, 0, 0, 0, false, 0, Fixtures.hist(1000), 0,
                        List.of(), null, null, c.schedule()))), new RepeatResult.PerThread(r.threadEvents(), r.threadLatencyNanos()),
                r.cpu(), RepeatResult.ServerChecks.of(r.serverCount()), RepeatResult.Topology.NONE, Usage.NONE, Analytics.NONE);
        return Fixtures.run(List.of(new LevelResult(4, Map.of(), 0, List.of(s))));
    }

    @Test
    void countedFiguresRoundTripAndNoneIsLeftOut() {
        Schedule counted = new Schedule(3, 4, 5_000_000, 2_000_000);
        Counts c = new Counts(1000, 0, 0, 0, 0, 0, 0, 0, 0, 1, Map.of(), List.of(), counted);
        RunResult back = ResultFiles.fromJson(ResultFiles.toJson(withCounts(c)), "test");
        RepeatResult r = back.levels().get(0).repeats().get(0);
        assertEquals(counted, r.counts().schedule());
        assertEquals(counted, r.intervals().get(1).schedule());

        String none = ResultFiles.toJson(withCounts(new Counts(1000, 0, 0, 0, 0, 0, 0, 0, 0, 1)));
        assertFalse(none.contains("\"schedule\""), "NONE is not written: files stay as they were");
        RepeatResult old = ResultFiles.fromJson(none, "test").levels().get(0).repeats().get(0);
        assertEquals(Schedule.NONE, old.counts().schedule(), "a file without it reads NONE");
        assertTrue(old.intervals().stream().allMatch(i -> i.schedule().equals(Schedule.NONE)));
    }
}
