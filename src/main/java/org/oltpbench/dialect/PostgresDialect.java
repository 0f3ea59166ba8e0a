package org.oltpbench.dialect;

import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import org.oltpbench.result.repeat.server.WaitClass;
import org.oltpbench.tune.ServerSettings;
import org.postgresql.PGConnection;
import java.util.Set;
import java.util.function.Predicate;

/** PostgreSQL over pgjdbc. */
public class PostgresDialect extends NamedDialect {
    /** The PostgreSQL protocol's base: any server of it that no more specific dialect recognises. */
    public PostgresDialect() {
        this("postgres", server -> true);
    }

    /** An engine of the PostgreSQL family: its {@code db=} name and how it is told from its server. */
    protected PostgresDialect(String name, Predicate<ServerIdentity> recognises) {
        super(name, Protocol.POSTGRESQL, JdbcDriver.POSTGRES, 5432, recognises);
    }

    @Override
    public String analyze(String table) {
        return "ANALYZE " + table;
    }

    @Override
    public String autoIncrementColumn() {
        return "serial";
    }

    /** Declarative hash partitioning; the partitions themselves come from {@link #afterCreateTable}. */
    @Override
    public String tableOptions(Layout layout, String partitionColumn) {
        return layout.partitions(partitionColumn) ? "PARTITION BY HASH (" + partitionColumn + ")" : "";
    }

    /** One table per hash partition: {@code <table>_p<i>}, MODULUS partitions, REMAINDER i. */
    @Override
    public List<String> afterCreateTable(String table, Layout layout, String partitionColumn) {
        if (!layout.partitions(partitionColumn)) return List.of();
        List<String> parts = new java.util.ArrayList<>();
        for (int i = 0; i < layout.partitions(); i++) {
            parts.add("CREATE TABLE " + table + "_p" + i + " PARTITION OF " + table + " FOR VALUES WITH (MODULUS "
                    + layout.partitions() + ", REMAINDER " + i + ")");
        }
        return parts;
    }

    @Override
    public String fillFactor(int percent) {
        return "WITH (fillfactor=" + percent + ")";
    }

    @Override
    public boolean primaryKeysAfterLoad() {
        return true;
    }

    @Override
    public String endTransaction() {
        return "END";
    }

    @Override
    public boolean preparesTransactionControl() {
        return true;
    }

    @Override
    public String vacuumAnalyze(String table) {
        return "VACUUM ANALYZE " + table;
    }

    /** Declarative partitioning; the partitions are tables of their own ({@link #partitionsOf}). */
    @Override
    public String partitionBy(String column, String method, int parts, long[] upper) {
        return "PARTITION BY " + method.toUpperCase(java.util.Locale.ROOT) + " (" + column + ")";
    }

    /** pgbench's: {@code <table>_1 .. _N}, the first range from MINVALUE, the last to MAXVALUE. */
    @Override
    public List<String> partitionsOf(String table, String method, int parts, long[] upper, String options) {
        List<String> out = new java.util.ArrayList<>();
        for (int i = 0; i < parts; i++) {
            String bounds = method.equals("hash") ? "WITH (MODULUS " + parts + ", REMAINDER " + i + ")"
                    : "FROM (" + (i == 0 ? "MINVALUE" : String.valueOf(upper[i - 1])) + ") TO ("
                    + (i == parts - 1 ? "MAXVALUE" : String.valueOf(upper[i])) + ")";
            out.add("CREATE TABLE " + table + "_" + (i + 1) + " PARTITION OF " + table + " FOR VALUES " + bounds
                    + (options.isEmpty() ? "" : " " + options));
        }
        return out;
    }

    /** PostgreSQL's benchmark settings need a restart; tune=true changes nothing here. */
    @Override
    public ServerSettings settings(Connection c) {
        return null;
    }

    @Override
    public java.util.Map<String, String> serverFacts(Connection c) throws SQLException {
        java.util.Map<String, String> facts = new java.util.TreeMap<>();
        for (String s : List.of("server_version", "default_transaction_isolation", "shared_buffers", "work_mem", "max_connections",
                "synchronous_commit", "fsync", "wal_level")) {
            String v = show(c, s);
            if (v != null) facts.put(s, v);
        }
        return facts;
    }

    /** max_connections less the superuser-reserved slots, against the connections of the largest level. */
    @Override
    public List<String> limitProblems(Connection c, Demand demand) throws SQLException {
        long max = ServerSettings.number(show(c, "max_connections"));
        long reserved = Math.max(0, ServerSettings.number(show(c, "superuser_reserved_connections")));
        if (max < 0 || demand.connections() <= max - reserved) return List.of();
        return List.of("the server allows max_connections=" + max + " (" + reserved + " reserved for superusers) but the run opens "
                + demand.connections() + " connections; raise max_connections in postgresql.conf to at least "
                + (demand.connections() + reserved + 10) + " and restart the server, or lower threads");
    }

