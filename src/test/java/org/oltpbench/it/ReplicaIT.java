package org.oltpbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oltpbench.result.file.ResultFiles;
import org.oltpbench.result.repeat.RepeatResult;

/**
 * Issue 29 §3, seed 002's read-only scale-out: a MariaDB GTID primary with 2 replicas and a PostgreSQL primary with a
 * streaming standby ({@code .ci/replicas}). oltp_read_only marks its sessions read-only, so the drivers' replication
 * URLs send them to the replicas, which the servers' own counters prove; a workload that writes, pointed at a replica,
 * is refused in one line; each replica's lag is recorded at the level's end.
 */
// quiet: the servers' global counters (Com_select on the primary and replicas, Com_commit summed over them) must grow
// by this class's run alone; in CI the primary is Debian's MariaDB of the other classes too (Tools.debianMariaDb)
@org.junit.jupiter.api.Tag("quiet")
class ReplicaIT {
    private record Servers(int my1, int my2, int my3, int pg1, int pg2) {
        static Servers fromEnv() throws Exception {
            Tools.requireEnv("OLTPBENCH_REPLICAS_DIR", "start the replica sets with .ci/replicas up DIR as .ci/run does");
            Properties p = new Properties();
            try (var in = Files.newBufferedReader(Path.of(System.getenv("OLTPBENCH_REPLICAS_DIR"), "ports"))) {
                p.load(in);
            }
            return new Servers(i(p, "MY1"), i(p, "MY2"), i(p, "MY3"), i(p, "PG1"), i(p, "PG2"));
        }

        private static int i(Properties p, String k) {
            return Integer.parseInt(p.getProperty(k));
        }
    }

    private static long status(String url, String user, String sql) throws Exception {
        try (Connection c = Tools.connect(url, user, user.equals("postgres") ? "" : "bench");
             Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(rs.getMetaData().getColumnCount());
        }
    }

    private static String my(int port) {
        return "jdbc:mariadb://127.0.0.1:" + port + "/oltpbench";
    }

    private static final String COM_SELECT = "SHOW GLOBAL STATUS LIKE 'Com_select'";

    /** Waits until a replica's data set has what the primary's prepare made (the replicas apply asynchronously). */
    static void awaitRows(String url, String user, String sql, long rows, int waitSecs) throws Exception {
        long deadline = System.nanoTime() + waitSecs * 1_000_000_000L;
        while (true) {
            try {
                if (status(url, user, sql) >= rows) return;
            } catch (java.sql.SQLException e) {
                // the table is not there yet
            }
            if (System.nanoTime() > deadline) throw new AssertionError(url + " did not catch up in " + waitSecs + " s");
            Thread.sleep(200);
        }
    }

    @Test
    void mariadbReadsGoToTheReplicasAndWritesAreRefusedThere(@TempDir Path tmp) throws Exception {
        Servers s = Servers.fromEnv();
        String[] job = {"--set", "db=mariadb", "--set", "user=bench", "--set", "password=bench", "--set", "tables=2",
                "--set", "table_size=2000"};
        assertEquals(0, Tools.cli(Tools.concat(job, "--set", "conn=" + my(s.my1()), "--set", "workload=oltp_read_only",
                "cleanup")).code());
        assertEquals(0, Tools.cli(Tools.concat(job, "--set", "conn=" + my(s.my1()), "--set", "workload=oltp_read_only",
                "prepare")).code());
        for (int replica : List.of(s.my2(), s.my3())) awaitRows(my(replica), "bench", "SELECT COUNT(*) FROM sbtest2", 2000, 60);

        List<Long> before = new ArrayList<>();
        for (int port : List.of(s.my1(), s.my2(), s.my3())) before.add(status(my(port), "bench", COM_SELECT));
        String routed = "jdbc:mariadb:replication://127.0.0.1:" + s.my1() + ",127.0.0.1:" + s.my2() + ",127.0.0.1:"
                + s.my3() + "/oltpbench";
        Tools.Outcome run = Tools.cli(Tools.concat(job, "--set", "conn=" + routed, "--set", "workload=oltp_read_only",
                "--set", "threads=4", "--set", "time=4", "--set", "resultDirectory=" + tmp, "run"));
        assertEquals(0, run.code(), run.out() + run.err());
        List<Long> grew = new ArrayList<>();
        int k = 0;
        for (int port : List.of(s.my1(), s.my2(), s.my3())) grew.add(status(my(port), "bench", COM_SELECT) - before.get(k++));
        RepeatResult r = ResultFiles.read(tmp.resolve("result.json")).levels().get(0).kept();
        long reads = r.counts().reads();
        System.out.println("Com_select grew by " + grew + " on primary, replica, replica; the client read " + reads);
        assertTrue(grew.get(1) + grew.get(2) >= reads, "the replicas served every read: " + grew + " for " + reads);
        assertTrue(grew.get(0) < reads / 100, "the primary served almost none: " + grew);
        assertFalse(r.serverCount().disagrees(), "commits summed over the three servers: " + r.serverCount());
        assertEquals(2, r.replication().size(), r.replication().toString());
        assertTrue(r.replication().stream().allMatch(l -> l.seconds() >= 0), r.replication().toString());
        assertTrue(run.out().contains("[Replicas] at the level's end: 127.0.0.1:" + s.my2()), run.out());

        Tools.Outcome refused = Tools.cli(Tools.concat(job, "--set", "conn=" + my(s.my2()), "--set", "workload=oltp_read_write",
                "--set", "time=2", "run"));
        assertEquals(2, refused.code());
        assertEquals("oltpbench: 127.0.0.1:" + s.my2() + " is read_only=ON, and oltp_read_write writes: point host at the "
                + "primary, or give a replication URL (jdbc:mariadb:replication://primary,replica/db; pgjdbc's "
                + "targetServerType) whose read-only transactions its driver sends to the replicas", refused.err().strip());
    }

