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
import org.oltpbench.result.ClientCpu;
import org.oltpbench.result.Fixtures;
import org.oltpbench.result.LevelResult;
import org.oltpbench.result.RepeatResult;
import org.oltpbench.result.Usage;
import org.oltpbench.result.ServerCount;
import org.oltpbench.result.Window;
import org.oltpbench.stats.Trend;

/** The console's one-line warnings and the sweep table's client-cpu column, on hand-made repeats. */
class ConsoleTest {
    /** The fixture's repeat with another window, CPU and server count. */
    static RepeatResult with(Window w, ClientCpu cpu, ServerCount sc) {
        RepeatResult r = Fixtures.sysbench(1, 4, 1000, RepeatResult.COMPLETED);
        return new RepeatResult(1, 4, r.status(), null, new RepeatResult.Measured(w, r.counts(), r.transactions(), r.intervals()),
                new RepeatResult.PerThread(r.threadEvents(), r.threadLatencyNanos()), cpu, RepeatResult.ServerChecks.of(sc), RepeatResult.Topology.NONE, Usage.NONE);
    }

    static final Window CLEAN = new Window("a", "b", 10.0, 0.001);
    static final ClientCpu IDLE = new ClientCpu(2, 0.2, 2, 0.5);
    static final ServerCount AGREES = new ServerCount("Com_commit", 1000, 1000, null);

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
                "warning: the client used 1.50 of this host's 2 cores (more than half); the result may measure the client, not "
                        + "the database"), w);
        assertEquals(2, Console.warnings(with(new Window("a", "b", 10.0, 0.25), new ClientCpu(15, 1.5, 2, 0.9),
                new ServerCount("Com_commit", 1100, 1000, null)), true).size(), "several clients share the server: no count line");
    }

    @Test
    void driftLines() {
        assertNull(Console.drift(Trend.NONE, 0));
        assertEquals("warning: tps still rising by 8.6%/min (95% CI 4.7 to 12.5), +15% over the measured window: warm-up too "
                + "short, try warmupSecs=30", Console.drift(new Trend(8.56, 4.68, 12.45, 15.4, true), 0));
        assertTrue(Console.drift(new Trend(-8.56, -12.45, -4.68, -15.4, true), 60).startsWith(
                "warning: tps falling by 8.6%/min (95% CI 4.7 to 12.5), -15% over the measured window: the level never held steady"));
    }

    /** The client cpu column: cores used / host cores, and "!" past half the host. */
    @Test
    void theClientCpuColumn() {
        RepeatResult busy = with(CLEAN, new ClientCpu(15, 1.5, 2, 0.9), AGREES), calm = with(CLEAN, IDLE, AGREES);
        var run = Fixtures.run(List.of(new LevelResult(4, Map.of(), 0, List.of(calm)), new LevelResult(8, Map.of(), 0,
                List.of(new RepeatResult(1, 8, busy.status(), null, new RepeatResult.Measured(busy.window(), busy.counts(), busy.transactions(), busy.intervals()),
                new RepeatResult.PerThread(busy.threadEvents(), busy.threadLatencyNanos()), busy.cpu(), RepeatResult.ServerChecks.of(busy.serverCount()), RepeatResult.Topology.NONE, Usage.NONE)))));
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        SysbenchFormat.sweepTable(new PrintStream(buf, true, StandardCharsets.UTF_8), run);
        String table = buf.toString(StandardCharsets.UTF_8);
        assertTrue(table.contains("|     0.20/2 |"), table);
        assertTrue(table.contains("|   1.50/2 ! |"), table);
    }
}
