package org.oltpbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.oltpbench.cli.Main;
import org.oltpbench.config.Config;
import org.oltpbench.config.ConfigLoader;
import org.oltpbench.db.Database;
import org.oltpbench.dialect.Dialects;

/**
 * Dialect features proven on two embedded MariaDB servers: partitioned tables (mysql), TiDB's DDL (its executable
 * comments are ignored here), threads spread over two front ends, the server-limit precheck and tune/restore.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MariaDbDialectsIT {
    private Database a, b;
    @TempDir
    Path dir;

    @BeforeAll
    void start() {
        a = Database.open(Params.target(config("mariadb")), Dialects.forName("mariadb"));
        b = Database.open(Params.target(config("mariadb")), Dialects.forName("mariadb"));
    }

    @AfterAll
    void stop() {
        if (a != null) a.close();
        if (b != null) b.close();
    }

    private static Config config(String db, String... sets) {
        List<String> all = new ArrayList<>(List.of("db=" + db, "embedded=true", "tables=2", "table_size=2000", "rand-seed=5"));
        all.addAll(List.of(sets));
        return ConfigLoader.load(null, all, Map.of());
    }

    /** The same server as {@code a}, addressed as another dialect. */
    private Database on(Database server, String db, String... sets) {
        List<String> all = new ArrayList<>(List.of("embedded=false", "conn=" + server.url()));
        all.addAll(List.of(sets));
        return Database.open(Params.target(config(db, all.toArray(new String[0]))), Dialects.forName(db));
    }

    private static long scalar(Database db, String sql) throws Exception {
        try (Connection c = db.connect(); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /** host:port of an embedded server's URL. */
    private static String hostOf(Database server) {
        return server.url().replaceAll("^jdbc:mariadb://([^/]+)/.*$", "$1");
    }

    private static long commits(Database server) throws Exception {
        return scalar(server, "SELECT VARIABLE_VALUE FROM information_schema.global_status WHERE VARIABLE_NAME = 'COM_COMMIT'");
    }

    @Test
    void mysqlPartitionedTables() throws Exception {
        Database db = on(a, "mysql");
        Contract.sysbench(db, config("mysql", "partitions=4"), 1, 8);
        Contract.tpcc(db, config("mysql", "workload=tpcc", "warehouses=2", "partitions=3", "loadWorkers=2"), 1, 8);
    }

    @Test
    void partitionsReallyExist() throws Exception {
        Database db = on(a, "mysql");
        var w = Params.tpcc(config("mysql", "workload=tpcc", "partitions=3"), db.dialect(), Contract.QUIET);
        try (Connection c = db.connect(); Statement st = c.createStatement()) {
            for (String sql : org.oltpbench.workload.tpcc.TpccSchema.createTables(db.dialect(),
                    org.oltpbench.dialect.Layout.tpcc(Params.of(config("mysql", "partitions=3")).load(), null))) st.execute(sql);
        }
        try {
            assertEquals(3, scalar(db, "SELECT COUNT(*) FROM information_schema.partitions WHERE table_schema = DATABASE() "
                    + "AND table_name = 'bmsql_stock'"));
            assertEquals(24, scalar(db, "SELECT COUNT(*) FROM information_schema.partitions WHERE table_schema = DATABASE() "
                    + "AND partition_name IS NOT NULL"), "8 warehouse-keyed tables x 3");
        } finally {
            w.cleanup(db);
        }
    }

    /**
     * jdbc:mysql: selects mysql-connector-j, whose performance settings reach every benchmark session, and a setting in
     * the user's own URL wins over oltpbench's default.
     */
    @Test
    void mysqlConnectorJSessionsGetThePerformanceSettingsUnlessTheUrlSaysOtherwise() throws Exception {
        String mysqlUrl = a.url().replace("jdbc:mariadb:", "jdbc:mysql:");
        try (Database plain = on(a, "mysql", "conn=" + mysqlUrl);
             Database own = on(a, "mysql", "conn=" + mysqlUrl + "?maintainTimeStats=true&useReadAheadInput=true")) {
            var p = properties(plain);
            assertEquals(false, p.getBooleanProperty(com.mysql.cj.conf.PropertyKey.maintainTimeStats).getValue());
            assertEquals(false, p.getBooleanProperty(com.mysql.cj.conf.PropertyKey.useReadAheadInput).getValue());
            assertEquals(false, p.getBooleanProperty(com.mysql.cj.conf.PropertyKey.useUnbufferedInput).getValue());
            assertEquals(true, p.getBooleanProperty(com.mysql.cj.conf.PropertyKey.dontTrackOpenResources).getValue());
            assertEquals(true, p.getBooleanProperty(com.mysql.cj.conf.PropertyKey.useServerPrepStmts).getValue());
            assertEquals(true, p.getBooleanProperty(com.mysql.cj.conf.PropertyKey.useLocalSessionState).getValue(), "maxPerformance");
            var q = properties(own);
            assertEquals(true, q.getBooleanProperty(com.mysql.cj.conf.PropertyKey.maintainTimeStats).getValue());
            assertEquals(true, q.getBooleanProperty(com.mysql.cj.conf.PropertyKey.useReadAheadInput).getValue());
            assertEquals(true, q.getBooleanProperty(com.mysql.cj.conf.PropertyKey.dontTrackOpenResources).getValue());
        }
    }

    /** The settings of one benchmark session of {@code db} (thread 0's connection). */
    private static com.mysql.cj.conf.PropertySet properties(Database db) throws Exception {
        var sessions = db.sessions();
        Connection c = sessions.connection(0).connection();
        try {
            return c.unwrap(com.mysql.cj.jdbc.JdbcConnection.class).getPropertySet();
        } finally {
            sessions.close(c);
        }
    }

    @Test
    void tidbDdlRunsOnMariaDb() throws Exception {
        Database db = on(a, "tidb");
        Contract.sysbench(db, config("tidb", "clusteredIndex=true", "partitions=2"), 1, 8);
        Contract.tpcc(db, config("tidb", "workload=tpcc", "warehouses=1", "clusteredIndex=false", "loadWorkers=2"), 1, 8);
    }

    record Outcome(int code, String out, String err) {
    }

    private static Outcome cli(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int code = Main.execute(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8), false);
        return new Outcome(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void threadsSpreadRoundRobinOverFrontEnds() throws Exception {
        String hostA = hostOf(a), hostB = hostOf(b);
        String[] common = {"--set", "db=mariadb", "--set", "tables=1", "--set", "table_size=1000", "--set", "database=sbtest"};
        for (String host : List.of(hostA, hostB)) {
            Outcome p = cli(Tools.concat(common, "--set", "hosts=" + host, "prepare"));
            assertEquals(0, p.code(), p.err());
        }
        long commitsA = commits(a);
        long commitsB = commits(b);
        Outcome r = cli(Tools.concat(common, "--set", "conn=jdbc:mariadb://" + hostA + "," + hostB + "/sbtest", "--set", "threads=3,4",
                "--set", "time=2", "--set", "resultDirectory=" + dir, "run"));
        assertEquals(0, r.code(), r.err());
        var levels = org.oltpbench.result.file.ResultFiles.read(dir).levels();
        assertEquals(2, levels.get(0).threadsPerHost().get(hostA));
        assertEquals(1, levels.get(0).threadsPerHost().get(hostB));
        assertEquals(2, levels.get(1).threadsPerHost().get(hostB));
        assertTrue(commits(a) > commitsA + 10);
        assertTrue(commits(b) > commitsB + 10);
        for (String host : List.of(hostA, hostB)) cli(Tools.concat(common, "--set", "hosts=" + host, "cleanup"));
    }

    @Test
    void limitsBelowTheRunAreRefusedBeforeItStarts() throws Exception {
        String host = hostOf(a);
        String[] common = {"--set", "db=mariadb", "--set", "hosts=" + host, "--set", "database=sbtest", "--set", "tables=3",
            "--set", "table_size=100", "--set", "resultDirectory=" + dir};
        assertEquals(0, cli(Tools.concat(common, "prepare")).code());
        long old = scalar(a, "SELECT @@GLOBAL.max_prepared_stmt_count");
        try (Connection c = a.connect(); Statement st = c.createStatement()) {
            st.execute("SET GLOBAL max_prepared_stmt_count = 100");
            // 9 statements x 3 tables = 27 per connection; 4 + 1 connections need 135. dbPsMode=auto's rule: the level
            // runs on client-side text and one line says why; dbPsMode=enable is refused in one line
            Outcome auto = cli(Tools.concat(common, "--set", "threads=4", "--set", "time=1", "run"));
            assertEquals(0, auto.code(), auto.err());
            assertTrue(auto.out().contains("statements: client-side text, because the server's max_prepared_stmt_count=100 "
                    + "is below the 135 server-side statements of 5 connections x 27"), auto.out());
            Outcome r = cli(Tools.concat(common, "--set", "threads=4", "--set", "time=1", "--set", "dbPsMode=enable", "run"));
            assertEquals(2, r.code(), r.out());
            assertTrue(r.err().contains("max_prepared_stmt_count=100") && r.err().contains("dbPsMode=disable"), r.err());
            assertEquals(1, r.err().strip().lines().count(), r.err());
            Outcome ok = cli(Tools.concat(common, "--set", "threads=4", "--set", "time=1", "--set", "dbPsMode=disable", "run"));
            assertEquals(0, ok.code(), ok.err());
            Outcome tuned = cli(Tools.concat(common, "--set", "threads=4", "--set", "time=1", "--set", "dbPsMode=enable",
                    "--set", "tune=true", "run"));
            assertEquals(2, tuned.code(), "the precheck runs before tuning: " + tuned.out());
        } finally {
            try (Connection c = a.connect(); Statement st = c.createStatement()) {
                st.execute("SET GLOBAL max_prepared_stmt_count = " + old);
            }
            cli(Tools.concat(common, "cleanup"));
        }
    }

    @Test
    void tuneAppliesAndRestores() throws Exception {
        String host = hostOf(b);
        String[] common = {"--set", "db=mariadb", "--set", "hosts=" + host, "--set", "database=sbtest", "--set", "tables=1",
            "--set", "table_size=100", "--set", "resultDirectory=" + dir};
        long original = scalar(b, "SELECT @@GLOBAL.max_prepared_stmt_count"), before = 20000;
        try (Connection c = b.connect(); Statement st = c.createStatement()) {
            st.execute("SET GLOBAL max_prepared_stmt_count = " + before);
        }
        Outcome r = cli(Tools.concat(common, "--set", "threads=2", "--set", "time=1", "--set", "tune=true"));
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("tune: max_prepared_stmt_count: " + before + " → 1048576"), r.out());
        assertTrue(r.out().contains("tune: max_prepared_stmt_count: restored " + before), r.out());
        assertEquals(before, scalar(b, "SELECT @@GLOBAL.max_prepared_stmt_count"));
        JsonNode server = new ObjectMapper().readTree(dir.resolve("result.json").toFile()).get("server").get("facts");
        assertEquals("1048576", server.get("tuning").get(0).get("newValue").asText(), server.toString());
        assertTrue(server.get("variables").has("innodb_buffer_pool_size"), server.toString());
        cli(Tools.concat(common, "cleanup"));
        try (Connection c = b.connect(); Statement st = c.createStatement()) {
            st.execute("SET GLOBAL max_prepared_stmt_count = " + original);
        }
    }
}
