package org.oltpbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oltpbench.result.file.ResultFiles;
import org.oltpbench.result.repeat.analytics.Analytics;
import org.oltpbench.result.repeat.counted.Histograms;
import org.oltpbench.workload.ch.ChData;

/**
 * CH's analytic streams on a replica (analyticHost), on the replica sets of .ci/replicas: the replica runs the queries
 * (its own counters grow by at least the queries the client completed), and the freshness they read is the replica's
 * lag: stopping a MariaDB replica's SQL thread for 5 s in the window shows queries seconds stale, and it recovers after;
 * on a PostgreSQL standby it agrees with the standby's own replay lag (now() - pg_last_xact_replay_timestamp()),
 * which a stream of back-to-back queries makes grow by a second a second (replay waits for them: hot standby's
 * max_standby_streaming_delay, 30 s by default). Freshness is asserted against the lag the replica itself showed while
 * the level ran, never against a figure one host's speed gives.
 */
// quiet: freshness is measured in seconds against the replica's lag, sampled every 100 ms, and the replica's SQL thread
// is stopped for 5 s
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
     * A level's analytics, the replica's own lag behind the primary sampled every 100 ms while it ran (seconds, sorted),
     * and the SELECTs those samples ran on the replica (which its Com_select counts beside the streams').
     */
    private record Paused(Analytics analytics, double[] lags, long samplerSelects) {
    }

    /**
     * Runs an 18 s level of 1 terminal and 1 stream on the replica, with the replica's apply paused from 6 s to 11 s of
     * the window. Meanwhile the replica's lag is read every 100 ms as the newest heartbeat the primary holds less the
     * newest the replica has applied (the run's own clock on both sides, so no clock is compared with another): what a
     * query starting then would read, whatever this host's speed makes of the replica's apply.
     */
    private static Paused pausedRun(Path dir, String[] job, String pause, String resume, String primaryUrl, String replicaUrl,
                                    String user, String password) throws Exception {
        CompletableFuture<Tools.Outcome> run = CompletableFuture.supplyAsync(() -> Tools.cli(Tools.concat(job, "--set",
                "terminals=1", "--set", "time=18", "--set", "report-interval=0", "--set", "resultDirectory=" + dir, "run")));
        List<Double> lags = new ArrayList<>();
        String newest = "SELECT MAX(hb_nanos) FROM " + ChData.HEARTBEAT;
        long start = System.nanoTime(), samplerSelects;
        boolean paused = false, resumed = false;
        try (Connection p = Tools.connect(primaryUrl, user, password); Connection r = Tools.connect(replicaUrl, user, password);
             Statement ps = p.createStatement(); Statement rs = r.createStatement()) {
            long selectsBefore = sessionSelects(rs);
            try {
                while (!run.isDone()) {
                    long at = System.nanoTime() - start;
                    if (!paused && at >= 6_000_000_000L) { exec(replicaUrl, user, password, pause); paused = true; }
                    if (!resumed && at >= 11_000_000_000L) { exec(replicaUrl, user, password, resume); resumed = true; }
                    long applied = newest(rs, newest), written = newest(ps, newest); // the replica first: never ahead
                    if (applied > 0 && written > 0) lags.add((written - applied) / 1e9);
                    Thread.sleep(100);
                }
            } finally {
                if (paused && !resumed) exec(replicaUrl, user, password, resume); // never leave the replica stopped
            }
            samplerSelects = sessionSelects(rs) - selectsBefore;
        }
        Tools.Outcome o = run.get();
        assertEquals(0, o.code(), o.out() + o.err());
        assertTrue(resumed, "the level ended before the replica was resumed");
        return new Paused(ResultFiles.read(dir.resolve("result.json")).levels().get(0).kept().analytics(),
                lags.stream().mapToDouble(Double::doubleValue).sorted().toArray(), samplerSelects);
    }

    /** The SELECTs this session ran on its server (MariaDB's session Com_select; SHOW STATUS is not one). */
    private static long sessionSelects(Statement st) throws Exception {
        try (ResultSet rs = st.executeQuery("SHOW SESSION STATUS LIKE 'Com_select'")) {
            rs.next();
            return rs.getLong(2);
        }
    }

    /** The newest heartbeat a server holds, 0 before the run wrote one. */
    private static long newest(Statement st, String sql) throws Exception {
        try (ResultSet rs = st.executeQuery(sql)) {
            return rs.next() ? rs.getLong(1) : 0;
        } catch (java.sql.SQLException e) {
            return 0; // the table is made by the run's start
        }
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

    /**
     * Freshness is the replica's lag at each query's start: a query in the 5-s pause read data seconds old, none read data
     * older than the replica ever was, and the share of queries that read data under 1 s old is the share of the level's
     * time the replica was under 1 s behind (its samples every 100 ms), within 0.4: about 14 queries spread over the
     * window give that share a binomial standard error of at most 0.13, so 0.4 is 3 of them. A query timed from its end
     * instead of its start (a second older each) or a heartbeat read from the primary (never stale) falls outside it.
     */
    private static void staleWhilePaused(Paused run, String where) {
        Analytics a = run.analytics();
        Histogram f = a.freshnessHistogram();
        double[] lag = run.lags();
        assertTrue(lag.length >= 100, "the replica's lag was read every 100 ms over the level: " + lag.length);
        double p50 = Histograms.percentileMs(f, 50) / 1000, max = Histograms.maxMs(f) / 1000, most = lag[lag.length - 1];
        double freshQueries = (double) f.getCountBetweenValues(0, 999_999) / f.getTotalCount();
        double freshTime = (double) java.util.Arrays.stream(lag).filter(x -> x < 1).count() / lag.length;
        System.out.printf("freshness on %s: %d queries, p50 %.3f s, max %.3f s, %.0f%% under 1 s; its lag over %d samples: "
                + "max %.3f s, %.0f%% of them under 1 s%n", where, f.getTotalCount(), p50, max, 100 * freshQueries, lag.length,
                most, 100 * freshTime);
        assertTrue(most >= 2, "the 5-s pause held the replica's apply back seconds: " + most);
        assertTrue(max >= 2, "a query in the 5-s pause read data seconds old: " + a);
        assertTrue(max <= most + 0.5, "no query read data older than the replica ever was (" + most + " s): " + a);
        assertEquals(freshTime, freshQueries, 0.4, "the queries read data under 1 s old as often as the replica was under 1 s "
                + "behind: " + a);
    }

    @Test
    void mariadbReplicaRunsTheQueriesAndItsLagIsTheirFreshness(@TempDir Path tmp) throws Exception {
        Ports s = Ports.fromEnv();
        String primary = "jdbc:mariadb://127.0.0.1:" + s.my1() + "/oltpbench", replica = "jdbc:mariadb://127.0.0.1:" + s.my2() + "/oltpbench";
        String[] job = loadedOnBoth(primary, s.my2(), replica, "bench", "--set", "db=mariadb", "--set", "user=bench", "--set",
                "password=bench");
        String comSelect = "SHOW GLOBAL STATUS LIKE 'Com_select'";
        long before = one(replica, "bench", "bench", comSelect);
        Paused paused = pausedRun(tmp, job, "STOP SLAVE SQL_THREAD", "START SLAVE SQL_THREAD", primary, replica, "bench", "bench");
        Analytics a = paused.analytics();
        long grew = one(replica, "bench", "bench", comSelect) - before;
        System.out.println("Com_select on the replica grew by " + grew + "; the stream completed " + a.completed());
        // the sampler's own SELECTs on the replica left out: the rest are the streams' queries and their heartbeat reads
        assertTrue(a.completed() > 0 && grew - paused.samplerSelects() >= 2 * a.completed(), "each query and its heartbeat "
                + "read ran on the replica: " + grew + " SELECTs, " + paused.samplerSelects() + " of them the lag sampler's");
        assertTrue(a.where().contains(String.valueOf(s.my2())), a.where());
        staleWhilePaused(paused, "MariaDB replica");
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
        long samples = 0; // each a transaction of its own on the standby, as the reading of the counter before the level
        while (!run.isDone()) {
            maxLag = Math.max(maxLag, one(standby, "postgres", "", lag) / 1000.0);
            samples++;
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
        assertTrue(a.completed() > 0 && grew - samples - 1 >= a.completed(), "the queries ran on the standby: " + grew
                + " transactions, " + (samples + 1) + " of them this test's own readings");
        // the replay lag read at most 1 s apart, from an idle moment of replay: freshness within 2 s of it
        assertEquals(maxLag, freshest, 2.0, "freshness is the standby's replay lag");
        Tools.cli(Tools.concat(job, "cleanup"));
    }
}
