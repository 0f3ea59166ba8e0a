package org.oltpbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Issue 60: HammerDB's TPROC-C layout (tpccSchema=hammerdb) on MySQL 8 and PostgreSQL. HammerDB itself is not
 * packaged here (a Tcl program with its own client libraries), so its side is proven by its facts: the tables, types
 * and indexes its build writes, and its routines' names and signatures called with the very statements its driver
 * sends. oltpbench prepares 2 warehouses, runs tpccMode=client and tpccMode=procedures (which calls NEWORD, PAYMENT,
 * OSTAT, DELIVERY and SLEV) and its check passes after each; a run asking for BenchmarkSQL's tables gets one line.
 */
class HammerDbSchemaIT {
    @ParameterizedTest(name = "{1}")
    @CsvSource({"MYSQL, mysql", "PG, postgres"})
    void preparesRunsBothModesAndChecks(String engine, String dialect) throws Exception {
        Tools.Login login = Tools.ownDatabase(engine, HammerDbSchemaIT.class,
                "start the " + dialect + " server and set OLTPBENCH_" + engine + "_URL, as .ci/run does");
        String[] common = {"--set", "db=" + dialect, "--set", "conn=" + login.url(), "--set", "user=" + login.user(),
                "--set", "password=" + login.password(), "--set", "workload=tpcc", "--set", "warehouses=2",
                "--set", "tpccSchema=hammerdb", "--set", "loadWorkers=2", "--set", "threads=2", "--set", "time=3",
                "--set", "report-interval=0", "--set", "rand-seed=5"};
        long t0 = System.nanoTime();
        Tools.Outcome prepared = Tools.cli(Tools.concat(common, "prepare"));
        assertEquals(0, prepared.code(), prepared.out() + prepared.err());
        assertTrue(prepared.out().contains("(HammerDB schema)") && prepared.out().contains("check passed"), prepared.out());
        t0 = took(dialect, "prepare", t0);
        boolean mysql = engine.equals("MYSQL");
        try (Connection c = Tools.connect(login.url(), login.user(), login.password())) {
            layout(c, mysql);
        }
        for (String mode : new String[] {"client", "procedures"}) {
            Tools.Outcome run = Tools.cli(Tools.concat(common, "--set", "tpccMode=" + mode, "run"));
            assertEquals(0, run.code(), run.out() + run.err());
            assertTrue(run.out().contains("On HammerDB's tables (tpccSchema=hammerdb)."), run.out());
            assertTrue(run.out().contains("[Summary] NEW_ORDER") && run.out().contains("errors: 0"), run.out());
            Tools.Outcome check = Tools.cli(Tools.concat(common, "check"));
            assertEquals(0, check.code(), mode + ": " + check.out() + check.err());
            t0 = took(dialect, mode + " run and check", t0);
        }
        try (Connection c = Tools.connect(login.url(), login.user(), login.password())) {
            routines(c, mysql);
            hammerDbsOwnCalls(c, mysql);
        }
        Tools.Outcome after = Tools.cli(Tools.concat(common, "check"));
        assertEquals(0, after.code(), "the driver's calls kept the conditions: " + after.out() + after.err());

        Tools.Outcome wrong = Tools.cli(Tools.concat(common, "--set", "tpccSchema=benchmarksql", "run"));
        assertNotEquals(0, wrong.code(), wrong.out());
        assertTrue(wrong.err().contains("this database holds HammerDB's TPC-C tables (warehouse, orders, ...)")
                && wrong.err().contains("set tpccSchema=hammerdb"), wrong.err());
        assertFalse(wrong.err().contains("\tat "), "no stack trace: " + wrong.err());
        // go-tpc's tables have the same names: HammerDB's customer index tells the data set apart, for run and prepare
        for (String verb : new String[] {"run", "prepare"}) {
            Tools.Outcome peer = Tools.cli(Tools.concat(common, "--set", "tpccSchema=go-tpc", verb));
            assertNotEquals(0, peer.code(), verb + ": " + peer.out());
            assertTrue(peer.err().contains("this database holds HammerDB's TPC-C tables (its index " + (mysql ? "c_w_id" : "customer_i2")
                    + " on customer), not go-tpc's") && peer.err().contains("set tpccSchema=hammerdb"), verb + ": " + peer.err());
        }
        took(dialect, "HammerDB's calls and check", t0);
    }

