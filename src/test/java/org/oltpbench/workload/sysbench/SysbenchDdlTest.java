package org.oltpbench.workload.sysbench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.oltpbench.dialect.Dialects;
import org.oltpbench.dialect.Layout;

/** sysbench's CREATE TABLE and CREATE INDEX, statement for statement, per dialect and layout. */
class SysbenchDdlTest {
    private static final String COLUMNS = "  k INTEGER DEFAULT '0' NOT NULL,\n  c CHAR(120) DEFAULT '' NOT NULL,\n"
            + "  pad CHAR(60) DEFAULT '' NOT NULL,\n";
    private static final Layout PLAIN = new Layout(0, null, "innodb", "auto");
    private static final Layout FOUR = new Layout(4, null, "innodb", "auto");

    private static List<String> ddl(String db, Layout l) {
        return SysbenchLoader.createTable(Dialects.forName(db), l, true, false, 1);
    }

    @Test
    void mysqlFamilyIsSysbenchsOwnStatement() {
        String sysbench = "CREATE TABLE sbtest1(\n  id INTEGER NOT NULL AUTO_INCREMENT,\n" + COLUMNS
                + "  PRIMARY KEY (id)\n) /*! ENGINE = innodb */";
        for (String db : List.of("mysql", "mariadb", "oceanbase", "tidb")) assertEquals(List.of(sysbench), ddl(db, PLAIN), db);
        assertEquals("CREATE INDEX k_1 ON sbtest1(k)", SysbenchLoader.createIndex(Dialects.forName("mysql"), PLAIN, 1));
    }

    @Test
    void mysqlPartitions() {
        assertEquals(List.of("CREATE TABLE sbtest1(\n  id INTEGER NOT NULL AUTO_INCREMENT,\n" + COLUMNS
                + "  PRIMARY KEY (id)\n) /*! ENGINE = innodb */ PARTITION BY HASH(id) PARTITIONS 4"), ddl("mysql", FOUR));
        assertEquals("CREATE INDEX k_1 ON sbtest1(k)", SysbenchLoader.createIndex(Dialects.forName("tidb"), FOUR, 1));
    }

    @Test
    void oceanBasePartitionsWithLocalIndex() {
        assertEquals(List.of("CREATE TABLE sbtest1(\n  id INTEGER NOT NULL AUTO_INCREMENT,\n" + COLUMNS
                + "  PRIMARY KEY (id)\n) /*! ENGINE = innodb */ PARTITION BY HASH(id) PARTITIONS 4"), ddl("oceanbase", FOUR));
        assertEquals("CREATE INDEX k_1 ON sbtest1(k) LOCAL", SysbenchLoader.createIndex(Dialects.forName("oceanbase"), FOUR, 1));
    }

    @Test
    void tidbClusteredPrimaryKey() {
        String body = "CREATE TABLE sbtest1(\n  id INTEGER NOT NULL AUTO_INCREMENT,\n" + COLUMNS;
        assertEquals(List.of(body + "  PRIMARY KEY (id) /*T![clustered_index] CLUSTERED */\n) /*! ENGINE = innodb */"),
                ddl("tidb", new Layout(0, null, "innodb", "true")));
        assertEquals(List.of(body + "  PRIMARY KEY (id) /*T![clustered_index] NONCLUSTERED */\n) /*! ENGINE = innodb */"),
                ddl("tidb", new Layout(0, null, "innodb", "false")));
        assertEquals(List.of(body + "  PRIMARY KEY (id)\n) /*! ENGINE = innodb */"), ddl("mysql", new Layout(0, null, "innodb", "true")));
    }

    @Test
    void postgresFamilyWithPartitionTables() {
        String table = "CREATE TABLE sbtest1(\n  id SERIAL,\n" + COLUMNS + "  PRIMARY KEY (id)\n)";
        for (String db : List.of("postgres", "klustron")) {
            assertEquals(List.of(table), ddl(db, PLAIN), db);
            assertEquals(List.of(table + " PARTITION BY HASH (id)",
                    "CREATE TABLE sbtest1_p0 PARTITION OF sbtest1 FOR VALUES WITH (MODULUS 4, REMAINDER 0)",
                    "CREATE TABLE sbtest1_p1 PARTITION OF sbtest1 FOR VALUES WITH (MODULUS 4, REMAINDER 1)",
                    "CREATE TABLE sbtest1_p2 PARTITION OF sbtest1 FOR VALUES WITH (MODULUS 4, REMAINDER 2)",
                    "CREATE TABLE sbtest1_p3 PARTITION OF sbtest1 FOR VALUES WITH (MODULUS 4, REMAINDER 3)"), ddl(db, FOUR), db);
        }
    }
}
