package org.oltpbench.dialect;

import java.util.List;
import java.util.Map;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLTransactionRollbackException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.oltpbench.dialect.JdbcDriver;
import static org.junit.jupiter.api.Assertions.assertThrows;
import org.oltpbench.dialect.Dialect.ErrorClass;

class DialectTest {
    @ParameterizedTest
    @ValueSource(strings = {"mysql", "mariadb", "oceanbase", "tidb", "klustron", "postgres"})
    void everyDbNameHasADialect(String db) {
        Dialect d = Dialects.forName(db);
        assertEquals(db, d.name());
        assertTrue(d.jdbcUrl("h", 0, "x").startsWith("jdbc:"));
        assertTrue(d.jdbcUrl("h", 0, "x").contains(":" + d.defaultPort() + "/"));
    }

    @Test
    void mysqlErrorClasses() {
        Dialect d = new MySqlDialect();
        assertEquals(ErrorClass.RETRYABLE, d.classify(new SQLException("Deadlock found", "40001", 1213)));
        assertEquals(ErrorClass.RETRYABLE, d.classify(new SQLException("Lock wait timeout", "HY000", 1205)));
        assertEquals(ErrorClass.CONNECTION_LOST, d.classify(new SQLException("gone", "HY000", 2013)));
        assertEquals(ErrorClass.CONNECTION_LOST, d.classify(new SQLException("link failure", "08S01", 0)));
        assertEquals(ErrorClass.CONNECTION_LOST, d.classify(new SQLNonTransientConnectionException("closed")));
        assertEquals(ErrorClass.OTHER, d.classify(new SQLException("Duplicate entry", "23000", 1062)));
        assertEquals(ErrorClass.OTHER, d.classify(new SQLException("no table", "42S02", 1146)));
    }

    @Test
    void engineSpecificRetryables() {
        assertEquals(ErrorClass.RETRYABLE, new TiDbDialect().classify(new SQLException("write conflict", "HY000", 9007)));
        assertEquals(ErrorClass.OTHER, new MySqlDialect().classify(new SQLException("write conflict", "HY000", 9007)));
        assertEquals(ErrorClass.RETRYABLE, new OceanBaseDialect().classify(new SQLException("trans killed", "HY000", 6002)));
        Dialect pg = new PostgresDialect();
        assertEquals(ErrorClass.RETRYABLE, pg.classify(new SQLTransactionRollbackException("serialize", "40001")));
        assertEquals(ErrorClass.RETRYABLE, pg.classify(new SQLException("deadlock", "40P01")));
        // pg_terminate_backend: "FATAL: terminating connection due to administrator command"
        assertEquals(ErrorClass.CONNECTION_LOST, pg.classify(new SQLException("terminating connection", "57P01")));
        assertEquals(ErrorClass.CONNECTION_LOST, new KlustronDialect().classify(new SQLException("terminating", "57P01")));
        assertEquals(ErrorClass.OTHER, new MySqlDialect().classify(new SQLException("x", "57P01")));
        assertEquals(ErrorClass.CONNECTION_LOST, pg.classify(new SQLException("io", "08006")));
        assertEquals(ErrorClass.OTHER, pg.classify(new SQLException("dup", "23505")));
    }

