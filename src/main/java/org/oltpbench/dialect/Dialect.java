package org.oltpbench.dialect;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Set;
import org.oltpbench.result.run.Terms;

/**
 * What differs between engines. Generic code asks the dialect and never branches on an engine's name.
 * Implementations are stateless and shared.
 */
public interface Dialect {

    /** How the driver loop treats a failed statement. */
    enum ErrorClass {
        /** The connection is gone: reconnect, re-prepare and count a reconnect. */
        CONNECTION_LOST,
        /** Deadlock, lock-wait timeout, serialization or write conflict, killed transaction: may be retried. */
        RETRYABLE,
        /** Anything else. */
        OTHER
    }

    /** The {@code db=} value. */
    String name();

    /** The driver whose URL {@link #jdbcUrl} builds: the fastest one measured for this engine. */
    JdbcDriver driver();

    int defaultPort();

    /**
     * The Prometheus jobs of this engine's components, as a regular expression for {@code job=~}; empty = every job.
     * TiUP names TiDB's tidb, tikv, pd and tiflash.
     */
    default String prometheusJobs() {
        return "";
    }

    /** A URL for the dialect's driver; port 0 means the engine's default port. */
    default String jdbcUrl(String host, int port, String database) {
        return driver().scheme() + "//" + host + ":" + (port == 0 ? defaultPort() : port) + "/" + database;
    }

    /**
     * sysbench's id column type: with {@code autoInc}, the engine's auto-increment column as sysbench writes it
     * ({@code INTEGER NOT NULL AUTO_INCREMENT} on the MySQL family, {@code SERIAL} on PostgreSQL), else a plain integer.
     */
    default String sysbenchIdColumn(boolean autoInc) {
        return autoInc ? autoIncrementColumn().toUpperCase(java.util.Locale.ROOT) : "INTEGER NOT NULL";
    }

    /** The type of a date and time without a zone, as go-tpc's DDL writes it (DATETIME; PostgreSQL's timestamp). */
    default String dateTimeType() {
        return "datetime";
    }

    /** An integer column the engine fills: BenchmarkSQL's bmsql_history.hist_id. */
    String autoIncrementColumn();

    /** Appended to "access denied" messages: how this engine names users (OceanBase: user@tenant); "" for none. */
    default String userHint() {
        return "";
    }

    // --- DDL: every CREATE TABLE and CREATE INDEX of both workloads asks these ---

    /** A PRIMARY KEY clause on {@code columns} (a comma list). */
    default String primaryKey(String columns, Layout layout) {
        return "PRIMARY KEY (" + columns + ")";
    }

    /**
     * What follows CREATE TABLE's closing parenthesis: engine, tablegroup and partition clauses, "" for none.
     *
     * @param partitionColumn the column the table is hash-partitioned on when the layout partitions; null = never
     */
    default String tableOptions(Layout layout, String partitionColumn) {
        return "";
    }

    /** Statements that complete a CREATE TABLE (PostgreSQL creates each hash partition as its own table). */
    default List<String> afterCreateTable(String table, Layout layout, String partitionColumn) {
        return List.of();
    }

    /** What follows CREATE INDEX's column list; {@code partitioned} when the table is (OceanBase: LOCAL). */
    default String indexOptions(boolean partitioned) {
        return "";
    }

    /** CREATE TABLEGROUP, or null when the engine has no tablegroups. */
    default String createTablegroup(String name) {
        return null;
    }

    /** DROP TABLEGROUP, or null when the engine has no tablegroups. */
    default String dropTablegroup(String name) {
        return null;
    }

    /** Whether an error from {@link #createTablegroup} means "this server has no tablegroups" (seekdb: 1064). */
    default boolean tablegroupUnsupported(SQLException e) {
        return true;
    }

    // --- pgbench's tables and scripts ---

    /** The clause that gives a table pgbench's fill factor (-F), after its columns; "" where the engine has none. */
    default String fillFactor(int percent) {
        return "";
    }

    /**
     * Whether primary keys are added after the rows, as pgbench does for heap tables (PostgreSQL), rather than declared
     * with the table, which suits clustered tables (the MySQL family takes the rows in key order into the key).
     */
    default boolean primaryKeysAfterLoad() {
        return false;
    }

    /**
     * Whether BEGIN and END (COMMIT) are prepared like the other statements, as pgbench -M prepared does with a script's
     * and sysbench's oltp_common with its own on PostgreSQL; the MySQL family sends them as text (its server prepares no
     * BEGIN, and sysbench's MySQL driver falls back to text for it).
     */
    default boolean preparesTransactionControl() {
        return false;
    }

    /** A pgbench script's END in this engine's words: the MySQL family knows only COMMIT. */
    default String endTransaction() {
        return "COMMIT";
    }

