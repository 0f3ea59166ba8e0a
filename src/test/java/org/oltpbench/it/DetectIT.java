package org.oltpbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.oltpbench.db.EmbeddedMariaDb;
import org.oltpbench.report.LabeledRun;
import org.oltpbench.result.file.ResultFiles;
import org.oltpbench.result.run.RunResult;

/**
 * Issue 43 §1: seed 000's sysbench line, pasted with its .lua path and no engine named, finds the engine from the server
 * (seekdb, MariaDB, MySQL 8, TiDB; PostgreSQL through sysbench's pgsql options): the banner names it, marked detected,
 * and the result directory's ${db} and the compare label carry it. A db= that names another engine of the same protocol
 * is refused in one line with the fix, exit 2, before anything is created. Sizes are the smallest that run (1 table of
 * 100 rows, 1 s); absent servers skip loudly, and are required in CI.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DetectIT {
    private static final String DB = "detect_it";
    private static final String LUA = "/alidata1/xzl/sysbench-1.0.17/src/lua/oltp_read_write.lua";
    private EmbeddedMariaDb mariadb;
    @TempDir
    Path dir;

    @BeforeAll
    void start() {
        mariadb = EmbeddedMariaDb.start(DB);
    }

    @AfterAll
    void stop() {
        if (mariadb != null) mariadb.close();
    }

    /** A server: where its MySQL-protocol URL points, who logs in, and a db= value that contradicts it. */
    private record Server(String engine, String host, int port, String user, String password, String other) {
        static Server of(String engine, String url, String user, String password, String other) {
            URI u = URI.create(url.substring(5));
            return new Server(engine, u.getHost(), u.getPort(), user, password, other);
        }

        /** Seed 000's options, the host, port, user and sizes filled in. */
        String options() {
            return "--mysql-host=" + host + " --mysql-port=" + port + " --mysql-user=" + user
                    + (password.isEmpty() ? "" : " --mysql-password=" + password) + " --mysql-db=" + DB;
        }
    }

    private static Server fromEnv(String engine, String prefix, String other) throws Exception {
        Tools.requireEnv("OLTPBENCH_" + prefix + "_URL", "start the server as .ci/run does");
        String url = System.getenv("OLTPBENCH_" + prefix + "_URL");
        String user = System.getenv().getOrDefault("OLTPBENCH_" + prefix + "_USER", "root");
        String password = System.getenv().getOrDefault("OLTPBENCH_" + prefix + "_PASSWORD", "");
        try (Connection c = Tools.connect(url.substring(0, url.lastIndexOf('/') + 1), user, password);
             Statement st = c.createStatement()) {
            st.execute("CREATE DATABASE IF NOT EXISTS " + DB);
        }
        return Server.of(engine, url, user, password, other);
    }

    @Test
    void seekdb() throws Exception {
        Server s = fromEnv("oceanbase", "OB", "mysql");
        pasted(s);
        // OceanBase's BenchmarkSQL connection lines: its own driver class and URL scheme, run on MariaDB Connector/J
        Tools.Outcome o = Tools.cli("--set", "db=oceanbase", "--set", "driver=com.alipay.oceanbase.jdbc.Driver", "--set",
                "conn=jdbc:oceanbase://" + s.host() + ":" + s.port() + "/" + DB + "?useUnicode=true&characterEncoding=utf-8"
                + "&rewriteBatchedStatements=true&allowMultiQueries=true", "--set", "user=" + s.user(), "--set",
                "workload=oltp_point_select", "--set", "tables=1", "--set", "table_size=100", "--set", "time=1", "--set",
                "resultDirectory=" + dir.resolve("bmsql"));
        assertEquals(0, o.code(), o.out() + o.err());
        assertTrue(o.out().startsWith("driver: OceanBase's Connector/J (com.alipay.oceanbase.jdbc.Driver, jdbc:oceanbase:) "
                + "is not shipped; MariaDB Connector/J"), o.out());
        assertTrue(o.out().contains("oltp_point_select on oceanbase 5.7.25-OceanBase"), o.out());
        Tools.cli(("oltp_point_select " + s.options() + " --tables=1 cleanup").split(" "));
    }

    @Test
    void mariadb() throws Exception {
        pasted(new Server("mariadb", "127.0.0.1", mariadb.port(), "root", "", "mysql"));
    }

    @Test
    void mysql8() throws Exception {
        pasted(fromEnv("mysql", "MYSQL", "mariadb"));
    }

    @Test
    void tidb() throws Exception {
        pasted(fromEnv("tidb", "TIDB", "mysql"));
    }

    /** sysbench's PostgreSQL options: --db-driver=pgsql and the pgsql-* names; Klustron is the contradicting engine. */
    @Test
    void postgres() throws Exception {
        PgServer.Target pg = PgServer.get();
        String base = pg.url().substring(0, pg.url().lastIndexOf('/') + 1);
        try (Connection c = Tools.connect(base + "postgres", pg.user(), ""); Statement st = c.createStatement()) {
            st.execute("DROP DATABASE IF EXISTS " + DB);
            st.execute("CREATE DATABASE " + DB);
        }
        URI u = URI.create(pg.url().substring(5));
        String options = "--db-driver=pgsql --pgsql-host=" + u.getHost() + " --pgsql-port=" + u.getPort() + " --pgsql-user="
                + pg.user() + " --pgsql-db=" + DB;
        found("postgres", options);
        refused("postgres", "klustron", options);
    }

    private void pasted(Server s) throws Exception {
        found(s.engine(), s.options());
        refused(s.engine(), s.other(), s.options());
    }

    /** prepare and run as the seed prints them (sizes aside): the engine found is in the banner, directory and label. */
    private void found(String engine, String options) throws Exception {
        String results = dir.resolve("${db}-rw").toString();
        Tools.Outcome p = line(LUA + " " + options + " --table-size=100 --tables=1 --threads=2 prepare");
        assertEquals(0, p.code(), p.out() + p.err());
        Tools.Outcome r = line(LUA + " " + options + " --table-size=100 --tables=1 --threads=2 --report-interval=1 --time=1 run"
                + " --set resultDirectory=" + results);
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(r.out().contains(": oltp_read_write on " + engine + " (detected) "), r.out());
        RunResult run = ResultFiles.read(dir.resolve(engine + "-rw"));
        assertEquals(engine, run.params().target().db());
        assertTrue(run.params().target().detected());
        assertTrue(LabeledRun.engine(run).startsWith(engine + " "), LabeledRun.engine(run));
        assertEquals(0, line(LUA + " " + options + " --tables=1 cleanup").code());
    }

    /** db= naming another engine: one line that names the engine found and the fix, exit 2, nothing created. */
    private void refused(String engine, String other, String options) {
        Tools.Outcome o = line(LUA + " " + options + " --table-size=100 --tables=1 --set db=" + other + " prepare");
        assertEquals(2, o.code(), o.out() + o.err());
        assertEquals(1, o.err().strip().lines().count(), o.err());
        assertTrue(o.err().startsWith("oltpbench: db=" + other + ", but the server at "), o.err());
        assertTrue(o.err().contains(" is " + engine + " ("), o.err());
        assertTrue(o.err().strip().endsWith("set db=" + engine + ", or leave db out to read the engine from the server"), o.err());
        assertFalse(o.out().contains("Creating"), o.out());
    }

    private static Tools.Outcome line(String words) {
        List<String> args = new ArrayList<>(List.of(words.trim().split("\\s+")));
        return Tools.cli(args.toArray(String[]::new));
    }
}
