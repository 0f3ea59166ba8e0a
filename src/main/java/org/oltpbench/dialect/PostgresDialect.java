package org.oltpbench.dialect;

import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import org.oltpbench.db.JdbcDriver;
import org.oltpbench.db.load.TextSink;
import org.postgresql.PGConnection;
import java.util.Set;

/** PostgreSQL over pgjdbc. */
public class PostgresDialect implements Dialect {
    @Override
    public String name() {
        return "postgres";
    }

    @Override
    public JdbcDriver driver() {
        return JdbcDriver.POSTGRES;
    }

    @Override
    public int defaultPort() {
        return 5432;
    }

    @Override
    public String sysbenchIdColumn(boolean autoInc) {
        return autoInc ? "SERIAL" : "INTEGER NOT NULL";
    }

    @Override
    public String autoIncrementKey() {
        return "serial primary key";
    }

    @Override
    public String sysbenchTableOptions(String storageEngine) {
        return "";
    }

    /** COPY ... FROM STDIN in text format. */
    @Override
    public TextSink.Sender bulkSender(Connection c, String table, List<String> columns) throws SQLException {
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

    @Override
    public Set<Integer> retryableCodes() {
        return Set.of();
    }

    @Override
    public Set<Integer> connectionLostCodes() {
        return Set.of();
    }

}
