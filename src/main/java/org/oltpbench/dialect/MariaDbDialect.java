package org.oltpbench.dialect;

/** MariaDB 10.x/11.x: the MySQL family with MariaDB's own name; same driver and SQL. */
public class MariaDbDialect extends MySqlDialect {
    @Override
    public String name() {
        return "mariadb";
    }

    /** "10.11.19-MariaDB-0+deb12u1", "11.4.5-MariaDB": MariaDB names itself in its version. */
    @Override
    public boolean recognises(ServerIdentity server) {
        return server.version().contains("MariaDB");
    }

    /** MariaDB 10.11 names it tx_isolation (transaction_isolation came with 11.1). */
    /**
     * MySQL's processlist rows; the table of a lock wait from INNODB_LOCKS (MariaDB has no performance_schema.data_locks,
     * and its performance_schema is off by default).
     */
    @Override
    public SessionWaits sessionWaits() {
        return WAITS;
    }

    private static final SessionWaits WAITS = PROCESSLIST_WAITS.withSql("""
            SELECT p.ID, p.COMMAND, t.trx_state, p.STATE,
                   CASE WHEN t.trx_state = 'LOCK WAIT' THEN (SELECT l.lock_table FROM information_schema.INNODB_LOCKS l
                        WHERE l.lock_id = t.trx_requested_lock_id LIMIT 1) END
            FROM information_schema.PROCESSLIST p LEFT JOIN information_schema.INNODB_TRX t ON t.trx_mysql_thread_id = p.ID
            WHERE p.DB = DATABASE() AND p.ID <> CONNECTION_ID()""");

    @Override
    public String isolationQuery() {
        return "SELECT @@tx_isolation";
    }
}
