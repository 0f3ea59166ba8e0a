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
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oltpbench.result.file.ResultFiles;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.repeat.counted.ErrorCount;
import org.oltpbench.result.repeat.topology.Fault;
import org.oltpbench.result.repeat.topology.FrontEndUse;

/**
 * Issue 29 §2: a 3-node MariaDB Galera cluster (Debian's MariaDB 10.11 and galera-4, made by {@code .ci/galera}) behind
 * its three nodes as front ends. TPC-C's terminals spread over the nodes; certification conflicts (1213 at commit) are
 * retried and counted by code. The fault plan kills node 3 with SIGKILL 8 s into the 45 s window and starts it again
 * at 14 s: its terminals move to the other two nodes, the outage and the recovery time are measured on 1 s intervals,
 * the node rejoins and takes its terminals back within 2 s of being synced (when its start command returned: 6 to 9 s
 * here, more than 13 s once in CI), and TPC-C's twelve checks pass after the level. The wait
 * sampler reads each node's own processlist (issue 45): all the level's sessions, and the killed node said once.
 *
 * <p>The level runs on client-side text statements (dbPsMode=disable). With server-side prepared statements this
 * MariaDB 10.11.19 + galera-4 26.4.23 cluster committed parts of transactions when the node was killed: in 3 of 5 such
 * runs the checks after the level failed 3.3.2.8 and 3.3.2.9 (one Payment's customer update and history row committed
 * twice, its warehouse and district updates once), in 0 of 6 with text statements. oltpbench reports it (3.3.2 FAIL,
 * exit 1); this test is about failover and recovery, not that server defect.
 */
// quiet: the fault's time (8 s, within 0.3 s), the recovery (within 15 s) and each node's thread-seconds are measured
// on three server processes that a host busy with other classes would slow unevenly
@org.junit.jupiter.api.Tag("quiet")
class GaleraIT {
    /** The fault level's measured seconds. */
    private static final int WINDOW = 45;

    /** The cluster .ci/run started: its directory (with the ports file) and the script that kills and starts nodes. */
    private record Cluster(Path dir, String ctl, List<Integer> ports) {
        static Cluster fromEnv() throws Exception {
            Tools.requireEnv("OLTPBENCH_GALERA_DIR", "start a 3-node Galera cluster with .ci/galera up DIR as .ci/run does");
            Tools.requireEnv("OLTPBENCH_GALERA_CTL", "the path of .ci/galera");
            Path dir = Path.of(System.getenv("OLTPBENCH_GALERA_DIR"));
            Properties p = new Properties();
            try (var in = Files.newBufferedReader(dir.resolve("ports"))) {
                p.load(in);
            }
            return new Cluster(dir, System.getenv("OLTPBENCH_GALERA_CTL"),
                    List.of(1, 2, 3).stream().map(n -> Integer.parseInt(p.getProperty("SQL" + n))).toList());
        }

        String hosts() {
            return String.join(",", ports.stream().map(p -> "127.0.0.1:" + p).toList());
        }

        String status(int node, String variable) throws Exception {
            try (Connection c = Tools.connect("jdbc:mariadb://127.0.0.1:" + ports.get(node - 1) + "/oltpbench",
                    "bench", "bench"); Statement st = c.createStatement();
                 ResultSet rs = st.executeQuery("SHOW STATUS LIKE '" + variable + "'")) {
                return rs.next() ? rs.getString(2) : "";
            }
        }
    }

