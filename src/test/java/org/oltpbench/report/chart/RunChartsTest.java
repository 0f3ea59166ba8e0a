package org.oltpbench.report.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.oltpbench.report.LabeledRun;
import org.oltpbench.result.file.ResultFiles;
import org.oltpbench.result.level.LevelResult;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.repeat.server.WaitClass;
import org.oltpbench.result.repeat.server.Waits;
import org.oltpbench.result.run.RunResult;

/** Every chart type rendered from fixed result files (real runs, see src/test/resources/results/README.md). */
class RunChartsTest {

    static RunResult fixture(String name) throws Exception {
        return ResultFiles.read(Path.of("src/test/resources/results", name));
    }

    @Test
    void thisMachineCanDrawCharts() {
        assertNull(Charts.unavailable(), "install fontconfig and fonts-dejavu-core, as .ci/run does");
    }

    /**
     * 100 latencies of 1..100 ms: the spectrum stops at 99% (p needs 1/(1 - p) transactions: 99.25% would need 134),
     * and its 50% point is the 50th value (HdrHistogram's bucket for 50 ms reads 50.015 ms).
     */
    @Test
    void spectrumPointsStopWhereTheCountDoes() {
        org.HdrHistogram.Histogram h = org.oltpbench.result.repeat.counted.Histograms.empty();
        for (int ms = 1; ms <= 100; ms++) h.recordValue(ms * 1000L);
        List<double[]> points = RunCharts.spectrumLine("x", h).points();
        assertEquals(2.0, points.get(0)[0], 1e-9, "50% is 1/(1 - 0.5)");
        assertEquals(50.015, points.get(0)[1], 1e-9);
        assertEquals(100.0, points.get(points.size() - 1)[0], 1e-6, "the last point is 99%");
        assertEquals(99.0, points.get(points.size() - 1)[1], 0.1);
    }

    /**
     * Error bars sit on their own level when a line lacks the first level (a run without CH's 0-terminal level beside
     * one with it): the bars' columns follow the axis's order, 0 then 2, and line a's bar is at 2, [90, 110].
     */
    @Test
    void errorBarsStayOnTheirLevelWhenALineLacksTheFirst() {
        Charts.Line a = new Charts.Line("a", List.of(new double[] {2, 100}), List.of(new double[] {2, 90, 110}));
        Charts.Line b = new Charts.Line("b", List.of(new double[] {0, 0}, new double[] {2, 50}), List.of(new double[] {2, 40, 60}));
        var plot = Charts.byThreads("t", "s", Charts.Axes.one("tps", List.of(a, b)), "terminals").getCategoryPlot();
        var bars = (org.jfree.data.statistics.StatisticalCategoryDataset) plot.getDataset(2);
        assertEquals(plot.getDataset(0).getColumnKeys(), bars.getColumnKeys());
        assertEquals(100.0, bars.getMeanValue("a", 2).doubleValue(), 1e-9);
        assertEquals(10.0, bars.getStdDevValue("a", 2).doubleValue(), 1e-9);
        assertNull(bars.getMeanValue("a", 0));
    }

    @Test
    void sysbenchRunGetsThroughputLatencyAndOneChartPerLevel() throws Exception {
        List<RunCharts.Chart> charts = RunCharts.forRun(fixture("sysbench-3-levels.json"));
        assertEquals(List.of("throughput.png", "latency.png", "level-1.png", "level-2.png", "level-4.png", "spectrum-1.png",
                "spectrum-2.png", "spectrum-4.png"), files(charts));
        for (RunCharts.Chart c : charts) assertReadable(c);
    }

    /** CH's analytics-only level has no transaction to draw: its chart leads with the queries, not an empty throughput panel. */
    @Test
    void anAnalyticsOnlyLevelLeadsWithItsQueries() throws Exception {
        List<RunCharts.Chart> charts = RunCharts.forRun(fixture("ch-0-and-2-terminals.json"));
        RunCharts.Chart none = charts.stream().filter(c -> c.file().equals("level-0.png")).findFirst().orElseThrow();
        assertEquals("0 terminals: analytic queries, CPU and network over time", none.title());
        RunCharts.Chart two = charts.stream().filter(c -> c.file().equals("level-2.png")).findFirst().orElseThrow();
        assertEquals("2 terminals: throughput, p95, analytic queries, CPU and network over time", two.title());
        for (RunCharts.Chart c : charts) assertReadable(c);
    }