    /** pgbench's vacuum step after a load: the statistics, and where the engine has one, the vacuum. */
    default String vacuumAnalyze(String table) {
        return analyze(table);
    }

    /**
     * The clause after CREATE TABLE's columns that splits a table on {@code column} into {@code parts} partitions:
     * {@code method} range (partition i below {@code upper[i]}, the last unbounded) or hash.
     */
    default String partitionBy(String column, String method, int parts, long[] upper) {
        if (method.equals("hash")) return "PARTITION BY HASH(" + column + ") PARTITIONS " + parts;
        StringBuilder b = new StringBuilder("PARTITION BY RANGE (" + column + ") (");
        for (int i = 0; i < parts; i++) {
            b.append(i == 0 ? "" : ", ").append("PARTITION p").append(i + 1).append(" VALUES LESS THAN ")
                    .append(i == parts - 1 ? "MAXVALUE" : "(" + upper[i] + ")");
        }
        return b.append(')').toString();
    }

    /** Statements that create the partitions {@link #partitionBy} declared, each with {@code options}; none by default. */
    default List<String> partitionsOf(String table, String method, int parts, long[] upper, String options) {
        return List.of();
    }

    // --- tuning and server facts ---

    /** The session's transaction mode where the engine has several (TiDB's tidb_txn_mode); "" where it has one. */
    default String transactionMode(Connection c) throws SQLException {
        return "";
    }

    /**
     * {@code expr} as an operand of LIKE that compares case-sensitively: PostgreSQL's LIKE always does, so by default
     * the expression itself. CH-benCHmark's string predicates must match the same rows on every engine.
     */
    default String caseSensitive(String expr) {
        return expr;
    }

    /**
     * The statement that asks for {@code replicas} columnar replicas of a table, which analytic queries can read; null
     * when the engine has none to ask for (every engine but TiDB, whose TiFlash stores hold them).
     */
    default String columnarReplicas(String table, int replicas) {
        return null;
    }

    /** The statement that gathers a table's optimizer statistics (MySQL's, MariaDB's, TiDB's and OceanBase's form). */
    default String analyze(String table) {
        return "ANALYZE TABLE " + table;
    }

    /** The query that reads a session's transaction isolation from the server (not the driver's cached value). */
    default String isolationQuery() {
        return "SELECT @@transaction_isolation";
    }

    /**
     * The session's isolation as the server reports it, in one spelling for every engine: READ-COMMITTED,
     * REPEATABLE-READ, SERIALIZABLE (PostgreSQL's "read committed" becomes READ-COMMITTED).
     */
    default String isolation(Connection c) throws SQLException {
        try (java.sql.Statement st = c.createStatement(); java.sql.ResultSet rs = st.executeQuery(isolationQuery())) {
            rs.next();
            return rs.getString(1).trim().toUpperCase(java.util.Locale.ROOT).replace(' ', '-');
        }
    }

    /**
     * The TLS the session negotiated, as "off" or the protocol and cipher ("TLSv1.3 TLS_AES_256_GCM_SHA384"); the
     * MySQL protocol's session status variables Ssl_version and Ssl_cipher. "unknown" where the server does not say.
     */
    default String tls(Connection c) {
        try (java.sql.Statement st = c.createStatement(); java.sql.ResultSet rs = st.executeQuery("SHOW SESSION STATUS LIKE 'Ssl_%'")) {
            String version = "", cipher = "";
            while (rs.next()) {
                if (rs.getString(1).equalsIgnoreCase("Ssl_version")) version = rs.getString(2);
                if (rs.getString(1).equalsIgnoreCase("Ssl_cipher")) cipher = rs.getString(2);
            }
            return Terms.tls(version, cipher);
        } catch (SQLException e) {
            return "unknown";
        }
    }

    /** The engine's published benchmark settings that tune=true applies; per workload family. */
    default List<org.oltpbench.tune.Setting> tuningProfile(org.oltpbench.result.workload.Family family) {
        return List.of();
    }

    /** The wire protocol of this engine's servers: the family db=auto tells its engines apart in. */
    Protocol protocol();

    /**
     * Whether {@code server} is this dialect's engine. Detection (db=auto) asks the dialects of the server's protocol
     * in a fixed order, the more specific first ({@link Dialects#engineOf}); a db= that names another engine than the
     * one found is refused in one line.
     */
    boolean recognises(ServerIdentity server);

    /**
     * A variable only this engine's servers have, read by detection beside the version string (which a proxy in front
     * of the server may report as its own); null when the version string says enough.
     */
    default String markerVariable() {
        return null;
    }

