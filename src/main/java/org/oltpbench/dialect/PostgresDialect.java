package org.oltpbench.dialect;

import java.util.List;
import java.util.Map;
import java.util.Set;

/** PostgreSQL over pgjdbc. */
public class PostgresDialect implements Dialect {
    @Override
    public String name() {
        return "postgres";
    }

    @Override
    public String driverClass() {
        return "org.postgresql.Driver";
    }

    @Override
    public int defaultPort() {
        return 5432;
    }

    @Override
    public String jdbcUrl(String host, int port, String database) {
        return "jdbc:postgresql://" + host + ":" + (port == 0 ? defaultPort() : port) + "/" + database;
    }

    /** Server-side prepare from the first execution (prepareThreshold=1) or never (0); batched inserts rewritten. */
    @Override
    public Map<String, String> connectionProperties(boolean serverPrepared) {
        return Map.of("prepareThreshold", serverPrepared ? "1" : "0",
                "reWriteBatchedInserts", "true",
                "tcpKeepAlive", "true",
                "connectTimeout", "10");
    }

    @Override
    public String sysbenchIdColumn(boolean autoInc) {
        return autoInc ? "SERIAL" : "INTEGER NOT NULL";
    }

    @Override
    public String sysbenchTableOptions(String storageEngine) {
        return "";
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

    @Override
    public String createDatabaseIfAbsent(String database) {
        return "CREATE DATABASE " + database;
    }
}