    @Test
    void everyDialectClassifiesItsOwnCodes() {
        for (String db : java.util.List.of("mysql", "mariadb", "oceanbase", "tidb")) {
            Dialect d = Dialects.forName(db);
            assertEquals(ErrorClass.RETRYABLE, d.classify(new SQLException("deadlock", "40001", 1213)), db);
            assertEquals(ErrorClass.RETRYABLE, d.classify(new SQLException("lock wait", "HY000", 1205)), db);
            assertEquals(ErrorClass.CONNECTION_LOST, d.classify(new SQLException("lost", "HY000", 2013)), db);
            assertEquals(ErrorClass.OTHER, d.classify(new SQLException("dup", "23000", 1062)), db);
        }
        Dialect ob = Dialects.forName("oceanbase");
        for (int code : new int[] {6002, 6005, 6210, 4012, 4038}) {
            assertEquals(ErrorClass.RETRYABLE, ob.classify(new SQLException("ob", "HY000", code)), "oceanbase " + code);
        }
        assertEquals(ErrorClass.OTHER, ob.classify(new SQLException("maximum open cursors exceeded", "HY000", 5930)));
        Dialect tidb = Dialects.forName("tidb");
        for (int code : new int[] {8002, 8022, 8028, 9007, 9001, 9002, 9005}) {
            assertEquals(ErrorClass.RETRYABLE, tidb.classify(new SQLException("tidb", "HY000", code)), "tidb " + code);
        }
        assertEquals(ErrorClass.OTHER, Dialects.forName("mariadb").classify(new SQLException("x", "HY000", 6002)));
        for (String db : java.util.List.of("postgres", "klustron")) {
            Dialect pg = Dialects.forName(db);
            assertEquals(ErrorClass.RETRYABLE, pg.classify(new SQLException("serialize", "40001")), db);
            assertEquals(ErrorClass.RETRYABLE, pg.classify(new SQLException("deadlock", "40P01")), db);
            assertEquals(ErrorClass.CONNECTION_LOST, pg.classify(new SQLException("admin shutdown", "08006")), db);
            assertEquals(ErrorClass.OTHER, pg.classify(new SQLException("undefined table", "42P01")), db);
        }
    }

    @Test
    void statementHandlingAndSessionSettings() throws Exception {
        assertEquals(false, Dialects.forName("oceanbase").serverPreparedBeforeProbe(), "open_cursors caps server-side statements");
        assertEquals(true, Dialects.forName("mysql").serverPreparedBeforeProbe());
        for (String same : List.of("postgres", "klustron")) {
            // no cap: server-side prepared for any statement count, without asking the server (no connection given)
            assertEquals(AutoProtocol.SERVER_PREPARED, Dialects.forName(same).autoProtocol(null, new Demand(513, 10_000, true)), same);
        }
        var cfg = new org.oltpbench.config.Target.SessionParams(5_000_000, 60_000_000, "optimistic");
        var ob = Dialects.forName("oceanbase");
        assertEquals(java.util.Map.of("ob_query_timeout", "5000000", "ob_trx_timeout", "60000000"), ob.sessionVariables(cfg));
        assertEquals(java.util.Map.of("tidb_txn_mode", "'optimistic'"), Dialects.forName("tidb").sessionVariables(cfg));
        var plain = org.oltpbench.config.Target.SessionParams.SERVER_DEFAULTS;
        assertTrue(ob.sessionVariables(plain).isEmpty());
        assertTrue(Dialects.forName("tidb").sessionVariables(plain).isEmpty());
        assertTrue(Dialects.forName("mysql").sessionVariables(cfg).isEmpty());
        assertEquals(java.util.Map.of("ob_query_timeout", "36000000000", "ob_trx_timeout", "36000000000"),
                ob.setupSessionVariables(plain), "loads and index builds outlast the 10 s default");
        assertEquals(ob.sessionVariables(cfg), ob.setupSessionVariables(cfg));
        assertTrue(Dialects.forName("postgres").setupSessionVariables(cfg).isEmpty());
        assertEquals(java.util.Map.of("sessionVariables", "ob_query_timeout=5000000,ob_trx_timeout=60000000"),
                JdbcDriver.MARIADB.sessionProperties(new java.util.TreeMap<>(ob.sessionVariables(cfg))));
        assertEquals(java.util.Map.of("options", "-c a=1 -c b='x'"),
                JdbcDriver.POSTGRES.sessionProperties(new java.util.TreeMap<>(java.util.Map.of("a", "1", "b", "'x'"))));
    }

