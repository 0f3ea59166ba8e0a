package org.oltpbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.oltpbench.db.EmbeddedMariaDb;

/**
 * Bad input against a server that holds data: a wrong password, and tables of another scale than the run asks for.
 * Each is one line on stderr naming the cause and the fix, exit code 2, no stack trace.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BadInputIT {
    private static final String SECRET = "s3cret-Pw", WRONG = "wrong-Pw-42";
    private EmbeddedMariaDb server;
    private String url;

    @BeforeAll
    void start() throws Exception {
        server = EmbeddedMariaDb.start("sbtest");
        url = "jdbc:mariadb://127.0.0.1:" + server.port() + "/sbtest";
        try (Connection c = Tools.connect(url, "root", ""); Statement st = c.createStatement()) {
            // the embedded server starts with --skip-grant-tables; loading the grant tables turns password checks on
            st.execute("FLUSH PRIVILEGES");
            st.execute("CREATE USER 'bench'@'%' IDENTIFIED BY '" + SECRET + "'");
            st.execute("GRANT ALL ON *.* TO 'bench'@'%'");
        }
    }

    @AfterAll
    void stop() {
        if (server != null) server.close();
    }

    private Tools.Outcome cli(String... args) {
        String[] common = {"--set", "db=mariadb", "--set", "conn=" + url, "--set", "user=bench"};
        return Tools.cli(Tools.concat(common, args));
    }

    private static void assertOneLine(Tools.Outcome o, String expected) {
        assertEquals(2, o.code(), o.out() + o.err());
        assertEquals(1, o.err().strip().lines().count(), o.err());
        assertTrue(o.err().contains(expected), o.err());
        assertFalse(o.err().contains("Exception") || o.err().contains("\tat "), o.err());
    }

    @Test
    void aWrongPasswordIsNamedAndNeverEchoed() {
        Tools.Outcome o = cli("--set", "password=" + WRONG, "run");
        assertOneLine(o, "access denied for user 'bench'");
        assertTrue(o.err().contains("check user and password"), o.err());
        assertFalse((o.out() + o.err()).contains(WRONG), "the password was printed");
        assertFalse((o.out() + o.err()).contains(SECRET), "the password was printed");
    }

    /**
     * A db= that names another engine than the server is refused in one line with the fix, before anything is created
     * (db=tidb failed before on TiDB's own session variable, after loading); go-tpc's line names no engine now.
     */
    @Test
    void aDbThatContradictsTheServerNamesTheFix() {
        Tools.Outcome o = Tools.cli("tpcc", "--warehouses", "1", "-H", "127.0.0.1", "-P", Integer.toString(server.port()),
                "-U", "bench", "-p", SECRET, "-D", "sbtest", "--set", "db=tidb", "prepare");
        assertOneLine(o, "db=tidb, but the server at 127.0.0.1:" + server.port() + " is mariadb (");
        assertTrue(o.err().contains("set db=mariadb, or leave db out to read the engine from the server"), o.err());
        assertFalse((o.out() + o.err()).contains(SECRET), "the password was printed");
    }

    /** The embedded server allows 5000 connections; the level's need is known before any connection is opened. */
    @Test
    void threadsAboveTheServersConnectionLimitAreRefusedBeforeTheRun() {
        String[] small = {"--set", "password=" + SECRET, "--set", "tables=1", "--set", "table_size=100"};
        assertEquals(0, cli(Tools.concat(small, "prepare")).code());
        try {
            Tools.Outcome o = cli(Tools.concat(small, "--set", "threads=4,6000", "--set", "time=1", "run"));
            assertOneLine(o, "max_connections");
            assertFalse(o.out().contains("Threads started!"), "no level may start: " + o.out());
        } finally {
            cli(Tools.concat(small, "cleanup"));
        }
    }

    @Test
    void anUnreadableQueryFileIsNamed() {
        Tools.Outcome o = cli("--set", "password=" + SECRET, "--set", "workload=sql", "--set", "query=/nonexistent/q.sql", "run");
        assertOneLine(o, "query file /nonexistent/q.sql cannot be read (no such file); give a readable file, or the SQL inline");
    }

    @Test
    void tableSizeAboveTheLoadedIdsIsNamed() {
        String[] small = {"--set", "password=" + SECRET, "--set", "tables=1", "--set", "table_size=500"};
        assertEquals(0, cli(Tools.concat(small, "prepare")).code());
        try {
            Tools.Outcome o = cli("--set", "password=" + SECRET, "--set", "tables=1", "--set", "table_size=5000",
                    "--set", "time=1", "run");
            assertOneLine(o, "sbtest1 holds ids up to 500 but tableSize=5000; set tableSize=500 or run cleanup, then prepare");
        } finally {
            cli(Tools.concat(small, "cleanup"));
        }
    }

    @Test
    void warehousesAboveTheLoadedOnesAreNamed() {
        String[] one = {"--set", "password=" + SECRET, "--set", "workload=tpcc", "--set", "warehouses=1",
                "--set", "loadWorkers=2"};
        assertEquals(0, cli(Tools.concat(one, "prepare")).code());
        try {
            Tools.Outcome o = cli("--set", "password=" + SECRET, "--set", "workload=tpcc", "--set", "warehouses=3",
                    "--set", "time=1", "run");
            assertOneLine(o, "warehouses 2-3 are not loaded (bmsql_config says warehouses=1) but this run asks for "
                    + "warehouses 1-3; set warehouses=1, or run prepare to load the missing ones");
        } finally {
            cli(Tools.concat(one, "cleanup"));
        }
    }
}
