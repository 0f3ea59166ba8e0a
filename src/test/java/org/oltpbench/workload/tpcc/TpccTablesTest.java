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
}
