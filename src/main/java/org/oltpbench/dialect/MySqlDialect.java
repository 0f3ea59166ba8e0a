package org.oltpbench.dialect;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.oltpbench.result.repeat.server.WaitClass;
import org.oltpbench.tune.GlobalVariables;
import org.oltpbench.tune.ServerSettings;
import org.oltpbench.tune.Setting;
import java.util.Set;
import java.util.function.Predicate;

/** MySQL 5.7/8.x over mysql-connector-j; the base of the MySQL-protocol family. */
public class MySqlDialect extends NamedDialect {
    /** The MySQL protocol's base: any server of it that no more specific dialect recognises (Percona, Aurora, 8.x). */
    public MySqlDialect() {
        this("mysql", 3306, server -> true);
    }

    /**
     * An engine of the MySQL family: its {@code db=} name, its default port, and how it is told from its server. MariaDB
     * Connector/J is the family's driver: on oltp_read_write it costs about half the client CPU of mysql-connector-j
     * (performance.md, "Both MySQL drivers").
     */
    protected MySqlDialect(String name, int defaultPort, Predicate<ServerIdentity> recognises) {
        super(name, Protocol.MYSQL, JdbcDriver.MARIADB, defaultPort, recognises);
    }

    /** MySQL-family collations (MariaDB's and MySQL's defaults) ignore case in LIKE; as bytes they do not. */
    @Override
    public String caseSensitive(String expr) {
        return "cast(" + expr + " as binary)";
    }

    @Override
    public String autoIncrementColumn() {
        return "integer not null auto_increment";
    }

    /** sysbench's versioned-comment engine clause, then {@code PARTITION BY HASH(col) PARTITIONS n}. */
    @Override
    public String tableOptions(Layout layout, String partitionColumn) {
        return join(engineClause(layout), partitionClause(layout, partitionColumn));
    }

    protected static String engineClause(Layout layout) {
        return layout.storageEngine() == null ? "" : "/*! ENGINE = " + layout.storageEngine() + " */";
    }

    protected static String partitionClause(Layout layout, String partitionColumn) {
        return layout.partitions(partitionColumn)
                ? "PARTITION BY HASH(" + partitionColumn + ") PARTITIONS " + layout.partitions() : "";
    }

    /** The non-empty parts, space-separated. */
    protected static String join(String... parts) {
        StringBuilder sb = new StringBuilder();
        for (String p : parts) {
            if (p.isEmpty()) continue;
            if (sb.length() > 0) sb.append(' ');
            sb.append(p);
        }
        return sb.toString();
    }

    /**
     * The rule for every capped engine (see {@link Dialect#autoProtocol}): max_prepared_stmt_count holds the server-side
     * statements of all the level's connections, or the level runs client-side text. Seed 000's wall: at 512 threads on
     * 4 tables, 513 connections x 36 statements need 18,468 against the default 16,382. -1 (TiDB's default) is no cap.
     */
    @Override
    public AutoProtocol autoProtocol(Connection c, Demand demand) throws SQLException {
        long maxPs = ServerSettings.number(new GlobalVariables(c).variable("max_prepared_stmt_count"));
        long need = (long) demand.connections() * demand.statementsPerConnection();
        if (maxPs < 0 || need <= maxPs) return AutoProtocol.SERVER_PREPARED;
        return new AutoProtocol(false, "statements: client-side text, because the server's max_prepared_stmt_count=" + maxPs
                + " is below the " + need + " server-side statements of " + demand.connections() + " connections x "
                + demand.statementsPerConnection() + "; give the runs you compare with dbPsMode=disable to compare on equal "
                + "terms, or raise it (SET GLOBAL max_prepared_stmt_count = " + 2 * need + ")");
    }

    /**
     * max_connections against the connections of the largest level (plus the setup connection), and
     * max_prepared_stmt_count against the statements all of them keep prepared (seed 000 stopped at 512
     * threads on it). -1 (TiDB) means no limit.
     */
    @Override
    public List<String> limitProblems(Connection c, Demand demand) throws SQLException {
        List<String> problems = new java.util.ArrayList<>();
        GlobalVariables server = new GlobalVariables(c);
        long maxConn = ServerSettings.number(server.variable("max_connections"));
        if (maxConn > 0 && demand.connections() > maxConn) {
            problems.add("the server allows max_connections=" + maxConn + " but the run opens " + demand.connections()
                    + " connections; raise it (SET GLOBAL max_connections = " + (demand.connections() + 10)
                    + ") or lower threads");
        }
        long maxPs = ServerSettings.number(server.variable("max_prepared_stmt_count"));
        if (maxPs >= 0 && demand.preparedStatements() > maxPs) {
            problems.add("the server allows max_prepared_stmt_count=" + maxPs + " but " + demand.connections()
                    + " connections x " + demand.statementsPerConnection() + " statements need " + demand.preparedStatements()
                    + "; raise it (SET GLOBAL max_prepared_stmt_count = " + demand.preparedStatements() * 2
                    + ") or set dbPsMode=disable");
        }
        return problems;
    }


