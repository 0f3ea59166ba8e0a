package org.oltpbench.dialect;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.oltpbench.result.repeat.server.WaitClass;
import org.oltpbench.tune.GlobalVariables;
import org.oltpbench.tune.ServerSettings;
import org.oltpbench.tune.Setting;
import java.util.Set;
import org.oltpbench.config.Target.SessionParams;

/**
 * OceanBase 4.x in MySQL mode (directly on 2881, or through ODP/obproxy on 2883; users are user@tenant).
 * Partitioned tables may join a tablegroup and get LOCAL indexes. The server caps open cursors (server-side prepared
 * statements) per session with open_cursors (50), which TPC-C's statement set exceeds: dbPsMode=auto then falls back
 * to client-side text for that workload only (see {@link #autoProtocol}).
 */
public class OceanBaseDialect extends MySqlDialect {
    /** None read: InnoDB's views are MySQL's, and V$OB_LOCKS' holder was not matched to a session here. */
    @Override
    public java.util.List<String> lockHolderQueries() {
        return java.util.List.of();
    }

    /** 36000 s, in microseconds: the setup sessions' timeouts unless the config sets them. */
    static final long SETUP_TIMEOUT_US = 36_000_000_000L;

    /** A variable only OceanBase has: its presence tells OceanBase where a proxy reports MySQL's version. */
    private static final String MARKER = "ob_query_timeout";

    /**
     * OceanBase names itself in its version ("5.7.25-OceanBase-v4.2.1.2", seekdb's "5.7.25-OceanBase seekdb-v1.4.0.0")
     * and version comment ("OceanBase 4.3.5.3 seekdb ..."); its ob_ variables say it where a proxy reports MySQL's version.
     * An observer listens on 2881 (ODP/obproxy on 2883).
     */
    public OceanBaseDialect() {
        super("oceanbase", 2881, server -> server.says("OceanBase") || server.variables().contains(MARKER));
    }

    @Override
    public String markerVariable() {
        return MARKER;
    }

    @Override
    public String userHint() {
        return "; OceanBase users are user@tenant (e.g. root@test), and user@tenant#cluster through obproxy";
    }

    @Override
    public boolean serverPreparedBeforeProbe() {
        return false;
    }

    /**
     * Server-side prepared statements, as on the other engines, when open_cursors holds the workload's statements (all
     * sysbench presets at the default 50); client-side text, with the line that says so, when it does not (TPC-C).
     */
    @Override
    public AutoProtocol autoProtocol(Connection c, Demand demand) throws SQLException {
        AutoProtocol mysql = super.autoProtocol(c, demand);
        if (!mysql.serverPrepared()) return mysql;
        int statements = demand.statementsPerConnection();
        long cursors = ServerSettings.number(new GlobalVariables(c).parameter("open_cursors"));
        if (cursors < 0 || statements <= cursors) return AutoProtocol.SERVER_PREPARED;
        return new AutoProtocol(false, "statements: client-side text, because OceanBase's open_cursors=" + cursors
                + " caps a session's server-side statements below this workload's " + statements + "; the other engines use "
                + "server-side prepared statements, so give them dbPsMode=disable to compare on equal terms, or raise it "
                + "(ALTER SYSTEM SET open_cursors = " + 2L * statements + ")");
    }

    /** Engine clause, then {@code TABLEGROUP = tg} for partitioned tables, then the partition clause. */
    @Override
    public String tableOptions(Layout layout, String partitionColumn) {
        String group = layout.tablegroup() != null && layout.partitions(partitionColumn) ? "TABLEGROUP = " + layout.tablegroup() : "";
        return join(engineClause(layout), group, partitionClause(layout, partitionColumn));
    }

    @Override
    public String indexOptions(boolean partitioned) {
        return partitioned ? " LOCAL" : "";
    }

    @Override
    public String createTablegroup(String name) {
        return "CREATE TABLEGROUP " + name;
    }