    /** SHOW setting, or null when the server has no such setting. */
    private static String show(Connection c, String setting) throws SQLException {
        try (java.sql.Statement st = c.createStatement(); java.sql.ResultSet rs = st.executeQuery("SHOW " + setting)) {
            return rs.next() ? rs.getString(1) : null;
        } catch (SQLException e) {
            if ("42704".equals(e.getSQLState())) return null;
            throw e;
        }
    }

    /** COPY ... FROM STDIN in text format. */
    @Override
    public BulkSender bulkSender(Connection c, String table, List<String> columns) throws SQLException {
        if (!c.isWrapperFor(PGConnection.class)) return null;
        PGConnection pg = c.unwrap(PGConnection.class);
        String sql = "COPY " + table + " (" + String.join(", ", columns) + ") FROM STDIN";
        return (rows, n) -> {
            try {
                pg.getCopyAPI().copyIn(sql, rows);
            } catch (IOException e) {
                throw new SQLException("COPY into " + table + " failed: " + e.getMessage(), e);
            }
        };
    }

    /** SERIAL fills id when the column is left out. */
    @Override
    public String sysbenchAutoIdInsert(String table) {
        return "INSERT INTO " + table + " (k, c, pad) VALUES (?, ?, ?)";
    }

    /** SERIAL's sequence does not move when ids are given explicitly. */
    @Override
    public List<String> afterExplicitIdLoad(String table, String idColumn, boolean autoInc) {
        if (!autoInc) return List.of();
        return List.of("SELECT setval(pg_get_serial_sequence('" + table + "', '" + idColumn + "'), "
                + "(SELECT COALESCE(MAX(" + idColumn + "), 1) FROM " + table + "))");
    }

    /** PostgreSQL has no IF NOT EXISTS here; it runs only when the database is absent. */
    @Override
    public String createDatabase(String name) {
        return "CREATE DATABASE " + name;
    }

    /** The database every cluster has, to connect to when another is absent. */
    @Override
    public String serverDatabase() {
        return "postgres";
    }

    /** 28P01 password authentication failed; the rest by SQLState class. */
    @Override
    public ConnectProblem connectProblem(SQLException e) {
        if ("28P01".equals(e.getSQLState())) return ConnectProblem.ACCESS_DENIED;
        return anyEngine(e);
    }

    /** 53300 too many connections, 42P01 no such table. */
    @Override
    public String explain(SQLException e) {
        String state = e.getSQLState() == null ? "" : e.getSQLState();
        return switch (state) {
            case "53300" -> "the server refuses more connections; raise max_connections (postgresql.conf, restart) or lower threads";
            case "42P01" -> "a table is missing (" + org.oltpbench.util.Text.firstLine(e.getMessage()) + "); run prepare";
            default -> null;
        };
    }

    /**
     * pg_stat_activity's state, wait_event_type and wait_event (PostgreSQL 15's names, "Wait Event" tables of the
     * monitoring chapter): active without a wait is CPU; idle in a transaction is the client; a wait by its type, with
     * the WAL's writes and flushes (IO:WALSync, IO:WALWrite, LWLock:WALWrite, LWLock:WALInsert) as the commit's, a
     * relation's extension as a latch, IPC:SyncRep (a synchronous standby's acknowledgement) as another node, and of
     * the IO waits only the reads of pages (IO:DataFileRead, and IPC:BufferIO: another backend's read of the same page)
     * as data reads.
     */
    @Override
    public String isolationRemapped(String level, java.sql.Connection c) {
        return level.equals("read-uncommitted") ? "PostgreSQL runs read uncommitted as read committed (its documentation's "
                + "transaction isolation table)" : null;
    }

    @Override
    public SessionWaits sessionWaits() {
        return WAITS;
    }

