package org.oltpbench.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oltpbench.Baseline;
import org.oltpbench.report.compare.CompareRuns;
import org.oltpbench.result.file.ResultFiles;
import org.oltpbench.result.repeat.usage.Verdict;
import org.oltpbench.result.run.RunResult;
import org.oltpbench.stats.Interval;

class BaselineTest {
    /** A run with one thread level at {@code tps} (a 10 s window of tps x 10 transactions). */
    private static RunResult run(double tps) {
        return run(tps, "completed");
    }

    private static RunResult run(double tps, String status) {
        String json = """
                {"schemaVersion":"2.0","oltpbenchVersion":"t","workload":"w","reportStyle":"sysbench","config":{},
                 "server":{"dialect":"mariadb","version":"v","facts":{}},"client":null,"startedAt":"t0","endedAt":null,
                 "repeatPick":"max","percentile":95,"levels":[{"threads":4,"threadsPerHost":{},"picked":0,"repeats":[
                 {"repeat":1,"threads":4,"status":"%s","reason":null,"window":{"start":"a","end":"b","seconds":10.0},
                  "counts":{"transactions":%d,"rollbacks":0,"reads":0,"writes":0,"other":0,"ignoredErrors":0,"errors":0,
                            "retries":0,"reconnects":0,"latencySumNanos":0},
                  "transactions":[],"intervals":[],"threadEvents":[],"threadLatencyNanos":[],
                  "cpu":{"processSeconds":1,"cores":0.1,"hostCores":2,"hostBusy":0.5},
                  "serverCount":{"counter":null,"server":-1,"client":0,"note":"n"}}]}]}
                """.formatted(status, Math.round(tps * 10));
        return ResultFiles.fromJson(json, "test");
    }

    /** A baseline whose kept repeat aborted holds partial figures: it cannot vouch for anything. */
    @Test
    void aBaselineThatAbortedIsRefused(@TempDir Path dir) throws Exception {
        ResultFiles.write(dir, run(1000, "aborted"));
        List<String> v = Baseline.of(dir).tpsAtLeast(0.9).violations(run(2000));
        assertEquals(1, v.size(), v.toString());
        assertTrue(v.get(0).startsWith("threads=4: the baseline's own run of this level aborted"), v.get(0));
    }

    @Test
    void passesAtOrAboveTheRatio(@TempDir Path dir) throws Exception {
        ResultFiles.write(dir, run(1000));
        Baseline b = Baseline.of(dir).tpsAtLeast(0.9);
        assertEquals(List.of(), b.violations(run(900)));
        b.check(run(1200));
    }

    /** 850 tps against a baseline of 1,000 at 0.9: the message names the level, the metric and both values. */
    @Test
    void failsBelowTheRatioNamingLevelMetricAndValues() {
        Baseline b = Baseline.of(run(1000)).tpsAtLeast(0.9);
        AssertionError e = assertThrows(AssertionError.class, () -> b.check(run(850)));
        assertTrue(e.getMessage().contains("threads=4: tps 850.00 is below 0.90 x baseline 1000.00 (= 900.00)"), e.getMessage());
    }

    @Test
    void aMissingLevelIsAViolation() {
        RunResult empty = ResultFiles.fromJson(ResultFiles.toJson(run(1).withLevels(List.of())), "t");
        assertEquals(List.of("threads=4: the baseline has this level and the run does not"),
                Baseline.of(run(1000)).tpsAtLeast(0.9).violations(empty));
    }

    private static RunResult repeats(long... transactions) {
        List<org.oltpbench.result.repeat.RepeatResult> reps = new java.util.ArrayList<>();
        for (int i = 0; i < transactions.length; i++) {
            reps.add(org.oltpbench.result.Fixtures.sysbench(i + 1, 4, transactions[i], org.oltpbench.result.repeat.RepeatResult.COMPLETED));
        }
        return org.oltpbench.result.Fixtures.run(List.of(new org.oltpbench.result.level.LevelResult(4, java.util.Map.of(), 0, reps)));
    }