    @Test
    void sysbenchTableShape() {
        // sysbench's own DDL per driver: AUTO_INCREMENT on the MySQL family, SERIAL on PostgreSQL's, a plain id without it
        for (String mysqlFamily : java.util.List.of("mysql", "mariadb", "oceanbase", "tidb")) {
            assertEquals("INTEGER NOT NULL AUTO_INCREMENT", Dialects.forName(mysqlFamily).sysbenchIdColumn(true), mysqlFamily);
            assertEquals("INTEGER NOT NULL", Dialects.forName(mysqlFamily).sysbenchIdColumn(false), mysqlFamily);
        }
        for (String pgFamily : java.util.List.of("postgres", "klustron")) {
            assertEquals("SERIAL", Dialects.forName(pgFamily).sysbenchIdColumn(true), pgFamily);
            assertEquals("INTEGER NOT NULL", Dialects.forName(pgFamily).sysbenchIdColumn(false), pgFamily);
        }
        assertTrue(new PostgresDialect().afterExplicitIdLoad("sbtest1", "id", true).get(0).contains("setval"));
        assertTrue(new MySqlDialect().afterExplicitIdLoad("sbtest1", "id", true).isEmpty());
    }

    @Test
    void psModeReachesEveryDriver() {
        assertEquals("false", JdbcDriver.MYSQL.properties(false).get("useServerPrepStmts"));
        assertEquals("true", JdbcDriver.MYSQL.properties(true).get("useServerPrepStmts"));
        assertEquals("false", JdbcDriver.MARIADB.properties(false).get("useServerPrepStmts"));
        assertEquals("0", JdbcDriver.POSTGRES.properties(false).get("prepareThreshold"));
        assertEquals("simple", JdbcDriver.POSTGRES.properties(false).get("preferQueryMode"), "pgbench -M simple: one Query message");
        assertEquals("1", JdbcDriver.POSTGRES.properties(true).get("prepareThreshold"));
        assertNull(JdbcDriver.POSTGRES.properties(true).get("preferQueryMode"));
        var extended = JdbcDriver.POSTGRES.properties(org.oltpbench.result.run.Terms.Protocol.EXTENDED_UNNAMED,
                org.oltpbench.config.Tls.DEFAULT);
        assertEquals("0", extended.get("prepareThreshold"), "pgbench -M extended: unnamed statements");
        assertNull(extended.get("preferQueryMode"));
        for (JdbcDriver mysql : List.of(JdbcDriver.MYSQL, JdbcDriver.MARIADB)) {
            assertThrows(org.oltpbench.config.ConfigException.class, () -> mysql.properties(
                    org.oltpbench.result.run.Terms.Protocol.EXTENDED_UNNAMED, org.oltpbench.config.Tls.DEFAULT));
        }
    }

    /** Each driver's whole set of properties, as tuned (performance.md, "Both MySQL drivers"), with the peers' TLS default. */
    @Test
    void everyDriverGetsItsTunedProperties() {
        assertEquals(Map.ofEntries(Map.entry("useConfigs", "maxPerformance"), Map.entry("maintainTimeStats", "false"),
                Map.entry("dontTrackOpenResources", "true"), Map.entry("useReadAheadInput", "false"),
                Map.entry("useUnbufferedInput", "false"), Map.entry("openTelemetry", "DISABLED"),
                Map.entry("useServerPrepStmts", "true"), Map.entry("cachePrepStmts", "true"),
                Map.entry("prepStmtCacheSize", "512"), Map.entry("prepStmtCacheSqlLimit", "8192"),
                Map.entry("rewriteBatchedStatements", "true"), Map.entry("allowLoadLocalInfile", "true"),
                Map.entry("allowPublicKeyRetrieval", "true"), Map.entry("readOnlyPropagatesToServer", "false"),
                Map.entry("tcpNoDelay", "true"), Map.entry("connectTimeout", "10000"), Map.entry("sslMode", "DISABLED"),
                Map.entry("socketFactory", "org.oltpbench.db.wire.MysqlCountingSocketFactory"),
                Map.entry("useLocalTransactionState", "true")),
                JdbcDriver.MYSQL.properties(true));
        assertEquals(Map.of("useServerPrepStmts", "true", "cachePrepStmts", "true", "prepStmtCacheSize", "512",
                "allowLocalInfile", "true", "readOnlyPropagatesToServer", "false", "allowPublicKeyRetrieval", "true",
                "connectTimeout", "10000", "sslMode", "disable", "socketFactory", "org.oltpbench.db.wire.CountingSocketFactory"),
                JdbcDriver.MARIADB.properties(true));
        assertEquals(Map.of("prepareThreshold", "1", "reWriteBatchedInserts", "true", "tcpKeepAlive", "true",
                "connectTimeout", "10", "sslmode", "prefer", "assumeMinServerVersion", "9.0", "socketFactory", "org.oltpbench.db.wire.CountingSocketFactory"),
                JdbcDriver.POSTGRES.properties(true));
    }

