package org.oltpbench.dialect;

import java.sql.Connection;
import java.sql.SQLException;
import org.oltpbench.db.JdbcDriver;
import org.oltpbench.db.load.TextSink;
import java.util.List;
import java.util.Set;

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

    /** A URL for the dialect's driver; port 0 means the engine's default port. */
    default String jdbcUrl(String host, int port, String database) {
        return driver().scheme() + "//" + host + ":" + (port == 0 ? defaultPort() : port) + "/" + database;
    }

    /** sysbench's id column type: AUTO_INCREMENT on the MySQL family, SERIAL on PostgreSQL. */
    String sysbenchIdColumn(boolean autoInc);

    /** A surrogate integer key the engine fills: BenchmarkSQL's bmsql_history.hist_id. */
    String autoIncrementKey();

    /** Table options after the closing parenthesis of sysbench's CREATE TABLE. */
    String sysbenchTableOptions(String storageEngine);

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
    default TextSink.Sender bulkSender(Connection c, String table, List<String> columns) throws SQLException {
        return null;
    }

    /** Vendor error codes that mean the transaction may be retried. */
    Set<Integer> retryableCodes();

    /** SQLStates that mean the transaction may be retried. */
    default Set<String> retryableStates() {
        return Set.of("40001", "40P01");
    }

    default ErrorClass classify(SQLException e) {
        String state = e.getSQLState();
        if (e instanceof java.sql.SQLRecoverableException
                || e instanceof java.sql.SQLNonTransientConnectionException
                || (state != null && state.startsWith("08"))
                || connectionLostCodes().contains(e.getErrorCode())) {
            return ErrorClass.CONNECTION_LOST;
        }
        if (retryableCodes().contains(e.getErrorCode()) || (state != null && retryableStates().contains(state))) {
            return ErrorClass.RETRYABLE;
        }
        return ErrorClass.OTHER;
    }

    /** Vendor codes that mean the connection is gone. */
    Set<Integer> connectionLostCodes();
}
