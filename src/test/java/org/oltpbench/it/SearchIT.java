package org.oltpbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oltpbench.result.file.ResultFiles;
import org.oltpbench.result.run.RunResult;

/**
 * Issue 38 §1, the short form CI runs (the long one is on the performance page): threads=search on the embedded
 * MariaDB, oltp_point_select, probes of 8 s (8 recorded intervals: an interval from one repeat), one repeat each, up to
 * searchMax=2: the path is 1, 2 (2 is the cap, and 1 has nothing below it to halve towards); the console prints the
 * search block, result.json carries the settings and the answer, report.html a section and search.png is drawn. The
 * runs are on the shared embedded server: the two point-select searches on one table loaded once (they only read it).
 */
// quiet (the whole class, so that it runs in one group and writes one report): the warehouses search's probes pass on
// TPC-C's efficiency (85%), which a host shared with another JVM's runs can take from 10 paced terminals (a CPU burner
// beside it ended the search at 1 warehouse)
@org.junit.jupiter.api.Tag("quiet")
class SearchIT {
    /** The database of the point-select searches: its table loaded by the first, read by both. */
    private static Tools.Login points;
    @TempDir
    Path dir;

    /** The command line: the search's own settings after {@code target}'s and oltp_point_select on 1 table of 1,000 rows. */
    private static String[] pointSelect(String... sets) {
        List<String> a = SharedMariaDb.sets(points);
        a.addAll(List.of("--set", "workload=oltp_point_select", "--set", "tables=1", "--set", "tableSize=1000"));
        a.addAll(List.of(sets));
        return a.toArray(new String[0]);
    }

    @BeforeAll
    static void pointSelectTable() throws Exception {
        points = SharedMariaDb.database(SearchIT.class, "points");
    }

    @Test
    void threadsSearchFindsAndReportsAPeakOnTheEmbeddedServer() throws Exception {
        Path out = dir.resolve("search");
        Tools.Outcome o = Tools.cli(pointSelect("--set", "threads=search", "--set", "searchMax=2", "--set",
                "searchMaxRepeats=1", "--set", "searchLimit=p99<=200ms", "--set", "time=8", "--set", "reportIntervalSecs=0",
                "--set", "resultDirectory=" + out));
        assertEquals(0, o.code(), o.out() + o.err());
        assertTrue(o.out().matches("(?s).*\\nPeak search \\(threads=search, searchLimit=p99<=200ms, from 1, resolution 10%, probes "
                + "repeated to ±3%, at most 1 times\\): \\d+ probes?, \\d+ repeats?, in \\d+ min \\d+ s\\n.*"), o.out());
        assertTrue(o.out().matches("(?s).*\\nPeak: [\\d.]+ tps at [12] threads \\[[\\d.]+, [\\d.]+]; limited by: \\w+.*"), o.out());
        assertTrue(o.out().contains("\nKnee: "), o.out());
        RunResult run = ResultFiles.read(out.resolve("result.json"));
        assertEquals(java.util.List.of(1, 2), run.levels().stream().map(l -> l.threads()).toList(), "searchMax=2: no level above");
        assertEquals(run.levels().size(), run.search().path().size());
        assertTrue(Files.readString(out.resolve("result.json")).contains("\"knee\""));
        assertTrue(Files.readString(out.resolve("report.html")).contains("<h2>Peak search</h2>"));
        assertTrue(Files.size(out.resolve("search.png")) > 10_000);
    }

    /**
     * rate=search's short form: oltp_point_select at 2 threads from 2,000 tps, doubling until p99 from the scheduled
     * start breaks 10 ms (a rate above what the server serves queues without bound), then halving to 50%. Where it
     * ends depends on the host; what must hold: the limit was crossed, every probe ran at its own rate at 2 threads,
     * a capacity (when any probe passed) lies below the first failure within the resolution, and the outputs say so.
     */
    @Test
    void rateSearchFindsWhereLatencyFromTheScheduleCrossesTheLimit() throws Exception {
        Path out = dir.resolve("rate");
        Tools.Outcome o = Tools.cli(pointSelect("--set", "threads=2", "--set", "rate=search", "--set",
                "searchFrom=2000", "--set", "searchResolution=50", "--set", "searchLimit=p99<=10ms", "--set", "time=3",
                "--set", "reportIntervalSecs=0", "--set", "resultDirectory=" + out));
        assertEquals(0, o.code(), o.out() + o.err());
        assertTrue(o.out().contains("\nCapacity search (rate=search, searchLimit=p99<=10ms, from 2000, resolution 50%, one "
                + "run per probe): "), o.out());
        RunResult run = ResultFiles.read(out.resolve("result.json"));
        var s = run.search();
        assertTrue(s.capacity() && s.firstBroken() != null, "the limit was crossed: " + s);
        assertTrue(s.firstBroken().latencyMs() > 10, s.firstBroken().toString());
        assertEquals(java.util.List.of(2), run.levels().stream().map(l -> l.threads()).distinct().toList());
        assertEquals(run.levels().size(), run.levels().stream().map(l -> l.rate()).distinct().count(), "one level per rate");
        if (s.peak() != null) {
            assertTrue(s.peak().latencyMs() <= 10 && s.peak().at() < s.firstBroken().at(), s.toString());
            assertTrue(s.firstBroken().at() - s.peak().at() <= Math.max(1, 0.5 * s.peak().at()), s.toString());
            assertTrue(o.out().matches("(?s).*\\nCapacity: \\d+ tps arrival rate \\([\\d.]+ tps achieved, p99 [\\d.]+ ms from the "
                    + "scheduled start\\); limited by: .*"), o.out());
        }
        assertTrue(Files.readString(out.resolve("report.html")).contains("<h2>Capacity search</h2>"));
        assertTrue(Files.size(out.resolve("search.png")) > 10_000);
    }