    /**
     * LOAD DATA LOCAL INFILE fed from memory, when the server has local_infile on and the connection is
     * mysql-connector-j's. Duplicate keys in a LOCAL load are skipped by the server, so loaders only use it
     * on empty tables.
     */
    @Override
    public BulkSender bulkSender(Connection c, String table, List<String> columns) throws SQLException {
        JdbcDriver driver = JdbcDriver.forUrl(c.getMetaData().getURL());
        if (!driver.feedsLocalInfile()) return null;
        try (Statement probe = c.createStatement(); ResultSet rs = probe.executeQuery("SELECT @@local_infile")) {
            if (!rs.next() || !rs.getBoolean(1)) return null;
        }
        String sql = "LOAD DATA LOCAL INFILE 'oltpbench.tsv' INTO TABLE " + table + " CHARACTER SET utf8mb4 ("
                + String.join(", ", columns) + ")";
        return (rows, n) -> {
            try (Statement st = c.createStatement()) {
                driver.setLocalInfile(st, rows);
                st.execute(sql);
            }
        };
    }

    /** Raises the limits that break large thread levels (seed 000 stopped at 512 threads on max_prepared_stmt_count). */
    @Override
    public List<Setting> tuningProfile(org.oltpbench.result.workload.Family family) {
        return List.of(Setting.limit("max_prepared_stmt_count", "1048576"), Setting.limit("max_connections", "5000"));
    }

    /** The driver shortens "5.7.25-OceanBase seekdb-v1.4.0.0" to "5.7.25"; VERSION() keeps it whole. */
    @Override
    public String versionQuery() {
        return "SELECT VERSION()";
    }

    /** The variables that decide OLTP results on the MySQL family. */
    protected List<String> factVariables() {
        return List.of("version_comment", "transaction_isolation", "tx_isolation", "innodb_buffer_pool_size",
                "innodb_flush_log_at_trx_commit", "sync_binlog", "log_bin", "max_connections", "max_prepared_stmt_count",
                "character_set_server");
    }

    @Override
    public Map<String, String> serverFacts(Connection c) throws SQLException {
        Map<String, String> facts = new TreeMap<>();
        String in = String.join("', '", factVariables());
        try (Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SHOW GLOBAL VARIABLES WHERE Variable_name IN ('" + in + "')")) {
            while (rs.next()) facts.put(rs.getString(1), rs.getString(2));
        }
        return facts;
    }

    /** 1213 deadlock, 1205 lock wait timeout, 1020 record changed since last read. */
    /** 1045 access denied, 1049 unknown database; the rest by SQLState. */
    @Override
    public ConnectProblem connectProblem(SQLException e) {
        if (e.getErrorCode() == 1045) return ConnectProblem.ACCESS_DENIED;
        if (e.getErrorCode() == 1049) return ConnectProblem.NO_DATABASE;
        return anyEngine(e);
    }

    /** 1461 prepared-statement limit, 1040 too many connections, 1146 no such table. */
    @Override
    public String explain(SQLException e) {
        return switch (e.getErrorCode()) {
            case 1461 -> "the server's max_prepared_stmt_count is reached; raise it (SET GLOBAL max_prepared_stmt_count=...) "
                    + "or set db-ps-mode=disable";
            case 1040 -> "the server refuses more connections; raise max_connections or lower threads";
            case 1146 -> "a table is missing (" + org.oltpbench.util.Text.firstLine(e.getMessage()) + "); run prepare";
            default -> null;
        };
    }

