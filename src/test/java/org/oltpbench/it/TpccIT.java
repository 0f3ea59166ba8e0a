package org.oltpbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintStream;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.MethodOrderer;
import org.oltpbench.config.Config;
import org.oltpbench.config.ConfigLoader;
import org.oltpbench.db.Database;
import org.oltpbench.dialect.Dialects;
import org.oltpbench.driver.IgnoreList;
import org.oltpbench.driver.LevelRunner;
import org.oltpbench.driver.StopSignal;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.workload.CheckReport;
import org.oltpbench.workload.tpcc.TpccCheck;
import org.oltpbench.workload.tpcc.TpccWorkload;

/** TPC-C on embedded MariaDB: load 2 warehouses, check, run 1/4/8 terminals, check, and the checks catch corruption. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class TpccIT {
    private static final PrintStream QUIET = new PrintStream(java.io.OutputStream.nullOutputStream());
    private Database db;
    private TpccWorkload w;

    private static Config config() {
        return ConfigLoader.load(null, List.of("db=mariadb", "embedded=true", "warehouses=2", "loadWorkers=2", "rand-seed=5"), Map.of());
    }

    @BeforeAll
    void load() throws SQLException {
        db = Database.open(Params.target(config()), Dialects.forName("mariadb"));
        w = Params.tpcc(config(), db.dialect(), QUIET);
        assertFalse(w.isPrepared(db));
        w.prepare(db);
        assertTrue(w.isPrepared(db));
    }

    @AfterAll
    void stop() {
        if (db != null) db.close();
    }

    private void assertPassed(CheckReport r) {
        assertTrue(r.passed(), r.lines().toString());
        assertEquals(13, r.lines().size(), "the scale line and the spec's twelve consistency conditions");
        assertEquals("scale", r.lines().get(0).name());
    }

    @Test
    @Order(1)
    void loadedDataPassesAllTwelveChecksAndHasTheSpecShape() throws SQLException {
        assertPassed(w.check(db));
        assertEquals(100_000, count("SELECT COUNT(*) FROM bmsql_item"));
        assertEquals(200_000, count("SELECT COUNT(*) FROM bmsql_stock"));
        assertEquals(60_000, count("SELECT COUNT(*) FROM bmsql_customer"));
        assertEquals(18_000, count("SELECT COUNT(*) FROM bmsql_new_order"));
        assertEquals(2, count("SELECT cfg_value FROM bmsql_config WHERE cfg_name = 'warehouses'"));
        long original = count("SELECT COUNT(*) FROM bmsql_item WHERE i_data LIKE '%ORIGINAL%'");
        assertTrue(original > 9000 && original < 11000, "ORIGINAL items " + original);
        assertEquals(1, count("SELECT COUNT(DISTINCT c_last) - 999 FROM bmsql_customer WHERE c_id <= 1000"));
    }

    @Test
    @Order(2)
    void runsAtOneFourAndEightTerminalsKeepingTheDataConsistent() throws Exception {
        TpccWorkload perItem = Params.tpcc(ConfigLoader.load(null, List.of("db=mariadb", "embedded=true", "warehouses=2",
                "rand-seed=5", "newOrderStyle=perItem"), Map.of()), db.dialect(), QUIET);
        int[][] levels = {{1, 0}, {4, 0}, {8, 0}, {4, 1}};
        for (int[] level : levels) {
            int terminals = level[0];
            TpccWorkload wl = level[1] == 1 ? perItem : w;
            long before = count("SELECT SUM(d_next_o_id) FROM bmsql_district");
            // long enough for hundreds of New-Orders, so that their 1% of rollbacks is seen: one terminal is the slowest
            int secs = terminals == 1 ? 10 : 5;
            var s = org.oltpbench.driver.Levels.threads(terminals).time(secs).interval(1).seed(9)
                    .ignore(new IgnoreList(List.of("1213", "1205"))).build();
            RepeatResult r = new LevelRunner(s, wl, db, org.oltpbench.driver.RunListener.SILENT, new StopSignal()).run();
            String at = terminals + " terminals" + (level[1] == 1 ? " perItem" : "");
            assertNull(r.reason(), r.reason());
            var no = r.transaction("NEW_ORDER");
            assertTrue(no.committed() > 0, at);
            // the window closes when every terminal has finished: every committed NewOrder took exactly one order
            // number, rolled-back ones gave theirs back, and none is uncounted
            long after = count("SELECT SUM(d_next_o_id) FROM bmsql_district");
            assertEquals(no.committed(), after - before, at + ": growth of sum(d_next_o_id)");
            // 2.4.1.4: 1% of New-Orders roll back; over this many the share lies well inside 0.2%..2.5%
            long ended = no.completed();
            System.out.printf("tpcc: %s: %d New-Orders in %d s, %d rolled back%n", at, ended, secs, no.rollbacks());
            assertTrue(no.rollbacks() > 0, at + ": no rollback among " + ended + " New-Orders");
            assertTrue(no.rollbacks() > ended * 0.002 && no.rollbacks() < ended * 0.025, at + ": rollbacks " + no.rollbacks() + " of " + ended);
            // the summary's Count and the histogram hold the same transactions
            assertEquals(ended, no.histogram().getTotalCount(), at);
            // the server's Com_commit grew by exactly the client's COMMITs
            assertEquals("Com_commit", r.serverCount().counter());
            assertEquals(r.serverCount().client(), r.serverCount().server(), at + ": Com_commit");
            assertPassed(w.check(db));
        }
    }

    /**
     * Issue 38 §2: activeWarehouses=1 on the 2 loaded: the terminals touch warehouse 1 only, home and remote. Over 4 s at
     * 4 terminals, warehouse 1's d_next_o_id grows by the committed New-Orders, warehouse 2's by none; warehouse 2's
     * w_ytd (Payment) and its stock's s_ytd (a remote supply line) stay as they were; the data set still passes all
     * checks, and tpmC's scale is 1 warehouse.
     */
    @Test
    void activeWarehousesKeepTheTerminalsOnTheFirstN() throws Exception {
        TpccWorkload one = Params.tpcc(ConfigLoader.load(null, List.of("db=mariadb", "embedded=true", "warehouses=2",
                "rand-seed=5", "activeWarehouses=1"), Map.of()), db.dialect(), QUIET);
        assertEquals(1, one.info().scale().warehouses());
        String orders = "SELECT SUM(d_next_o_id) FROM bmsql_district WHERE d_w_id = ";
        long w1 = count(orders + 1), w2 = count(orders + 2);
        String ytd2 = "SELECT CAST(w_ytd * 100 AS SIGNED) FROM bmsql_warehouse WHERE w_id = 2";
        String stock2 = "SELECT CAST(SUM(s_ytd) AS SIGNED) FROM bmsql_stock WHERE s_w_id = 2";
        long paid2 = count(ytd2), supplied2 = count(stock2);
        var s = org.oltpbench.driver.Levels.threads(4).time(4).interval(2).seed(9)
                .ignore(new IgnoreList(List.of("1213", "1205"))).build();
        RepeatResult r = new LevelRunner(s, one, db, org.oltpbench.driver.RunListener.SILENT, new StopSignal()).run();
        assertNull(r.reason(), r.reason());
        long committed = r.transaction("NEW_ORDER").committed();
        assertTrue(committed > 100, "New-Orders committed: " + committed);
        assertEquals(committed, count(orders + 1) - w1, "every New-Order was warehouse 1's");
        assertEquals(w2, count(orders + 2), "no New-Order at warehouse 2");
        assertEquals(paid2, count(ytd2), "no Payment to warehouse 2");
        assertEquals(supplied2, count(stock2), "no line supplied from warehouse 2 (1% of lines are remote)");
        assertPassed(w.check(db));
    }

    /**
     * Issue 58 §4: warehouses=1 on this 2-warehouse database ran with no word. One line before the run says so; the job
     * that drives both (warehouses=2, activeWarehouses=1 too: its whole range is both) says nothing.
     */
    @Test
    void aJobOnFewerWarehousesThanLoadedSaysSo() throws Exception {
        java.io.ByteArrayOutputStream said = new java.io.ByteArrayOutputStream();
        PrintStream out = new PrintStream(said, true, java.nio.charset.StandardCharsets.UTF_8);
        Params.tpcc(ConfigLoader.load(null, List.of("db=mariadb", "embedded=true", "warehouses=1"), Map.of()), db.dialect(), out)
                .validate(db);
        assertEquals("note: the database holds 2 warehouses (highest w_id 2); this job drives warehouse 1, so tpmC is theirs "
                + "and check's scale line fails: set warehouses=2 to run them all", said.toString(java.nio.charset.StandardCharsets.UTF_8).strip());
        said.reset();
        Params.tpcc(ConfigLoader.load(null, List.of("db=mariadb", "embedded=true", "warehouses=2", "activeWarehouses=1"), Map.of()),
                db.dialect(), out).validate(db);
        assertEquals("", said.toString(java.nio.charset.StandardCharsets.UTF_8));
    }

    /**
     * newOrderStyle on the wire, counted by the server (Com_select): a batched New-Order sends 4 SELECTs (customer and
     * warehouse, district, the items' IN-list, the stock rows' IN-list), a perItem one 2 + 2 per line (5-15 lines,
     * 10 on average: about 22). 300 New-Orders only, one terminal, each style.
     */
    @Test
    @Order(3)
    void newOrderStylesSendTheirOwnStatements() throws Exception {
        for (String style : List.of("batched", "perItem")) {
            TpccWorkload only = Params.tpcc(ConfigLoader.load(null, List.of("db=mariadb", "embedded=true", "warehouses=2",
                    "rand-seed=5", "newOrderStyle=" + style, "newOrderWeight=100", "paymentWeight=0", "orderStatusWeight=0",
                    "deliveryWeight=0", "stockLevelWeight=0"), Map.of()), db.dialect(), QUIET);
            long selects = status("COM_SELECT");
            var s = org.oltpbench.driver.Levels.threads(1).events(300).seed(9)
                    .ignore(new IgnoreList(List.of())).build();
            RepeatResult r = new LevelRunner(s, only, db, org.oltpbench.driver.RunListener.SILENT, new StopSignal()).run();
            assertNull(r.reason(), r.reason());
            assertEquals(300, r.transaction("NEW_ORDER").completed());
            // less the two reads of sum(d_next_o_id) at the window's edges (HammerDB's NOPM, issue 46)
            double perOrder = (status("COM_SELECT") - selects - 2) / 300.0;
            if (style.equals("batched")) assertTrue(perOrder > 3.9 && perOrder <= 4.0, style + ": " + perOrder + " SELECTs per New-Order");
            else assertTrue(perOrder > 18 && perOrder < 26, style + ": " + perOrder + " SELECTs per New-Order");
        }
        assertPassed(w.check(db));
    }

    /**
     * BenchmarkSQL 6's multipliers at 0.01: New-Order keys for 180 ms and thinks 120 ms on average; over the mix a
     * transaction pauses 0.2099 s on average (sum of weight x (keying + mean think) x 0.01), so 2 terminals in 4 s run
     * about 38 transactions where an unpaced run does thousands.
     */
    @Test
    @Order(5)
    void pacingMultipliersSlowTheTerminalsAndAreRecorded() throws Exception {
        TpccWorkload paced = Params.tpcc(ConfigLoader.load(null, List.of("db=mariadb", "embedded=true", "warehouses=2",
                "rand-seed=5", "keyingTimeMultiplier=0.01", "thinkTimeMultiplier=0.01"), Map.of()), db.dialect(), QUIET);
        var no = paced.info().transactions().get(0);
        assertEquals("NEW_ORDER", no.name());
        assertEquals(180, no.keyingMs());
        assertEquals(120, no.thinkMs());
        var s = org.oltpbench.driver.Levels.threads(2).time(4).seed(9)
                .ignore(new IgnoreList(List.of("1213", "1205"))).build();
        RepeatResult r = new LevelRunner(s, paced, db, org.oltpbench.driver.RunListener.SILENT, new StopSignal()).run();
        assertNull(r.reason(), r.reason());
        long n = r.counts().transactions();
        assertTrue(n >= 10 && n <= 60, n + " transactions in 4 s at 2 terminals");
    }

    /**
     * Under pacing Delivery runs deferred (2.7.2): its card is answered when queued, in microseconds, and the queued
     * Delivery runs at the start of the think time after it. Every queued one ran but at most one per terminal, still
     * queued when the level ended; each ran within 80 s.
     */
    @Test
    @Order(5)
    void underPacingDeliveryRunsDeferred() throws Exception {
        TpccWorkload paced = Params.tpcc(ConfigLoader.load(null, List.of("db=mariadb", "embedded=true", "warehouses=2",
                "rand-seed=5", "keyingTimeMultiplier=0.001", "thinkTimeMultiplier=0.001", "newOrderWeight=0",
                "paymentWeight=50", "orderStatusWeight=0", "deliveryWeight=50", "stockLevelWeight=0"), Map.of()), db.dialect(), QUIET);
        var s = org.oltpbench.driver.Levels.threads(2).time(4).seed(9)
                .ignore(new IgnoreList(List.of("1213", "1205"))).build();
        RepeatResult r = new LevelRunner(s, paced, db, org.oltpbench.driver.RunListener.SILENT, new StopSignal()).run();
        assertNull(r.reason(), r.reason());
        var delivery = r.transaction("DELIVERY");
        long queued = r.counts().tally("deliveryQueued"), done = r.counts().tally("deliveryCompleted");
        assertEquals(delivery.completed(), queued, "one queued request per Delivery card");
        assertTrue(queued > 20 && done >= queued - 2 && done <= queued, queued + " queued, " + done + " completed");
        assertEquals(0, r.counts().tally("deliveryOver80s"));
        assertTrue(delivery.histogram().getMean() < 1000, "the card's response is the queuing: mean "
                + delivery.histogram().getMean() + " µs");
    }

    /**
     * connections=3 under 12 terminals: the server holds the 3 pooled sessions (and the repeat's counting one) while
     * all 12 terminals run, and each type's wait for a connection is recorded beside its latency, which includes it.
     */
    @Test
    @Order(6)
    void terminalsShareTheConnectionsOfAPoolAndTheirWaitIsRecorded() throws Exception {
        TpccWorkload paced = Params.tpcc(ConfigLoader.load(null, List.of("db=mariadb", "embedded=true", "warehouses=2",
                "rand-seed=5", "keyingTimeMultiplier=0.001", "thinkTimeMultiplier=0.001"), Map.of()), db.dialect(), QUIET);
        var s = org.oltpbench.driver.Levels.threads(12).warmup(1).time(4).seed(9)
                .ignore(new IgnoreList(List.of("1213", "1205"))).connections(3).build();
        try (Connection sampler = db.connect()) {
            long before = sessions(sampler);
            var most = new java.util.concurrent.atomic.AtomicLong();
            var sampling = new java.util.concurrent.FutureTask<Void>(() -> {
                long end = System.nanoTime() + 4_500_000_000L;
                while (System.nanoTime() < end) {
                    most.accumulateAndGet(sessions(sampler), Math::max);
                    Thread.sleep(20);
                }
                return null;
            });
            Thread t = new Thread(sampling);
            t.start();
            RepeatResult r = new LevelRunner(s, paced, db, org.oltpbench.driver.RunListener.SILENT, new StopSignal()).run();
            sampling.get();
            assertNull(r.reason(), r.reason());
            assertEquals(before + 1 + 3, most.get(), "sessions on the server: " + before + " before, at most " + most.get() + " while 12 terminals ran");
            assertTrue(r.counts().transactions() > 100, r.counts().transactions() + " transactions");
            long waited = 0;
            for (var m : r.transactions()) {
                var q = m.queueHistogram();
                assertEquals(m.completed(), q.getTotalCount(), m.name() + ": one wait per transaction");
                assertTrue(m.histogram().getMean() >= q.getMean(), m.name() + ": the latency holds the wait");
                if (q.getMaxValue() > 1000) waited++;
            }
            assertTrue(waited > 0, "12 terminals over 3 connections: some wait over 1 ms");
            var out = new java.io.ByteArrayOutputStream();
            org.oltpbench.report.TpccFormat.summary(new PrintStream(out, true), r, new org.oltpbench.result.judge.conformance.Efficiency(0, Double.NaN, 2));
            assertTrue(out.toString().contains("[Queue] NEW_ORDER - waits for a connection"), out.toString());
        }
    }

    /**
     * A transaction still being keyed when the level ends was never submitted: it is not counted. Every card is a
     * New-Order keyed for 1.8 s (0.1 x 18 s): in a 3 s level each of 4 terminals submits one at 1.8 s and is keying the
     * next (due at 3.6 s) at the end, so exactly 4 count (8 did when the keying ran out after the deadline).
     */
    @Test
    @Order(7)
    void aTransactionStillKeyedAtTheEndIsNotCounted() throws Exception {
        TpccWorkload paced = Params.tpcc(ConfigLoader.load(null, List.of("db=mariadb", "embedded=true", "warehouses=2",
                "rand-seed=5", "keyingTimeMultiplier=0.1", "thinkTime=false", "newOrderWeight=100", "paymentWeight=0", "orderStatusWeight=0",
                "deliveryWeight=0", "stockLevelWeight=0"), Map.of()), db.dialect(), QUIET);
        var s = org.oltpbench.driver.Levels.threads(4).time(3).seed(9)
                .ignore(new IgnoreList(List.of("1213", "1205"))).build();
        long t0 = System.nanoTime();
        RepeatResult r = new LevelRunner(s, paced, db, org.oltpbench.driver.RunListener.SILENT, new StopSignal()).run();
        double secs = (System.nanoTime() - t0) / 1e9;
        assertNull(r.reason(), r.reason());
        assertEquals(4, r.counts().transactions(), "transactions submitted before the end");
        assertTrue(secs < 4.5, "the level ended without waiting for the keying: " + secs + " s");
    }

    /**
     * A transaction is counted when it ends, not after its think time: the window holds what the report intervals
     * hold, and only transactions in flight at the deadline (a few ms of each 1.2 s cycle) besides. Counted after the
     * think time, the 8 terminals' transactions still thinking at the end (about 8) were added to the window.
     */
    @Test
    @Order(8)
    void aTransactionCountsWhenItEndsNotAfterItsThinkTime() throws Exception {
        TpccWorkload paced = Params.tpcc(ConfigLoader.load(null, List.of("db=mariadb", "embedded=true", "warehouses=2",
                "rand-seed=5", "thinkTimeMultiplier=0.1", "keyingTime=false", "newOrderWeight=100", "paymentWeight=0",
                "orderStatusWeight=0", "deliveryWeight=0", "stockLevelWeight=0"), Map.of()), db.dialect(), QUIET);
        var s = org.oltpbench.driver.Levels.threads(8).time(6).interval(1).seed(9)
                .ignore(new IgnoreList(List.of("1213", "1205"))).build();
        RepeatResult r = new LevelRunner(s, paced, db, org.oltpbench.driver.RunListener.SILENT, new StopSignal()).run();
        assertNull(r.reason(), r.reason());
        long inIntervals = r.intervals().stream().filter(i -> !i.warmup()).mapToLong(i -> i.transactions()).sum();
        long extra = r.counts().transactions() - inIntervals;
        assertTrue(r.counts().transactions() > 20, r.counts().transactions() + " transactions");
        assertTrue(extra >= 0 && extra <= 2, "window " + r.counts().transactions() + ", intervals " + inIntervals);
    }

    private static long sessions(Connection c) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM information_schema.PROCESSLIST")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private long status(String name) throws SQLException {
        return count("SELECT VARIABLE_VALUE FROM information_schema.GLOBAL_STATUS WHERE VARIABLE_NAME = '" + name + "'");
    }

    /** Each corruption, in a transaction rolled back after, fails its own condition (probed alone: TpccCheck.only). */
    @Test
    @Order(4)
    void everyCheckCatchesItsCorruption() throws SQLException {
        String[][] faults = {
            {"3.3.2.1", "UPDATE bmsql_warehouse SET w_ytd = w_ytd + 1 WHERE w_id = 1"},
            {"3.3.2.2", "UPDATE bmsql_district SET d_next_o_id = d_next_o_id + 1 WHERE d_w_id = 1 AND d_id = 1"},
            {"3.3.2.3", "DELETE FROM bmsql_new_order WHERE no_w_id = 1 AND no_d_id = 1 AND no_o_id = "
                + "(SELECT m FROM (SELECT MIN(no_o_id) + 5 AS m FROM bmsql_new_order WHERE no_w_id = 1 AND no_d_id = 1) x)"},
            {"3.3.2.4", "UPDATE bmsql_oorder SET o_ol_cnt = o_ol_cnt + 1 WHERE o_w_id = 1 AND o_d_id = 1 AND o_id = 1"},
            {"3.3.2.5", "UPDATE bmsql_oorder SET o_carrier_id = NULL WHERE o_w_id = 1 AND o_d_id = 1 AND o_id = 1"},
            {"3.3.2.6", "DELETE FROM bmsql_order_line WHERE ol_w_id = 1 AND ol_d_id = 1 AND ol_o_id = 1 AND ol_number = 1"},
            {"3.3.2.7", "UPDATE bmsql_order_line SET ol_delivery_d = NULL WHERE ol_w_id = 1 AND ol_d_id = 1 AND ol_o_id = 1"},
            {"3.3.2.8", "INSERT INTO bmsql_history (h_c_id, h_c_d_id, h_c_w_id, h_d_id, h_w_id, h_date, h_amount, h_data) "
                + "VALUES (1, 1, 1, 1, 1, CURRENT_TIMESTAMP, 5.00, 'x')"},
            {"3.3.2.9", "UPDATE bmsql_district SET d_ytd = d_ytd + 1 WHERE d_w_id = 1 AND d_id = 1"},
            {"3.3.2.10", "UPDATE bmsql_customer SET c_balance = c_balance + 1 WHERE c_w_id = 1 AND c_d_id = 1 AND c_id = 1"},
            {"3.3.2.11", "DELETE FROM bmsql_oorder WHERE o_w_id = 1 AND o_d_id = 1 AND o_id = 1"},
            {"3.3.2.12", "UPDATE bmsql_customer SET c_ytd_payment = c_ytd_payment + 1 WHERE c_w_id = 1 AND c_d_id = 1 AND c_id = 1"},
        };
        TpccCheck check = new TpccCheck(2100);
        for (String[] fault : faults) {
            try (Connection c = db.connect(); Statement st = c.createStatement()) {
                c.setAutoCommit(false);
                st.execute(fault[1]);
                if (fault[0].equals("3.3.2.11")) {
                    st.execute("DELETE FROM bmsql_order_line WHERE ol_w_id = 1 AND ol_d_id = 1 AND ol_o_id = 1");
                }
                CheckReport r = check.only(fault[0]).run(c);
                c.rollback();
                CheckReport.Line line = r.lines().stream().filter(l -> l.name().equals(fault[0])).findFirst().orElseThrow();
                assertFalse(line.passed(), fault[0] + " missed: " + fault[1]);
                assertTrue(line.detail().contains("warehouse 1"), line.detail());
            }
        }
        assertPassed(w.check(db));
    }

    private long count(String sql) throws SQLException {
        try (Connection c = db.connect(); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
