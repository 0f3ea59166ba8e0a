package org.oltpbench.report.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.renderer.category.LineAndShapeRenderer;
import org.oltpbench.report.Metric;
import org.oltpbench.result.Fixtures;
import org.oltpbench.result.level.LevelResult;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.run.RunResult;
import org.oltpbench.result.judge.spread.Spreads;
import org.junit.jupiter.api.Test;

/** Issue 43 §5: what compare's and a run's charts draw at a level, and that a line keeps its colour across charts. */
class CompareChartsTest {

    /**
     * Three repeats of 1,000, 2,000 and 3,000 transactions in 10 s (100, 200, 300 tps), the last kept (as repeatPick=max
     * keeps it): the point is 200, the mean its bar is the interval of, not the kept 300 at the bar's end.
     */
    @Test
    void aPointIsTheFigureItsBarIsTheIntervalOf() {
        List<RepeatResult> reps = List.of(Fixtures.sysbench(1, 4, 1000, RepeatResult.COMPLETED),
                Fixtures.sysbench(2, 4, 2000, RepeatResult.COMPLETED), Fixtures.sysbench(3, 4, 3000, RepeatResult.COMPLETED));
        LevelResult level = new LevelResult(4, Map.of(), 2, reps, Spreads.of(reps, reps.get(2), 95));
        RunResult run = Fixtures.run(List.of(level));
        Charts.Line line = RunCharts.line("a", run, Metric.TPS);
        assertEquals(300.0, Metric.TPS.of(level.kept()), 1e-9, "the kept repeat");
        assertEquals(200.0, line.points().get(0)[1], 1e-9, "the mean over the repeats");
        double[] bar = line.errors().get(0);
        assertTrue(bar[1] < 200 && 200 < bar[2], "the point inside its bar");
    }

    /** Two runs at one level: each run's points and bars are offset within the level, alike in both datasets. */
    @Test
    void runsAtALevelAreDrawnSideBySide() {
        Charts.Line a = new Charts.Line("a", List.of(new double[] {4, 100}), List.of(new double[] {4, 90, 110}));
        Charts.Line b = new Charts.Line("b", List.of(new double[] {4, 120}), List.of());
        CategoryPlot plot = Charts.byRuns("t", "s", Charts.Axes.one("tps", List.of(a, b)), "threads").getCategoryPlot();
        assertTrue(((LineAndShapeRenderer) plot.getRenderer(0)).getUseSeriesOffset(), "the points offset");
        assertTrue(((LineAndShapeRenderer) plot.getRenderer(2)).getUseSeriesOffset(), "the bars offset with them");
        var bars = plot.getDataset(2);
        assertEquals(List.of("a", "b"), bars.getRowKeys(), "line b (no interval) keeps its place, so a's bar sits at a's point");
    }

    /** The client's CPU line has one colour whether a queries panel (CH) comes before it or not. */
    @Test
    void theClientKeepsItsColourAcrossCharts() {
        Charts.Axes first = Charts.Axes.one("tps", List.of(new Charts.Line("tps", List.of(new double[] {1, 1}))));
        Charts.Axes cpu = Charts.Axes.one("cores", List.of(new Charts.Line("client (oltpbench)", List.of(new double[] {1, 1})),
                new Charts.Line("mariadbd (proc)", List.of(new double[] {1, 1}))));
        Charts.Axes queries = Charts.Axes.one("queries", List.of(new Charts.Line("queries completed, 2 streams", List.of(new double[] {1, 1}))));
        var plain = Charts.overTimeStacked("t", "s", first, List.of(cpu), Band.NONE, Charts.TimeMarks.warmup(0));
        var ch = Charts.overTimeStacked("t", "s", first, List.of(queries, cpu), Band.NONE, Charts.TimeMarks.warmup(0));
        var plainCpu = (org.jfree.chart.plot.XYPlot) ((org.jfree.chart.plot.CombinedDomainXYPlot) plain.getPlot()).getSubplots().get(1);
        var chCpu = (org.jfree.chart.plot.XYPlot) ((org.jfree.chart.plot.CombinedDomainXYPlot) ch.getPlot()).getSubplots().get(2);
        var chQueries = (org.jfree.chart.plot.XYPlot) ((org.jfree.chart.plot.CombinedDomainXYPlot) ch.getPlot()).getSubplots().get(1);
        assertEquals(plainCpu.getRenderer().getSeriesPaint(0), chCpu.getRenderer().getSeriesPaint(0));
        assertEquals(plainCpu.getRenderer().getSeriesPaint(1), chCpu.getRenderer().getSeriesPaint(1));
        assertNotEquals(chQueries.getRenderer().getSeriesPaint(0), chCpu.getRenderer().getSeriesPaint(0));
    }

