package org.oltpbench.workload.tpcc;

import java.util.ArrayList;
import java.util.List;
import org.oltpbench.dialect.Dialect;
import org.oltpbench.dialect.Layout;

/**
 * BenchmarkSQL 5.0's schema: the same tables, columns and types (the MySQL flavour's inline keys), with the
 * secondary indexes bmsql_customer_idx1 and bmsql_oorder_idx1.
 */
public final class TpccSchema {
    /** In load order; dropped in reverse. */
    public static final List<String> TABLES = List.of("bmsql_config", "bmsql_warehouse", "bmsql_district",
            "bmsql_customer", "bmsql_history", "bmsql_new_order", "bmsql_oorder", "bmsql_order_line", "bmsql_item",
            "bmsql_stock");

    private TpccSchema() {
    }

    /** The index that marks a finished load's indexes, by layout (HammerDB's, by engine family): the customer's. */
    static String customerIndex(TpccTables t, Dialect d) {
        return switch (t) {
            case GO_TPC -> "idx_customer";
            case HAMMERDB -> HammerDbSchema.customerIndex(d);
            case BENCHMARKSQL -> "bmsql_customer_idx1";
        };
    }

    /** The column each warehouse-keyed table is hash-partitioned on; bmsql_config and bmsql_item are not. */
    public static String partitionColumn(String table) {
        return switch (table) {
            case "bmsql_warehouse" -> "w_id";
            case "bmsql_district" -> "d_w_id";
            case "bmsql_customer" -> "c_w_id";
            case "bmsql_history" -> "h_w_id";
            case "bmsql_new_order" -> "no_w_id";
            case "bmsql_oorder" -> "o_w_id";
            case "bmsql_order_line" -> "ol_w_id";
            case "bmsql_stock" -> "s_w_id";
            default -> null;
        };
    }

    /** Every CREATE TABLE of BenchmarkSQL's tables (and the dialect's statements that complete one), in load order. */
    public static List<String> createTables(Dialect d, Layout l) {
        return createTables(d, l, TpccTables.BENCHMARKSQL);
    }

    /** Every CREATE TABLE of {@code t}'s tables (and the dialect's statements that complete one), in load order. */
    public static List<String> createTables(Dialect d, Layout l, TpccTables t) {
        return switch (t) {
            case GO_TPC -> goTpc(d, l);
            case HAMMERDB -> HammerDbSchema.createTables(d, l);
            case BENCHMARKSQL -> benchmarkSql(d, l);
        };
    }

    private static List<String> benchmarkSql(Dialect d, Layout l) {
        List<String> out = new ArrayList<>();
        table(out, d, l, "bmsql_config", "  cfg_name varchar(30) primary key,\n  cfg_value varchar(50)\n");
        table(out, d, l, "bmsql_warehouse", "  w_id integer not null,\n  w_ytd decimal(12,2),\n  w_tax decimal(4,4),\n"
                + "  w_name varchar(10),\n  w_street_1 varchar(20),\n  w_street_2 varchar(20),\n  w_city varchar(20),\n"
                + "  w_state char(2),\n  w_zip char(9),\n" + pk(d, l, "w_id"));
        table(out, d, l, "bmsql_district", "  d_w_id integer not null,\n  d_id integer not null,\n  d_ytd decimal(12,2),\n"
                + "  d_tax decimal(4,4),\n  d_next_o_id integer,\n  d_name varchar(10),\n  d_street_1 varchar(20),\n"
                + "  d_street_2 varchar(20),\n  d_city varchar(20),\n  d_state char(2),\n  d_zip char(9),\n"
                + pk(d, l, "d_w_id, d_id"));
        table(out, d, l, "bmsql_customer", "  c_w_id integer not null,\n  c_d_id integer not null,\n  c_id integer not null,\n"
                + "  c_discount decimal(4,4),\n  c_credit char(2),\n  c_last varchar(16),\n  c_first varchar(16),\n"
                + "  c_credit_lim decimal(12,2),\n  c_balance decimal(12,2),\n  c_ytd_payment decimal(12,2),\n"
                + "  c_payment_cnt integer,\n  c_delivery_cnt integer,\n  c_street_1 varchar(20),\n  c_street_2 varchar(20),\n"
                + "  c_city varchar(20),\n  c_state char(2),\n  c_zip char(9),\n  c_phone char(16),\n  c_since timestamp,\n"
                + "  c_middle char(2),\n  c_data varchar(500),\n" + pk(d, l, "c_w_id, c_d_id, c_id"));
        table(out, d, l, "bmsql_history", history(d, l));
        table(out, d, l, "bmsql_new_order", "  no_w_id integer not null,\n  no_d_id integer not null,\n"
                + "  no_o_id integer not null,\n" + pk(d, l, "no_w_id, no_d_id, no_o_id"));
        table(out, d, l, "bmsql_oorder", "  o_w_id integer not null,\n  o_d_id integer not null,\n  o_id integer not null,\n"
                + "  o_c_id integer,\n  o_carrier_id integer,\n  o_ol_cnt integer,\n  o_all_local integer,\n"
                + "  o_entry_d timestamp,\n" + pk(d, l, "o_w_id, o_d_id, o_id"));
        table(out, d, l, "bmsql_order_line", "  ol_w_id integer not null,\n  ol_d_id integer not null,\n"
                + "  ol_o_id integer not null,\n  ol_number integer not null,\n  ol_i_id integer not null,\n"
                + "  ol_delivery_d timestamp,\n  ol_amount decimal(6,2),\n  ol_supply_w_id integer,\n"
                + "  ol_quantity integer,\n  ol_dist_info char(24),\n" + pk(d, l, "ol_w_id, ol_d_id, ol_o_id, ol_number"));
        table(out, d, l, "bmsql_item", "  i_id integer not null,\n  i_name varchar(24),\n  i_price decimal(5,2),\n"
                + "  i_data varchar(50),\n  i_im_id integer,\n" + pk(d, l, "i_id"));
        table(out, d, l, "bmsql_stock", "  s_w_id integer not null,\n  s_i_id integer not null,\n  s_quantity integer,\n"
                + "  s_ytd integer,\n  s_order_cnt integer,\n  s_remote_cnt integer,\n  s_data varchar(50),\n"
                + distColumns() + pk(d, l, "s_w_id, s_i_id"));
        return out;
    }

