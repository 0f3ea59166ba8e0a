package org.oltpbench.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.Statement;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.oltpbench.config.Config;
import org.oltpbench.db.Database;
import org.oltpbench.dialect.Dialects;
import org.oltpbench.workload.tpcc.ModesEquivalence;
import org.oltpbench.workload.tpcc.TpccWorkload;

/**
 * Issue 46: tpccMode=procedures does to the data exactly what tpccMode=client does, on every engine with stored
 * routines. Two copies of one seeded warehouse; district 3's undelivered orders taken out of bmsql_new_order in both
 * (so the Deliveries before a New-Order lands there skip it: 2.7.4.2); then one terminal runs the same 1,000 transactions of the standard mix
 * on each copy, one copy per mode, and every written column of every table must digest the same. On MariaDB and MySQL 8
 * the second copy is the server's copy of the first. The run holds
 * New-Orders rolled back on their unused item (2.4.2.3), Payments and Order-Statuses by last name (ceil(n/2) in
 * c_first order: 2.5.2.2, 2.6.2.2), bad-credit customers' C_DATA and Deliveries that skip. Each language's two New-Order
 * routines run: mysql.sql's set-based on MariaDB, seekdb and MySQL 8, its row-by-row on MySQL 8; postgres.sql's both. MariaDB is
 * Debian's 10.11 where OLTPBENCH_MARIADB_URL names it, else (CI) the shared embedded 11.4.
 */
class TpccProceduresIT {
    static final int TRANSACTIONS = 1_000;
    static final long SEED = 7;

    @ParameterizedTest(name = "{1}")
    @CsvSource({"MARIADB, mariadb", "MYSQL, mysql", "PG, postgres", "OB, oceanbase"})
    void bothModesLeaveTheSameData(String engine, String dialect) throws Exception {
        Tools.Login client, procs;
        if (engine.equals("MARIADB") && System.getenv("OLTPBENCH_MARIADB_URL") == null) { // CI: the shared embedded one
            client = SharedMariaDb.database(TpccProceduresIT.class, "client");
            procs = SharedMariaDb.database(TpccProceduresIT.class, "procs");
        } else {
            String hint = "start the " + dialect + " server and set OLTPBENCH_" + engine + "_URL, as .ci/run does";
            client = Tools.ownDatabase(engine, TpccProceduresIT.class, hint);
            procs = new Tools.Login(Tools.ownDatabase(second(client.url(), engine), client.user(), client.password(),
                    TpccProceduresIT.class, 90).replaceAll("\\?.*", ""), client.user(), client.password());
        }
        String[] keys = {"workload=tpcc", "warehouses=1", "loadWorkers=2"};
        Config clientCfg = Contract.serverConfig(dialect, client.url(), client.user(), client.password(), keys);
        Config procsCfg = Contract.serverConfig(dialect, procs.url(), procs.user(), procs.password(), keys)
                .with(org.oltpbench.config.Keys.TPCC_MODE, "procedures");
        try (Database a = Database.open(Params.target(clientCfg), Dialects.forName(dialect));
             Database b = Database.open(Params.target(procsCfg), Dialects.forName(dialect))) {
            long t0 = System.nanoTime();
            Params.tpcc(clientCfg, a.dialect(), Contract.QUIET).prepare(a);
            TpccWorkload procedures = Params.tpcc(procsCfg, b.dialect(), Contract.QUIET);
            if (copiesOnTheServer(engine)) {
                copy(a, b, databaseOf(client.url()));
                procedures.validate(b); // the routines, as prepare's end creates them
            } else {
                procedures.prepare(b);
            }
            Contract.took(dialect + (copiesOnTheServer(engine) ? " a 1-warehouse load and its copy" : " two 1-warehouse loads"), t0);
            for (Database db : new Database[] {a, b}) emptyDistrict3(db);
            // the copies stay equal after each style's run (that is what is asserted), so the next style starts equal too
            for (String style : styles(engine)) {
                TpccWorkload wa = Params.tpcc(clientCfg.with(org.oltpbench.config.Keys.NEW_ORDER_STYLE, style), a.dialect(), Contract.QUIET);
                TpccWorkload wb = Params.tpcc(procsCfg.with(org.oltpbench.config.Keys.NEW_ORDER_STYLE, style), b.dialect(), Contract.QUIET);
                sameEffects(dialect, style, wa, a, wb, b);
            }
        }
    }

    /**
     * The New-Order routines each engine runs: every routine of each language once, and MySQL 8's and PostgreSQL's
     * both (each holds a set-based form, JSON_TABLE or unnest, beside its row-by-row one); MariaDB's and seekdb's
     * row-by-row call is MySQL 8's file again (a run each took 20-40 s of CI's shared group).
     */
    private static String[] styles(String engine) {
        return engine.equals("MYSQL") || engine.equals("PG") ? new String[] {"batched", "perItem"} : new String[] {"batched"};
    }