    /** A query whose one value is the server's full version string, or null to ask the driver's metadata. */
    default String versionQuery() {
        return null;
    }

    /** The server's settings as a tuning profile reads and writes them. */
    default org.oltpbench.tune.ServerSettings settings(Connection c) {
        return new org.oltpbench.tune.GlobalVariables(c);
    }

    /** Key server variables (isolation, memory sizes, limits, durability) for result.json; absent ones left out. */
    default java.util.Map<String, String> serverFacts(Connection c) throws SQLException {
        return java.util.Map.of();
    }

    /**
     * The server's committed-transaction counter, read around each repeat to cross-check the client's count;
     * {@link CommitCounter#none} with the reason on an engine without one.
     */
    /**
     * The language of the engine's stored routines, for tpccMode=procedures; {@link ProcedureLanguage#NONE} when it has
     * none ({@link #noProcedures} says why).
     */
    default ProcedureLanguage procedureLanguage() {
        return ProcedureLanguage.NONE;
    }

    /** Why tpccMode=procedures cannot run here, as the refusal's one line; read only when the language is NONE. */
    default String noProcedures() {
        return name() + " has no stored routines oltpbench can create";
    }

    default CommitCounter commitCounter() {
        return CommitCounter.none(name() + " has no committed-transaction counter oltpbench reads");
    }

    /** Where this engine says its sessions are, and its table from those names to the wait classes (issue 45). */
    default SessionWaits sessionWaits() {
        return SessionWaits.none(name() + " has no session wait source oltpbench reads yet");
    }

    // --- sessions and limits ---

    /**
     * What dbPsMode=auto means for the largest level's {@code demand} (its connections per server, each preparing the
     * workload's statements): server-side prepared statements on every engine (sysbench's own default), unless this
     * engine caps them below that (MySQL's max_prepared_stmt_count over all sessions, OceanBase's open_cursors per
     * session); then client-side text, with one line saying why and how to compare on equal terms.
     */
    default AutoProtocol autoProtocol(Connection c, Demand demand) throws SQLException {
        return AutoProtocol.SERVER_PREPARED;
    }

    /**
     * Whether setup connections, and benchmark ones before {@link #autoProtocol} has seen the workload, use server-side
     * prepared statements under dbPsMode=auto. Only an engine with a cap says no: the probe that counts a workload's
     * statements must not trip the cap.
     */
    default boolean serverPreparedBeforeProbe() {
        return true;
    }

    /**
     * Session variables the config asks for on benchmark connections, name to SQL literal value; empty for none.
     * They reach the server through the driver's connection properties, not a SET statement: after a SET, MariaDB
     * Connector/J misreads OceanBase's session-state reply and its cached database name becomes garbage.
     */
    default java.util.Map<String, String> sessionVariables(org.oltpbench.config.Target.SessionParams session) {
        return java.util.Map.of();
    }

    /** Session variables of setup connections (prepare, check, cleanup); by default the benchmark sessions' ones. */
    default java.util.Map<String, String> setupSessionVariables(org.oltpbench.config.Target.SessionParams session) {
        return sessionVariables(session);
    }

    /**
     * The server limits below what the run needs, one line each with the setting to change; empty when it fits.
     * Read on a setup connection before the first level.
     */
    default List<String> limitProblems(Connection c, Demand demand) throws SQLException {
        return List.of();
    }

    /**
     * Statements to run after rows with explicit ids were loaded into an auto-increment table, so that
     * later inserts that let the engine pick the id do not collide (PostgreSQL's sequence does not follow).
     */
    default List<String> afterExplicitIdLoad(String table, String idColumn, boolean autoInc) {
        return List.of();
    }

    /** oltp_insert's INSERT when the engine picks the id: MySQL takes id 0 as "next value". */
    default String sysbenchAutoIdInsert(String table) {
        return "INSERT INTO " + table + " (id, k, c, pad) VALUES (0, ?, ?, ?)";
    }

    /**
     * The engine's bulk load path for tab-separated text rows (LOAD DATA LOCAL INFILE, COPY FROM STDIN),
     * or null when this engine or this server has none; loaders then use multi-row INSERTs.
     */
    default BulkSender bulkSender(Connection c, String table, List<String> columns) throws SQLException {
        return null;
    }

    /** What a failed connect means, for the one-line message and its fix. */
    enum ConnectProblem { ACCESS_DENIED, NO_DATABASE, UNREACHABLE, OTHER }

    /**
     * Classifies a failed connect by the SQL standard's SQLState classes (28: authorization, 3D000: no such catalog,
     * 08: connection); dialects add their engine's vendor codes.
     */
    default ConnectProblem connectProblem(SQLException e) {
        String state = e.getSQLState() == null ? "" : e.getSQLState();
        if (state.startsWith("28")) return ConnectProblem.ACCESS_DENIED;
        if (state.equals("3D000")) return ConnectProblem.NO_DATABASE;
        if (state.startsWith("08")) return ConnectProblem.UNREACHABLE;
        return ConnectProblem.OTHER;
    }

