package org.oltpbench.dialect;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/** MySQL 5.7/8.x over mysql-connector-j; the base of the MySQL-protocol family. */
public class MySqlDialect implements Dialect {

    @Override
    public String name() {
        return "mysql";
    }

    @Override
    public String driverClass() {
        return "com.mysql.cj.jdbc.Driver";
    }

    @Override
    public int defaultPort() {
        return 3306;
    }

    @Override
    public String jdbcUrl(String host, int port, String database) {
        return "jdbc:mysql://" + host + ":" + (port == 0 ? defaultPort() : port) + "/" + database;
    }

    /**
     * mysql-connector-j tuned for a load generator: maxPerformance (cached server config, local session
     * state, no redundant SET autocommit), a per-connection cache of server-side prepared statements,
     * and rewritten batches for the loader.
     */
    @Override
    public Map<String, String> connectionProperties(boolean serverPrepared) {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("useConfigs", "maxPerformance");
        p.put("useServerPrepStmts", String.valueOf(serverPrepared));
        p.put("cachePrepStmts", "true");
        p.put("prepStmtCacheSize", "512");
        p.put("prepStmtCacheSqlLimit", "8192");
        p.put("rewriteBatchedStatements", "true");
        p.put("allowLoadLocalInfile", "true");
        p.put("useSSL", "false");
        p.put("allowPublicKeyRetrieval", "true");
        p.put("tcpNoDelay", "true");
        p.put("connectTimeout", "10000");
        return p;
    }

    @Override
    public String sysbenchIdColumn(boolean autoInc) {
        return autoInc ? "INTEGER NOT NULL AUTO_INCREMENT" : "INTEGER NOT NULL";
    }

    @Override
    public String sysbenchTableOptions(String storageEngine) {
        return "/*! ENGINE = " + storageEngine + " */";
    }

    /** 1213 deadlock, 1205 lock wait timeout, 1020 record changed since last read. */
    @Override
    public Set<Integer> retryableCodes() {
        return Set.of(1213, 1205, 1020);
    }

    /** Client codes 2006 gone away, 2013 lost, 2055 lost (extended), 2011 TCP; 1053 server shutdown; 1927 killed. */
    @Override
    public Set<Integer> connectionLostCodes() {
        return Set.of(2006, 2013, 2055, 2011, 1053, 1927);
    }

    @Override
    public String createDatabaseIfAbsent(String database) {
        return "CREATE DATABASE IF NOT EXISTS `" + database + "`";
    }
}