    /**
     * Com_commit: one per COMMIT statement, so once per explicit transaction. Handler_commit is not used: on
     * MariaDB 10.11 it also counts every statement's own commit (BEGIN; SELECT; UPDATE; COMMIT adds 3 to it, an
     * autocommitted SELECT adds 1). Autocommitted statements are therefore not cross-checked on this family.
     * On a Galera node a COMMIT that fails certification (1213, restarted by the client) is counted by Com_commit too,
     * so wsrep_local_cert_failures is subtracted (absent, so 0, elsewhere). Measured on a 3-node MariaDB 10.11 Galera
     * cluster, oltp_read_write at 6 threads over the 3 nodes: Com_commit 13,198, cert failures 1,133, the client's
     * commits 12,060 (12,065 against 12,060, within the 1% the cross-check allows).
     */
    /**
     * The processlist (COMMAND, STATE) with INNODB_TRX's trx_state of the session's transaction: a transaction in LOCK
     * WAIT waits for a row lock whatever its STATE says; a Sleep inside a transaction waits for the client; a statement
     * by its STATE (MySQL 8.0's and MariaDB 10.11's "General Thread States"), where the table and metadata lock
     * states are locks, "waiting for handler commit" and "query end" the commit's (the redo and binlog flush happen
     * there), semi-sync and Galera (wsrep) states another node, and reading from or writing to the net the client.
     * The processlist cannot tell a page read from CPU: a statement's other states count as CPU, less as many as
     * InnoDB's page reads in progress at the sample (Innodb_data_pending_reads, MySQL 8 and MariaDB alike), which count
     * as data reads.
     */
    @Override
    public SessionWaits sessionWaits() {
        return PROCESSLIST_WAITS;
    }

    /** The processlist's STATE, in lower case, to its class; any other STATE of a running statement is CPU. */
    private static final Map<String, WaitClass> STATE_TABLE = Map.ofEntries(
            Map.entry("waiting for table metadata lock", WaitClass.LOCK),
            Map.entry("waiting for table level lock", WaitClass.LOCK),
            Map.entry("waiting for table flush", WaitClass.LOCK),
            Map.entry("waiting for global read lock", WaitClass.LOCK),
            Map.entry("waiting for backup lock", WaitClass.LOCK),
            Map.entry("waiting for commit lock", WaitClass.LOCK),
            Map.entry("user lock", WaitClass.LOCK),
            Map.entry("waiting for handler commit", WaitClass.COMMIT),
            Map.entry("query end", WaitClass.COMMIT),
            Map.entry("commit", WaitClass.COMMIT),
            Map.entry("commit implicit", WaitClass.COMMIT),
            Map.entry("waiting for semi-sync ack from slave", WaitClass.NETWORK),
            Map.entry("waiting for semi-sync ack from replica", WaitClass.NETWORK),
            Map.entry("sending to client", WaitClass.CLIENT),
            Map.entry("writing to net", WaitClass.CLIENT),
            Map.entry("reading from net", WaitClass.CLIENT));

    /** The processlist of this database but the monitor's session, with each session's InnoDB transaction. */
    private static final String PROCESSLIST = """
            FROM information_schema.PROCESSLIST p LEFT JOIN information_schema.INNODB_TRX t ON t.trx_mysql_thread_id = p.ID
            WHERE p.DB = DATABASE() AND p.ID <> CONNECTION_ID()""";

    /** What {@link #STATE} puts before the STATE of a COMMIT statement. */
    static final String COMMIT_PREFIX = "COMMIT: ";

    /**
     * The processlist's STATE, prefixed with "COMMIT: " while the statement is a COMMIT: MariaDB 10.11 shows a COMMIT
     * that waits for its log write as "Updating status" (measured: 14 of 16 sessions so, on a log device held to 100
     * writes a second), a state other statements pass through too, so the statement tells it.
     */
    private static final String STATE = "CASE WHEN p.INFO LIKE 'commit%' THEN CONCAT('" + COMMIT_PREFIX
            + "', COALESCE(p.STATE, '')) ELSE p.STATE END";

    /** The processlist with the table of each lock wait from MySQL 8's performance_schema.data_locks. */
    static final String MYSQL_LOCKS = "SELECT p.ID, p.COMMAND, t.trx_state, " + STATE + ",\n"
            + "  CASE WHEN t.trx_state = 'LOCK WAIT' THEN (SELECT l.OBJECT_NAME FROM performance_schema.data_locks l\n"
            + "    WHERE l.ENGINE_LOCK_ID = t.trx_requested_lock_id LIMIT 1) END\n" + PROCESSLIST;