    @Test
    void aNodeKilledMidLevelMovesItsTerminalsAndTakesThemBack(@TempDir Path tmp) throws Exception {
        Cluster g = Cluster.fromEnv();
        String[] job = {"--set", "db=mariadb", "--set", "host=" + g.hosts(), "--set", "user=bench", "--set", "password=bench",
                "--set", "database=oltpbench", "--set", "workload=tpcc", "--set", "warehouses=1", "--set", "loadWorkers=2"};
        Tools.cli(Tools.concat(job, "cleanup"));
        Tools.Outcome run = Tools.cli(Tools.concat(job, "--set", "terminals=6", "--set", "time=" + WINDOW, "--set",
                "reportIntervalSecs=1", "--set", "ignoreErrors=1213,1205,1062", "--set", "checkAfterRun=true",
                "--set", "dbPsMode=disable",
                "--set", "faultAt=8", "--set", "faultCommand=" + g.ctl() + " kill " + g.dir() + " 3",
                "--set", "recoverAt=14", "--set", "recoverCommand=" + g.ctl() + " start " + g.dir() + " 3",
                "--set", "resultDirectory=" + tmp));
        System.out.println(run.out());
        assertEquals(0, run.code(), run.err());
        assertTrue(run.out().contains("[Outage] tps fell below 50% of its mean before the fault"), run.out());
        // issue 45: each node's sessions are sampled on its own; the lost node is said, once
        String lost = "on 127.0.0.1:" + g.ports().get(2) + " failed";
        assertEquals(1, run.out().split(java.util.regex.Pattern.quote(lost), -1).length - 1, run.out());

        RepeatResult r = ResultFiles.read(tmp.resolve("result.json")).levels().get(0).kept();
        Fault f = r.fault();
        assertTrue(f.atSecs() >= 8.0 && f.atSecs() < 8.3, "the fault ran at 8 s: " + f);
        assertTrue(f.recoverAtSecs() >= 14.0 && f.recoverAtSecs() < 14.3, f.toString());
        assertEquals(0, f.exitCode(), "kill -9 of node 3");
        assertEquals(0, f.recoverExit(), "node 3 started and synced");
        double synced = f.recoverEndedAtSecs();
        assertTrue(synced > f.recoverAtSecs() && synced < WINDOW - 4, "node 3 synced inside the window, with 4 s to spare: " + f);
        // a Galera cluster that loses a member stops committing until it has evicted it (evs.suspect_timeout=PT3S here)
        assertEquals(Fault.Outage.State.RECOVERED, f.outage().state(), f.outage().toString());
        assertTrue(f.outage().recoverySecs() > 0 && f.outage().recoverySecs() <= 15, f.outage().toString());
        assertEquals(RepeatResult.Consistency.PASSED, r.consistency(), "TPC-C's checks after the level");
        // the stall the eviction made, and a pause while node 3 rejoined (CI: 16-18 s of its 14-24.4 s restart), are
        // the fault plan's; a stall outside both would be named as not the fault's
        var v = r.usage().verdict();
        if (v.limit() == org.oltpbench.result.repeat.usage.Verdict.Limit.FAULT) {
            assertTrue(run.out().contains("limited by: fault"), run.out());
        } else {
            assertEquals(org.oltpbench.result.repeat.usage.Verdict.Limit.STALL, v.limit(), v.evidence());
            assertTrue(v.evidence().contains("not judged the fault's"), v.evidence());
        }

        List<FrontEndUse> fe = r.failover().frontEnds();
        assertEquals(3, fe.size());
        FrontEndUse node3 = fe.get(2);
        assertFalse(node3.downAtEnd(), "node 3 answers again: " + fe);
        assertTrue(node3.errors() > 0, fe.toString());
        // its 2 terminals: 8 s before the kill, none while it was down, back within 2 s of its sync (the prober's second
        // and a transaction in flight elsewhere)
        assertTrue(node3.threadSeconds() >= 2 * (8 - 0.3) + 2 * (WINDOW - synced - 2), "back after " + synced + " s: " + fe);
        assertTrue(node3.threadSeconds() < 2 * WINDOW - 2 * (14 - 8), fe.toString());
        assertTrue(fe.get(0).threadSeconds() + fe.get(1).threadSeconds() > 4 * WINDOW + 2 * 6, "the others took them: " + fe);
        assertTrue(r.counts().reconnects() >= 4, "2 moves away and 2 back: " + r.counts().reconnects());
        assertTrue(r.counts().errorCodes().stream().anyMatch(e -> e.code() == 1213 && e.kind() == ErrorCount.Kind.RETRIED),
                "certification conflicts retried and counted by code: " + r.counts().errorCodes());
        assertTrue(r.serverCount().note() != null && r.serverCount().note().contains("every front end"), r.serverCount().toString());
        assertTrue(Files.size(tmp.resolve("level-6.png")) > 0);
        assertEquals("3", g.status(1, "wsrep_cluster_size"), "node 3 rejoined");
    }

    /** Without a fault the servers' commit counters, summed over the nodes, match the client's count. */
    @Test
    void theCommitCountIsSummedOverTheNodes(@TempDir Path tmp) throws Exception {
        Cluster g = Cluster.fromEnv();
        Tools.Outcome run = Tools.cli("--set", "db=mariadb", "--set", "host=" + g.hosts(), "--set", "user=bench", "--set",
                "password=bench", "--set", "database=oltpbench", "--set", "workload=oltp_read_write", "--set", "tables=2",
                "--set", "table_size=2000", "--set", "threads=6", "--set", "time=6", "--set", "resultDirectory=" + tmp);
        assertEquals(0, run.code(), run.out() + run.err());
        RepeatResult r = ResultFiles.read(tmp.resolve("result.json")).levels().get(0).kept();
        assertTrue(r.counts().ignoredErrors() > 0, "certification conflicts happened: " + r.counts());
        assertFalse(r.serverCount().disagrees(), r.serverCount().toString());
        assertTrue(r.serverCount().server() > 0, r.serverCount().toString());
        assertEquals(3, r.failover().frontEnds().stream().filter(u -> u.transactions() > 0).count(), r.failover().toString());
        // issue 45: the sampler reads each node's processlist, so a sample sees the 6 sessions of the three nodes
        assertEquals(6, r.usage().waits().sessions(), r.usage().waits().toString());
    }
}
