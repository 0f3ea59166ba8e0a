package org.oltpbench.dialect;

import java.io.InputStream;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;
import org.oltpbench.config.ConfigException;
import org.oltpbench.config.Tls;
import org.oltpbench.result.run.Terms;

/**
 * The JDBC drivers oltpbench ships and how each is tuned for a load generator. Chosen by the URL's
 * scheme, so {@code conn=jdbc:mysql://...} uses mysql-connector-j and {@code jdbc:mariadb://...} MariaDB
 * Connector/J against the same server. Each opens its TCP sockets through a counting factory
 * ({@link org.oltpbench.db.wire.Wire}: bytes and round trips per transaction type); a URL's own socketFactory wins.
 */
public enum JdbcDriver {
    /**
     * mysql-connector-j: maxPerformance (cached server config, local session state, no redundant SET
     * autocommit, no query timers), a per-connection cache of server-side prepared statements, rewritten batches,
     * and what the profile of an oltp_read_write terminal showed on top (performance.md, "Both MySQL drivers"):
     * <ul>
     *   <li>{@code maintainTimeStats=false}: no clock read around every packet;</li>
     *   <li>{@code dontTrackOpenResources=true}: no per-statement set of open result sets (a terminal closes its own);</li>
     *   <li>{@code useReadAheadInput=false} with {@code useUnbufferedInput=false}: a plain buffered socket reader, which
     *       takes a whole reply in one read; the read-ahead reader asks the kernel how much is waiting (an ioctl)
     *       before every fill and reads a packet header and its body separately;</li>
     *   <li>{@code openTelemetry=DISABLED}: no tracing spans, whatever is on the class path.</li>
     * </ul>
     * Not set: {@code cacheResultSetMetadata} (4-10% less client CPU a query, performance.md "mysql-connector-j's cost per
     * query"): the driver reuses a column list cached by SQL text without checking it against the server's, so a table
     * altered during a run, or a procedure whose result changes shape, would be read with the old columns.
     * maxPerformance already sets cacheServerConfiguration, useLocalSessionState, elideSetAutoCommits and
     * alwaysSendSetIsolation=false; terms record every property set here.
     */
    MYSQL("jdbc:mysql:", "com.mysql.cj.jdbc.Driver", new TlsModes("sslMode", "DISABLED", "PREFERRED", "REQUIRED", Tls.OFF)) {
        @Override
        Map<String, String> benchmarkProperties(Terms.Protocol statements) {
            Map<String, String> p = new LinkedHashMap<>();
            p.put("useConfigs", "maxPerformance");
            p.put("maintainTimeStats", "false");
            p.put("dontTrackOpenResources", "true");
            p.put("useReadAheadInput", "false");
            p.put("useUnbufferedInput", "false");
            p.put("openTelemetry", "DISABLED");
            p.put("prepStmtCacheSqlLimit", "8192");
            p.put("rewriteBatchedStatements", "true");
            p.put("allowLoadLocalInfile", "true");
            p.put("tcpNoDelay", "true");
            p.put("socketFactory", org.oltpbench.db.wire.MysqlCountingSocketFactory.class.getName());
            // no ROLLBACK sent where the server says no transaction is open (as MariaDB Connector/J does): the wait
            // sampler's rolled-back reads would otherwise count in Com_rollback, and so in TPM (issue 46)
            p.put("useLocalTransactionState", "true");
            return withMysqlProtocol(p, statements);
        }

        @Override
        public void setLocalInfile(Statement st, InputStream rows) throws SQLException {
            st.unwrap(com.mysql.cj.jdbc.JdbcStatement.class).setLocalInfileInputStream(rows);
        }

        @Override
        long serverSessionId(java.sql.Connection c) throws SQLException {
            return c.unwrap(com.mysql.cj.jdbc.JdbcConnection.class).getSession().getThreadId();
        }
    },
    /**
     * MariaDB Connector/J 4: server-side prepared statements cached per connection. It encrypts by default (sslMode=trust's
     * behaviour, refusing a server without TLS), so it is told sslMode=disable; 4.0 has no "use it when offered" mode,
     * so tls=prefer encrypts unverified (trust).
     */
    MARIADB("jdbc:mariadb:", "org.mariadb.jdbc.Driver", new TlsModes("sslMode", "disable", "trust", "trust", Tls.OFF)) {
        @Override
        Map<String, String> benchmarkProperties(Terms.Protocol statements) {
            Map<String, String> p = new LinkedHashMap<>();
            p.put("allowLocalInfile", "true");
            p.put("socketFactory", org.oltpbench.db.wire.CountingSocketFactory.class.getName());
            return withMysqlProtocol(p, statements);
        }

        @Override
        public void setLocalInfile(Statement st, InputStream rows) throws SQLException {
            st.unwrap(org.mariadb.jdbc.Statement.class).setLocalInfileInputStream(rows);
        }

        @Override
        long serverSessionId(java.sql.Connection c) throws SQLException {
            return c.unwrap(org.mariadb.jdbc.Connection.class).getThreadId();
        }

        /**
         * The URL and properties parsed once into the driver's Configuration, which every connection then shares (as
         * the driver's own pool does): parsing them per connection allocated ~230 KB (reflection over the
         * Configuration's fields), 2.3 GB for a level of 10,000 sessions, which G1 answered by growing the heap.
         */
        @Override
        public Connector connector(String url, java.util.Properties p) throws SQLException {
            org.mariadb.jdbc.Configuration conf = org.mariadb.jdbc.Configuration.parse(url, p);
            // not a URL this driver takes (DriverManager says why), or pool=true (the driver's own pool, which only its
            // URL entry point uses)
            if (conf == null || conf.pool()) return super.connector(url, p);
            return () -> org.mariadb.jdbc.NonRegisteringDriver.connect(conf);
        }
    },
    /**
     * pgjdbc, one property per pgbench -M: prepared is a named server-side statement from the first execution
     * (prepareThreshold=1); extended is an unnamed statement parsed at every execution (prepareThreshold=0: Parse, Bind,
     * Describe, Execute, Sync, as pgbench's PQexecParams); simple is the simple query protocol, one Query message with the
     * values inlined by the driver (preferQueryMode=simple, as pgbench's and sysbench's PQexec).
     */
    POSTGRES("jdbc:postgresql:", "org.postgresql.Driver", new TlsModes("sslmode", "disable", "prefer", "require", Tls.PREFER)) {
        @Override
        Map<String, String> benchmarkProperties(Terms.Protocol statements) {
            Map<String, String> p = new LinkedHashMap<>();
            p.put("prepareThreshold", statements == Terms.Protocol.SERVER_PREPARED ? "1" : "0");
            if (statements == Terms.Protocol.CLIENT_TEXT) p.put("preferQueryMode", "simple");
            // application_name in the startup message, not a SET after it: one round trip less a connect (pgbench's
            // initial connection time), on every server from 9.0
            p.put("assumeMinServerVersion", "9.0");
            p.put("reWriteBatchedInserts", "true");
            p.put("tcpKeepAlive", "true");
            p.put("connectTimeout", "10");
            p.put("socketFactory", org.oltpbench.db.wire.CountingSocketFactory.class.getName());
            return p;
        }

        /** pgjdbc passes {@code -c name=value} server options at connect. */
        @Override
        public Map<String, String> sessionProperties(Map<String, String> variables) {
            if (variables.isEmpty()) return Map.of();
            StringBuilder sb = new StringBuilder();
            variables.forEach((k, v) -> sb.append(sb.length() == 0 ? "" : " ").append("-c ").append(k).append('=').append(v));
            return Map.of("options", sb.toString());
        }

        @Override
        long serverSessionId(java.sql.Connection c) throws SQLException {
            return c.unwrap(org.postgresql.PGConnection.class).getBackendPID();
        }
    };