    /** wait_event_type to its class, then "type:event" where one event of the type is classed otherwise. */
    private static final java.util.Map<String, WaitClass> WAIT_TABLE = java.util.Map.ofEntries(
            java.util.Map.entry("lock", WaitClass.LOCK),
            java.util.Map.entry("lock:extend", WaitClass.LATCH),
            java.util.Map.entry("lock:frozenid", WaitClass.LATCH),
            java.util.Map.entry("lwlock", WaitClass.LATCH),
            java.util.Map.entry("bufferpin", WaitClass.LATCH),
            java.util.Map.entry("lwlock:walwrite", WaitClass.COMMIT),
            java.util.Map.entry("lwlock:walinsert", WaitClass.COMMIT),
            java.util.Map.entry("lwlock:walbufmapping", WaitClass.COMMIT),
            // of the IO type only the reads of data pages are data reads: extending, writing out dirty buffers, a
            // sort's temporary files are not the working set against the cache (other: shown, never a verdict)
            java.util.Map.entry("io", WaitClass.OTHER),
            java.util.Map.entry("io:datafileread", WaitClass.IO),
            java.util.Map.entry("io:datafileprefetch", WaitClass.IO),
            java.util.Map.entry("io:slruread", WaitClass.IO),
            java.util.Map.entry("io:relationmapread", WaitClass.IO),
            // waiting for another backend's read of the same page: IPC:BufferIO from PostgreSQL 14, LWLock before
            java.util.Map.entry("ipc:bufferio", WaitClass.IO),
            java.util.Map.entry("lwlock:bufferio", WaitClass.IO),
            java.util.Map.entry("lwlock:buffer_io", WaitClass.IO),
            java.util.Map.entry("io:walsync", WaitClass.COMMIT),
            java.util.Map.entry("io:walwrite", WaitClass.COMMIT),
            java.util.Map.entry("io:walinitsync", WaitClass.COMMIT),
            java.util.Map.entry("io:walinitwrite", WaitClass.COMMIT),
            java.util.Map.entry("ipc:syncrep", WaitClass.NETWORK),
            java.util.Map.entry("client:clientread", WaitClass.CLIENT),
            java.util.Map.entry("client:clientwrite", WaitClass.CLIENT));

    /**
     * The client backends of this database but the monitor's; a session waiting on a lock names the relation of the
     * lock it waits for where that lock has one (a tuple or relation lock; a transactionid wait names none).
     */
    private static final SessionWaits WAITS = SessionWaits.of("pg_stat_activity", java.util.List.of("""
            SELECT a.pid, a.state, a.wait_event_type, a.wait_event,
                   CASE WHEN a.wait_event_type = 'Lock' THEN (SELECT l.relation::regclass::text FROM pg_locks l
                        WHERE l.pid = a.pid AND NOT l.granted AND l.relation IS NOT NULL LIMIT 1) END
            FROM pg_stat_activity a
            WHERE a.datname = current_database() AND a.pid <> pg_backend_pid() AND a.backend_type = 'client backend'"""),
            PostgresDialect::activityWait);

    /** A pg_stat_activity row's wait; null for an idle session (or one whose state is not shown). */
    static SessionWaits.Wait activityWait(SessionWaits.Row row) {
        String state = row.state();
        if (state == null || state.equals("idle") || state.equals("disabled")) return null;
        if (state.startsWith("idle in transaction")) {
            return new SessionWaits.Wait(WaitClass.CLIENT, state);
        }
        if (row.waitClass() == null) return new SessionWaits.Wait(WaitClass.CPU, "CPU");
        String type = row.waitClass(), name = type + ":" + row.event();
        var byType = SessionWaits.lookup(WAIT_TABLE, type, WaitClass.OTHER);
        return new SessionWaits.Wait(SessionWaits.lookup(WAIT_TABLE, name, byType), name);
    }

    /** Each backend of this database and the backends it waits for (pg_blocking_pids). */
    @Override
    public java.util.List<String> lockHolderQueries() {
        return java.util.List.of("SELECT pid, unnest(pg_blocking_pids(pid)) FROM pg_stat_activity WHERE datname = current_database()");
    }

    /**
     * Seconds since the server last recovered from a crash: the shared statistics' reset time, which crash recovery
     * sets (a killed backend's included, the postmaster kept) and a clean shutdown's restart keeps (pg_stat_bgwriter's
     * stats_reset: a review's probe, a backend killed with SIGKILL on PostgreSQL 15, moved it to the recovery).
     */
    @Override
    public String uptimeQuery() {
        return "SELECT extract(epoch FROM now() - stats_reset)::bigint FROM pg_stat_bgwriter";
    }

    /**
     * pg_stat_database.xact_commit of the benchmark's database: every committed transaction, autocommitted
     * statements included. A session's statistics reach it when the session goes idle or ends.
     */

    @Override
    public ProcedureLanguage procedureLanguage() {
        return ProcedureLanguage.PLPGSQL;
    }

    @Override
    public String dateTimeType() {
        return "timestamp";
    }

    @Override
    public CommitCounter commitCounter() {
        return COMMITS;
    }