    @Test
    void tpccRunGetsTheSameSet() throws Exception {
        List<RunCharts.Chart> charts = RunCharts.forRun(fixture("tpcc-2-levels.json"));
        assertEquals(List.of("throughput.png", "latency.png", "level-1.png", "level-2.png", "spectrum-1.png", "spectrum-2.png"),
                files(charts));
        for (RunCharts.Chart c : charts) assertReadable(c);
    }

    @Test
    void comparisonsGetOneLinePerRun() throws Exception {
        RunResult r = fixture("sysbench-3-levels.json");
        List<RunCharts.Chart> charts = RunCharts.forCompare(List.of(new LabeledRun("A", Path.of("a"), r),
                new LabeledRun("B", Path.of("b"), r)));
        assertEquals(List.of("compare-throughput.png", "compare-tps.png", "compare-p95.png", "compare-spectrum-1.png",
                "compare-spectrum-2.png", "compare-spectrum-4.png"), files(charts));
        for (RunCharts.Chart c : charts) assertReadable(c);
        RunResult t = fixture("tpcc-2-levels.json");
        List<RunCharts.Chart> tpcc = RunCharts.forCompare(List.of(new LabeledRun("A", Path.of("a"), t)));
        assertEquals(List.of("compare-throughput.png", "compare-p95.png", "compare-spectrum-1.png", "compare-spectrum-2.png"),
                files(tpcc));
        for (RunCharts.Chart c : tpcc) assertReadable(c);
    }

    private static List<String> files(List<RunCharts.Chart> charts) {
        return charts.stream().map(RunCharts.Chart::file).toList();
    }

    /** A PNG of the chart's width (at least its height) with lines, text and fills: more than a few distinct colours (antialiased text has many). */
    /**
     * A level whose intervals were sampled gets the band as its chart's last panel, under the same time axis, the
     * classes in the legend; the same level without samples draws as before (no band, no "server sessions").
     */
    @Test
    void aSampledLevelGetsTheBandAsItsLastPanel() throws Exception {
        RunResult plain = fixture("tpcc-2-levels.json");
        LevelResult l = plain.levels().get(1);
        RepeatResult k = l.kept();
        Waits w = new Waits(10, Map.of(WaitClass.CPU, 20L, WaitClass.LOCK, 40L, WaitClass.COMMIT, 10L), Map.of(), Map.of(), 0);
        RunResult run = plain.withLevel(new LevelResult(l.threads(), l.threadsPerHost(), 0, List.of(sampled(k, w))));
        RunCharts.Chart before = level(plain, l.threads()), after = level(run, l.threads());
        assertFalse(before.title().contains("server sessions"), before.title());
        assertEquals(l.threads() + " terminals: throughput, p95, server sessions over time", after.title());
        assertReadable(after);
        Files.write(Path.of("target", "waits-band-level.png"), after.png()); // to look at: target/waits-band-level.png
    }

    /** {@code r} with every interval's waits {@code w}. */
    static RepeatResult sampled(RepeatResult r, Waits w) {
        List<org.oltpbench.result.repeat.counted.IntervalResult> in = r.intervals().stream().map(i ->
                new org.oltpbench.result.repeat.counted.IntervalResult(i.at(), i.seconds(), i.threads(), i.transactions(),
                        i.reads(), i.writes(), i.other(), i.ignoredErrors(), i.reconnects(), i.warmup(), i.clientCpuCores(),
                        i.latency(), i.queue(), i.types(), i.resources(), i.terminals(), i.schedule(), w)).toList();
        RepeatResult.Measured m = r.measured();
        return r.withMeasured(new RepeatResult.Measured(m.window(), m.counts(), m.transactions(), in));
    }

    private static RunCharts.Chart level(RunResult run, int threads) {
        return RunCharts.forRun(run).stream().filter(c -> c.file().equals("level-" + threads + ".png")).findFirst().orElseThrow();
    }

    private static void assertReadable(RunCharts.Chart c) throws Exception {
        BufferedImage img = ImageIO.read(new ByteArrayInputStream(c.png()));
        assertEquals(Charts.WIDTH, img.getWidth(), c.file());
        assertTrue(img.getHeight() >= Charts.HEIGHT, c.file()); // stacked panels (resources, queries) add height
        Set<Integer> colours = new HashSet<>();
        for (int y = 0; y < img.getHeight(); y += 2) for (int x = 0; x < img.getWidth(); x += 2) colours.add(img.getRGB(x, y));
        assertTrue(colours.size() > 20, c.file() + " has only " + colours.size() + " colours");
    }
}
