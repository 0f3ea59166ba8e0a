package org.oltpbench.result.repeat.analytics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.oltpbench.result.Fixtures;
import org.oltpbench.result.file.ResultFiles;
import org.oltpbench.result.level.LevelResult;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.run.RunResult;

/** CH's analytics in result.json: written only when there are streams, read back whole; QphH derived from it. */
class AnalyticsTest {
    private static Analytics two() {
        return new Analytics(2, "the OLTP front end", 20.0, List.of(
                new QueryMetrics("Q1", 3, 1, 0, 0, Fixtures.hist(100_000, 200_000, 300_000), 15),
                new QueryMetrics("Q2", 2, 0, 1, 1, Fixtures.hist(500_000, 700_000), 550)),
                Fixtures.hist(1_000, 2_000, 50_000), 200, 0, List.of(3.5, 7.25, 12.0, 19.5, 20.0));
    }

    /** 5 completed queries in 20 s: 5 x 3600 / 20 = 900 an hour. */
    @Test
    void qphHIsCompletedQueriesPerHourOfTheWindow() {
        Analytics a = two();
        assertEquals(5, a.completed());
        assertEquals(1, a.cancelled());
        assertEquals(1, a.timedOut());
        assertEquals(1, a.errors());
        assertEquals(900.0, a.qphH(), 1e-12);
        assertEquals(0.0, Analytics.NONE.qphH());
    }

    @Test
    void aRepeatsAnalyticsRoundTripAndTpccAloneWritesNone() {
        RepeatResult with = Fixtures.tpcc(2, 20, 100, 1, 90, RepeatResult.COMPLETED).withAnalytics(two());
        RunResult run = Fixtures.run(List.of(new LevelResult(2, java.util.Map.of(), 0, List.of(with))));
        String json = ResultFiles.toJson(run);
        assertTrue(json.contains("\"analytics\""), json);
        RunResult back = ResultFiles.fromJson(json, "test");
        assertEquals(two(), back.levels().get(0).repeats().get(0).analytics());

        RepeatResult without = Fixtures.tpcc(2, 20, 100, 1, 90, RepeatResult.COMPLETED);
        String plain = ResultFiles.toJson(Fixtures.run(List.of(new LevelResult(2, java.util.Map.of(), 0, List.of(without)))));
        assertFalse(plain.contains("\"analytics\""));
        assertFalse(plain.contains("\"analytic\""), "TPC-C's params carry no analytic part");
    }
}