    /** The facts of HammerDB's build: column types where they are its own, and its secondary indexes' names. */
    private static void layout(Connection c, boolean mysql) throws Exception {
        Map<String, String> types = new TreeMap<>();
        try (ResultSet rs = c.getMetaData().getColumns(c.getCatalog(), c.getSchema(), "order_line", null)) {
            while (rs.next()) types.put(rs.getString("COLUMN_NAME").toLowerCase(), rs.getString("TYPE_NAME").toLowerCase());
        }
        // MySQL: ol_amount an INT; PostgreSQL: NUMERIC(6,2) and timestamptz delivery dates
        assertEquals(mysql ? "int" : "numeric", types.get("ol_amount"), types.toString());
        assertEquals(mysql ? "datetime" : "timestamptz", types.get("ol_delivery_d"), types.toString());
        List<String> indexes = new ArrayList<>();
        for (String table : new String[] {"customer", "orders", "history"}) {
            try (ResultSet rs = c.getMetaData().getIndexInfo(c.getCatalog(), c.getSchema(), table, false, true)) {
                while (rs.next()) if (rs.getString("INDEX_NAME") != null) indexes.add(table + "." + rs.getString("INDEX_NAME").toLowerCase());
            }
        }
        List<String> expected = mysql ? List.of("customer.c_w_id", "customer.primary", "orders.o_w_id", "orders.primary")
                : List.of("customer.customer_i2", "customer.customer_pkey", "orders.orders_i2", "orders.orders_pkey");
        assertEquals(expected, indexes.stream().sorted().distinct().toList(), "history has no key, as HammerDB's default");
    }

