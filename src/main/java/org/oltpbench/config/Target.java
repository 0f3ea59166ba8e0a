package org.oltpbench.config;

import com.fasterxml.jackson.annotation.JsonIgnore;
import org.oltpbench.dialect.JdbcDriver;

/**
 * Where the benchmark connects and how its sessions are set up: what {@code db/} and the dialect need.
 *
 * @param db       the dialect's name (mysql, mariadb, oceanbase, tidb, klustron, postgres)
 * @param embedded start an embedded MariaDB and ignore conn and hosts
 * @param conn     a JDBC URL, its password redacted in result files; null when built from hosts
 * @param hosts    one host or a comma list of HOST[:PORT] front ends, used when conn is null
 * @param port     the port of hosts without one; 0 = the dialect's default
 * @param database the database (schema) name
 * @param user     the user name
 * @param password never written: result files hold none
 * @param driver   the JDBC driver class; null = the one the URL implies
 * @param psMode   statement protocol: auto (the dialect's choice), disable (client-side text), enable (server-side) or
 *                 extended (PostgreSQL's unnamed statements)
 * @param session  the session variables asked for
 * @param tune     apply the engine's published benchmark settings and restore them after the job
 * @param tls      whether the sessions encrypt their connections (ssl=)
 * @param detected whether db was read from the server (db=auto or pgsql); false in files written before it was recorded
 */
public record Target(String db, boolean embedded, String conn, String hosts, int port, String database, String user,
                     @JsonIgnore String password, String driver, String psMode, SessionParams session, boolean tune,
                     Tls tls, boolean detected) {

    public Target {
        if (tls == null) tls = Tls.DEFAULT;
    }

    /** A target whose engine is named by db= (or not yet read from the server). */
    public Target(String db, boolean embedded, String conn, String hosts, int port, String database, String user,
                  String password, String driver, String psMode, SessionParams session, boolean tune, Tls tls) {
        this(db, embedded, conn, hosts, port, database, user, password, driver, psMode, session, tune, tls, false);
    }

    /** This target as result files record it: the password dropped, a URL's password replaced by ***. */
    public Target redacted() {
        return new Target(db, embedded, conn == null ? null : JdbcDriver.redact(conn), hosts, port, database, user, null,
                driver, psMode, session, tune, tls, detected);
    }

    /** This target with the engine read from its server: db is that engine's dialect name. */
    public Target detectedAs(String engine) {
        return new Target(engine, embedded, conn, hosts, port, database, user, password, driver, psMode, session, tune, tls,
                true);
    }

    /**
     * Session variables that engine-specific keys ask for.
     *
     * @param obQueryTimeoutUs OceanBase ob_query_timeout in µs; 0 = the server's for benchmark sessions
     * @param obTrxTimeoutUs   OceanBase ob_trx_timeout in µs; 0 = the server's for benchmark sessions
     * @param tidbTxnMode      TiDB tidb_txn_mode: server (leave it), pessimistic or optimistic
     */
    /** @param isolation the sessions' isolation (isolation=; "server" or absent: the engine's default) */
    public record SessionParams(long obQueryTimeoutUs, long obTrxTimeoutUs, String tidbTxnMode, String isolation) {
        public static final SessionParams SERVER_DEFAULTS = new SessionParams(0, 0, "server", "server");

        public SessionParams(long obQueryTimeoutUs, long obTrxTimeoutUs, String tidbTxnMode) {
            this(obQueryTimeoutUs, obTrxTimeoutUs, tidbTxnMode, "server");
        }

        /** The isolation as a level. */
        public Isolation level() {
            return Isolation.of(isolation);
        }
    }
}