    @Override
    public String dropTablegroup(String name) {
        return "DROP TABLEGROUP IF EXISTS " + name;
    }

    /** seekdb answers CREATE TABLEGROUP with a syntax error (1064); OceanBase CE accepts it. */
    @Override
    public boolean tablegroupUnsupported(SQLException e) {
        return e.getErrorCode() == 1064;
    }

    /** ob_query_timeout and ob_trx_timeout, in microseconds, when the config sets them. */
    @Override
    public Map<String, String> sessionVariables(SessionParams session) {
        Map<String, String> vars = new java.util.LinkedHashMap<>();
        if (session.obQueryTimeoutUs() > 0) vars.put("ob_query_timeout", String.valueOf(session.obQueryTimeoutUs()));
        if (session.obTrxTimeoutUs() > 0) vars.put("ob_trx_timeout", String.valueOf(session.obTrxTimeoutUs()));
        return vars;
    }

    /**
     * Loading and indexing run statements far longer than the default 10 s ob_query_timeout (obd's loads set
     * 36000 s too): setup connections get the configured timeouts, or 36000 s.
     */
    @Override
    public Map<String, String> setupSessionVariables(SessionParams session) {
        long query = session.obQueryTimeoutUs() > 0 ? session.obQueryTimeoutUs() : SETUP_TIMEOUT_US;
        long trx = session.obTrxTimeoutUs() > 0 ? session.obTrxTimeoutUs() : SETUP_TIMEOUT_US;
        return Map.of("ob_query_timeout", String.valueOf(query), "ob_trx_timeout", String.valueOf(trx));
    }

    /** The MySQL limits, plus open_cursors: server-side statements a single session may hold. */
    @Override
    public List<String> limitProblems(Connection c, Demand demand) throws SQLException {
        List<String> problems = new ArrayList<>(super.limitProblems(c, demand));
        long cursors = ServerSettings.number(new GlobalVariables(c).parameter("open_cursors"));
        if (demand.serverPrepared() && cursors >= 0 && demand.statementsPerConnection() > cursors) {
            problems.add("OceanBase allows open_cursors=" + cursors + " per session but each connection prepares "
                    + demand.statementsPerConnection() + " statements; set dbPsMode=auto (client-side statements) or raise it "
                    + "(ALTER SYSTEM SET open_cursors = " + demand.statementsPerConnection() * 2 + ")");
        }
        return problems;
    }

    /**
     * obd's settings for its sysbench and TPC-C tests: audit, perf events and trace logging off, quieter logs,
     * long query and transaction timeouts, a large packet and SQL work area. seekdb lacks some parameters.
     */
    @Override
    public List<Setting> tuningProfile(org.oltpbench.result.workload.Family family) {
        return List.of(Setting.parameter("enable_sql_audit", "false"), Setting.parameter("enable_perf_event", "false"),
                Setting.parameter("enable_record_trace_log", "false"), Setting.parameter("syslog_level", "ERROR"),
                Setting.variable("ob_query_timeout", "36000000000"), Setting.variable("ob_trx_timeout", "36000000000"),
                Setting.limit("max_allowed_packet", "67108864"), Setting.variable("ob_sql_work_area_percentage", "100"));
    }

    @Override
    protected List<String> factVariables() {
        return List.of("version_comment", "tx_isolation", "ob_query_timeout", "ob_trx_timeout", "max_allowed_packet",
                "ob_sql_work_area_percentage", "ob_compatibility_mode");
    }

    /** The variables, plus the cluster parameters that size and slow the server. */
    @Override
    public Map<String, String> serverFacts(Connection c) throws SQLException {
        Map<String, String> facts = new java.util.TreeMap<>(super.serverFacts(c));
        GlobalVariables server = new GlobalVariables(c);
        for (String p : List.of("memory_limit", "cpu_count", "open_cursors", "enable_sql_audit", "syslog_level")) {
            String v = server.parameter(p);
            if (v != null) facts.put(p, v);
        }
        return facts;
    }


