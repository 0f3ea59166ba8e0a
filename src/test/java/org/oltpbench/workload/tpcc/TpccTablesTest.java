package org.oltpbench.workload.tpcc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.oltpbench.dialect.Layout;
import org.oltpbench.dialect.MySqlDialect;
import org.oltpbench.dialect.PostgresDialect;

/** Issue 60: go-tpc's table names for the SQL written once with BenchmarkSQL's. */
class TpccTablesTest {
    @Test
    void goTpcsNamesWordForWord() {
        assertEquals("SELECT o_id FROM orders o JOIN order_line l ON l.ol_o_id = o.o_id, new_order, history",
                TpccTables.GO_TPC.sql("SELECT o_id FROM bmsql_oorder o JOIN bmsql_order_line l ON l.ol_o_id = o.o_id, "
                        + "bmsql_new_order, bmsql_history"));
        // a longer name holding a table's (an index's) is not a table's
        assertEquals("create index bmsql_customer_idx1 on customer (c_w_id)",
                TpccTables.GO_TPC.sql("create index bmsql_customer_idx1 on bmsql_customer (c_w_id)"));
        assertEquals(List.of("oltpbench_tpcc_config", "warehouse", "district", "customer", "history", "new_order", "orders",
                "order_line", "item", "stock"), TpccTables.GO_TPC.tables());
        assertEquals(TpccSchema.TABLES, TpccTables.BENCHMARKSQL.tables());
        String sql = "SELECT 1 FROM bmsql_warehouse";
        assertEquals(sql, TpccTables.BENCHMARKSQL.sql(sql));
    }

    /** go-tpc's DDL names none of BenchmarkSQL's tables, nor hist_id; its dates are DATETIME (PostgreSQL: timestamp). */
    @Test
    void goTpcsTablesAsItsDdlWritesThem() {
        Layout none = Layout.tpcc(new org.oltpbench.config.LoadParams("insert", 1, 0, "auto", "auto", "", false), null);
        for (org.oltpbench.dialect.Dialect d : List.<org.oltpbench.dialect.Dialect>of(new MySqlDialect(), new PostgresDialect())) {
            List<String> ddl = new java.util.ArrayList<>(TpccSchema.createTables(d, none, TpccTables.GO_TPC));
            ddl.addAll(TpccSchema.createIndexes(d, none, TpccTables.GO_TPC));
            String all = String.join("\n", ddl);
            assertFalse(all.contains("bmsql_") || all.contains("hist_id"), all);
            assertTrue(all.contains("create table orders (") && all.contains("create index idx_order on orders"), all);
            assertTrue(all.contains("o_entry_d " + d.dateTimeType()), all);
        }
        // the stored routines on go-tpc's tables name none of BenchmarkSQL's, and their version tells them apart
        TpccProcedures onGoTpc = TpccProcedures.of(new MySqlDialect(), TpccTables.GO_TPC);
        assertFalse(String.join("\n", onGoTpc.creates()).contains("bmsql_"));
        assertFalse(onGoTpc.version().equals(TpccProcedures.of(new MySqlDialect()).version()));
    }

    /**
     * HammerDB's DDL per family (its build's facts): on MySQL an INT ol_amount, BINARY strings and the index names c_w_id
     * and o_w_id; on PostgreSQL timestamptz dates, stock keyed (s_i_id, s_w_id), unique customer_i2 and orders_i2; a
     * history without a key on both; the same nine names as go-tpc's, which the customer index tells apart.
     */
    @Test
    void hammerDbsTablesPerFamily() {
        Layout none = Layout.tpcc(new org.oltpbench.config.LoadParams("insert", 1, 0, "auto", "auto", "", false), null);
        MySqlDialect my = new MySqlDialect();
        PostgresDialect pg = new PostgresDialect();
        String mysql = (String.join("\n", TpccSchema.createTables(my, none, TpccTables.HAMMERDB))
                + String.join("\n", TpccSchema.createIndexes(my, none, TpccTables.HAMMERDB))).toLowerCase(java.util.Locale.ROOT);
        String postgres = (String.join("\n", TpccSchema.createTables(pg, none, TpccTables.HAMMERDB))
                + String.join("\n", TpccSchema.createIndexes(pg, none, TpccTables.HAMMERDB))).toLowerCase(java.util.Locale.ROOT);
        for (String all : List.of(mysql, postgres)) {
            assertFalse(all.contains("bmsql_") || all.contains("hist_id"), all);
            assertTrue(all.contains("create table history (") && !all.substring(all.indexOf("create table history ("))
                    .split("create table")[1].contains("primary key"), "a history without a key: " + all);
        }
        assertTrue(mysql.contains("ol_amount int null") && mysql.contains("c_last varchar(16) binary null")
                && mysql.contains("create index c_w_id on customer (c_w_id, c_d_id, c_last, c_first)")
                && mysql.contains("create index o_w_id on orders (o_w_id, o_d_id, o_c_id, o_id)"), mysql);
        assertTrue(postgres.contains("o_entry_d timestamp with time zone not null") && postgres.contains("primary key (s_i_id, s_w_id)")
                && postgres.contains("create unique index customer_i2 on customer (c_w_id, c_d_id, c_last, c_first, c_id)"), postgres);
        assertEquals("c_w_id", TpccSchema.customerIndex(TpccTables.HAMMERDB, my));
        assertEquals("customer_i2", TpccSchema.customerIndex(TpccTables.HAMMERDB, pg));
        assertTrue(TpccTables.HAMMERDB.sameNames(TpccTables.GO_TPC) && !TpccTables.HAMMERDB.sameNames(TpccTables.BENCHMARKSQL));
        assertEquals(TpccTables.HAMMERDB, TpccTables.of("hammerdb"));
    }

    /** tpccMode=procedures on HammerDB's tables: oltpbench's routines, then HammerDB's five names over them. */
    @Test
    void hammerDbsRoutinesFollowOltpbenchsOwn() {
        for (org.oltpbench.dialect.Dialect d : List.<org.oltpbench.dialect.Dialect>of(new MySqlDialect(), new PostgresDialect())) {
            TpccProcedures p = TpccProcedures.of(d, TpccTables.HAMMERDB);
            List<String> creates = p.creates();
            String all = String.join("\n", creates);
            assertFalse(all.contains("bmsql_"), all);
            int own = all.indexOf("tpcc_slev("), neword = all.toUpperCase(java.util.Locale.ROOT).indexOf("CREATE FUNCTION NEWORD(")
                    + all.indexOf("CREATE PROCEDURE NEWORD(") + 1;
            assertTrue(own > 0 && neword > own, "HammerDB's names are created after the routines they call");
            assertTrue(p.hammerDb() != null && p.call(TpccProcedures.Routine.NEWORD).toUpperCase(java.util.Locale.ROOT)
                    .contains("NEWORD("));
            assertFalse(p.version().equals(TpccProcedures.of(d, TpccTables.GO_TPC).version()));
        }
    }
}
