package org.oltpbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oltpbench.result.file.ResultFiles;
import org.oltpbench.result.repeat.analytics.Analytics;
import org.oltpbench.result.repeat.counted.Histograms;

/**
 * CH's analytic streams on a replica (analyticHost), on the replica sets of .ci/replicas: the replica runs the queries
 * (its own counters grow by at least the queries the client completed), and the freshness they read is the replica's
 * lag: stopping a MariaDB replica's SQL thread for 5 s in the window shows queries seconds stale, and it recovers after;
 * on a PostgreSQL standby it agrees with the standby's own replay lag (now() - pg_last_xact_replay_timestamp()),
 * which a stream of back-to-back queries makes grow by a second a second (replay waits for them: hot standby's
 * max_standby_streaming_delay, 30 s by default).
 */
// quiet: freshness is measured in seconds against the replica's lag (p50 under 1 s, the pause's 2-6 s), which a host
// busy with other classes stretches, and the replica's SQL thread is stopped for 5 s
@org.junit.jupiter.api.Tag("quiet")
class ChReplicaIT {
    private record Ports(int my1, int my2, int pg1, int pg2) {
        static Ports fromEnv() throws Exception {
            Tools.requireEnv("OLTPBENCH_REPLICAS_DIR", "start the replica sets with .ci/replicas up DIR as .ci/run does");
            Properties p = new Properties();
            try (var in = Files.newBufferedReader(Path.of(System.getenv("OLTPBENCH_REPLICAS_DIR"), "ports"))) {
                p.load(in);
            }
            return new Ports(Integer.parseInt(p.getProperty("MY1")), Integer.parseInt(p.getProperty("MY2")),
                    Integer.parseInt(p.getProperty("PG1")), Integer.parseInt(p.getProperty("PG2")));
        }
    }

    private static long one(String url, String user, String password, String sql) throws Exception {
        try (Connection c = Tools.connect(url, user, password); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(rs.getMetaData().getColumnCount());
        }
    }

    private static void exec(String url, String user, String password, String sql) throws Exception {
        try (Connection c = Tools.connect(url, user, password); Statement st = c.createStatement()) {
            st.execute(sql);
        }
    }

    /**
     * Runs an 18 s level of 1 terminal and 1 stream on the replica, with the replica's apply paused from 6 s to 11 s of
     * the window; returns the repeat's analytics.
     */
    private static Analytics pausedRun(Path dir, String[] job, String pause, String resume, String replicaUrl, String user,
                                       String password) throws Exception {
        CompletableFuture<Tools.Outcome> run = CompletableFuture.supplyAsync(() -> Tools.cli(Tools.concat(job, "--set",
                "terminals=1", "--set", "time=18", "--set", "report-interval=0", "--set", "resultDirectory=" + dir, "run")));
        Thread.sleep(6_000);
        exec(replicaUrl, user, password, pause);
        Thread.sleep(5_000);
        exec(replicaUrl, user, password, resume);
        Tools.Outcome o = run.get();
        assertEquals(0, o.code(), o.out() + o.err());
        return ResultFiles.read(dir.resolve("result.json")).levels().get(0).kept().analytics();
    }

    /**
     * CH at 1 warehouse loaded afresh on {@code primary} (db= and the login in {@code target}), once the replica (its
     * analyticHost, at {@code replicaPort}; {@code user}'s {@code replicaUrl}) has applied it; returns the job's keys.
     */
    private static String[] loadedOnBoth(String primary, int replicaPort, String replicaUrl, String user, String... target)
            throws Exception {
        String[] job = Tools.concat(target, "--set", "conn=" + primary, "--set", "workload=ch", "--set", "warehouses=1",
                "--set", "loadWorkers=2", "--set", "randSeed=5", "--set", "analyticStreams=1", "--set",
                "analyticHost=127.0.0.1:" + replicaPort);
        Tools.cli(Tools.concat(job, "cleanup"));
        Tools.Outcome prepared = Tools.cli(Tools.concat(job, "prepare"));
        assertEquals(0, prepared.code(), prepared.out() + prepared.err());
        // the replica applies the load asynchronously
        ReplicaIT.awaitRows(replicaUrl, user, "SELECT COUNT(*) FROM bmsql_supplier", 10_000, 120);
        return job;
    }