    @Test
    void postgresReadsGoToTheStandbyAndWritesAreRefusedThere(@TempDir Path tmp) throws Exception {
        Servers s = Servers.fromEnv();
        String primary = "jdbc:postgresql://127.0.0.1:" + s.pg1() + "/oltpbench";
        String standby = "jdbc:postgresql://127.0.0.1:" + s.pg2() + "/oltpbench";
        String[] job = {"--set", "db=postgres", "--set", "user=postgres", "--set", "tables=2", "--set", "table_size=2000"};
        Tools.cli(Tools.concat(job, "--set", "conn=" + primary, "--set", "workload=oltp_read_only", "cleanup"));
        assertEquals(0, Tools.cli(Tools.concat(job, "--set", "conn=" + primary, "--set", "workload=oltp_read_only",
                "prepare")).code());
        awaitRows(standby, "postgres", "SELECT COUNT(*) FROM sbtest2", 2000, 60);
        String tuples = "SELECT tup_returned FROM pg_stat_database WHERE datname = 'oltpbench'";
        long p0 = status(primary, "postgres", tuples), s0 = status(standby, "postgres", tuples);
        String routed = "jdbc:postgresql://127.0.0.1:" + s.pg1() + ",127.0.0.1:" + s.pg2()
                + "/oltpbench?targetServerType=preferSecondary";
        Tools.Outcome run = Tools.cli(Tools.concat(job, "--set", "conn=" + routed, "--set", "workload=oltp_read_only",
                "--set", "threads=4", "--set", "time=4", "--set", "resultDirectory=" + tmp, "run"));
        assertEquals(0, run.code(), run.out() + run.err());
        Thread.sleep(1000); // statistics reach pg_stat_database when a session ends
        long onPrimary = status(primary, "postgres", tuples) - p0, onStandby = status(standby, "postgres", tuples) - s0;
        RepeatResult r = ResultFiles.read(tmp.resolve("result.json")).levels().get(0).kept();
        System.out.println("tuples returned: primary " + onPrimary + ", standby " + onStandby + "; the client read "
                + r.counts().reads() + " statements");
        assertTrue(onStandby > 20 * onPrimary, "the standby served the reads: " + onStandby + " vs " + onPrimary);
        assertEquals(1, r.replication().size(), r.replication().toString());
        assertTrue(r.replication().get(0).bytes() >= 0, r.replication().toString());

        Tools.Outcome refused = Tools.cli(Tools.concat(job, "--set", "conn=" + standby, "--set", "workload=oltp_write_only",
                "--set", "time=2", "run"));
        assertEquals(2, refused.code());
        assertTrue(refused.err().strip().startsWith("oltpbench: 127.0.0.1:" + s.pg2() + " is a standby in recovery"),
                refused.err());
    }
}
