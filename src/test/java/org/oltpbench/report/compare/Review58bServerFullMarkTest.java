package org.oltpbench.report.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.oltpbench.report.LabeledRun;
import org.oltpbench.result.judge.usage.VerdictRules;
import org.oltpbench.result.judge.usage.WaitRules;
import org.oltpbench.result.repeat.server.WaitClass;
import org.oltpbench.result.repeat.server.Waits;
import org.oltpbench.result.repeat.usage.Stall;
import org.oltpbench.result.repeat.usage.Usage;
import org.oltpbench.result.repeat.usage.Verdict;
import org.oltpbench.stats.Interval;

/** Review of a3d0ad5: compare's ‡ beside a run's "waiting for the client" share against that run's [Waits] line. *
 * <p>A fresh reviewer's cases (2026-12-07); each was a defect of eb7c5f3's changes, fixed before they landed: the
 * assertions state the behaviour that holds now.
 */
class Review58bServerFullMarkTest {

    private static Usage usage(Waits w, double serverCores) {
        var server = new Usage.ServerCores(org.oltpbench.result.repeat.client.ResourceSource.NODE_EXPORTER, "db1", "", serverCores,
                4, 0, 0, 0, 10, "");
        return new Usage(10, 0.1, 2, 2, 0.2, List.of(server), "", -1, -1, 3000, new Verdict(Verdict.Limit.NONE, "none"),
                Stall.NONE, 0, w);
    }

    private static LabeledRun run(String label, Usage u) {
        return CompareRuns.measured(label, "mariadb", 3000, Interval.NONE, u, false, "2026-01-01T00:00:00Z", "2026-01-01T00:01:00Z");
    }

    /**
     * A's sessions never waited for the client (no CLIENT class: its [Waits] line has no such share to qualify), B's did;
     * A's server was full. The row exists for B, and A's cell reads "0% ‡": a mark, with its note, on a share of nothing
     * that A's own [Waits] line never printed, let alone qualified.
     */
    @Test
    void aZeroShareIsNotMarked() {
        Waits a = new Waits(10, Map.of(WaitClass.CPU, 30L, WaitClass.LOCK, 10L), Map.of(), Map.of(), 0);
        Waits b = new Waits(10, Map.of(WaitClass.CPU, 30L, WaitClass.CLIENT, 10L), Map.of(), Map.of(), 0);
        Usage ua = usage(a, 3.9);
        String waitsLineA = WaitRules.sessions(a, 4, ua.allServerCores(), VerdictRules.serverFull(ua));
        assertFalse(waitsLineA.contains(WaitRules.SERVER_FULL), "A's [Waits] line: " + waitsLineA);
        Comparison c = new Comparison(List.of(run("A", ua), run("B", usage(b, 2.0))), null, false);
        List<String> clientRow = CompareTables.block(c, 4).stream()
                .filter(r -> r.get(0).endsWith("waiting for the client")).findFirst().orElseThrow();
        assertEquals("0%", clientRow.get(1), "A's cell in the client row: " + clientRow);
    }

    /** A run sampled whose sessions were never seen (a pooler's ids): its [Waits] line says so; compare marks "0% ‡". */
    @Test
    void noSessionSeenIsNotMarked() {
        Waits none = new Waits(40, Map.of(), Map.of(), Map.of(), 0);
        Waits b = new Waits(10, Map.of(WaitClass.CPU, 30L, WaitClass.CLIENT, 10L), Map.of(), Map.of(), 0);
        Comparison c = new Comparison(List.of(run("A", usage(none, 3.9)), run("B", usage(b, 2.0))), null, false);
        List<String> clientRow = CompareTables.block(c, 4).stream()
                .filter(r -> r.get(0).endsWith("waiting for the client")).findFirst().orElseThrow();
        assertFalse(clientRow.get(1).contains(Comparison.SERVER_FULL), "A's cell in the client row: " + clientRow);
    }
}