    private static void table(List<String> out, Dialect d, Layout l, String name, String body) {
        table(out, d, l, name, name, body);
    }

    /** {@code name} in its layout as {@code as}, partitioned as BenchmarkSQL's table of that name is. */
    static void table(List<String> out, Dialect d, Layout l, String name, String as, String body) {
        String col = partitionColumn(name), options = d.tableOptions(l, col);
        out.add("create table " + as + " (\n" + body + ")" + (options.isEmpty() ? "" : " " + options));
        out.addAll(d.afterCreateTable(as, l, col));
    }

    /**
     * go-tpc v1.0.7's tables (tpcc/ddl.go): its columns in its order, its types (DATETIME: the dialect's date-time
     * type), its keys; a history without one; oltpbench's configuration table beside them. Its secondary indexes are
     * {@link #createIndexes}'.
     */
    private static List<String> goTpc(Dialect d, Layout l) {
        TpccTables t = TpccTables.GO_TPC;
        String dt = d.dateTimeType();
        List<String> out = new ArrayList<>();
        table(out, d, l, "bmsql_config", t.config(), "  cfg_name varchar(30) primary key,\n  cfg_value varchar(50)\n");
        table(out, d, l, "bmsql_warehouse", "warehouse", "  w_id int not null,\n  w_name varchar(10),\n  w_street_1 varchar(20),\n"
                + "  w_street_2 varchar(20),\n  w_city varchar(20),\n  w_state char(2),\n  w_zip char(9),\n"
                + "  w_tax decimal(4, 4),\n  w_ytd decimal(12, 2),\n" + pk(d, l, "w_id"));
        table(out, d, l, "bmsql_district", "district", "  d_id int not null,\n  d_w_id int not null,\n  d_name varchar(10),\n"
                + "  d_street_1 varchar(20),\n  d_street_2 varchar(20),\n  d_city varchar(20),\n  d_state char(2),\n"
                + "  d_zip char(9),\n  d_tax decimal(4, 4),\n  d_ytd decimal(12, 2),\n  d_next_o_id int,\n"
                + pk(d, l, "d_w_id, d_id"));
        table(out, d, l, "bmsql_customer", "customer", "  c_id int not null,\n  c_d_id int not null,\n  c_w_id int not null,\n"
                + "  c_first varchar(16),\n  c_middle char(2),\n  c_last varchar(16),\n  c_street_1 varchar(20),\n"
                + "  c_street_2 varchar(20),\n  c_city varchar(20),\n  c_state char(2),\n  c_zip char(9),\n"
                + "  c_phone char(16),\n  c_since " + dt + ",\n  c_credit char(2),\n  c_credit_lim decimal(12, 2),\n"
                + "  c_discount decimal(4, 4),\n  c_balance decimal(12, 2),\n  c_ytd_payment decimal(12, 2),\n"
                + "  c_payment_cnt int,\n  c_delivery_cnt int,\n  c_data varchar(500),\n" + pk(d, l, "c_w_id, c_d_id, c_id"));
        table(out, d, l, "bmsql_history", "history", "  h_c_id int not null,\n  h_c_d_id int not null,\n  h_c_w_id int not null,\n"
                + "  h_d_id int not null,\n  h_w_id int not null,\n  h_date " + dt + ",\n  h_amount decimal(6, 2),\n"
                + "  h_data varchar(24)\n");
        table(out, d, l, "bmsql_new_order", "new_order", "  no_o_id int not null,\n  no_d_id int not null,\n"
                + "  no_w_id int not null,\n" + pk(d, l, "no_w_id, no_d_id, no_o_id"));
        table(out, d, l, "bmsql_oorder", "orders", "  o_id int not null,\n  o_d_id int not null,\n  o_w_id int not null,\n"
                + "  o_c_id int,\n  o_entry_d " + dt + ",\n  o_carrier_id int,\n  o_ol_cnt int,\n  o_all_local int,\n"
                + pk(d, l, "o_w_id, o_d_id, o_id"));
        table(out, d, l, "bmsql_order_line", "order_line", "  ol_o_id int not null,\n  ol_d_id int not null,\n"
                + "  ol_w_id int not null,\n  ol_number int not null,\n  ol_i_id int not null,\n  ol_supply_w_id int,\n"
                + "  ol_delivery_d " + dt + ",\n  ol_quantity int,\n  ol_amount decimal(6, 2),\n  ol_dist_info char(24),\n"
                + pk(d, l, "ol_w_id, ol_d_id, ol_o_id, ol_number"));
        table(out, d, l, "bmsql_stock", "stock", "  s_i_id int not null,\n  s_w_id int not null,\n  s_quantity int,\n"
                + distColumns() + "  s_ytd int,\n  s_order_cnt int,\n  s_remote_cnt int,\n  s_data varchar(50),\n"
                + pk(d, l, "s_w_id, s_i_id"));
        table(out, d, l, "bmsql_item", "item", "  i_id int not null,\n  i_im_id int,\n  i_name varchar(24),\n"
                + "  i_price decimal(5, 2),\n  i_data varchar(50),\n" + pk(d, l, "i_id"));
        return out;
    }

