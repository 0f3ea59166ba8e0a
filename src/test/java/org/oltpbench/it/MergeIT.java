package org.oltpbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oltpbench.result.repeat.counted.Histograms;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.file.ResultFiles;
import org.oltpbench.result.run.RunResult;
import org.oltpbench.result.repeat.TpccMetrics;

/**
 * Two client processes split 2 warehouses of one TPC-C job (clientCount=2): they load their warehouses in parallel,
 * start together at startAt, and merge joins their results exactly. limitTxnsPerMin=2400 (40 tps) is the job's: 20 tps
 * each, 40 in all, over 2 terminals a client (one terminal kept 22 tps of 40 in all on a host with a load average of 23
 * and a CPU burner: a TPC-C transaction took more than the 50 ms between arrivals) (issue 42 §1.8: each client ran the whole rate, twice the setting together). The clients are jars
 * (two processes) against a database of their own on the shared embedded server: their prepares first (client 1 waits
 * for client 0's tables), awaited, then their runs at a startAt that needs to cover only a JVM's start, not a load.
 */
class MergeIT {
    @TempDir
    Path dir;

    /** Client {@code index}'s jar doing {@code verb}, its output in c{index}-{verb}.log. */
    private Process client(int index, String url, Instant startAt, String verb) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"), "-jar",
                "target/oltpbench.jar"));
        for (String s : List.of("db=mariadb", "conn=" + url, "user=root", "workload=tpcc", "warehouses=2", "threads=4",
                "time=5", "report-interval=1", "loadWorkers=1", "limitTxnsPerMin=2400", "rand-seed=" + (7 + index), "clientCount=2",
                "clientIndex=" + index, "resultDirectory=" + dir.resolve("c" + index))) {
            cmd.addAll(List.of("--set", s));
        }
        if (startAt != null) cmd.addAll(List.of("--set", "startAt=" + startAt));
        cmd.add(verb);
        return new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(dir.resolve("c" + index + "-" + verb + ".log")
                .toFile()).start();
    }

    /** Milliseconds for both clients' JVMs to start and connect on this host as busy as it is now. */
    private static long startMargin() throws Exception {
        long t0 = System.nanoTime();
        Process v = new ProcessBuilder(ProcessHandle.current().info().command().orElse("java"), "-jar",
                "target/oltpbench.jar", "--version").redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        assertTrue(v.waitFor(60, TimeUnit.SECONDS), "the jar did not print its version in 60 s");
        long jvm = (System.nanoTime() - t0) / 1_000_000;
        return Math.max(6_000, Math.min(25_000, 3 * jvm + 4_000));
    }

    /** What both clients printed doing {@code verb}. */
    private String logs(String verb) throws Exception {
        return java.nio.file.Files.readString(dir.resolve("c0-" + verb + ".log"))
                + java.nio.file.Files.readString(dir.resolve("c1-" + verb + ".log"));
    }

    private static long sum(String url, String sql) throws Exception {
        try (Connection c = Tools.connect(url, "root", ""); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    @Test
    void twoClientsSplitTheWarehousesAndMergeExactly() throws Exception {
        String url = SharedMariaDb.database(MergeIT.class, "tpcc").url();
        Process a = client(0, url, null, "prepare"), b = client(1, url, null, "prepare");
        assertTrue(a.waitFor(300, TimeUnit.SECONDS) && b.waitFor(60, TimeUnit.SECONDS), "the prepares did not finish");
        String loads = logs("prepare");
        assertEquals(0, a.exitValue(), loads);
        assertEquals(0, b.exitValue(), loads);
        assertTrue(loads.contains("waiting for client 0"), "client 1 waited for the tables: " + loads);
        // the runs: two JVMs start, connect and wait for startAt (the margin each had is in its "waiting for startAt"
        // line). The margin is this host's now: 3 times a jar's start to its version, and 4 s to connect, within 6-25 s
        // (a JVM's start and connect took 14 s at a load average of 23 with a CPU burner beside them; 1.5 s when quiet)
        Instant startAt = Instant.now().plusMillis(startMargin());
        a = client(0, url, startAt, "run");
        b = client(1, url, startAt, "run");
        assertTrue(a.waitFor(120, TimeUnit.SECONDS) && b.waitFor(60, TimeUnit.SECONDS), "the runs did not finish");
        String logs = logs("run");
        logs.lines().filter(l -> l.startsWith("waiting for startAt")).forEach(l -> System.out.println("MergeIT: " + l));
        assertEquals(0, a.exitValue(), logs);
        assertEquals(0, b.exitValue(), logs);
        assertFalse(logs.contains("start time"), "a client started late: " + logs);
        // both warehouses loaded once (10 districts each, D_NEXT_O_ID 3001 after the load: TPC-C 4.3.3.1)
        assertEquals(20, sum(url, "SELECT COUNT(*) FROM bmsql_district"));
        long growth = sum(url, "SELECT SUM(d_next_o_id) FROM bmsql_district") - 20 * 3001L;

        RunResult c0 = ResultFiles.read(dir.resolve("c0-client0")), c1 = ResultFiles.read(dir.resolve("c1-client1"));
        assertEquals(2, c0.levels().get(0).threads());
        assertEquals(2, c1.levels().get(0).threads());
        Path merged = dir.resolve("merged");
        Tools.Outcome o = Tools.cli("merge", dir.resolve("c0-client0").toString(), dir.resolve("c1-client1").toString(),
                "--out", merged.toString());
        assertEquals(0, o.code(), o.out() + o.err());
        RunResult m = ResultFiles.read(merged);
        RepeatResult r = m.levels().get(0).kept();
        assertEquals(4, m.levels().get(0).threads());
        assertEquals(20.0, c0.params().sweep().levels().get(0).rate(), 0, "client 0's half of 40 tps");
        assertEquals(40.0, m.params().sweep().levels().get(0).rate(), 0, "the merged result's rate is the setting");
        // 200 arrivals expected in the 5 s (Poisson, sd 14): 80 tps would be each client running the whole rate
        assertTrue(r.tps() > 25 && r.tps() < 55, "merged " + r.tps() + " tps at a rate of 40");
        assertEquals(growth, r.transaction(TpccMetrics.NEW_ORDER).committed(),
                "merged committed NewOrders = growth of sum(d_next_o_id)");
        Histogram union = Histograms.empty();
        union.add(c0.levels().get(0).kept().histogram());
        union.add(c1.levels().get(0).kept().histogram());
        assertEquals(Histograms.percentileMs(union, 95), r.percentileMs(95), 0);
        assertEquals(union.getTotalCount(), r.counts().transactions());
        assertTrue(new File(merged.resolve("report.html").toString()).length() > 0);
    }
}
