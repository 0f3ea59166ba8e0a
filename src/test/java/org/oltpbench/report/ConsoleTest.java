package org.oltpbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.oltpbench.result.repeat.client.ClientCpu;
import org.oltpbench.result.Fixtures;
import org.oltpbench.result.level.LevelResult;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.repeat.usage.Usage;
import org.oltpbench.result.repeat.server.ServerCount;
import org.oltpbench.result.repeat.counted.Window;
import org.oltpbench.stats.Trend;

/** The console's one-line warnings and the sweep table's client-cpu column, on hand-made repeats. */
class ConsoleTest {
    /** The fixture's repeat with another window, CPU and server count. */
    static RepeatResult with(Window w, ClientCpu cpu, ServerCount sc) {
        RepeatResult r = Fixtures.sysbench(1, 4, 1000, RepeatResult.COMPLETED);
        return new RepeatResult(1, 4, r.status(), null, new RepeatResult.Measured(w, r.counts(), r.transactions(), r.intervals()),
                new RepeatResult.PerThread(r.threadEvents(), r.threadLatencyNanos()), cpu, RepeatResult.ServerChecks.of(sc), RepeatResult.Topology.NONE, Usage.NONE, org.oltpbench.result.repeat.analytics.Analytics.NONE);
    }

    static final Window CLEAN = new Window("a", "b", 10.0, 0.001);
    static final ClientCpu IDLE = new ClientCpu(2, 0.2, 2, 0.5);
    static final ServerCount AGREES = new ServerCount("Com_commit", 1000, 1000, null);

    /**
     * Issue 36 §3: recorded 1-s intervals printed every 4 s after a 3-s warm-up. Interval k (1..13) ends at k s with
     * 100k transactions and one latency of k ms; lines: the warm-up's 3 s (600 tx / 3 s = 200.00 tps, p95 of {1,2,3} ms
     * = 3 ms), 4..7 s (2,200 / 4 = 550.00 tps, p95 of {4..7} = 7 ms), 8..11 s (3,800 / 4 = 950.00), and the
     * level's last, shorter line 12..13 s (2,500 / 2 = 1,250.00 tps), printed when the repeat ends.
     */
    /**
     * Issue 58 §4: seed 002's SELECT ... WHERE id=170000 on the 10,000 rows loaded returned no row in 20,000 queries and
     * passed without a word. All empty, most empty (15,000 of 20,000: 75%), and under half (9,999: none said).
     */
    @Test
    void emptyReadsAreSaid() {
        java.util.function.LongFunction<org.oltpbench.result.repeat.counted.Counts> counts = empty ->
                new org.oltpbench.result.repeat.counted.Counts(20_000, 0, 20_000, 0, 0, 0, 0, 0, 0, 0,
                        java.util.Map.of(org.oltpbench.workload.sql.SqlWorkload.EMPTY_READS, empty));
        assertEquals("warning: every SELECT returned 0 rows (20,000 of 20,000): are the ids or values outside the table? "
                + "(its rows: tableSize=, and the script's constants)", Console.emptyReads(counts.apply(20_000)));
        assertEquals("warning: 75% of SELECTs returned 0 rows (15,000 of 20,000): are the ids or values outside the table? "
                + "(its rows: tableSize=, and the script's constants)", Console.emptyReads(counts.apply(15_000)));
        assertEquals(null, Console.emptyReads(counts.apply(9_999)));
        assertEquals(null, Console.emptyReads(org.oltpbench.result.repeat.counted.Counts.ZERO), "a workload that tallies none");
    }