    /** HammerDB's routine names with its signatures' parameter counts. */
    private static void routines(Connection c, boolean mysql) throws Exception {
        Map<String, Integer> params = new TreeMap<>();
        String sql = mysql
                ? "SELECT specific_name, COUNT(*) FROM information_schema.parameters WHERE specific_schema = DATABASE() "
                        + "AND specific_name IN ('NEWORD', 'PAYMENT', 'OSTAT', 'DELIVERY', 'SLEV') GROUP BY specific_name"
                : "SELECT upper(proname), pronargs FROM pg_proc JOIN pg_namespace n ON n.oid = pronamespace "
                        + "WHERE nspname = current_schema() AND proname IN ('neword', 'payment', 'ostat', 'delivery', 'slev')";
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            while (rs.next()) params.put(rs.getString(1), rs.getInt(2));
        }
        assertEquals(mysql ? Map.of("DELIVERY", 3, "NEWORD", 12, "OSTAT", 11, "PAYMENT", 33, "SLEV", 4)
                : Map.of("DELIVERY", 2, "NEWORD", 6, "OSTAT", 5, "PAYMENT", 10, "SLEV", 3), params);
    }

    /**
     * The statements HammerDB's driver sends run on oltpbench's routines: on MySQL its unprepared sequence (SET of the
     * INOUT variables, CALL, then SELECT of the OUT ones), each CALL returning no result set (HammerDB's mysqltcl reads
     * none, and one left unread puts its connection out of sync); on PostgreSQL its default prepared forms, whose last
     * name arrives as the literal '$8' / '$5' (a name no customer has: paid and read by id, as HammerDB's own do).
     */
    private static void hammerDbsOwnCalls(Connection c, boolean mysql) throws Exception {
        c.setAutoCommit(true);
        String ts = mysql ? "str_to_date('20261207050000','%Y%m%d%H%i%s')"
                : "TO_TIMESTAMP('20261207050000','YYYYMMDDHH24MISS')::timestamp without time zone";
        List<String> calls = mysql ? List.of(
                "set @next_o_id = 0",
                "CALL NEWORD(1,2,3,7,10,@disc,@last,@credit,@dtax,@wtax,@next_o_id," + ts + ")",
                "select @disc,@last,@credit,@dtax,@wtax,@next_o_id",
                "set @p_c_id = 12, @p_c_last = 'BARBARBAR', @p_c_credit = 0, @p_c_balance = 0",
                "CALL PAYMENT(1,4,1,4,@p_c_id,1,2500,@p_c_last,@p_w_street_1,@p_w_street_2,@p_w_city,@p_w_state,@p_w_zip,"
                        + "@p_d_street_1,@p_d_street_2,@p_d_city,@p_d_state,@p_d_zip,@p_c_first,@p_c_middle,@p_c_street_1,"
                        + "@p_c_street_2,@p_c_city,@p_c_state,@p_c_zip,@p_c_phone,@p_c_since,@p_c_credit,@p_c_credit_lim,"
                        + "@p_c_discount,@p_c_balance,@p_c_data," + ts + ")",
                "select @p_c_id,@p_c_last",
                "set @os_c_id = 12, @os_c_last = ''",
                "CALL OSTAT(2,5,@os_c_id,0,@os_c_last,@os_c_first,@os_c_middle,@os_c_balance,@os_o_id,@os_entdate,@os_o_carrier_id)",
                "select @os_c_id,@os_o_id",
                "CALL DELIVERY(2,7," + ts + ")",
                "CALL SLEV(1,3,15,@stock_count)",
                "select @stock_count")
                : List.of("select neword(1,2,3,7,10,0)",
                "prepare payment (INTEGER, INTEGER, INTEGER, INTEGER, INTEGER, INTEGER, NUMERIC, VARCHAR) AS "
                        + "select payment($1,$2,$3,$4,$5,$6,$7,'$8','0',0)",
                "execute payment(1,4,1,4,12,1,2500,'BARBARBAR')",
                "prepare ostat (INTEGER, INTEGER, INTEGER, INTEGER, VARCHAR) AS select * from ostat($1,$2,$3,$4,'$5') as "
                        + "(ol_i_id INTEGER, ol_supply_w_id INTEGER, ol_quantity SMALLINT, ol_amount NUMERIC, ol_delivery_d "
                        + "TIMESTAMP WITH TIME ZONE, out_os_c_id INTEGER, out_os_c_last CHARACTER VARYING, os_c_first CHARACTER "
                        + "VARYING, os_c_middle CHARACTER VARYING, os_c_balance NUMERIC, os_o_id INTEGER, os_entdate TIMESTAMP, "
                        + "os_o_carrier_id INTEGER)",
                "execute ostat(2,5,12,1,'BARBARBAR')",
                "select delivery(2,7)", "select slev(1,3,15)");
        long before = orders(c);
        boolean rolledBack = false;
        try (Statement st = c.createStatement()) {
            for (String call : calls) {
                try {
                    boolean anyRows = st.execute(call);
                    while (true) { // every result the statement gave
                        if (st.getMoreResults()) anyRows = true;
                        else if (st.getUpdateCount() == -1) break;
                    }
                    if (call.startsWith("CALL ")) assertFalse(anyRows, call + " returns a result set, which HammerDB's driver never reads");
                } catch (java.sql.SQLException e) {
                    // New-Order's 1% rollback on its unused item is the one error a call may give
                    assertTrue(e.getMessage().contains("tpcc rollback"), call + ": " + e);
                    rolledBack = true;
                }
            }
        }
        assertEquals(rolledBack ? 0 : 1, orders(c) - before, "the one New-Order committed, or rolled back as 2.4.2.3 asks");
    }

    private static long orders(Connection c) throws Exception {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT count(*) FROM orders")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static long took(String dialect, String what, long t0) {
        long now = System.nanoTime();
        System.out.printf("HammerDB schema: %s %s %.1f s%n", dialect, what, (now - t0) / 1e9);
        return now;
    }
}