    /**
     * warehouses=search's short form: 2 warehouses loaded (searchMax=2), paced at 0.01 of the spec's times, 5-s probes: 1
     * warehouse (10 terminals) then 2 (20), each driving only its warehouses; with both passing, the search says the
     * capacity may lie above searchMax. The W and W+1 answer on 10 warehouses is on the performance page.
     */
    @Test
    void warehousesSearchProbesTenPacedTerminalsPerWarehouse() throws Exception {
        Path out = dir.resolve("warehouses");
        List<String> a = SharedMariaDb.sets(SharedMariaDb.database(SearchIT.class, "tpcc"));
        a.addAll(List.of("--set", "workload=tpcc", "--set", "warehouses=search", "--set", "searchMax=2", "--set", "keyingTime=true", "--set", "thinkTime=true", "--set",
                "keyingTimeMultiplier=0.01", "--set", "thinkTimeMultiplier=0.01", "--set", "time=5", "--set", "loadWorkers=2",
                "--set", "reportIntervalSecs=0", "--set", "resultDirectory=" + out));
        Tools.Outcome o = Tools.cli(a.toArray(new String[0]));
        assertEquals(0, o.code(), o.out() + o.err());
        RunResult run = ResultFiles.read(out.resolve("result.json"));
        assertEquals(2, run.workload().scale().warehouses(), "searchMax warehouses loaded");
        assertTrue(o.out().contains("\n| probe | warehouses | threads | tps (mean) | 95% CI"), o.out());
        // each probe's conformance divides by its own warehouses
        assertTrue(run.conformance().get(0).rules().stream().anyMatch(r -> r.detail().contains("10 terminals for 1 warehouses")),
                run.conformance().get(0).toString());
        // the search's next step is what the first probe's own figures decided (85% efficiency and the 90th percentiles
        // at 1 warehouse), not what this host's speed is assumed to give: passed, it doubles to 2 (searchMax) and
        // answers with a capacity; failed, it stops there, says why, and names no capacity
        var first = run.search().path().get(0);
        assertEquals(1, first.at(), "the first probe is searchFrom's 1 warehouse");
        var l1 = run.levels().get(0);
        var eff = org.oltpbench.result.judge.conformance.Efficiency.of(run.workload(), l1);
        boolean passes = eff.percent() >= 100 * org.oltpbench.driver.search.CapacitySearch.MIN_EFFICIENCY
                && org.oltpbench.result.judge.conformance.Conformance.responseTimes(l1.kept(), true).verdict()
                == org.oltpbench.result.judge.conformance.Conformance.Verdict.PASS
                && org.oltpbench.result.judge.conformance.Conformance.deferredDelivery(l1.kept(), true).verdict()
                != org.oltpbench.result.judge.conformance.Conformance.Verdict.FAIL;
        assertEquals(passes, first.held(), "the probe's verdict is its own figures': efficiency " + eff.text() + ", "
                + run.search().notes());
        // the figures themselves, by hand: the ceiling is the spec's 12.86 tpmC a warehouse at 0.01 of its keying and
        // think times (10 terminals x 60 s x 45% New-Orders over the mix's weighted 20.99 s cycle, x 100), and tpmC the
        // New-Orders that ended over the window's minutes
        assertTrue(l1.kept().completed(), "the first probe ran to its end: " + l1.kept().reason());
        assertEquals(1286.3, eff.ceiling(), 1286.3 * 0.01, "the paced ceiling of 1 warehouse at 0.01");
        var newOrders = l1.kept().transactions().stream().filter(t -> t.name().equals("NEW_ORDER")).findFirst().orElseThrow();
        assertEquals(newOrders.completed() * 60 / l1.kept().seconds(), eff.tpmC(), 1e-6, "tpmC from the New-Orders counted");
        if (first.held()) {
            assertEquals(List.of(10, 20), run.levels().stream().map(l -> l.threads()).toList());
            assertEquals(List.of(1, 2), run.levels().stream().map(l -> l.warehouses()).toList());
            assertEquals(List.of(1, 2), run.search().path().stream().map(p -> p.at()).toList());
            assertTrue(o.out().matches("(?s).*\\nCapacity: \\d warehouses? \\(.*"), o.out());
            assertTrue(run.conformance().get(1).rules().stream().anyMatch(r -> r.detail().contains("20 terminals for 2 warehouses")),
                    run.conformance().get(1).toString());
        } else {
            System.out.println("SearchIT: the first probe failed on this host, so the search stopped at 1 warehouse: "
                    + run.search().notes());
            // what can fail it here is its efficiency, a count over 5 s a few standard deviations wide that a busy host
            // lowers: never far from the ceiling where the terminals are paced as the spec says (10 terminals kept at half
            // their rate would show 50%), and never a 90th percentile of seconds on 10 paced terminals
            assertTrue(eff.percent() >= 60 && eff.percent() < 100 * org.oltpbench.driver.search.CapacitySearch.MIN_EFFICIENCY,
                    "a first probe that failed failed near its ceiling, on its efficiency: " + eff.text());
            assertEquals(List.of(10), run.levels().stream().map(l -> l.threads()).toList());
            assertEquals(List.of(1), run.search().path().stream().map(p -> p.at()).toList());
            assertTrue(o.out().contains("\nCapacity: none; no warehouses probe passed"), o.out());
            assertTrue(run.search().notes().stream().anyMatch(n -> n.startsWith("1 warehouse failed: ")), run.search().notes().toString());
            assertTrue(o.out().contains("the first probe, 1 warehouse, already fails"), o.out());
        }
    }
}