    private static String pk(Dialect d, Layout l, String columns) {
        return "  " + d.primaryKey(columns, l) + "\n";
    }

    /**
     * hist_id is the engine-filled key. Partitioned, the key must hold the partition column (MySQL, OceanBase and
     * PostgreSQL all require it), so it becomes (hist_id, h_w_id).
     */
    private static String history(Dialect d, Layout l) {
        boolean partitioned = l.partitions(partitionColumn("bmsql_history"));
        return "  hist_id " + d.autoIncrementColumn() + (partitioned ? "" : " primary key") + ",\n  h_c_id integer,\n"
                + "  h_c_d_id integer,\n  h_c_w_id integer,\n  h_d_id integer,\n  h_w_id integer,\n  h_date timestamp,\n"
                + "  h_amount decimal(6,2),\n  h_data varchar(24)" + (partitioned ? ",\n" + pk(d, l, "hist_id, h_w_id") : "\n");
    }

    private static String distColumns() {
        StringBuilder sb = new StringBuilder();
        for (int i = 1; i <= 10; i++) sb.append(String.format("  s_dist_%02d char(24),%n", i));
        return sb.toString();
    }

    /** BenchmarkSQL's secondary indexes. */
    public static List<String> createIndexes(Dialect d, Layout l) {
        return createIndexes(d, l, TpccTables.BENCHMARKSQL);
    }

    /** The secondary indexes of {@code t}'s tables (created after loading when indexesAfterLoad, else with the tables). */
    public static List<String> createIndexes(Dialect d, Layout l, TpccTables t) {
        String options = d.indexOptions(l.partitions() > 0);
        if (t == TpccTables.HAMMERDB) return HammerDbSchema.createIndexes(d, options);
        if (t == TpccTables.GO_TPC) {
            return List.of("create index idx_customer on customer (c_w_id, c_d_id, c_last, c_first)" + options,
                    "create index idx_order on orders (o_w_id, o_d_id, o_c_id, o_id)" + options,
                    "create index idx_h_w_id on history (h_w_id)" + options,
                    "create index idx_h_c_w_id on history (h_c_w_id)" + options);
        }
        return List.of("create index bmsql_customer_idx1 on bmsql_customer (c_w_id, c_d_id, c_last, c_first)" + options,
                "create unique index bmsql_oorder_idx1 on bmsql_oorder (o_w_id, o_d_id, o_c_id, o_id)" + options);
    }
}
