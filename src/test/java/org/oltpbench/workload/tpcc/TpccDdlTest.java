package org.oltpbench.workload.tpcc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.oltpbench.dialect.Dialect;
import org.oltpbench.dialect.Dialects;
import org.oltpbench.dialect.Layout;

/** BenchmarkSQL's DDL per dialect: exact statements for the tables whose shape the layout changes. */
class TpccDdlTest {
    private static final String NEW_ORDER = "create table bmsql_new_order (\n  no_w_id integer not null,\n"
            + "  no_d_id integer not null,\n  no_o_id integer not null,\n  PRIMARY KEY (no_w_id, no_d_id, no_o_id)\n)";
    private static final String HISTORY_COLUMNS = "  h_c_id integer,\n  h_c_d_id integer,\n  h_c_w_id integer,\n"
            + "  h_d_id integer,\n  h_w_id integer,\n  h_date timestamp,\n  h_amount decimal(6,2),\n  h_data varchar(24)";

    /** The statements that create {@code table} (the CREATE TABLE and what completes it). */
    private static List<String> of(Dialect d, Layout l, String table) {
        return TpccSchema.createTables(d, l).stream().filter(s -> s.contains(" " + table + " ")).toList();
    }

    @Test
    void plainLayoutIsBenchmarkSqlsSchema() {
        for (String db : List.of("mysql", "mariadb", "oceanbase", "tidb", "postgres", "klustron")) {
            Dialect d = Dialects.forName(db);
            assertEquals(10, TpccSchema.createTables(d, Layout.PLAIN).size(), db);
            assertEquals(List.of(NEW_ORDER), of(d, Layout.PLAIN, "bmsql_new_order"), db);
            assertEquals(List.of("create index bmsql_customer_idx1 on bmsql_customer (c_w_id, c_d_id, c_last, c_first)",
                    "create unique index bmsql_oorder_idx1 on bmsql_oorder (o_w_id, o_d_id, o_c_id, o_id)"),
                    TpccSchema.createIndexes(d, Layout.PLAIN), db);
        }
        assertEquals(List.of("create table bmsql_history (\n  hist_id integer not null auto_increment primary key,\n"
                + HISTORY_COLUMNS + "\n)"), of(Dialects.forName("mysql"), Layout.PLAIN, "bmsql_history"));
        assertEquals(List.of("create table bmsql_history (\n  hist_id serial primary key,\n" + HISTORY_COLUMNS + "\n)"),
                of(Dialects.forName("postgres"), Layout.PLAIN, "bmsql_history"));
    }

    @Test
    void oceanBaseTablegroupPartitionsAndLocalIndexes() {
        Dialect ob = Dialects.forName("oceanbase");
        Layout l = new Layout(8, "tpcc_group", null, "auto");
        assertEquals(List.of(NEW_ORDER + " TABLEGROUP = tpcc_group PARTITION BY HASH(no_w_id) PARTITIONS 8"),
                of(ob, l, "bmsql_new_order"));
        assertEquals(List.of("create table bmsql_history (\n  hist_id integer not null auto_increment,\n" + HISTORY_COLUMNS
                + ",\n  PRIMARY KEY (hist_id, h_w_id)\n) TABLEGROUP = tpcc_group PARTITION BY HASH(h_w_id) PARTITIONS 8"),
                of(ob, l, "bmsql_history"));
        assertEquals(List.of("create table bmsql_item (\n  i_id integer not null,\n  i_name varchar(24),\n"
                + "  i_price decimal(5,2),\n  i_data varchar(50),\n  i_im_id integer,\n  PRIMARY KEY (i_id)\n)"), of(ob, l, "bmsql_item"));
        assertEquals(List.of("create index bmsql_customer_idx1 on bmsql_customer (c_w_id, c_d_id, c_last, c_first) LOCAL",
                "create unique index bmsql_oorder_idx1 on bmsql_oorder (o_w_id, o_d_id, o_c_id, o_id) LOCAL"),
                TpccSchema.createIndexes(ob, l));
        assertEquals("CREATE TABLEGROUP tpcc_group", ob.createTablegroup("tpcc_group"));
        assertNull(Dialects.forName("mysql").createTablegroup("tpcc_group"));
    }

    @Test
    void mysqlAndTidbPartitions() {
        Layout l = new Layout(4, null, null, "true");
        assertEquals(List.of(NEW_ORDER + " PARTITION BY HASH(no_w_id) PARTITIONS 4"), of(Dialects.forName("mysql"), l, "bmsql_new_order"));
        assertEquals(List.of(NEW_ORDER.replace("no_o_id)\n", "no_o_id) /*T![clustered_index] CLUSTERED */\n")
                + " PARTITION BY HASH(no_w_id) PARTITIONS 4"), of(Dialects.forName("tidb"), l, "bmsql_new_order"));
    }

    @Test
    void postgresPartitionsAreTables() {
        List<String> ddl = of(Dialects.forName("klustron"), new Layout(2, null, null, "auto"), "bmsql_new_order");
        assertEquals(List.of(NEW_ORDER + " PARTITION BY HASH (no_w_id)",
                "CREATE TABLE bmsql_new_order_p0 PARTITION OF bmsql_new_order FOR VALUES WITH (MODULUS 2, REMAINDER 0)",
                "CREATE TABLE bmsql_new_order_p1 PARTITION OF bmsql_new_order FOR VALUES WITH (MODULUS 2, REMAINDER 1)"), ddl);
    }
}