    /** Each driver's TLS property for every tls setting. */
    @ParameterizedTest
    @CsvSource({"MYSQL, DEFAULT, sslMode, DISABLED", "MYSQL, OFF, sslMode, DISABLED", "MYSQL, PREFER, sslMode, PREFERRED",
            "MYSQL, ON, sslMode, REQUIRED", "MARIADB, DEFAULT, sslMode, disable", "MARIADB, OFF, sslMode, disable",
            "MARIADB, PREFER, sslMode, trust", "MARIADB, ON, sslMode, trust", "POSTGRES, DEFAULT, sslmode, prefer",
            "POSTGRES, OFF, sslmode, disable", "POSTGRES, PREFER, sslmode, prefer", "POSTGRES, ON, sslmode, require"})
    void everyTlsSettingHasItsDriverValue(JdbcDriver driver, org.oltpbench.config.Tls tls, String property, String value) {
        assertEquals(value, driver.properties(false, tls).get(property));
    }

    /**
     * Issue 36: the peers' TLS defaults. sysbench 1.0.20 connects in clear unless --mysql-ssl=on; libpq and pgjdbc
     * prefer TLS. MariaDB Connector/J 4 would encrypt and refuse a server without TLS unless told otherwise.
     */
    @Test
    void tlsFollowsThePeersUnlessAskedFor() {
        assertEquals("DISABLED", JdbcDriver.MYSQL.properties(true).get("sslMode"));
        assertEquals("disable", JdbcDriver.MARIADB.properties(true).get("sslMode"));
        assertEquals("prefer", JdbcDriver.POSTGRES.properties(true).get("sslmode"));
        assertEquals("REQUIRED", JdbcDriver.MYSQL.properties(true, org.oltpbench.config.Tls.ON).get("sslMode"));
        assertEquals("trust", JdbcDriver.MARIADB.properties(true, org.oltpbench.config.Tls.ON).get("sslMode"));
        assertEquals("require", JdbcDriver.POSTGRES.properties(true, org.oltpbench.config.Tls.ON).get("sslmode"));
        assertEquals("disable", JdbcDriver.POSTGRES.properties(true, org.oltpbench.config.Tls.OFF).get("sslmode"));
        assertFalse(JdbcDriver.MYSQL.properties(true).containsKey("useSSL"), "one TLS property, not two that disagree");
        assertEquals("off", org.oltpbench.result.run.Terms.tls("", ""));
        assertEquals("TLSv1.3 TLS_AES_256_GCM_SHA384", org.oltpbench.result.run.Terms.tls("TLSv1.3", "TLS_AES_256_GCM_SHA384"));
    }

