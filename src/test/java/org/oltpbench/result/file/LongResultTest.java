package org.oltpbench.result.file;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.oltpbench.result.Fixtures;
import org.oltpbench.result.level.LevelResult;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.repeat.client.ClientCpu;
import org.oltpbench.result.repeat.client.ResourceSource;
import org.oltpbench.result.repeat.client.Resources;
import org.oltpbench.result.repeat.counted.Counts;
import org.oltpbench.result.repeat.counted.Histograms;
import org.oltpbench.result.repeat.counted.IntervalResult;
import org.oltpbench.result.repeat.counted.TxnMetrics;
import org.oltpbench.result.repeat.counted.Window;
import org.oltpbench.result.repeat.server.ServerCount;
import org.oltpbench.result.repeat.usage.Usage;
import org.oltpbench.result.run.RunResult;

/**
 * Issue 30 §3: a 12-hour level at 10 s intervals (4,320 intervals, each with its histogram and resources) is
 * constructed and read without recomputing what the file holds: each under 100 ms (the best of up to 20 passes, so
 * that a busy machine's slow passes do not decide). Its spread is computed once, when the level is new.
 */
class LongResultTest {
    /** 4,320 by default; {@code -Dlong.intervals=43200} measures the same 12 hours at intervalSecs=1 (issue 36 §3). */
    static final int INTERVALS = Integer.getInteger("long.intervals", 4_320);
    static final double STEP = 43_200.0 / INTERVALS;
    /** The goal holds for the default; a longer measurement prints its figures for performance.md. */
    static final double GOAL_MS = INTERVALS == 4_320 ? 100 : Double.MAX_VALUE;

    static RunResult twelveHours() {
        java.util.Random rnd = new java.util.Random(7);
        List<IntervalResult> intervals = new ArrayList<>();
        long total = 0;
        Histogram all = Histograms.empty();
        for (int i = 0; i < INTERVALS; i++) {
            Histogram h = Histograms.empty();
            long n = (long) ((900 + rnd.nextInt(200)) * STEP);
            for (int k = 0; k < 200; k++) h.recordValueWithCount(800 + rnd.nextInt(20_000), n / 200);
            long tx = h.getTotalCount();
            total += tx;
            all.add(h);
            Resources r = new Resources(new Resources.ClientUse(2.1, 0.9, 300_000_000L, "eth0", 5_000_000, 4_000_000,
                    new Resources.HostCpu(16, 40, 0, 20, 95, 1, 0, 4, 0)), List.of(new Resources.ServerUse(
                    ResourceSource.NODE_EXPORTER, "db1:9100", "host", 120, 30_000_000_000L, 1_000_000, 9_000_000, 5_000, 4_000_000,
                    5_000_000, new Resources.HostCpu(32, 100, 0, 20, 195, 3, 0, 2, 0), "")));
            intervals.add(new IntervalResult(STEP * (i + 1), STEP, 64, tx, 14 * tx, 4 * tx, 2 * tx, 0, 0, false, 0.3,
                    Histograms.encode(h), -1, List.of(tx), r));
        }
        Counts c = new Counts(total, 0, 14 * total, 4 * total, 2 * total, 0, 0, 0, 0, total * 5_000_000L);
        RepeatResult rep = new RepeatResult(1, 64, RepeatResult.COMPLETED, null, new RepeatResult.Measured(new Window("2026-11-23T00:00:00Z", "2026-11-23T12:00:00Z", INTERVALS * STEP), c, List.of(new TxnMetrics("event", total, 0, 0, 0, Histograms.encode(all))), intervals),
                new RepeatResult.PerThread(List.of(total), List.of(total * 5_000_000L)), new ClientCpu(3 * INTERVALS * STEP, 0.3, 16, 0.4), RepeatResult.ServerChecks.of(ServerCount.none("test", 0)), RepeatResult.Topology.NONE, Usage.NONE, org.oltpbench.result.repeat.analytics.Analytics.NONE);
        return Fixtures.run(List.of(new LevelResult(64, Map.of("db1:3306", 64), 0, List.of(rep))));
    }

    @Test
    void constructionAndReadingAreEachUnderOneHundredMilliseconds() {
        long t0 = org.oltpbench.util.ThreadCpu.nanos();
        RunResult run = twelveHours(); // the level is new: its spread is computed here, once
        double first = (org.oltpbench.util.ThreadCpu.nanos() - t0) / 1e6;
        assertTrue(run.levels().get(0).spread().tps().present());
        String json = ResultFiles.toJson(run);
        double construct = Double.MAX_VALUE, read = Double.MAX_VALUE;
        RunResult back = null;
        // up to 20 passes, stopping once both are under the goal: CI starts its servers beside the unit tests, and the
        // best pass, not the first, is what the machine can do
        for (int pass = 0; pass < 20 && (construct >= GOAL_MS || read >= GOAL_MS || pass < 3); pass++) {
            long a = org.oltpbench.util.ThreadCpu.nanos();
            RunResult again = new RunResult(run.schemaVersion(), run.oltpbenchVersion(), run.workload(), run.params(),
                    run.server(), run.client(), run.terms(), run.startedAt(), run.endedAt(), run.mergedFrom(), run.levels());
            long b = org.oltpbench.util.ThreadCpu.nanos();
            back = ResultFiles.fromJson(json, "generated");
            long c = org.oltpbench.util.ThreadCpu.nanos();
            construct = Math.min(construct, (b - a) / 1e6);
            read = Math.min(read, (c - b) / 1e6);
            assertEquals(run.levels().get(0).spread(), again.levels().get(0).spread());
        }
        System.out.printf("%,d intervals: built with its spread %.0f ms; constructed %.1f ms; read %.1f ms (%.1f MB)%n",
                INTERVALS, first, construct, read, json.length() / 1e6);
        assertEquals(run.levels().get(0).spread(), back.levels().get(0).spread(), "read as written, not recomputed");
        assertEquals(INTERVALS, back.levels().get(0).kept().intervals().size());
        assertTrue(construct < GOAL_MS, "construction took " + construct + " ms of this thread's CPU");
        assertTrue(read < GOAL_MS, "reading took " + read + " ms of this thread's CPU");
    }
}