    /** Queries take about a second on the replica, so one starts at least 2 s into the 5-s pause; most read fresh data. */
    private static void staleWhilePaused(Analytics a, String where) {
        Histogram f = a.freshnessHistogram();
        System.out.printf("freshness on %s: %d queries, p50 %.3f s, max %.3f s%n", where, f.getTotalCount(),
                Histograms.percentileMs(f, 50) / 1000, Histograms.maxMs(f) / 1000);
        assertTrue(Histograms.maxMs(f) >= 2_000 && Histograms.maxMs(f) <= 6_000, "a query in the 5-s pause read data "
                + "seconds old, never older than the pause: " + a);
        assertTrue(Histograms.percentileMs(f, 50) < 1_000, "most queries read fresh data: " + a);
    }

    @Test
    void mariadbReplicaRunsTheQueriesAndItsLagIsTheirFreshness(@TempDir Path tmp) throws Exception {
        Ports s = Ports.fromEnv();
        String primary = "jdbc:mariadb://127.0.0.1:" + s.my1() + "/oltpbench", replica = "jdbc:mariadb://127.0.0.1:" + s.my2() + "/oltpbench";
        String[] job = loadedOnBoth(primary, s.my2(), replica, "bench", "--set", "db=mariadb", "--set", "user=bench", "--set",
                "password=bench");
        String comSelect = "SHOW GLOBAL STATUS LIKE 'Com_select'";
        long before = one(replica, "bench", "bench", comSelect);
        Analytics a = pausedRun(tmp, job, "STOP SLAVE SQL_THREAD", "START SLAVE SQL_THREAD", replica, "bench", "bench");
        long grew = one(replica, "bench", "bench", comSelect) - before;
        System.out.println("Com_select on the replica grew by " + grew + "; the stream completed " + a.completed());
        assertTrue(a.completed() > 0 && grew >= 2 * a.completed(), "each query and its heartbeat read ran on the replica: " + grew);
        assertTrue(a.where().contains(String.valueOf(s.my2())), a.where());
        staleWhilePaused(a, "MariaDB replica");
        Tools.cli(Tools.concat(job, "cleanup"));
    }

    @Test
    void postgresStandbyRunsTheQueriesAndItsReplayLagIsTheirFreshness(@TempDir Path tmp) throws Exception {
        Ports s = Ports.fromEnv();
        String primary = "jdbc:postgresql://127.0.0.1:" + s.pg1() + "/oltpbench", standby = "jdbc:postgresql://127.0.0.1:" + s.pg2() + "/oltpbench";
        String[] job = loadedOnBoth(primary, s.pg2(), standby, "postgres", "--set", "db=postgres", "--set", "user=postgres");
        String commits = "SELECT xact_commit FROM pg_stat_database WHERE datname = 'oltpbench'";
        long before = one(standby, "postgres", "", commits);
        CompletableFuture<Tools.Outcome> run = CompletableFuture.supplyAsync(() -> Tools.cli(Tools.concat(job, "--set",
                "terminals=1", "--set", "time=14", "--set", "report-interval=0", "--set", "resultDirectory=" + tmp, "run")));
        double maxLag = 0; // the standby's own replay lag, sampled each second while the level runs
        String lag = "SELECT (extract(epoch from now() - pg_last_xact_replay_timestamp()) * 1000)::bigint";
        while (!run.isDone()) {
            maxLag = Math.max(maxLag, one(standby, "postgres", "", lag) / 1000.0);
            Thread.sleep(1000);
        }
        Tools.Outcome o = run.get();
        assertEquals(0, o.code(), o.out() + o.err());
        Analytics a = ResultFiles.read(tmp.resolve("result.json")).levels().get(0).kept().analytics();
        Thread.sleep(1000); // statistics reach pg_stat_database when a session ends
        long grew = one(standby, "postgres", "", commits) - before;
        double freshest = Histograms.maxMs(a.freshnessHistogram()) / 1000;
        System.out.printf("xact_commit on the standby grew by %d; the stream completed %d; freshness max %.2f s, the standby's "
                + "replay lag at most %.2f s%n", grew, a.completed(), freshest, maxLag);
        assertTrue(a.completed() > 0 && grew >= a.completed(), "the queries ran on the standby: " + grew);
        // the replay lag read at most 1 s apart, from an idle moment of replay: freshness within 2 s of it
        assertEquals(maxLag, freshest, 2.0, "freshness is the standby's replay lag");
        Tools.cli(Tools.concat(job, "cleanup"));
    }
}