    @Test
    void recordedSecondsArePrintedAsReportIntervals() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Console c = new Console(new PrintStream(bytes, true, StandardCharsets.UTF_8), 95, 4, 1, 3, Console.sysbench(95), false);
        for (int k = 1; k <= 13; k++) {
            org.HdrHistogram.Histogram h = org.oltpbench.result.repeat.counted.Histograms.empty();
            h.recordValue(k * 1000L);
            c.interval(new org.oltpbench.result.repeat.counted.IntervalResult(k, 1.0, 4, 100L * k, 0, 0, 0, 0, 0, k <= 3, 0.5,
                    org.oltpbench.result.repeat.counted.Histograms.encode(h)));
        }
        c.repeatFinished(Fixtures.run(List.of(new LevelResult(4, Map.of(), 0, List.of(with(CLEAN, IDLE, AGREES))))),
                with(CLEAN, IDLE, AGREES));
        List<String> lines = bytes.toString(StandardCharsets.UTF_8).lines().filter(l -> l.startsWith("[ ")).toList();
        assertEquals(4, lines.size(), lines.toString());
        assertTrue(lines.get(0).startsWith("[ 3s ] thds: 4 tps: 200.00 qps: 0.00"), lines.get(0));
        assertTrue(lines.get(0).contains("lat (ms,95%): 3.00"), lines.get(0));
        assertTrue(lines.get(1).startsWith("[ 7s ] thds: 4 tps: 550.00"), lines.get(1));
        assertTrue(lines.get(1).contains("lat (ms,95%): 7.00"), lines.get(1));
        assertTrue(lines.get(2).startsWith("[ 11s ] thds: 4 tps: 950.00"), lines.get(2));
        assertTrue(lines.get(3).startsWith("[ 13s ] thds: 4 tps: 1250.00"), lines.get(3));
    }

    /**
     * mysqlslap's Benchmark block over three iterations of 4 clients and 2,000 queries: windows of 1.5, 2.0 and 2.5 s
     * (an aborted fourth left out) give average (1.5 + 2.0 + 2.5) / 3 = 2.000 s, minimum 1.500, maximum 2.500, and
     * 2,000 / 4 = 500 queries per client, in mysqlslap 10.11's words and tabs.
     */
    @Test
    void mysqlslapsBlockOverTheIterations() {
        List<RepeatResult> repeats = new java.util.ArrayList<>();
        double[] secs = {1.5, 2.0, 2.5, 0.7};
        for (int k = 0; k < secs.length; k++) {
            RepeatResult f = with(new Window("a", "b", secs[k], 0), IDLE, AGREES);
            repeats.add(new RepeatResult(k + 1, 4, k < 3 ? RepeatResult.COMPLETED : RepeatResult.ABORTED, k < 3 ? null : "x",
                    new RepeatResult.Measured(new Window("a", "b", secs[k], 0), f.counts(), f.transactions(), f.intervals()),
                    new RepeatResult.PerThread(f.threadEvents(), f.threadLatencyNanos()), IDLE,
                    RepeatResult.ServerChecks.of(AGREES), RepeatResult.Topology.NONE, Usage.NONE, org.oltpbench.result.repeat.analytics.Analytics.NONE));
        }
        assertEquals(List.of("Benchmark", "\tAverage number of seconds to run all queries: 2.000 seconds",
                "\tMinimum number of seconds to run all queries: 1.500 seconds",
                "\tMaximum number of seconds to run all queries: 2.500 seconds", "\tNumber of clients running queries: 4",
                "\tAverage number of queries per client: 500"), Console.mysqlslap(new LevelResult(4, Map.of(), 0, repeats), 2000));
    }

    @Test
    void aCleanRepeatEarnsNoWarning() {
        assertEquals(List.of(), Console.warnings(with(CLEAN, IDLE, AGREES), false));
    }

    @Test
    void eachDoubtEarnsItsOwnLine() {
        // 1,100 commits at the server against 1,000 at the client: +10.00%, beyond both the 1% and the count threshold
        List<String> w = Console.warnings(with(new Window("a", "b", 10.0, 0.25), new ClientCpu(15, 1.5, 2, 0.9),
                new ServerCount("Com_commit", 1100, 1000, null)), false);
        assertEquals(List.of(
                "warning: the server's Com_commit grew by 1100 over this run, the client committed 1000 (+10.00%); something "
                        + "else used the server, or a count is wrong",
                "warning: reading the counters of 4 threads at the window's edges took 0.50 s, so the 10.00 s window (and every "
                        + "rate) may be off by 2.5%: the reporter waited for the CPU (on platform threads, use threadModel=virtual)",
                "warning: the client used 1.50 of the 2 cores it may use (more than half); the result may measure the client, not "
                        + "the database"), w);
        // a client pinned to one core: its JVM sees 1 processor, and the line says so (not "this host's 1 cores")
        assertTrue(Console.warnings(with(new Window("a", "b", 10.0, 0), new ClientCpu(9, 0.9, 1, 0.9), AGREES), false)
                .contains("warning: the client used 0.90 of the 1 core it may use (more than half); the result may measure "
                        + "the client, not the database"));
        assertEquals(2, Console.warnings(with(new Window("a", "b", 10.0, 0.25), new ClientCpu(15, 1.5, 2, 0.9),
                new ServerCount("Com_commit", 1100, 1000, null)), true).size(), "several clients share the server: no count line");
    }

    @Test
    void driftLines() {
        assertNull(Console.drift(Trend.NONE, 0, 60));
        assertEquals("warning: tps still rising by 8.6%/min (95% CI 4.7 to 12.5), +15% over the measured window: warm-up too "
                + "short, try warmupSecs=30", Console.drift(new Trend(8.56, 4.68, 12.45, 15.4, true), 0, 60));
        assertTrue(Console.drift(new Trend(-8.56, -12.45, -4.68, -15.4, true), 60, 60).startsWith(
                "warning: tps falling by 8.6%/min (95% CI 4.7 to 12.5), -15% over the measured window: the level never held steady"));
        assertTrue(Console.drift(Trend.fit(new double[] {0.5, 1.5, 2.5, 3.5}, new double[] {900, 0, 0, 880}), 0, 60).startsWith(
                "warning: tps was 0 in 2 of the measured window's 4 batches: the level stopped (a trend line does not "
                        + "describe a stop, so no drift figure)"), "issue 42 §1.11: no figure for a stop");
    }

    /**
     * Issue 58 §3: a 20-s window gets no per-minute rate (349% in 20 s was printed as 14806.4%/min). Hand calculation: a
     * slope of ln(1.0856) a minute over a span of 0.25 min is +2.08% over the window, its limits ln(1.0468) and ln(1.1245)
     * over the same span +1.15% and +2.98%.
     */
    @Test
    void aShortWindowsDriftIsItsChangeOverTheWindowNotARatePerMinute() {
        Trend t = new Trend(8.56, 4.68, 12.45, 100 * Math.expm1(Math.log1p(0.0856) * 0.25), true);
        String line = Console.drift(t, 0, 20);
        assertEquals("warning: tps still rising by 2% over the measured 20 s window (95% CI 1% to 3%; no per-minute rate from "
                + "under a minute): the first seconds ran slower (the client's start, its JIT compiles and connects, or the "
                + "server's first reads), try warmupSecs=30", line);
        double[] r = t.windowRangePct();
        assertEquals(1.15, r[0], 0.005);
        assertEquals(2.98, r[1], 0.005);
        assertTrue(Console.drift(new Trend(-8.56, -12.45, -4.68, 100 * Math.expm1(Math.log1p(-0.0856) * 0.25), true), 0, 16)
                .startsWith("warning: tps falling by 2% over the measured 16 s window (95% CI 1% to 3%;"));
        assertTrue(!Console.drift(t, 0, 20).contains("/min") && Console.drift(t, 0, 60).contains("%/min"));
        // the slow first seconds' cause as far as the JVM says it: its JIT and collector time in the window
        var cpu = new org.oltpbench.result.repeat.client.ClientCpu(6.0, 0.3, 2, 0.9, 1.4, 0.05);
        assertEquals("warning: tps still rising by 2% over the measured 20 s window (95% CI 1% to 3%; no per-minute rate from "
                + "under a minute): the first seconds ran slower (the client's JVM compiled for 1.4 s and collected for 0.05 s "
                + "in this window (its own counts, mostly in the first seconds), or the server's first reads), try "
                + "warmupSecs=30", Console.drift(t, 0, 20, cpu));
    }

    /** The client cpu column: cores used / host cores, and "!" past half the host. */
    @Test
    void theClientCpuColumn() {
        RepeatResult busy = with(CLEAN, new ClientCpu(15, 1.5, 2, 0.9), AGREES), calm = with(CLEAN, IDLE, AGREES);
        var run = Fixtures.run(List.of(new LevelResult(4, Map.of(), 0, List.of(calm)), new LevelResult(8, Map.of(), 0,
                List.of(new RepeatResult(1, 8, busy.status(), null, new RepeatResult.Measured(busy.window(), busy.counts(), busy.transactions(), busy.intervals()),
                new RepeatResult.PerThread(busy.threadEvents(), busy.threadLatencyNanos()), busy.cpu(), RepeatResult.ServerChecks.of(busy.serverCount()), RepeatResult.Topology.NONE, Usage.NONE, org.oltpbench.result.repeat.analytics.Analytics.NONE)))));
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        SysbenchFormat.sweepTable(new PrintStream(buf, true, StandardCharsets.UTF_8), run);
        String table = buf.toString(StandardCharsets.UTF_8);
        assertTrue(table.contains("|     0.20/2 |"), table);
        assertTrue(table.contains("|   1.50/2 ! |"), table);
    }
}
