package org.oltpbench.workload.pgbench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.oltpbench.dialect.Layout;
import org.oltpbench.dialect.MariaDbDialect;
import org.oltpbench.dialect.PostgresDialect;

/** pgbench's DDL in each dialect's words (PostgreSQL 15's pgbench -i, \d+ of its tables, for the columns). */
class PgbenchLoaderTest {
    private static Layout parts(int n) {
        return new Layout(n, null, null, "auto");
    }

    @Test
    void postgresGetsPgbenchsTablesFillFactorAndRangePartitions() {
        List<String> ddl = PgbenchLoader.createTables(new PostgresDialect(), parts(3), 1, 90, "range");
        assertEquals(List.of(
                "create table pgbench_history(tid int,bid int,aid int,delta int,mtime timestamp,filler char(22))",
                "create table pgbench_tellers(tid int not null,bid int,tbalance int,filler char(84)) WITH (fillfactor=90)",
                "create table pgbench_accounts(aid int not null,bid int,abalance int,filler char(84)) PARTITION BY RANGE (aid)",
                "CREATE TABLE pgbench_accounts_1 PARTITION OF pgbench_accounts FOR VALUES FROM (MINVALUE) TO (33335) WITH (fillfactor=90)",
                "CREATE TABLE pgbench_accounts_2 PARTITION OF pgbench_accounts FOR VALUES FROM (33335) TO (66669) WITH (fillfactor=90)",
                "CREATE TABLE pgbench_accounts_3 PARTITION OF pgbench_accounts FOR VALUES FROM (66669) TO (MAXVALUE) WITH (fillfactor=90)",
                "create table pgbench_branches(bid int not null,bbalance int,filler char(88)) WITH (fillfactor=90)"), ddl);
    }

    @Test
    void theMySqlFamilyDeclaresKeysAndPartitionsInOneTable() {
        List<String> ddl = PgbenchLoader.createTables(new MariaDbDialect(), parts(2), 20_000, 90, "range");
        assertEquals("create table pgbench_history(tid int,bid int,aid bigint,delta int,mtime timestamp,filler char(22))", ddl.get(0));
        assertEquals("create table pgbench_accounts(aid bigint not null,bid int,abalance int,filler char(84),PRIMARY KEY (aid)) "
                + "PARTITION BY RANGE (aid) (PARTITION p1 VALUES LESS THAN (1000000001), PARTITION p2 VALUES LESS THAN MAXVALUE)",
                ddl.get(2));
        assertEquals(4, ddl.size());
        assertEquals("create table pgbench_accounts(aid int not null,bid int,abalance int,filler char(84),PRIMARY KEY (aid)) "
                + "PARTITION BY HASH(aid) PARTITIONS 4", PgbenchLoader.createTables(new MariaDbDialect(), parts(4), 1, 100, "hash").get(2));
    }

    /** Hand calculation: 100,001 ids over 4 partitions are ranges of ceil(100001 / 4) = 25,001. */
    @Test
    void rangeBoundsArePgbenchs() {
        assertArrayEquals(new long[] {25_002, 50_003, 75_004, 100_005}, PgbenchLoader.upperBounds(100_001, 4));
        assertArrayEquals(new long[0], PgbenchLoader.upperBounds(100_000, 0));
    }
}