    private final String scheme;
    private final String className;
    private final TlsModes tls;

    JdbcDriver(String scheme, String className, TlsModes tls) {
        this.scheme = scheme;
        this.className = className;
        this.tls = tls;
    }

    /** A driver's TLS property and its value for each {@link Tls} setting; DEFAULT is the peers' default's. */
    private record TlsModes(String property, String off, String prefer, String on, Tls byDefault) {
        String value(Tls t) {
            return switch (t) {
                case DEFAULT -> value(byDefault);
                case OFF -> off;
                case PREFER -> prefer;
                case ON -> on;
            };
        }
    }

    /**
     * {@code p} with what both MySQL-protocol drivers are given: server-side prepared statements or not, cached per connection, the
     * server's RSA key fetched for caching_sha2_password, a 10 s connect timeout, and no SET per read-only mark.
     * MariaDB Connector/J 4.0 sends SET SESSION TRANSACTION READ ONLY at each Connection.setReadOnly (3.5 did not): a
     * round trip per change that no peer makes, and TiDB refuses it (error 1235, a noop function); a replication URL
     * still routes read-only transactions to its replicas.
     */
    private static Map<String, String> withMysqlProtocol(Map<String, String> p, Terms.Protocol statements) {
        if (statements == Terms.Protocol.EXTENDED_UNNAMED) {
            throw new ConfigException("dbPsMode=extended (pgbench -M extended) is PostgreSQL's unnamed statements, which the "
                    + "MySQL protocol lacks; give -M simple or -M prepared (dbPsMode=disable or enable)");
        }
        p.put("useServerPrepStmts", String.valueOf(statements == Terms.Protocol.SERVER_PREPARED));
        p.put("cachePrepStmts", "true");
        p.put("prepStmtCacheSize", "512");
        p.put("allowPublicKeyRetrieval", "true");
        p.put("readOnlyPropagatesToServer", "false");
        p.put("connectTimeout", "10000");
        return p;
    }

    public String scheme() {
        return scheme;
    }

    public String className() {
        return className;
    }

    /**
     * Driver properties for benchmark speed, the statement protocol and the TLS asked for. A property the user's URL
     * sets wins over these (the drivers read the URL's last). EXTENDED_UNNAMED on the MySQL protocol is refused in one line.
     */
    public Map<String, String> properties(Terms.Protocol statements, Tls tls) {
        Map<String, String> p = benchmarkProperties(statements);
        p.put(this.tls.property(), this.tls.value(tls));
        return p;
    }