    /** The processlist with the table of each lock wait from INNODB_LOCKS (MariaDB; MySQL 5.7). */
    static final String INNODB_LOCKS = "SELECT p.ID, p.COMMAND, t.trx_state, " + STATE + ",\n"
            + "  CASE WHEN t.trx_state = 'LOCK WAIT' THEN (SELECT l.lock_table FROM information_schema.INNODB_LOCKS l\n"
            + "    WHERE l.lock_id = t.trx_requested_lock_id LIMIT 1) END\n" + PROCESSLIST;

    /**
     * The processlist alone, without any transaction's state: a server of the MySQL protocol that has none of the views
     * the dialect's own query reads (a MariaDB server run as dialect tidb or oceanbase). Sessions are running or idle.
     */
    static final String PROCESSLIST_ONLY = """
            SELECT p.ID, p.COMMAND, NULL, p.STATE, NULL
            FROM information_schema.PROCESSLIST p
            WHERE p.DB = DATABASE() AND p.ID <> CONNECTION_ID()""";

    /** The processlist without the lock's table, for a server that has neither view. */
    static final String NO_LOCK_TABLE = "SELECT p.ID, p.COMMAND, t.trx_state, " + STATE + ", NULL\n" + PROCESSLIST;


    /**
     * The sessions of this database but the monitor's, with their InnoDB transaction's state; a lock wait names the
     * table of the lock it waits for from performance_schema.data_locks (MySQL 8; empty when performance_schema is off),
     * else from INNODB_LOCKS (a MariaDB server run as dialect mysql), else none.
     */
    static final SessionWaits PROCESSLIST_WAITS = SessionWaits.of("information_schema.PROCESSLIST and INNODB_TRX",
            List.of(MYSQL_LOCKS, INNODB_LOCKS, NO_LOCK_TABLE), MySqlDialect::processlistWait)
            .withGauges(new SessionWaits.Gauges(
                    "SHOW GLOBAL STATUS WHERE Variable_name IN ('Innodb_data_pending_reads', 'Threads_running')",
                    Map.of("innodb_data_pending_reads",
                            new SessionWaits.Wait(WaitClass.IO, "page read (Innodb_data_pending_reads)")), "threads_running"));

    /** A processlist row's wait (state = COMMAND, waitClass = trx_state or null, event = STATE); null when idle. */
    static SessionWaits.Wait processlistWait(SessionWaits.Row row) {
        String command = row.state(), state = row.event() == null ? "" : row.event();
        // a sleeping session cannot wait for a lock: INNODB_TRX is a snapshot (refreshed when over 0.1 s old), the
        // processlist is live, so the pair is the snapshot of a moment before; the processlist's word wins
        if ("LOCK WAIT".equalsIgnoreCase(row.waitClass()) && !"Sleep".equalsIgnoreCase(command)) {
            return new SessionWaits.Wait(WaitClass.LOCK, "row lock (INNODB_TRX LOCK WAIT)");
        }
        if ("Sleep".equalsIgnoreCase(command)) {
            return row.waitClass() == null ? null : new SessionWaits.Wait(WaitClass.CLIENT, "Sleep in a transaction");
        }
        if (!"Query".equalsIgnoreCase(command) && !"Execute".equalsIgnoreCase(command)) return null;
        if (state.regionMatches(true, 0, "wsrep", 0, 5)) return new SessionWaits.Wait(WaitClass.NETWORK, state);
        if (state.startsWith(COMMIT_PREFIX)) {
            String step = state.substring(COMMIT_PREFIX.length());
            if (step.regionMatches(true, 0, "wsrep", 0, 5)) return new SessionWaits.Wait(WaitClass.NETWORK, step);
            // a step the table names keeps its class (a semi-sync acknowledgement, a backup's commit lock, answering the
            // client); any other step of a COMMIT is the commit's
            WaitClass cls = SessionWaits.lookup(STATE_TABLE, step, WaitClass.COMMIT);
            if (cls != WaitClass.COMMIT) return new SessionWaits.Wait(cls, step);
            return new SessionWaits.Wait(WaitClass.COMMIT, "COMMIT statement" + (step.isEmpty() ? "" : " (" + step + ")"));
        }
        return new SessionWaits.Wait(SessionWaits.lookup(STATE_TABLE, state, WaitClass.CPU), state.isEmpty() ? "executing" : state);
    }