    /**
     * TPM (HammerDB's xact_commit + xact_rollback) is read as xact_commit alone: the wait sampler's reads, 8 a second,
     * are each a transaction rolled back in this database (so that xact_commit stays the benchmark's), which would
     * count in xact_rollback; the benchmark's own rollbacks it leaves out are TPC-C's 1% of New-Orders and failures.
     */
    private static final CommitCounter COMMITS = CommitCounter.of("pg_stat_database.xact_commit", true, c -> databaseStat(c, "xact_commit"))
            .withTransactions("xact_commit (xact_rollback left out: it holds oltpbench's monitor reads)", c -> databaseStat(c, "xact_commit"))
            .publishedLate(1.0);

    /**
     * {@code expr} of pg_stat_database's row for the benchmark's database, read inside a transaction that is rolled
     * back, so reading adds nothing to xact_commit (one to xact_rollback); the snapshot of the statistics is cleared
     * first (stats_fetch_consistency may cache it).
     */
    private static long databaseStat(java.sql.Connection c, String expr) throws java.sql.SQLException {
        boolean auto = c.getAutoCommit();
        c.setAutoCommit(false);
        try (java.sql.Statement st = c.createStatement()) {
            st.execute("SELECT pg_stat_clear_snapshot()");
            try (java.sql.ResultSet rs = st.executeQuery("SELECT " + expr + " FROM pg_stat_database WHERE datname = current_database()")) {
                return rs.next() ? rs.getLong(1) : -1;
            }
        } finally {
            c.rollback();
            c.setAutoCommit(auto);
        }
    }

    @Override
    public Set<Integer> retryableCodes() {
        return Set.of();
    }

    @Override
    public Set<Integer> connectionLostCodes() {
        return Set.of();
    }

    /**
     * The server ended the session: 57P01 admin_shutdown (pg_terminate_backend, a fast shutdown), 57P02
     * crash_shutdown, 57P03 cannot_connect_now (still starting). The terminal reconnects.
     */
    @Override
    public Set<String> connectionLostStates() {
        return Set.of("57P01", "57P02", "57P03");
    }

    /** PostgreSQL shows it as a setting, in lower case with a space. */
    @Override
    public String isolationQuery() {
        return "SHOW transaction_isolation";
    }

    /** pg_stat_ssl's row of this backend. */
    @Override
    public String tls(Connection c) {
        try (java.sql.Statement st = c.createStatement(); java.sql.ResultSet rs = st.executeQuery(
                "SELECT ssl, version, cipher FROM pg_stat_ssl WHERE pid = pg_backend_pid()")) {
            if (!rs.next()) return "unknown";
            return rs.getBoolean(1) ? org.oltpbench.result.run.Terms.tls(rs.getString(2), rs.getString(3)) : "off";
        } catch (SQLException e) {
            return "unknown";
        }
    }

    /** A standby (pg_is_in_recovery) takes no writes. */
    @Override
    public String readOnlyReason(Connection c) throws SQLException {
        try (java.sql.Statement st = c.createStatement(); java.sql.ResultSet rs = st.executeQuery("SELECT pg_is_in_recovery()")) {
            return rs.next() && rs.getBoolean(1) ? "a standby in recovery (pg_is_in_recovery() = true)" : null;
        }
    }

    /**
     * On a standby: now() less the last replayed transaction's commit time (it grows while the primary is idle; read
     * right after a level it is the replay delay), and the WAL bytes received but not yet replayed.
     */
    @Override
    public org.oltpbench.result.repeat.server.ReplicaLag replicaLag(Connection c, String host) throws SQLException {
        try (java.sql.Statement st = c.createStatement(); java.sql.ResultSet rs = st.executeQuery(
                "SELECT pg_is_in_recovery(), EXTRACT(EPOCH FROM now() - pg_last_xact_replay_timestamp()), "
                        + "pg_wal_lsn_diff(pg_last_wal_receive_lsn(), pg_last_wal_replay_lsn())")) {
            if (!rs.next() || !rs.getBoolean(1)) return null;
            double secs = rs.getDouble(2);
            boolean none = rs.wasNull();
            long bytes = rs.getLong(3);
            boolean noBytes = rs.wasNull();
            // everything received is replayed: caught up, whatever the age of the last transaction (an idle primary)
            if (!noBytes && bytes == 0) return new org.oltpbench.result.repeat.server.ReplicaLag(host, 0, 0);
            return new org.oltpbench.result.repeat.server.ReplicaLag(host, none ? -1 : Math.max(0, secs), noBytes ? -1 : bytes);
        }
    }
}