    /**
     * Adds OceanBase's MySQL-mode codes: 6002 (transaction rolled back: killed, needs rollback, idle timeout),
     * 6005 (row lock conflict), 6210 (transaction timeout), 4012 (statement timeout), 4038 (not leader), 6235 (can't
     * serialize access for this transaction: repeatable read's and serializable's first-updater-wins, SQLState 25000).
     */
    @Override
    public Set<Integer> retryableCodes() {
        return Set.of(1213, 1205, 1020, 6002, 6005, 6210, 4012, 4038, 6235);
    }

    /**
     * OceanBase's (and seekdb's) processlist of this server, V$OB_PROCESSLIST, with V$OB_LOCKS for the sessions blocked
     * on a row lock (BLOCK = 1; seekdb 1.x measured: the waiter's row there, RETRY_INFO -6005 on its processlist row,
     * the holder's rows with BLOCK = 0). Its active session history (GV$OB_ACTIVE_SESSION_HISTORY, sampled by the server
     * once a second, with wait classes) is not read: seekdb has none, and a history needs reading apart from a view of
     * now. So locks and a client's idle open transactions are told apart; any other active session is CPU, whatever it
     * waits on inside the server (reads, commit, other nodes), as stated beside the figures.
     */
    @Override
    public SessionWaits sessionWaits() {
        return PROCESSLIST_WAITS;
    }

    private static final SessionWaits PROCESSLIST_WAITS = SessionWaits.of("V$OB_PROCESSLIST and V$OB_LOCKS", List.of("""
            SELECT p.ID, p.COMMAND,
                   CASE WHEN EXISTS (SELECT 1 FROM oceanbase.V$OB_LOCKS l WHERE l.SESSION_ID = p.ID AND l.BLOCK = 1)
                        THEN 'LOCK WAIT' ELSE p.TRANS_STATE END,
                   p.STATE, NULL
            FROM oceanbase.V$OB_PROCESSLIST p
            WHERE p.DB = DATABASE() AND p.ID <> CONNECTION_ID()""", MySqlDialect.PROCESSLIST_ONLY),
            OceanBaseDialect::processlistWait);

    /**
     * A processlist row's wait (state = COMMAND, waitClass = "LOCK WAIT" or TRANS_STATE, event = STATE): a blocked
     * session is a row lock; a Sleep inside a transaction (a TRANS_STATE given) the client; a running Query CPU.
     */
    static SessionWaits.Wait processlistWait(SessionWaits.Row row) {
        if ("LOCK WAIT".equals(row.waitClass())) return new SessionWaits.Wait(WaitClass.LOCK, "row lock (V$OB_LOCKS BLOCK)");
        String trx = row.waitClass() == null ? "" : row.waitClass().strip();
        if ("Sleep".equalsIgnoreCase(row.state())) {
            return trx.isEmpty() ? null : new SessionWaits.Wait(WaitClass.CLIENT, "Sleep in a transaction (" + trx + ")");
        }
        if (!"Query".equalsIgnoreCase(row.state())) return null;
        String st = row.event() == null || row.event().isBlank() ? "ACTIVE" : row.event();
        return new SessionWaits.Wait(WaitClass.CPU, st);
    }

    @Override
    public CommitCounter commitCounter() {
        // measured on seekdb 1.4.0: no GV$SYSSTAT, V$SYSSTAT or __all_virtual_sysstat, and information_schema.GLOBAL_STATUS
        // holds only Threads_connected and Uptime
        return CommitCounter.none("oceanbase: seekdb has no GV$SYSSTAT, where a full OceanBase keeps its 'trans commit count' "
                + "and 'trans rollback count' per tenant, and its global status holds only Threads_connected and Uptime; a full "
                + "OceanBase was not at hand to prove that reading, so no server count is read");
    }

    /** OceanBase's MySQL mode names it tx_isolation. */
    @Override
    public String isolationQuery() {
        return "SELECT @@tx_isolation";
    }
}
