package org.oltpbench.report.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.oltpbench.stats.IntervalAssert.assertBounds;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.oltpbench.report.LabeledRun;
import org.oltpbench.result.Fixtures;
import org.oltpbench.result.level.LevelResult;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.repeat.analytics.Analytics;
import org.oltpbench.result.repeat.analytics.QueryMetrics;
import org.oltpbench.result.run.RunResult;
import org.oltpbench.stats.Interval;

/**
 * CH's interference table on hand-made runs of three repeats each (10 s): 0 streams at 4 terminals, tpmC 600, 660, 540;
 * 2 streams at 0 terminals, QphH 1,800, 2,160, 1,440; 2 streams at 4 terminals, tpmC 300, 330, 270 and QphH 720, 1,080,
 * 1,440. The first repeat is the one reported. Ratio intervals (log-scale delta method, t at 2 d.f.) from SciPy:
 * <pre>
 * def iv(x): x = np.array(x, float); return x.mean(), x.std(ddof=1) / np.sqrt(len(x))
 * t = stats.t.ppf(0.975, 2)
 * for a, b in [([300,330,270], [600,660,540]), ([720,1080,1440], [1800,2160,1440])]:
 *     ma, sa = iv(a); mb, sb = iv(b); r = ma / mb; h = t * np.sqrt((sa/ma)**2 + (sb/mb)**2)
 *     print(r, r * np.exp(-h), r * np.exp(h))
 * # 0.5 0.3518827326268514 0.710463960915947
 * # 0.6 0.22843929067822522 1.5759110393451903
 * </pre>
 */
class InterferenceTest {
    private static RepeatResult repeat(int terminals, long newOrders, int queries) {
        RepeatResult r = Fixtures.tpcc(terminals, 10, newOrders, 0, newOrders, RepeatResult.COMPLETED);
        if (queries < 0) return r;
        return r.withAnalytics(new Analytics(2, "the OLTP front end", 10.0, List.of(new QueryMetrics("Q1", queries, 0, 0, 0,
                Fixtures.hist(100_000), 1)), Fixtures.hist(20_000, 40_000, 60_000), 100, 0, List.of()));
    }

    private static LevelResult level(int terminals, long[] newOrders, int[] queries) {
        List<RepeatResult> reps = new ArrayList<>();
        for (int i = 0; i < newOrders.length; i++) reps.add(repeat(terminals, newOrders[i], queries[i]));
        return new LevelResult(terminals, Map.of(), 0, reps);
    }

    private static LabeledRun run(String label, int streams, String threads, List<LevelResult> levels) {
        RunResult r = Fixtures.run(levels);
        r = new RunResult(r.schemaVersion(), r.oltpbenchVersion(), Fixtures.tpccInfo(1), Fixtures.params("db=mariadb",
                "workload=ch", "warehouses=1", "analyticStreams=" + streams, "threads=" + threads, "time=10"), r.server(),
                r.client(), r.terms(), r.startedAt(), r.endedAt(), r.mergedFrom(), r.levels());
        return new LabeledRun(label, Path.of(label), r);
    }

    private static List<LabeledRun> sweep() {
        LabeledRun none = run("0streams", 0, "4", List.of(level(4, new long[] {100, 110, 90}, new int[] {-1, -1, -1})));
        LabeledRun two = run("2streams", 2, "0,4", List.of(level(0, new long[] {0, 0, 0}, new int[] {5, 6, 4}),
                level(4, new long[] {50, 55, 45}, new int[] {2, 3, 4})));
        return List.of(two, none);
    }

    @Test
    void eachSideOverItselfAloneWithTheIntervalOfItsMeans() {
        Interference t = Interference.of(sweep());
        assertEquals(List.of("4/0", "0/2", "4/2"), t.rows().stream().map(r -> r.terminals() + "/" + r.streams()).toList(),
                "by streams, then terminals");
        Interference.Row both = t.rows().get(2);
        assertEquals(300.0, both.tpmC(), 1e-9, "50 New-Orders in 10 s");
        assertEquals(0.5, both.tpmCAlone().value(), 1e-12, "300 / 600");
        Interval oltp = both.tpmCAlone().interval();
        assertBounds(0.3518827326268514, 0.710463960915947, oltp, 1e-9);
        assertEquals("0.50 [0.35, 0.71]", both.tpmCAlone().text());

        assertEquals(720.0, both.qphH(), 1e-9, "2 queries in 10 s");
        assertEquals(0.4, both.qphHAlone().value(), 1e-12, "720 / 1,800, the reported repeats");
        Interval olap = both.qphHAlone().interval();
        assertEquals(0.6, olap.mean(), 1e-12, "the means' ratio, 1,080 / 1,800");
        assertBounds(0.22843929067822522, 1.5759110393451903, olap, 1e-9);
        assertEquals("0.40 (means 0.60 [0.23, 1.58]) within noise", both.qphHAlone().text());
        // a picked repeat whose ratio prints as its mean's does not name the mean again
        Comparison.Cell alike = new Comparison.Cell(1.0003, false, false, false, new org.oltpbench.stats.Interval(1.0001, 0.95,
                1.05, 0.02, 5, org.oltpbench.stats.Interval.Method.REPEATS), Comparison.Show.RATIO);
        assertEquals("1.00 [0.95, 1.05] within noise", alike.text());
        assertEquals(0.06, both.freshnessP95Secs(), 1e-3);

        assertNull(t.rows().get(0).tpmCAlone().value(), "the terminals alone are the divisor, not a ratio");
        assertNull(t.rows().get(1).qphHAlone().value(), "the streams alone likewise");
        assertEquals(List.of("0streams", "4", "0", "600.00", "-", "-", "-", "-"), t.cells().get(0));
    }

