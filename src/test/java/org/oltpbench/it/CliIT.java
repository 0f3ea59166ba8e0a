package org.oltpbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.oltpbench.result.level.LevelResult;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.file.ResultFiles;
import org.oltpbench.result.run.RunResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command line as a user meets it: the whole job, the verbs, exit codes and one-line errors. The runs are on the
 * shared embedded server, each test in a database of its own (empty: the whole job loads it).
 */
class CliIT {
    @TempDir
    Path dir;

    /** A command line on a fresh database {@code name} of the shared server, 2 tables of 2,000 rows, and {@code more}. */
    private String[] embedded(String name, String... more) throws Exception {
        List<String> a = SharedMariaDb.sets(SharedMariaDb.database(CliIT.class, name));
        a.addAll(List.of("--set", "tables=2",
                "--set", "table_size=2000", "--set", "resultDirectory=" + dir.resolve("r"), "--set", "password=Sup3rSecret!"));
        for (String m : more) a.add(m);
        return a.toArray(new String[0]);
    }

    @Test
    void wholeJobPreparesRunsSweepsAndWritesResults() throws Exception {
        Tools.Outcome o = Tools.cli(embedded("whole", "--set", "threads=1,2", "--set", "time=3", "--set", "report-interval=1",
                "--set", "repeat=2", "--set", "password="));
        assertEquals(0, o.code(), o.err());
        assertTrue(o.out().contains("Creating a secondary index on 'sbtest2'"), o.out());
        Matcher m = Pattern.compile("\\[ \\d+s \\] thds: 2 tps: [\\d.]+ qps: [\\d.]+ \\(r/w/o: [\\d.]+/[\\d.]+/[\\d.]+\\) "
                + "lat \\(ms,95%\\): [\\d.]+ err/s: [\\d.]+ reconn/s: [\\d.]+").matcher(o.out());
        assertTrue(m.find(), o.out());
        assertTrue(o.out().contains("Threads fairness:"));
        assertTrue(o.out().contains("| threads |        tps |"));
        Path result = dir.resolve("r/result.json");
        assertTrue(o.out().contains("results: " + result.toAbsolutePath()), o.out());
        RunResult run = ResultFiles.read(result);
        assertEquals("oltp_read_write", run.workload().name());
        assertEquals("mariadb", run.server().dialect());
        assertTrue(run.server().version().contains("MariaDB"));
        assertTrue(run.endedAt() != null);
        assertEquals(2, run.levels().size());
        LevelResult l2 = run.levels().get(1);
        assertEquals(2, l2.threads());
        assertEquals(2, l2.repeats().size());
        double best = Math.max(l2.repeats().get(0).tps(), l2.repeats().get(1).tps());
        assertEquals(best, l2.kept().tps(), 1e-9, "repeatPick=max keeps the best run");
        assertTrue(o.out().contains("threads 2: kept run " + (l2.picked() + 1) + " of 2 by max tps"), o.out());
        RepeatResult k = l2.kept();
        // oltp_read_write.lua, counted by hand: 10 point selects and 4 ranges, 4 writes (two updates, a delete and an
        // insert), BEGIN and COMMIT; a deadlock restart re-sends a transaction's first statements
        if (k.counts().ignoredErrors() == 0) {
            assertEquals(14 * k.counts().transactions(), k.counts().reads());
            assertEquals(20 * k.counts().transactions(), k.counts().queries());
        }
        assertEquals(k.counts().transactions(), k.histogram().getTotalCount(), "the histogram holds every transaction");
        assertEquals(3, k.intervals().size(), "one interval a second for 3 s");
        assertEquals(k.serverCount().client(), k.serverCount().server(), "Com_commit = the client's COMMITs");
        assertTrue(k.cpu().processSeconds() > 0);
        assertFalse(ResultFiles.toJson(run).contains("\"password\""));
    }

    /** The embedded server has grants off, so any password connects; it must still appear nowhere. */
    @Test
    void passwordNeverAppears() throws Exception {
        Tools.Outcome o = Tools.cli(embedded("password", "--set", "threads=1", "--set", "time=1", "--set", "warmup-time=1",
                "--verbose"));
        assertEquals(0, o.code(), o.err());
        assertFalse(o.out().contains("Sup3rSecret!") || o.err().contains("Sup3rSecret!"));
        assertFalse(Files.readString(dir.resolve("r/result.json")).contains("Sup3rSecret!"));
    }

    @Test
    void optionsWorkAfterTheVerbToo() {
        assertExit2(Tools.cli("prepare", "--set", "tabel_size=5"), "did you mean 'tableSize'");
    }

