package org.oltpbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oltpbench.result.file.ResultFiles;
import org.oltpbench.result.level.LevelResult;
import org.oltpbench.result.run.RunResult;

/**
 * Issue 36 §1: a BenchmarkSQL 6 props file, every key of its sample.postgresql.properties in its order (the values
 * scaled down to a 1-warehouse, 6-second run, the osCollectorScript continuation lines commented as in the sample),
 * runs unchanged on PostgreSQL: sutThreads become the connections the terminals share, rampupMins the warm-up, the
 * multipliers scale the spec's keying and think times, and the keys without a meaning here are named in one line.
 */
class BenchmarkSql6IT {
    @TempDir
    Path dir;

    @Test
    void samplePostgresqlPropertiesRuns() throws Exception {
        PgServer.Target pg = PgServer.get();
        String own = Tools.ownDatabase(pg.url(), pg.user(), "", BenchmarkSql6IT.class, 60);
        Path props = dir.resolve("sample.postgresql.properties");
        Files.writeString(props, String.join("\n",
                "# General Driver and connection parameters", "db=postgres", "driver=org.postgresql.Driver",
                "application=Generic", "conn=" + own, "user=" + pg.user(), "password=PWbmsql", "",
                "warehouses=1", "loadWorkers=2", "monkeys=2", "sutThreads=4", "maxDeliveryBGThreads=12",
                "maxDeliveryBGPerWarehouse=1", "rampupMins=0.05", "rampupSUTMins=0", "rampupTerminalMins=0", "runMins=0.1",
                "reportIntervalSecs=1", "restartSUTThreadProbability=0.0", "keyingTimeMultiplier=0.01",
                "thinkTimeMultiplier=0.01", "traceTerminalIO=false", "",
                "paymentWeight=43.2", "orderStatusWeight=4.2", "deliveryWeight=4.2", "stockLevelWeight=4.2", "",
                "resultDirectory=" + dir.resolve("my_result_%tY-%tm-%td_%tH%tM%tS"), "",
                "#osCollectorScript=./mcPrometheus.py \\", "#    -u http://myprometheus.localdomain:9090/api/v1/query_range \\",
                "#    -i mydbserver.localdomain:9100", "",
                "reportScript=./generateReport.py -t report_simple.html", ""));
        Tools.Outcome o = Tools.cli("-c", props.toString());
        System.out.println(o.out());
        assertEquals(0, o.code(), o.out() + o.err());
        assertTrue(o.out().contains("not used here"), "the keys without a meaning named in one line: " + o.out());
        // a BenchmarkSQL props file gets BenchmarkSQL's progress line (peerSummary=auto), every reportIntervalSecs
        assertTrue(o.out().lines().filter(l -> l.startsWith("Term-00, Running Average tpmTOTAL: ")).count() >= 3,
                "BenchmarkSQL's line every second: " + o.out());
        assertTrue(o.out().lines().noneMatch(l -> l.startsWith("[Current]")), o.out());
        assertTrue(o.out().contains("Number of terminals: 10"), "10 terminals a warehouse: " + o.out());
        List<Path> results;
        try (var s = Files.list(dir)) {
            results = s.filter(p -> p.getFileName().toString().startsWith("my_result_")).toList();
        }
        assertEquals(1, results.size(), "resultDirectory's %t conversions filled from the start time");
        RunResult run = ResultFiles.read(results.get(0));
        assertEquals("postgres", run.server().dialect());
        LevelResult l = run.levels().get(0);
        assertEquals(10, l.threads());
        assertEquals(4, run.params().sweep().levels().get(0).connections(), "sutThreads=4");
        assertEquals(3, run.params().sweep().warmupSecs(), "rampupMins=0.05");
        assertEquals(6, run.params().sweep().levels().get(0).secs(), "runMins=0.1");
        assertTrue(run.workload().paced(), "the multipliers scale the spec's keying and think times");
        assertTrue(l.kept().counts().transactions() > 0);
    }
}
