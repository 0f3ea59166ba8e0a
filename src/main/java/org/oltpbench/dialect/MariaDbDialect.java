package org.oltpbench.dialect;

/** MariaDB 10.x/11.x: the MySQL family with MariaDB's own name; same driver and SQL. */
public class MariaDbDialect extends MySqlDialect {
    /** "10.11.19-MariaDB-0+deb12u1", "11.4.5-MariaDB": MariaDB names itself in its version. */
    public MariaDbDialect() {
        super("mariadb", 3306, server -> server.version().contains("MariaDB"));
    }

    /**
     * MySQL's processlist rows; the table of a lock wait from INNODB_LOCKS (MariaDB has no performance_schema.data_locks,
     * and its performance_schema is off by default); InnoDB's pending reads as MySQL's.
     */
    @Override
    public SessionWaits sessionWaits() {
        return WAITS;
    }

    private static final SessionWaits WAITS = PROCESSLIST_WAITS.withQueries(java.util.List.of(INNODB_LOCKS, NO_LOCK_TABLE));

    /** MariaDB 10.11 names it tx_isolation (transaction_isolation came with 11.1). */
    @Override
    public String isolationQuery() {
        return "SELECT @@tx_isolation";
    }
}
