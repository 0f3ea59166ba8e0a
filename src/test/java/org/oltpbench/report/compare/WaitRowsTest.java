package org.oltpbench.report.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.oltpbench.report.LabeledRun;
import org.oltpbench.result.repeat.server.WaitClass;
import org.oltpbench.result.repeat.server.Waits;
import org.oltpbench.result.repeat.usage.Stall;
import org.oltpbench.result.repeat.usage.Usage;
import org.oltpbench.result.repeat.usage.Verdict;
import org.oltpbench.stats.Interval;

/** compare's "where the time went" rows, worked out by hand. */
class WaitRowsTest {
    /** A sysbench run of 4 threads, 3,000 transactions in 10 s, its sessions' waits {@code w}. */
    private static LabeledRun run(String label, Waits w) {
        Usage u = new Usage(10, 0.1, 2, 2, 1.95, List.of(), "", -1, -1, 3000, new Verdict(Verdict.Limit.NONE, "none"), Stall.NONE,
                0, w);
        return CompareRuns.measured(label, "mariadb", 3000, Interval.NONE, u, false, "2026-01-01T00:00:00Z", "2026-01-01T00:01:00Z");
    }

    private static List<List<String>> waitRows(List<List<String>> block) {
        int from = 0;
        while (from < block.size() && !block.get(from).get(0).startsWith("where the time went")) from++;
        return block.subList(from, block.size());
    }

    /**
     * A: 10 samples of CPU 20, locks 40, commit 10 session-samples: 7.00 active, CPU 29% (20 / 70), locks 57% (40 / 70),
     * commit 14% (10 / 70), the client 0%. B: CPU 30, the client 10 of 10 samples: 4.00 active, CPU 75%, the client 25%,
     * locks and commit 0%. C was not sampled: "-". Rows for the classes any run saw, in the classes' order, unmarked.
     */
    @Test
    void eachRunsActiveSessionsAndSharesByClass() {
        Waits a = new Waits(10, Map.of(WaitClass.CPU, 20L, WaitClass.LOCK, 40L, WaitClass.COMMIT, 10L), Map.of(), Map.of(), 0);
        Waits b = new Waits(10, Map.of(WaitClass.CPU, 30L, WaitClass.CLIENT, 10L), Map.of(), Map.of(), 0);
        Comparison c = new Comparison(List.of(run("A", a), run("B", b), run("C", Waits.NONE)), null, false);
        assertEquals(List.of(
                List.of("where the time went: active sessions (4 threads)", "7.00", "4.00", "-"),
                List.of("share of active time: CPU", "29%", "75%", "-"),
                List.of("share of active time: row and table locks", "57%", "0%", "-"),
                List.of("share of active time: commit / log flush", "14%", "0%", "-"),
                List.of("share of active time: waiting for the client", "0%", "25%", "-")), waitRows(CompareTables.block(c, 4)));
        assertTrue(CompareTables.markdown(c).contains("| where the time went: active sessions (4 threads) | 7.00 | 4.00 | - |"));
        assertTrue(CompareTables.csv(c).contains("4,share of active time: row and table locks,57%,0%,-"), CompareTables.csv(c));
        assertTrue(CompareTables.text(c).contains(WaitRows.NOTE));
    }

    /**
     * Issue 58: a run whose server's CPU was full at the level (node_exporter: 3.9 of 4 cores, 98% >= 90%) has its
     * "waiting for the client" share marked, as its [Waits] line says it, whatever verdict held (here none); the other
     * run's (2.0 of 4 cores) is not, nor are the full run's other classes; the note says what the mark means.
     */
    @Test
    void aFullServersClientShareIsMarked() {
        Waits w = new Waits(10, Map.of(WaitClass.CPU, 30L, WaitClass.CLIENT, 10L), Map.of(), Map.of(), 0);
        Comparison c = new Comparison(List.of(run("A", w, 3.9), run("B", w, 2.0)), null, false);
        assertEquals(List.of(
                List.of("where the time went: active sessions (4 threads)", "4.00", "4.00"),
                List.of("share of active time: CPU", "75%", "75%"),
                List.of("share of active time: waiting for the client", "25% " + Comparison.SERVER_FULL, "25%")),
                waitRows(CompareTables.block(c, 4)));
        assertTrue(CompareTables.text(c).contains(WaitRows.SERVER_FULL_NOTE), CompareTables.text(c));
        Comparison quiet = new Comparison(List.of(run("A", w, 2.0), run("B", w, 2.0)), null, false);
        assertFalse(CompareTables.text(quiet).contains(WaitRows.SERVER_FULL_NOTE));
    }

    /** As {@link #run(String, Waits)}, its server host (node_exporter, 4 cores) busy {@code serverCores}. */
    private static LabeledRun run(String label, Waits w, double serverCores) {
        var server = new Usage.ServerCores(org.oltpbench.result.repeat.client.ResourceSource.NODE_EXPORTER, "db1", "", serverCores,
                4, 0, 0, 0, 10, "");
        Usage u = new Usage(10, 0.1, 2, 2, 0.2, List.of(server), "", -1, -1, 3000, new Verdict(Verdict.Limit.NONE, "none"),
                Stall.NONE, 0, w);
        return CompareRuns.measured(label, "mariadb", 3000, Interval.NONE, u, false, "2026-01-01T00:00:00Z", "2026-01-01T00:01:00Z");
    }

    /** Runs without samples: no rows and no note, the tables as before. */
    @Test
    void runsWithoutSamplesHaveNoRows() {
        Comparison c = new Comparison(List.of(run("A", Waits.NONE), run("B", Waits.NONE)), null, false);
        assertEquals(List.of(), waitRows(CompareTables.block(c, 4)));
        assertFalse(CompareTables.markdown(c).contains("where the time went"));
    }
}
