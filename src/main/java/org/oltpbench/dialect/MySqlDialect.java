package org.oltpbench.dialect;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.oltpbench.db.JdbcDriver;
import org.oltpbench.db.load.TextSink;
import java.util.Set;

/** MySQL 5.7/8.x over mysql-connector-j; the base of the MySQL-protocol family. */
public class MySqlDialect implements Dialect {

    @Override
    public String name() {
        return "mysql";
    }

    /** MariaDB Connector/J: on oltp_read_write it costs about half the client CPU of mysql-connector-j (README). */
    @Override
    public JdbcDriver driver() {
        return JdbcDriver.MARIADB;
    }

    @Override
    public int defaultPort() {
        return 3306;
    }

    @Override
    public String sysbenchIdColumn(boolean autoInc) {
        return autoInc ? "INTEGER NOT NULL AUTO_INCREMENT" : "INTEGER NOT NULL";
    }

    @Override
    public String autoIncrementKey() {
        return "integer not null auto_increment primary key";
    }

    @Override
    public String sysbenchTableOptions(String storageEngine) {
        return "/*! ENGINE = " + storageEngine + " */";
    }

    /**
     * LOAD DATA LOCAL INFILE fed from memory, when the server has local_infile on and the connection is
     * mysql-connector-j's. Duplicate keys in a LOCAL load are skipped by the server, so loaders only use it
     * on empty tables.
     */
    @Override
    public TextSink.Sender bulkSender(Connection c, String table, List<String> columns) throws SQLException {
        JdbcDriver driver = JdbcDriver.forUrl(c.getMetaData().getURL());
        if (!driver.feedsLocalInfile()) return null;
        try (Statement probe = c.createStatement(); ResultSet rs = probe.executeQuery("SELECT @@local_infile")) {
            if (!rs.next() || !rs.getBoolean(1)) return null;
        }
        String sql = "LOAD DATA LOCAL INFILE 'oltpbench.tsv' INTO TABLE " + table + " CHARACTER SET utf8mb4 ("
                + String.join(", ", columns) + ")";
        return (rows, n) -> {
            try (Statement st = c.createStatement()) {
                driver.setLocalInfile(st, rows);
                st.execute(sql);
            }
        };
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

}