    /**
     * compare --gate's noise rule: base tps 100, 110, 90 over three repeats. A run 10% slower (90, 99, 81) breaks
     * tpsAtLeast(0.95) on the figures, but its ratio's interval (0.9 [0.63, 1.28], GateTest's by SciPy scaled by 0.9)
     * holds 0.95: within noise, no violation. A run at half (50, 55, 45) breaks it beyond noise: 0.5 [0.35, 0.71].
     */
    @Test
    void levelsWithIntervalsAreJudgedBeyondNoise() {
        Baseline b = Baseline.of(repeats(1000, 1100, 900)).tpsAtLeast(0.95);
        assertEquals(List.of(), b.violations(repeats(900, 990, 810)));
        assertEquals(List.of("threads=4: tps 50.00 is below 0.95 x baseline 100.00 (= 95.00), beyond noise: ratio 0.50 [0.35, 0.71]"),
                b.violations(repeats(500, 550, 450)));
        assertEquals(List.of("threads=4: tps 90.00 is below 0.95 x baseline 100.00 (= 95.00); no interval, so judged on the "
                + "figures alone"), Baseline.of(repeats(1000)).tpsAtLeast(0.95).violations(repeats(900)));
    }

    /**
     * Issue 42 §1.6: base repeats 100/101/99/100/101/99 tps (repeatPick=max reports 101), new 92/80/80/80/80/80 (reports
     * 92). The ratio judged is the means', 82 / 100 = 0.82 [0.77, 0.87] (src/test/resources/expected/gate_means_ratio.py),
     * and the line prints those means: on ade499c it printed "tps 92.00 is below 0.90 x baseline 101.00 (= 90.90)".
     */
    @Test
    void aViolationPrintsTheMeansItJudged() {
        RunResult base = CompareRuns.picked("b", 1, 1000, 1010, 990, 1000, 1010, 990).run();
        RunResult next = CompareRuns.picked("n", 0, 920, 800, 800, 800, 800, 800).run();
        assertEquals(List.of("threads=4: tps mean 82.00 is below 0.90 x baseline mean 100.00 (= 90.00), beyond noise: ratio "
                + "0.82 [0.77, 0.87]"), Baseline.of(base).tpsAtLeast(0.9).violations(next));
    }

    /**
     * Issue 42 §1.12: single runs (batch-means intervals) judge no "beyond noise". Base 60 tps (standard error 3), run 10
     * (standard error 1), 8 batches each: the ratio 1/6 = 0.1667, [0.128, 0.217] (ComparisonVerdictTest's interval of 6.00
     * inverted: 1/7.8157, 1/4.6061), wholly below 0.9: a violation, whose line says what it was not judged.
     */
    @Test
    void singleRunsBreakARuleWithoutClaimingNoise() {
        Interval.Method batches = Interval.Method.BATCH_MEANS;
        RunResult base = CompareRuns.measured("b", "mariadb", 600, new Interval(60, 53, 67, 3, 8, batches), Verdict.Limit.SERVER,
                false, "2026-11-23T07:00:00Z", "2026-11-23T07:00:30Z").run();
        RunResult run = CompareRuns.measured("n", "mariadb", 100, new Interval(10, 7.6, 12.4, 1, 8, batches), Verdict.Limit.SERVER,
                false, "2026-11-23T08:00:00Z", "2026-11-23T08:00:30Z").run();
        assertEquals(List.of("threads=4: tps 10.00 is below 0.90 x baseline 60.00 (= 54.00) by its ratio's whole interval: ratio "
                + "0.17 [0.13, 0.22]; not judged beyond noise: single runs (an interval of batch means within one run cannot see "
                + "the swings from run to run)"), Baseline.of(base).tpsAtLeast(0.9).violations(run));
    }
}