    /** One style's 1,000 transactions on each copy, one per mode: the same outcomes, and the same data after. */
    private static void sameEffects(String dialect, String style, TpccWorkload wa, Database a, TpccWorkload wb, Database b)
            throws Exception {
        Map<String, String> before = ModesEquivalence.digest(a);
        assertEquals(before, ModesEquivalence.digest(b), "the copies differ before the " + style + " run");
        long t0 = System.nanoTime();
        ModesEquivalence.Ran ra = ModesEquivalence.run(wa, a, SEED, TRANSACTIONS);
        Contract.took(dialect + " " + TRANSACTIONS + " client transactions", t0);
        t0 = System.nanoTime();
        ModesEquivalence.Ran rb = ModesEquivalence.run(wb, b, SEED, TRANSACTIONS);
        Contract.took(dialect + " " + TRANSACTIONS + " procedure calls", t0);
        System.out.printf("procedures: %s %s: ended per type %s, rolled back %d, districts skipped %d%n", dialect, style,
                java.util.Arrays.toString(ra.ended()), ra.rolledBack(), ra.skipped());
        assertArrayEquals(ra.ended(), rb.ended());
        assertEquals(ra.rolledBack(), rb.rolledBack(), "New-Orders rolled back on their unused item");
        assertTrue(ra.rolledBack() > 0, "the seed's deck rolled back no New-Order: the test would not test 2.4.2.3");
        long deliveries = ra.ended()[3];
        assertTrue(deliveries > 0, "no Delivery ran");
        // district 3 stays empty until a New-Order lands there: the Deliveries before it skip it (the first style's)
        if (style.equals("batched")) assertTrue(ra.skipped() > 0, "no Delivery skipped district 3");
        assertEquals(ra.skipped(), rb.skipped(), "districts skipped (2.7.4.2)");
        Map<String, String> after = ModesEquivalence.digest(a);
        assertEquals(after, ModesEquivalence.digest(b), "the modes left different data");
        assertTrue(!after.equals(before), "the transactions changed nothing");
    }

    /**
     * Whether the second copy is made by the server from the first (the same rows, indexes and load constant: CI's
     * second load took 18 s on MySQL 8) rather than loaded again: the MySQL-family engines whose two databases share a
     * server, MariaDB and MySQL 8. The loader's own equivalence across engines is TpccIT's and the contracts'.
     */
    private static boolean copiesOnTheServer(String engine) {
        return engine.equals("MARIADB") || engine.equals("MYSQL");
    }

    /** Every TPC-C table of database {@code from} copied into {@code to}'s (empty) database on the same server. */
    private static void copy(Database from, Database to, String fromName) throws Exception {
        try (Connection c = to.connect(); Statement st = c.createStatement()) {
            for (String t : org.oltpbench.workload.tpcc.TpccSchema.TABLES) {
                st.execute("CREATE TABLE " + t + " LIKE `" + fromName + "`." + t);
                st.execute("INSERT INTO " + t + " SELECT * FROM `" + fromName + "`." + t);
            }
            if (!c.getAutoCommit()) c.commit();
        }
    }

    /** The database a JDBC URL names. */
    private static String databaseOf(String url) {
        int slash = url.indexOf('/', url.indexOf("//") + 2), query = url.indexOf('?', slash);
        return query < 0 ? url.substring(slash + 1) : url.substring(slash + 1, query);
    }

    /** District 3 of warehouse 1 without undelivered orders: its bmsql_new_order rows deleted (2.7.4.2's skip). */
    private static void emptyDistrict3(Database db) throws Exception {
        try (Connection c = db.connect(); Statement st = c.createStatement()) {
            st.executeUpdate("DELETE FROM bmsql_new_order WHERE no_w_id = 1 AND no_d_id = 3");
            if (!c.getAutoCommit()) c.commit();
        }
    }

    /** The engine's URL naming a second database beside the first ({@code <db>2_<class>}), in the form ownDatabase takes. */
    private static String second(String ownUrl, String engine) {
        String base = System.getenv("OLTPBENCH_" + engine + "_URL");
        int slash = base.lastIndexOf('/'), query = base.indexOf('?', slash);
        String name = query < 0 ? base.substring(slash + 1) : base.substring(slash + 1, query);
        String url = base.substring(0, slash + 1) + name + "2" + (query < 0 ? "" : base.substring(query));
        return url.startsWith("jdbc:mysql:") ? url + (url.contains("?") ? "&" : "?") + "allowPublicKeyRetrieval=true&useSSL=false" : url;
    }
}
