package org.oltpbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.oltpbench.db.Database;

/**
 * A prepare killed with SIGKILL midway, then prepare again: complete tables and warehouses are kept untouched, partial
 * ones are reloaded from clean, one line says which, and check passes with exact counts. The killed prepare is the real
 * jar, against the shared embedded server (a database a test). The loads are as small as a kill midway allows: tables of
 * 100,000 rows (the kill lands at 20,000 rows of the third, 80,000 rows before it ends), 2 warehouses.
 */
class ResumeIT {

    /** The jar's prepare with {@code sets} against {@code db}, its output to a file (nothing to drain). */
    private static Process prepare(Database db, String... sets) throws Exception {
        Path jar = Path.of("target/oltpbench.jar");
        assertTrue(Files.exists(jar), "run through mvn verify: the jar is built in package");
        List<String> cmd = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"), "-jar", jar.toString(),
                "--set", "db=mariadb", "--set", "conn=" + db.url(), "--set", "user=root", "--set", "checkAfterLoad=false"));
        for (String s : sets) cmd.addAll(List.of("--set", s));
        cmd.add("prepare");
        return new ProcessBuilder(cmd).redirectErrorStream(true)
                .redirectOutput(Files.createTempFile("resume", ".out").toFile()).start();
    }

    /**
     * Polls {@code sql} on the server until it returns at least {@code atLeast}, then kills the process with SIGKILL
     * (no shutdown hook, no cleanup): the load dies where the server says it is, whatever the process has flushed.
     */
    private static void killWhen(Process p, Database db, String sql, long atLeast) throws Exception {
        long deadline = System.nanoTime() + 120_000_000_000L;
        while (System.nanoTime() < deadline && p.isAlive()) {
            try {
                if (Tools.count(db, sql) >= atLeast) break;
            } catch (java.sql.SQLException notYet) {
                // the table is not created yet
            }
            Thread.sleep(20);
        }
        assertTrue(p.isAlive(), "the prepare ended before the kill: make the load larger");
        p.destroyForcibly();
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
    }

    private static String fingerprint(Database db, String table) throws Exception {
        return Tools.count(db, "SELECT COUNT(*) FROM " + table) + ":" + Tools.count(db, "SELECT COALESCE(SUM(CRC32(CONCAT(id, k, c, pad))), 0) FROM " + table);
    }

    @Test
    void sysbenchPrepareKeepsCompleteTablesAndReloadsTheRest() throws Exception {
        try (Database db = SharedMariaDb.open(SharedMariaDb.database(ResumeIT.class, "sysbench"))) {
            // two complete tables, then a prepare of four killed while it loads the other two
            Tools.Outcome first = Tools.cli("--set", "db=mariadb", "--set", "conn=" + db.url(), "--set", "user=root", "--set", "tables=2",
                    "--set", "table_size=100000", "prepare");
            assertEquals(0, first.code(), first.out() + first.err());
            String kept1 = fingerprint(db, "sbtest1"), kept2 = fingerprint(db, "sbtest2");
            killWhen(prepare(db, "tables=4", "table_size=100000", "loadWorkers=1"), db, "SELECT COUNT(*) FROM sbtest3", 20_000);
            long partial = Tools.count(db, "SELECT COUNT(*) FROM sbtest3") + Tools.count(db, "SELECT COUNT(*) FROM sbtest4");
            assertTrue(partial < 200_000, "the kill left sbtest3 and sbtest4 partial: " + partial + " rows");

            Tools.Outcome again = Tools.cli("--set", "db=mariadb", "--set", "conn=" + db.url(), "--set", "user=root", "--set", "tables=4",
                    "--set", "table_size=100000", "prepare");
            assertEquals(0, again.code(), again.out() + again.err());
            assertTrue(again.out().contains("resuming a prepare: kept sbtest1, sbtest2; reloading from clean sbtest3 ("), again.out());
            assertEquals(kept1, fingerprint(db, "sbtest1"), "kept rows untouched");
            assertEquals(kept2, fingerprint(db, "sbtest2"), "kept rows untouched");
            for (int t = 1; t <= 4; t++) assertEquals(100_000, Tools.count(db, "SELECT COUNT(*) FROM sbtest" + t), "sbtest" + t);
            Tools.Outcome check = Tools.cli("--set", "db=mariadb", "--set", "conn=" + db.url(), "--set", "user=root", "--set", "tables=4",
                    "--set", "table_size=100000", "check");
            assertEquals(0, check.code(), check.out() + check.err());
            Tools.cli("--set", "db=mariadb", "--set", "conn=" + db.url(), "--set", "user=root", "--set", "tables=4", "cleanup");
        }
    }

    @Test
    void tpccPrepareKeepsCompleteWarehousesAndReloadsTheRest() throws Exception {
        try (Database db = SharedMariaDb.open(SharedMariaDb.database(ResumeIT.class, "tpcc"))) {
            String[] sets = {"workload=tpcc", "warehouses=2", "loadWorkers=1"};
            killWhen(prepare(db, sets), db, "SELECT COUNT(*) FROM bmsql_warehouse", 1);
            long done = Tools.count(db, "SELECT COUNT(*) FROM bmsql_warehouse");
            assertTrue(done >= 1 && done < 2, done + " warehouse rows after the kill");
            String keptCustomers = Tools.count(db, "SELECT COUNT(*) FROM bmsql_customer WHERE c_w_id = 1") + ":"
                    + Tools.count(db, "SELECT SUM(CRC32(CONCAT(c_id, c_d_id, c_last, c_data))) FROM bmsql_customer WHERE c_w_id = 1");

            List<String> args = new ArrayList<>(List.of("--set", "db=mariadb", "--set", "conn=" + db.url(), "--set", "user=root"));
            for (String s : sets) args.addAll(List.of("--set", s));
            Tools.Outcome again = Tools.cli(concat(args, "prepare"));
            assertEquals(0, again.code(), again.out() + again.err());
            assertTrue(again.out().contains("resuming a prepare: kept warehouse(s) 1"), again.out());
            assertEquals(keptCustomers, Tools.count(db, "SELECT COUNT(*) FROM bmsql_customer WHERE c_w_id = 1") + ":"
                    + Tools.count(db, "SELECT SUM(CRC32(CONCAT(c_id, c_d_id, c_last, c_data))) FROM bmsql_customer WHERE c_w_id = 1"),
                    "warehouse 1's customers untouched");
            assertEquals(60_000, Tools.count(db, "SELECT COUNT(*) FROM bmsql_customer"));
            assertEquals(200_000, Tools.count(db, "SELECT COUNT(*) FROM bmsql_stock"));
            Tools.Outcome check = Tools.cli(concat(args, "check"));
            assertEquals(0, check.code(), check.out() + check.err());
            Tools.cli(concat(args, "cleanup"));
        }
    }

    private static String[] concat(List<String> args, String verb) {
        List<String> all = new ArrayList<>(args);
        all.add(verb);
        return all.toArray(new String[0]);
    }
}