    @Test
    void absentWithoutASideAloneOrOutsideCh() {
        LabeledRun two = run("2streams", 2, "4", List.of(level(4, new long[] {50, 55, 45}, new int[] {2, 3, 4})));
        LabeledRun four = run("4streams", 4, "4", List.of(level(4, new long[] {40, 45, 35}, new int[] {3, 4, 5})));
        assertFalse(Interference.of(List.of(two, four)).present(), "no run without streams, no level without terminals");
        LabeledRun sysbench = new LabeledRun("sb", Path.of("sb"), Fixtures.run(List.of()));
        assertFalse(Interference.of(List.of(sysbench)).present());
        assertTrue(Interference.of(sweep()).present());
    }

    /**
     * Issue 42 §1.5: a merged run (two clients of 2 streams each: 4 streams ran, QphH alone 3,360) beside its source
     * (2 streams: QphH alone 1,680, and 1,440 beside 2 terminals), both with analyticStreams=2 in their parameters, over
     * 15-s windows (QphH = queries x 3,600 / 15). Each row's streams are those that ran, and each ratio divides by its own
     * run's level: the source's 0-terminal row is the divisor ("-"), its 2-terminal row 1,440 / 1,680 = 0.857 (printed
     * 0.86); the merged run's 4-terminal row 2,880 / 3,360 = 0.857. On ade499c both runs' rows said streams 2 and the
     * source's rows were divided by the merged run's 3,360: 0.50 and 0.43.
     */
    @Test
    void aMergedRunAndItsSourceEachDivideByTheirOwnLevels() {
        LabeledRun merged = CompareRuns.run("merged", "mariadb", 2, List.of(
                CompareRuns.level(0, 4, 15, new long[] {0}, new long[] {14}), CompareRuns.level(4, 4, 15, new long[] {50}, new long[] {12})));
        LabeledRun source = CompareRuns.run("source", "mariadb", 2, List.of(
                CompareRuns.level(0, 2, 15, new long[] {0}, new long[] {7}), CompareRuns.level(2, 2, 15, new long[] {25}, new long[] {6})));
        Interference t = Interference.of(List.of(merged, source));
        List<String> rows = t.cells().stream().map(c -> String.join(" ", c.get(0), c.get(1), c.get(2), c.get(5), c.get(6))).toList();
        assertEquals(List.of("source 0 2 1680.00 -", "source 2 2 1440.00 0.86", "merged 0 4 3360.00 -",
                "merged 4 4 2880.00 0.86"), rows, "one target: by streams, then terminals");
    }

    /**
     * Two engines' sweeps (0 and 2 streams each, 10-s windows): each engine's ratios are of its own levels alone.
     * mariadb: tpmC 600 alone, 300 beside 2 streams (0.50); QphH 1,800 alone, 720 beside 4 terminals (0.40). postgres:
     * tpmC 1,200 alone, 900 beside (0.75); QphH 3,600 alone, 2,880 beside (0.80). On ade499c postgres's figures were
     * divided by mariadb's levels alone (900 / 600 = 1.50) or mariadb's by postgres's, whichever came first.
     */
    @Test
    void twoEnginesSweepsAreEachDividedByTheirOwn() {
        List<LabeledRun> runs = List.of(
                CompareRuns.run("pg 0streams", "postgres", 0, List.of(CompareRuns.level(4, 0, 10, new long[] {200}, new long[] {0}))),
                CompareRuns.run("pg 2streams", "postgres", 2, List.of(CompareRuns.level(0, 2, 10, new long[] {0}, new long[] {10}),
                        CompareRuns.level(4, 2, 10, new long[] {150}, new long[] {8}))),
                CompareRuns.run("maria 0streams", "mariadb", 0, List.of(CompareRuns.level(4, 0, 10, new long[] {100}, new long[] {0}))),
                CompareRuns.run("maria 2streams", "mariadb", 2, List.of(CompareRuns.level(0, 2, 10, new long[] {0}, new long[] {5}),
                        CompareRuns.level(4, 2, 10, new long[] {50}, new long[] {2}))));
        List<String> both = Interference.of(runs).cells().stream().filter(c -> c.get(1).equals("4") && c.get(2).equals("2"))
                .map(c -> c.get(0) + ": " + c.get(4) + " " + c.get(6)).toList();
        assertEquals(List.of("pg 2streams: 0.75 0.80", "maria 2streams: 0.50 0.40"), both);
    }

    /** compare's text carries the table after the level blocks; a 0-terminal level gets no throughput verdict. */
    @Test
    void compareTextPrintsItAndNoVerdictAtZeroTerminals() {
        Comparison c = new Comparison(sweep(), "0streams", true);
        String text = CompareTables.text(c);
        assertTrue(text.contains("HTAP interference:\n"), text);
        assertTrue(text.contains("0.50 [0.35, 0.71]"), text);
        assertTrue(c.verdictLines().stream().noneMatch(l -> l.contains("at 0 terminals")), c.verdictLines().toString());
        assertTrue(CompareTables.markdown(c).contains("### HTAP interference"));
    }
}