    /**
     * InnoDB's lock waits by connection id: MySQL 8's sys.innodb_lock_waits (performance_schema.data_lock_waits), or
     * INNODB_LOCK_WAITS where it is kept (MariaDB; MySQL 5.7).
     */
    @Override
    public java.util.List<String> lockHolderQueries() {
        return java.util.List.of("SELECT waiting_pid, blocking_pid FROM sys.innodb_lock_waits",
                "SELECT r.trx_mysql_thread_id, b.trx_mysql_thread_id FROM information_schema.INNODB_LOCK_WAITS w "
                        + "JOIN information_schema.INNODB_TRX r ON r.trx_id = w.requesting_trx_id "
                        + "JOIN information_schema.INNODB_TRX b ON b.trx_id = w.blocking_trx_id");
    }

    /** MySQL, MariaDB, TiDB and OceanBase (seekdb) alike: SHOW GLOBAL STATUS's Uptime, in seconds. */
    @Override
    public String uptimeQuery() {
        return "SHOW GLOBAL STATUS LIKE 'Uptime'";
    }

    @Override
    public ProcedureLanguage procedureLanguage() {
        return ProcedureLanguage.MYSQL;
    }

    @Override
    public CommitCounter commitCounter() {
        return CommitCounter.of("Com_commit", false, c -> {
            long commits = -1, certFailures = 0;
            try (java.sql.Statement st = c.createStatement(); java.sql.ResultSet rs = st.executeQuery(
                    "SHOW GLOBAL STATUS WHERE Variable_name IN ('Com_commit', 'wsrep_local_cert_failures')")) {
                while (rs.next()) {
                    long v = Long.parseLong(rs.getString(2).trim());
                    if (rs.getString(1).equalsIgnoreCase("Com_commit")) commits = v;
                    else certFailures = v;
                }
            }
            return commits < 0 ? -1 : commits - certFailures;
        }).withTransactions("Com_commit + Com_rollback", c -> {
            long sum = 0;
            int found = 0;
            try (java.sql.Statement st = c.createStatement(); java.sql.ResultSet rs = st.executeQuery(
                    "SHOW GLOBAL STATUS WHERE Variable_name IN ('Com_commit', 'Com_rollback')")) {
                while (rs.next()) {
                    sum += Long.parseLong(rs.getString(2).trim());
                    found++;
                }
            }
            return found == 2 ? sum : -1;
        });
    }

    /**
     * A Galera node (MariaDB Galera, Percona XtraDB Cluster) serves once wsrep_ready is ON: while it joins it takes
     * sessions and even answers SELECT 1, but refuses tables with 1047. Elsewhere the variable is absent: ready.
     */
    @Override
    public void ready(Connection c) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(
                "SHOW GLOBAL STATUS WHERE Variable_name IN ('wsrep_ready', 'wsrep_cluster_status')")) {
            String ready = null, cluster = null;
            while (rs.next()) {
                if (rs.getString(1).equalsIgnoreCase("wsrep_ready")) ready = rs.getString(2);
                else cluster = rs.getString(2);
            }
            // a server built with wsrep but running without it says wsrep_ready OFF and cluster status Disconnected
            if (ready != null && !"ON".equalsIgnoreCase(ready) && !"Disconnected".equalsIgnoreCase(cluster)) {
                throw new SQLException("wsrep_ready is " + ready + " (cluster " + cluster + "): a Galera node not yet synced",
                        "08S01", 1047);
            }
        }
    }

    /** read_only=ON (a replica's setting); users with SUPER or READ ONLY ADMIN could still write, a benchmark should not. */
    @Override
    public String readOnlyReason(Connection c) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT @@read_only")) {
            return rs.next() && rs.getInt(1) != 0 ? "read_only=ON" : null;
        }
    }

    /** SHOW SLAVE STATUS's Seconds_Behind_Master (NULL, so -1, while replication is stopped); not a replica: null. */
    @Override
    public org.oltpbench.result.repeat.server.ReplicaLag replicaLag(Connection c, String host) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SHOW SLAVE STATUS")) {
            if (!rs.next()) return null;
            String behind = rs.getString("Seconds_Behind_Master");
            return new org.oltpbench.result.repeat.server.ReplicaLag(host, behind == null ? -1 : Double.parseDouble(behind), -1);
        }
    }

    @Override
    public Set<Integer> retryableCodes() {
        return Set.of(1213, 1205, 1020);
    }

    /** Client codes 2006 gone away, 2013 lost, 2055 lost (extended), 2011 TCP; 1053 server shutdown; 1927 killed. */
    @Override
    public Set<Integer> connectionLostCodes() {
        return Set.of(2006, 2013, 2055, 2011, 1053, 1927);
    }

}
