package org.oltpbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintStream;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.oltpbench.config.Config;
import org.oltpbench.config.ConfigLoader;
import org.oltpbench.config.Keys;
import org.oltpbench.db.Database;
import org.oltpbench.dialect.Dialects;
import org.oltpbench.driver.IgnoreList;
import org.oltpbench.driver.LevelRunner;
import org.oltpbench.driver.RunListener;
import org.oltpbench.driver.StopSignal;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.workload.sysbench.Preset;
import org.oltpbench.workload.sysbench.SysbenchWorkload;

/** Lost connections, statement modes and limits on a real server. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FaultsIT {
    private static final PrintStream QUIET = new PrintStream(java.io.OutputStream.nullOutputStream());
    /** The class's database on the shared embedded server. */
    private static Tools.Login login;
    private Database db;
    private SysbenchWorkload rw;

    private static Config config(String... sets) {
        List<String> all = new ArrayList<>(List.of("db=mariadb", "conn=" + login.url(), "user=" + login.user(), "tables=2",
                "table_size=2000", "workload=oltp_read_only"));
        all.addAll(List.of(sets));
        return ConfigLoader.load(null, all, Map.of());
    }

    @BeforeAll
    void start() throws Exception {
        login = SharedMariaDb.database(FaultsIT.class, "faults");
        db = Database.open(Params.target(config()), Dialects.forName("mariadb"));
        rw = Params.sysbench(Preset.load("oltp_read_only"), config(), db.dialect(), QUIET);
        rw.prepare(db);
    }

    @AfterAll
    void stop() {
        if (db != null) db.close();
    }

    private RepeatResult run(SysbenchWorkload w, int threads, int secs, StopSignal stop) throws InterruptedException {
        var s = org.oltpbench.driver.Levels.threads(threads).time(secs).interval(1).seed(3)
                .ignore(new IgnoreList(List.of("1213", "1205"))).build();
        return new LevelRunner(s, w, db, org.oltpbench.driver.RunListener.SILENT, stop).run();
    }

    /**
     * Issue 27: a front end dies mid-level. Two front ends (the server, and a relay to it); the relay is killed at 3 s
     * and started again at 5 s. Its 2 terminals move to the server at once (within 2 s), the prober finds the relay
     * again within a second of its return, and they go home between transactions. Thread-seconds: the server 2 x 8 +
     * 2 x (3 to 5-6 s), the relay 2 x 3 + 2 x (2-3 s).
     */
    @Test
    void threadsOfADeadFrontEndMoveAndComeBack() throws Exception {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("//127\\.0\\.0\\.1:(\\d+)/([^?]+)").matcher(db.url());
        assertTrue(m.find(), db.url());
        try (TcpProxy relay = new TcpProxy(Integer.parseInt(m.group(1)));
             Database two = Database.open(Params.target(config("embedded=false", "user=root", "conn=jdbc:mariadb://127.0.0.1:"
                     + m.group(1) + ",127.0.0.1:" + relay.port() + "/" + m.group(2))), Dialects.forName("mariadb"))) {
            // the timeline counts from the level's first interval (1 s), not from the test: opening the terminals
            // took 4.5 s once in CI, and a timeline started before them killed the relay before the level began
            var firstInterval = new java.util.concurrent.CountDownLatch(1);
            RunListener onTime = new RunListener() {
                @Override
                public void interval(org.oltpbench.result.repeat.counted.IntervalResult interval) {
                    firstInterval.countDown();
                }
            };
            // returns how long the relay was down: on a busy host the 2 s sleep can overrun, and the bounds follow it
            var timeline = new java.util.concurrent.FutureTask<Double>(() -> {
                assertTrue(firstInterval.await(60, java.util.concurrent.TimeUnit.SECONDS), "the level never started");
                Thread.sleep(2000);
                relay.kill();
                long killed = System.nanoTime();
                Thread.sleep(2000);
                relay.revive();
                return (System.nanoTime() - killed) / 1e9;
            });
            new Thread(timeline).start();
            var s = org.oltpbench.driver.Levels.threads(4).time(8).interval(1).seed(3)
                    .ignore(new IgnoreList(List.of())).build();
            RepeatResult r = new LevelRunner(s, rw, two, onTime, new StopSignal()).run();
            double down = timeline.get();
            var server = r.failover().frontEnds().get(0);
            var proxied = r.failover().frontEnds().get(1);
            assertEquals(RepeatResult.COMPLETED, r.status(), r.reason());
            assertEquals(4, r.counts().reconnects(), "2 moves away and 2 back: " + r.failover());
            assertTrue(r.failover().disconnectedThreadSeconds() < 2 * 2.0, "moved within 2 s: " + r.failover());
            // the relay's 2 threads on the server from the kill until the prober finds it back (a second's probe, and
            // the scheduler's delay on a busy host: beside a CPU burner and two other IT JVMs they took 22.48
            // thread-seconds against a bound of 22.40 with the down time taken as 2 s and 1.2 s to come back)
            assertTrue(server.threadSeconds() > 16 + 2 * 1.5 && server.threadSeconds() < 16 + 2 * (down + 1.5),
                    "relay down " + down + " s: " + r.failover());
            assertTrue(proxied.threadSeconds() > 6 - 0.5 + 2 * 1.5 && proxied.threadSeconds() < 6 + 2 * 3.0, r.failover().toString());
            assertTrue(proxied.transactions() > 0 && proxied.errors() >= 2 && !proxied.downAtEnd(), proxied.toString());
        }
    }

    /** Every benchmark connection is killed mid-run: each thread reconnects, counts it, and goes on. */
    @Test
    void killedConnectionsAreReconnectedAndCounted() throws Exception {
        // the killer's outcome is checked here, on the test's thread: JUnit never sees a background thread's assertion
        var killer = new java.util.concurrent.FutureTask<List<Long>>(() -> {
            Thread.sleep(1500);
            return killOthers();
        });
        new Thread(killer).start();
        RepeatResult r = run(rw, 4, 4, new StopSignal());
        List<Long> killed = killer.get();
        assertTrue(killed.size() >= 4, "benchmark connections killed: " + killed);
        assertNull(r.reason(), r.reason());
        assertTrue(r.counts().reconnects() >= 4, "reconnects " + r.counts().reconnects());
        // oltp_read_only has no other ignorable error: each killed session loses exactly one event, then reconnects once
        assertEquals(r.counts().reconnects(), r.counts().ignoredErrors(), "one lost event per reconnect: " + r.counts());
        assertTrue(r.counts().transactions() > 100);
    }

    /** Kills every other connection to the class's database and returns their ids. */
    private List<Long> killOthers() throws SQLException {
        try (Connection c = db.connect(); Statement st = c.createStatement()) {
            List<Long> ids = new ArrayList<>();
            try (ResultSet rs = st.executeQuery("SELECT ID FROM information_schema.PROCESSLIST "
                    + "WHERE ID <> CONNECTION_ID() AND DB = DATABASE()")) {
                while (rs.next()) ids.add(rs.getLong(1));
            }
            for (long id : ids) st.execute("KILL CONNECTION " + id);
            return ids;
        }
    }

    /** db-ps-mode=disable sends statements as text: the server prepares nothing during the run. */
    @Test
    void psModeDisableUsesNoServerStatements() throws Exception {
        Config off = config("db-ps-mode=disable");
        try (Database text = Database.open(Params.target(config("embedded=false", "conn=" + db.url(), "db-ps-mode=disable")),
                Dialects.forName("mariadb"))) {
            long before = status("Com_stmt_prepare");
            var s = org.oltpbench.driver.Levels.threads(2).time(2).interval(1).seed(3)
                    .ignore(new IgnoreList(off.get(Keys.IGNORE_ERRORS))).build();
            RepeatResult r = new LevelRunner(s, Params.sysbench(Preset.load("oltp_read_only"), off, db.dialect(), QUIET),
                    text, org.oltpbench.driver.RunListener.SILENT, new StopSignal()).run();
            assertTrue(r.counts().transactions() > 0);
            assertEquals(before, status("Com_stmt_prepare"), "server-side prepares with db-ps-mode=disable");
        }
        long before = status("Com_stmt_prepare");
        run(rw, 2, 1, new StopSignal());
        assertTrue(status("Com_stmt_prepare") > before, "no server-side prepares with db-ps-mode=auto");
    }

    /** Ctrl-C: the level stops at once and reports what it measured. */
    @Test
    void stopSignalEndsTheLevelEarlyWithResults() throws Exception {
        StopSignal stop = new StopSignal();
        Thread ctrlC = new Thread(() -> {
            try {
                Thread.sleep(1500);
            } catch (InterruptedException e) {
                return;
            }
            stop.raise();
        });
        ctrlC.start();
        long t0 = System.nanoTime();
        RepeatResult r = run(rw, 2, 30, stop);
        assertTrue((System.nanoTime() - t0) / 1e9 < 10, "level did not stop");
        assertEquals("interrupted (Ctrl-C)", r.reason());
        assertTrue(r.counts().transactions() > 0 && r.seconds() > 1);
    }

    private long status(String name) throws SQLException {
        try (Connection c = db.connect(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SHOW GLOBAL STATUS LIKE '" + name + "'")) {
            rs.next();
            return rs.getLong(2);
        }
    }
}
