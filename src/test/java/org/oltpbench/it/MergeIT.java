package org.oltpbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
import org.oltpbench.db.EmbeddedMariaDb;
import org.oltpbench.result.file.ResultFiles;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.repeat.TpccMetrics;
import org.oltpbench.result.repeat.counted.Histograms;
import org.oltpbench.result.run.RunResult;

/**
 * Two client processes split 2 warehouses of one TPC-C job (clientCount=2): they load their warehouses in parallel,
 * start together at startAt, and merge joins their results exactly. limitTxnsPerMin=2400 (40 tps) is the job's: 20 tps
 * each, 40 in all (issue 42 §1.8: each client ran the whole rate, twice the setting together).
 */
class MergeIT {
    @TempDir
    Path dir;

    private Process client(int index, String url, Instant startAt) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"), "-jar",
                "target/oltpbench.jar"));
        for (String s : List.of("db=mariadb", "conn=" + url, "user=root", "workload=tpcc", "warehouses=2", "threads=2",
                "time=5", "report-interval=1", "loadWorkers=1", "limitTxnsPerMin=2400", "rand-seed=" + (7 + index), "clientCount=2",
                "clientIndex=" + index, "startAt=" + startAt, "resultDirectory=" + dir.resolve("c" + index))) {
            cmd.addAll(List.of("--set", s));
        }
        return new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(dir.resolve("c" + index + ".log").toFile()).start();
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
        try (EmbeddedMariaDb db = EmbeddedMariaDb.start("tpcc")) {
            String url = "jdbc:mariadb://127.0.0.1:" + db.port() + "/tpcc";
            Instant startAt = Instant.now().plusSeconds(45);
            Process a = client(0, url, startAt), b = client(1, url, startAt);
            assertTrue(a.waitFor(180, TimeUnit.SECONDS) && b.waitFor(60, TimeUnit.SECONDS), "clients did not finish");
            String logs = java.nio.file.Files.readString(dir.resolve("c0.log")) + java.nio.file.Files.readString(dir.resolve("c1.log"));
            assertEquals(0, a.exitValue(), logs);
            assertEquals(0, b.exitValue(), logs);
            assertTrue(logs.contains("waiting for client 0"), "client 1 waited for the tables: " + logs);
            // both warehouses loaded once (10 districts each, D_NEXT_O_ID 3001 after the load: TPC-C 4.3.3.1)
            assertEquals(20, sum(url, "SELECT COUNT(*) FROM bmsql_district"));
            long growth = sum(url, "SELECT SUM(d_next_o_id) FROM bmsql_district") - 20 * 3001L;

            RunResult c0 = ResultFiles.read(dir.resolve("c0-client0")), c1 = ResultFiles.read(dir.resolve("c1-client1"));
            assertEquals(1, c0.levels().get(0).threads());
            assertEquals(1, c1.levels().get(0).threads());
            Path merged = dir.resolve("merged");
            Tools.Outcome o = Tools.cli("merge", dir.resolve("c0-client0").toString(), dir.resolve("c1-client1").toString(),
                    "--out", merged.toString());
            assertEquals(0, o.code(), o.out() + o.err());
            RunResult m = ResultFiles.read(merged);
            RepeatResult r = m.levels().get(0).kept();
            assertEquals(2, m.levels().get(0).threads());
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
}