    /**
     * The statement that creates database {@code name}, which prepare runs when the server says it is absent (as
     * go-tpc, obd and mysqlslap create theirs): {@code CREATE DATABASE IF NOT EXISTS} on the MySQL family.
     */
    default String createDatabase(String name) {
        return "CREATE DATABASE IF NOT EXISTS " + name;
    }

    /** The database a connection names to create another one: none on the MySQL family. */
    default String serverDatabase() {
        return "";
    }

    /**
     * The cause and the fix of a server error that kept a level from starting (a limit reached, a table missing),
     * in the engine's own terms; null when the error's own message is the best there is.
     */
    default String explain(SQLException e) {
        return null;
    }

    /** Vendor error codes that mean the transaction may be retried. */
    Set<Integer> retryableCodes();

    /** SQLStates that mean the transaction may be retried. */
    default Set<String> retryableStates() {
        return Set.of("40001", "40P01");
    }

    /**
     * Queries (the first the server answers is used) whose rows are the lock waits on this server as (waiting session,
     * session it waits for), session ids as the driver gives them; empty where the engine cannot name who holds a
     * lock. The acid verb's proof that T2 waited for T1, not for a lock no open transaction holds.
     */
    default List<String> lockHolderQueries() {
        return List.of();
    }

    /**
     * A query whose first row's last column is the seconds since the server last came up from a crash (or, where the
     * engine cannot tell a crash from a clean restart, since it started), or null when the engine has none: with a cut
     * session, the durability test's proof that the crash happened (a crash command that exits 0 but kills nothing, or
     * only a proxy, leaves it growing). On TiDB and Klustron it is the SQL node's: a storage node's crash is not seen.
     */
    default String uptimeQuery() {
        return null;
    }

    /**
     * The acid verb's isolation tests (3.4.2.x, by clause) at {@code level} (as acidIsolation names it) whose FAILED
     * verdict this server cannot be held to, each with why (a store known to break the level below the SQL layer, not
     * the engine the user means to judge); empty by default. {@code c} is a session of the benchmark's.
     */
    default java.util.Map<String, String> acidNoJudgement(java.sql.Connection c, String level) throws SQLException {
        return java.util.Map.of();
    }

    /**
     * Why sessions at {@code level} (as acidIsolation names it) do not run at that level on this engine, which takes the
     * name and runs another (PostgreSQL's read uncommitted is read committed); null when the level is the engine's own.
     * {@code c} is a session of the benchmark's, for what the engine decides per session.
     */
    default String isolationRemapped(String level, java.sql.Connection c) throws SQLException {
        return null;
    }

    default ErrorClass classify(SQLException e) {
        String state = e.getSQLState();
        if (e instanceof java.sql.SQLRecoverableException
                || e instanceof java.sql.SQLNonTransientConnectionException
                || (state != null && state.startsWith("08"))
                || connectionLostCodes().contains(e.getErrorCode())
                || (state != null && connectionLostStates().contains(state))) {
            return ErrorClass.CONNECTION_LOST;
        }
        if (retryableCodes().contains(e.getErrorCode()) || (state != null && retryableStates().contains(state))) {
            return ErrorClass.RETRYABLE;
        }
        return ErrorClass.OTHER;
    }

    /**
     * Throws when a front end took the session but cannot serve it yet: a Galera node that is joining answers every
     * query with 1047 (WSREP has not yet prepared node for application use). Asked of each new benchmark session when
     * there are several front ends, so that failover and the prober pass over such a node until it serves.
     */
    default void ready(java.sql.Connection c) throws SQLException {
        try (java.sql.Statement st = c.createStatement()) {
            st.execute("SELECT 1");
        }
    }

    /**
     * Why the server behind {@code c} takes no writes (a replica, a standby), in the engine's words; null when it
     * takes them. A workload that writes is refused there in one line.
     */
    default String readOnlyReason(java.sql.Connection c) throws SQLException {
        return null;
    }

    /** How far the server behind {@code c} is behind its primary; null when it is not a replica. */
    default org.oltpbench.result.repeat.server.ReplicaLag replicaLag(java.sql.Connection c, String host) throws SQLException {
        return null;
    }

    /** Vendor codes that mean the connection is gone. */
    Set<Integer> connectionLostCodes();

    /** SQLStates besides class 08 that mean the server ended the session. */
    default Set<String> connectionLostStates() {
        return Set.of();
    }
}