    /** Wrong input's answer: exit 2, and stderr says {@code what}. */
    private static void assertExit2(Tools.Outcome o, String what) {
        assertEquals(2, o.code());
        assertTrue(o.err().contains(what), o.err());
    }

    /** As {@link #assertExit2}, in one line. */
    private static void assertOneLineExit2(Tools.Outcome o, String what) {
        assertExit2(o, what);
        assertEquals(1, o.err().strip().lines().count(), o.err());
    }

    @Test
    void unknownKeyIsOneLineExit2() {
        assertOneLineExit2(Tools.cli("--set", "tabel_size=5"), "did you mean 'tableSize'");
    }

    @Test
    void unreachableServerIsOneLineExit2() {
        assertOneLineExit2(Tools.cli("--set", "conn=jdbc:mysql://127.0.0.1:1/sbtest", "--set", "user=root"),
                "cannot connect to jdbc:mysql://127.0.0.1:1/sbtest");
    }

    @Test
    void missingTablesOnRunIsExit2() throws Exception {
        assertExit2(Tools.cli(embedded("empty", "run", "--set", "threads=1", "--set", "time=1")), "run prepare first");
    }

    @Test
    void missingPropsFileIsExit2() {
        assertExit2(Tools.cli("-c", dir.resolve("none.properties").toString()), "does not exist");
    }

    @Test
    void helpAndVersion() {
        Tools.Outcome h = Tools.cli("--help");
        assertEquals(0, h.code());
        assertTrue(h.out().contains("prepare") && h.out().contains("cleanup"), h.out());
        Tools.Outcome v = Tools.cli("--version");
        assertEquals(0, v.code());
        assertTrue(v.out().startsWith("oltpbench "), v.out());
    }

    @Test
    void badCommandLineIsExit2() {
        Tools.Outcome o = Tools.cli("--no-such-flag");
        assertEquals(2, o.code());
    }

    /** A BenchmarkSQL 5.0 props file (its conn the shared server's) runs TPC-C: warehouses without workload means tpcc. */
    @Test
    void benchmarkSqlPropsFileRunsTpcc() throws Exception {
        Path props = dir.resolve("props.mysql");
        Files.writeString(props, String.join("\n", "db=mariadb", "driver=org.mariadb.jdbc.Driver",
                "conn=" + SharedMariaDb.database(CliIT.class, "tpcc").url(), "user=root", "password=", "", "warehouses=1", "loadWorkers=2", "",
                "terminals=2", "//To run specified transactions per terminal- runMins must equal zero", "runTxnsPerTerminal=0",
                "//To run for specified minutes- runTxnsPerTerminal must equal zero", "runMins=0", "limitTxnsPerMin=0",
                "terminalWarehouseFixed=true", "newOrderWeight=45", "paymentWeight=43", "orderStatusWeight=4",
                "deliveryWeight=4", "stockLevelWeight=4", "resultDirectory=" + dir.resolve("tp"), "time=4", ""));
        Tools.Outcome o = Tools.cli("-c", props.toString(), "--set", "checkAfterRun=true");
        assertEquals(0, o.code(), o.err() + o.out());
        assertTrue(o.out().contains("check passed"), o.out());
        assertTrue(Pattern.compile("Measured tpmC \\(NewOrders\\) = [1-9][\\d.]*").matcher(o.out()).find(), o.out());
        assertTrue(o.out().contains("[Summary] NEW_ORDER - Takes(s): "), o.out());
        assertTrue(Pattern.compile("tpmC: [\\d.]+, tpmTotal: [\\d.]+, efficiency: ([\\d.]+%|unpaced)").matcher(o.out()).find(), o.out());
        assertTrue(Pattern.compile("Measured tpmC \\(committed NewOrders only\\) = [1-9][\\d.]*").matcher(o.out()).find(), o.out());
        RunResult run = ResultFiles.read(dir.resolve("tp"));
        assertEquals("tpcc", run.workload().name());
        RepeatResult r = run.levels().get(0).kept();
        assertTrue(org.oltpbench.result.repeat.TpccMetrics.tpmC(r) >= org.oltpbench.result.repeat.TpccMetrics.tpmCCommitted(r));
        assertTrue(org.oltpbench.result.repeat.TpccMetrics.tpmCCommitted(r) > 0);
        var no = r.transaction("NEW_ORDER");
        assertEquals(no.completed(), no.histogram().getTotalCount());
        assertTrue(no.latencyMs().p999() > 0);
    }

    static String read(Path p) throws Exception {
        return Files.readString(p);
    }
}