    @Test
    void driverFollowsTheUrlScheme() {
        assertEquals(JdbcDriver.MYSQL, JdbcDriver.forUrl("jdbc:mysql://h:3306/x"));
        assertEquals(JdbcDriver.MARIADB, JdbcDriver.forUrl("jdbc:mariadb://h:3306/x"));
        assertEquals(JdbcDriver.POSTGRES, JdbcDriver.forUrl("jdbc:postgresql://h/x"));
        assertThrows(org.oltpbench.config.ConfigException.class, () -> JdbcDriver.forUrl("jdbc:oracle:thin:@h"));
        assertEquals("jdbc:mariadb://h:2881/x", new OceanBaseDialect().jdbcUrl("h", 0, "x"));
        assertEquals("jdbc:postgresql://h:5432/x", new PostgresDialect().jdbcUrl("h", 0, "x"));
    }

    /** Each engine explains its own codes; generic code names none (MySQL's 1461 means nothing to PostgreSQL). */
    @Test
    void serverErrorsAreExplainedByTheirOwnEngine() {
        java.sql.SQLException limit = new java.sql.SQLException("Can't create more than max_prepared_stmt_count", "42000", 1461);
        assertTrue(Dialects.forName("mariadb").explain(limit).contains("max_prepared_stmt_count"));
        assertEquals(null, Dialects.forName("postgres").explain(limit));
        java.sql.SQLException tooMany = new java.sql.SQLException("sorry, too many clients already", "53300");
        assertTrue(Dialects.forName("postgres").explain(tooMany).contains("max_connections"));
        assertEquals(null, Dialects.forName("mysql").explain(tooMany));
        assertTrue(Dialects.forName("klustron").explain(new java.sql.SQLException("relation \"sbtest1\" does not exist", "42P01"))
                .contains("run prepare"));
    }

    @Test
    void commitCountersAreTheDialectsChoice() {
        assertEquals("Com_commit", Dialects.forName("mariadb").commitCounter().name());
        assertEquals(false, Dialects.forName("mysql").commitCounter().countsAutocommit());
        assertEquals("pg_stat_database.xact_commit", Dialects.forName("postgres").commitCounter().name());
        assertEquals(true, Dialects.forName("klustron").commitCounter().countsAutocommit());
        assertEquals(null, Dialects.forName("tidb").commitCounter().name());
        assertTrue(Dialects.forName("oceanbase").commitCounter().note().contains("GV$SYSSTAT"));
    }

    /**
     * OceanBase's BenchmarkSQL props name OceanBase's own Connector/J (com.oceanbase:oceanbase-client 2.4.12 on Maven
     * Central, 1.1 MB): not shipped; its URL runs on MariaDB Connector/J, of which it is a fork, with its properties kept.
     */
    @Test
    void oceanBasesOwnDriverRunsOnMariaDbConnectorJ() {
        String conn = "jdbc:oceanbase://127.0.0.1:2881/tpcc?useUnicode=true&rewriteBatchedStatements=true";
        assertEquals("jdbc:mariadb://127.0.0.1:2881/tpcc?useUnicode=true&rewriteBatchedStatements=true", JdbcDriver.shipped(conn));
        assertEquals(JdbcDriver.MARIADB, JdbcDriver.forUrl(JdbcDriver.shipped(conn)));
        assertEquals("org.mariadb.jdbc.Driver", JdbcDriver.shippedClass("com.alipay.oceanbase.jdbc.Driver"));
        assertEquals("com.mysql.cj.jdbc.Driver", JdbcDriver.shippedClass("com.mysql.jdbc.Driver"));
        assertEquals("jdbc:postgresql://h/x", JdbcDriver.shipped("jdbc:postgresql://h/x"));
        assertTrue(JdbcDriver.substitution(conn, null).startsWith("driver: OceanBase's Connector/J"));
        assertTrue(JdbcDriver.substitution(null, "com.alipay.oceanbase.jdbc.Driver").startsWith("driver: OceanBase's"));
        assertEquals("", JdbcDriver.substitution("jdbc:mariadb://h/x", null));
        assertEquals("", JdbcDriver.substitution(null, null));
    }
}