    /** As {@link #properties(Terms.Protocol, Tls)}: server-side prepared or client-side text (db-ps-mode=disable). */
    public Map<String, String> properties(boolean serverPrepared, Tls tls) {
        return properties(Terms.Protocol.of(serverPrepared), tls);
    }

    /** As {@link #properties(boolean, Tls)} with the peers' TLS default. */
    public Map<String, String> properties(boolean serverPrepared) {
        return properties(serverPrepared, Tls.DEFAULT);
    }

    abstract Map<String, String> benchmarkProperties(Terms.Protocol statements);

    /** Opens connections to one URL with one set of properties, again and again: a level's sessions and their reconnects. */
    @FunctionalInterface
    public interface Connector {
        java.sql.Connection open() throws SQLException;
    }

    /** A connector for {@code url} with {@code p}, through DriverManager; a driver that can do the parsing once does. */
    public Connector connector(String url, java.util.Properties p) throws SQLException {
        return () -> java.sql.DriverManager.getConnection(url, p);
    }

    /** The driver property that sets session variables (name to SQL literal) on every new connection. */
    public Map<String, String> sessionProperties(Map<String, String> variables) {
        if (variables.isEmpty()) return Map.of();
        StringBuilder sb = new StringBuilder();
        variables.forEach((k, v) -> sb.append(sb.length() == 0 ? "" : ",").append(k).append('=').append(v));
        return Map.of("sessionVariables", sb.toString());
    }

    /**
     * The server's id of {@code c}'s session as the engine's session views show it (the processlist's ID, TiDB's and
     * OceanBase's connection id, PostgreSQL's backend pid), which the driver learned when it connected: no round trip.
     * -1 when the connection is not this driver's (a wrapper that does not unwrap, a test's fake driver).
     */
    public long sessionId(java.sql.Connection c) {
        try {
            return serverSessionId(c);
        } catch (SQLException | RuntimeException e) {
            return -1;
        }
    }

    abstract long serverSessionId(java.sql.Connection c) throws SQLException;

    /** Whether {@link #setLocalInfile} works: the MySQL-protocol drivers. */
    public boolean feedsLocalInfile() {
        return this != POSTGRES;
    }

    /** Feeds the next LOAD DATA LOCAL INFILE on {@code st} from memory. */
    public void setLocalInfile(Statement st, InputStream rows) throws SQLException {
        throw new UnsupportedOperationException(name() + " has no LOAD DATA LOCAL INFILE");
    }

    public static JdbcDriver forUrl(String url) {
        for (JdbcDriver d : values()) {
            if (url.startsWith(d.scheme)) return d;
        }
        throw new ConfigException("conn '" + url + "' is not a URL oltpbench has a driver for; "
                + "it must start with jdbc:mysql:, jdbc:mariadb:, jdbc:oceanbase: or jdbc:postgresql:");
    }

    /**
     * OceanBase's own Connector/J (com.oceanbase:oceanbase-client, class com.alipay.oceanbase.jdbc.Driver), which
     * OceanBase's BenchmarkSQL props name, is a fork of MariaDB Connector/J and is not shipped: its URLs run on MariaDB
     * Connector/J, over the same MySQL protocol.
     */
    private static final String OCEANBASE_SCHEME = "jdbc:oceanbase:", OCEANBASE_CLASS = "com.alipay.oceanbase.jdbc.Driver";

    /** {@code conn} as a shipped driver takes it: a jdbc:oceanbase: URL as jdbc:mariadb:, its properties kept. */
    public static String shipped(String conn) {
        return conn.startsWith(OCEANBASE_SCHEME) ? MARIADB.scheme + conn.substring(OCEANBASE_SCHEME.length()) : conn;
    }

    /** The shipped class for a driver class a props file names: the peers' pre-8.0 MySQL and OceanBase classes mapped. */
    public static String shippedClass(String className) {
        if (className.equals("com.mysql.jdbc.Driver")) return MYSQL.className;
        return className.equals(OCEANBASE_CLASS) ? MARIADB.className : className;
    }

    /** The line that says a peer's driver runs on a shipped one, or "" when the target names none. */
    public static String substitution(String conn, String className) {
        if ((conn == null || !conn.startsWith(OCEANBASE_SCHEME)) && !OCEANBASE_CLASS.equals(className)) return "";
        return "driver: OceanBase's Connector/J (" + OCEANBASE_CLASS + ", jdbc:oceanbase:) is not shipped; MariaDB "
                + "Connector/J, of which it is a fork, runs the same URL over the same MySQL protocol";
    }

    /**
     * A JDBC URL with its password hidden: a {@code password=} or {@code pwd=} parameter's value (any case; up to the
     * next {@code &} or {@code ;}) and a {@code user:password@} authority's password, each replaced by {@code ***}. What
     * is printed, logged or written of a URL goes through here.
     */
    public static String redact(String url) {
        return url.replaceAll("(?i)((?:password|pwd)=)[^&;]*", "$1***").replaceAll("(//[^/:@]+):[^/@]*@", "$1:***@");
    }
}