    /**
     * CH's queries per minute over the last minute, not each 1-s interval's count x 60 (which jumped 0/60/180): the CH
     * fixture's 2-terminal level measured 10 intervals of ~1 s from 0 s and its streams ended 27 queries by the last
     * one's end (10.0005 s), so its last point is 27 x 60 / 10.0005 = 161.99 per minute (its last second ended none:
     * the old chart drew 0 there).
     */
    @Test
    void queriesPerMinuteAreCountedOverAMinute() throws Exception {
        RepeatResult r = RunChartsTest.fixture("ch-0-and-2-terminals.json").level(2).kept();
        List<double[]> points = RunCharts.queryPanel(r).left().get(0).points();
        double[] last = points.get(points.size() - 1);
        assertEquals(27, r.analytics().endedIn(last[0], last[0]));
        assertEquals(27 * 60 / last[0], last[1], 1e-9);
        assertEquals(0, r.analytics().endedIn(last[0], 1.0), "the last second alone ended none");
    }

    /**
     * A reading taken late spans more than its interval: 1 s whose host reading covers 2 s (4 core-seconds busy of a
     * 2-core host), the client's 3 CPU-seconds and the server's 0.8 in it, are 3 x 1/2 = 1.5 and 0.8 x 1/2 = 0.4 cores
     * in the level's chart, as in its usage (the chart drew 3.0 of a 2-core host).
     */
    @Test
    void aLateReadingIsScaledInTheChartAsInTheUsage() {
        var host = new org.oltpbench.result.repeat.client.Resources.HostCpu(2, 4, 0, 0, 0, 0, 0, 0, 0);
        var server = new org.oltpbench.result.repeat.client.Resources.ServerUse(org.oltpbench.result.repeat.client.ResourceSource.PROC, "localhost",
                "mariadbd 42", 0.8, 1, 0, 0, -1, -1, -1, org.oltpbench.result.repeat.client.Resources.HostCpu.UNKNOWN, "");
        var res = new org.oltpbench.result.repeat.client.Resources(new org.oltpbench.result.repeat.client.Resources.ClientUse(3, 0, 1, "lo", 1, 1, host),
                List.of(server));
        var interval = new org.oltpbench.result.repeat.counted.IntervalResult(1, 1, 4, 100, 100, 0, 0, 0, 0, false, 0, null, -1, List.of(), res);
        RepeatResult r = Fixtures.sysbench(1, 4, 100, RepeatResult.COMPLETED);
        r = r.withMeasured(new RepeatResult.Measured(r.measured().window(), r.counts(), r.transactions(), List.of(interval)));
        var cpu = RunCharts.resourcePanels(r).get(0).left();
        assertEquals(1.5, cpu.get(0).points().get(0)[1], 1e-9, cpu.get(0).name());
        assertEquals(0.4, cpu.get(1).points().get(0)[1], 1e-9, cpu.get(1).name());
    }

    /**
     * A server killed mid-level has no reading while it is gone: its line has a gap there (NaN), not a line drawn from
     * its last reading to its first after it came back. Three 1-s intervals; the server is read in the first and last.
     */
    @Test
    void aServerWithoutAReadingHasAGapInItsLine() {
        var server = new org.oltpbench.result.repeat.client.Resources.ServerUse(org.oltpbench.result.repeat.client.ResourceSource.PROC, "localhost",
                "mariadbd 42", 0.5, 1, 0, 0, -1, -1, -1, org.oltpbench.result.repeat.client.Resources.HostCpu.UNKNOWN, "");
        var client = new org.oltpbench.result.repeat.client.Resources.ClientUse(0.25, 0, 1, "lo", 1, 1,
                org.oltpbench.result.repeat.client.Resources.HostCpu.UNKNOWN);
        List<org.oltpbench.result.repeat.counted.IntervalResult> intervals = new java.util.ArrayList<>();
        for (int k = 1; k <= 4; k++) {
            // the fourth interval read nothing at all: every line's gap
            var res = k == 4 ? org.oltpbench.result.repeat.client.Resources.NONE
                    : new org.oltpbench.result.repeat.client.Resources(client, k == 2 ? List.of() : List.of(server));
            intervals.add(new org.oltpbench.result.repeat.counted.IntervalResult(k, 1, 4, 100, 100, 0, 0, 0, 0, false, 0, null, -1, List.of(), res));
        }
        RepeatResult r = Fixtures.sysbench(1, 4, 300, RepeatResult.COMPLETED);
        r = r.withMeasured(new RepeatResult.Measured(r.measured().window(), r.counts(), r.transactions(), intervals));
        var cpu = RunCharts.resourcePanels(r).get(0).left();
        assertEquals(2, cpu.size(), cpu.toString());
        var points = cpu.get(1).points();
        assertEquals(4, points.size(), cpu.get(1).name());
        assertEquals(0.5, points.get(0)[1], 1e-9);
        assertTrue(Double.isNaN(points.get(1)[1]), "no reading at 2 s: a gap");
        assertEquals(0.5, points.get(2)[1], 1e-9);
        assertTrue(Double.isNaN(points.get(3)[1]));
        var clientLine = cpu.get(0).points().stream().map(p -> p[1]).toList();
        assertEquals(List.of(0.25, 0.25, 0.25), clientLine.subList(0, 3), "the client, read in the first three");
        assertTrue(Double.isNaN(clientLine.get(3)), "nothing read at 4 s: the client's line too has its gap");
    }
}
