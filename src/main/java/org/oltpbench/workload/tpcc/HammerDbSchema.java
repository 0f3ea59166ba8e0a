package org.oltpbench.workload.tpcc;

import java.util.ArrayList;
import java.util.List;
import org.oltpbench.dialect.Dialect;
import org.oltpbench.dialect.Layout;
import org.oltpbench.dialect.Protocol;

/**
 * HammerDB's TPROC-C tables (tpccSchema=hammerdb), as its build writes them (HammerDB v5, CreateTables and
 * CreateIndexes of src/mysql/mysqloltp.tcl and src/postgresql/pgoltp.tcl, with their defaults: no partitioning, no
 * history key): each wire family's own columns, types and keys. Facts carried over, as HammerDB writes them:
 * <ul>
 * <li>MySQL family: {@code INT(n)} widths, {@code BINARY} strings, DATETIME dates, every non-key column nullable,
 * ol_amount an {@code INT} (amounts are stored rounded to whole units there; the conditions read what is stored), a
 * history without a key; customer's index {@code c_w_id} (c_w_id, c_d_id, c_last, c_first) and orders'
 * {@code o_w_id} (o_w_id, o_d_id, o_c_id, o_id), which HammerDB declares inside CREATE TABLE;</li>
 * <li>PostgreSQL family: INTEGER, SMALLINT and NUMERIC columns NOT NULL but the delivery fields, TIMESTAMP WITH TIME
 * ZONE dates, stock's key (s_i_id, s_w_id); the unique indexes customer_i2 (c_w_id, c_d_id, c_last, c_first, c_id) and
 * orders_i2 (o_w_id, o_d_id, o_c_id, o_id). Its primary keys are unnamed here (HammerDB names them CUSTOMER_I1, ...).</li>
 * </ul>
 * oltpbench's configuration table sits beside them, as on go-tpc's layout.
 */
final class HammerDbSchema {
    private HammerDbSchema() {
    }

    private static boolean postgres(Dialect d) {
        return d.protocol() == Protocol.POSTGRESQL;
    }

    /** The index that marks a finished load's indexes: the customer's. */
    static String customerIndex(Dialect d) {
        return postgres(d) ? "customer_i2" : "c_w_id";
    }

    static List<String> createIndexes(Dialect d, String options) {
        return postgres(d)
                ? List.of("create unique index customer_i2 on customer (c_w_id, c_d_id, c_last, c_first, c_id)" + options,
                        "create unique index orders_i2 on orders (o_w_id, o_d_id, o_c_id, o_id)" + options)
                : List.of("create index c_w_id on customer (c_w_id, c_d_id, c_last, c_first)" + options,
                        "create index o_w_id on orders (o_w_id, o_d_id, o_c_id, o_id)" + options);
    }

    static List<String> createTables(Dialect d, Layout l) {
        List<String> out = new ArrayList<>();
        TpccSchema.table(out, d, l, "bmsql_config", TpccTables.HAMMERDB.config(),
                "  cfg_name varchar(30) primary key,\n  cfg_value varchar(50)\n");
        if (postgres(d)) postgresTables(out, d, l);
        else mysqlTables(out, d, l);
        return out;
    }

    private static void mysqlTables(List<String> out, Dialect d, Layout l) {
        TpccSchema.table(out, d, l, "bmsql_customer", "customer", "  c_id int(5) not null,\n  c_d_id int(2) not null,\n"
                + "  c_w_id int(6) not null,\n  c_first varchar(16) binary null,\n  c_middle char(2) binary null,\n"
                + "  c_last varchar(16) binary null,\n  c_street_1 varchar(20) binary null,\n"
                + "  c_street_2 varchar(20) binary null,\n  c_city varchar(20) binary null,\n  c_state char(2) binary null,\n"
                + "  c_zip char(9) binary null,\n  c_phone char(16) binary null,\n  c_since datetime null,\n"
                + "  c_credit char(2) binary null,\n  c_credit_lim decimal(12, 2) null,\n  c_discount decimal(4, 4) null,\n"
                + "  c_balance decimal(12, 2) null,\n  c_ytd_payment decimal(12, 2) null,\n  c_payment_cnt int(8) null,\n"
                + "  c_delivery_cnt int(8) null,\n  c_data varchar(500) binary null,\n" + pk(d, l, "c_w_id, c_d_id, c_id"));
        TpccSchema.table(out, d, l, "bmsql_district", "district", "  d_id int(2) not null,\n  d_w_id int(6) not null,\n"
                + "  d_ytd decimal(12, 2) null,\n  d_tax decimal(4, 4) null,\n  d_next_o_id int null,\n"
                + "  d_name varchar(10) binary null,\n  d_street_1 varchar(20) binary null,\n"
                + "  d_street_2 varchar(20) binary null,\n  d_city varchar(20) binary null,\n  d_state char(2) binary null,\n"
                + "  d_zip char(9) binary null,\n" + pk(d, l, "d_w_id, d_id"));
        TpccSchema.table(out, d, l, "bmsql_history", "history", "  h_c_id int null,\n  h_c_d_id int null,\n  h_c_w_id int null,\n"
                + "  h_d_id int null,\n  h_w_id int null,\n  h_date datetime null,\n  h_amount decimal(6, 2) null,\n"
                + "  h_data varchar(24) binary null\n");
        TpccSchema.table(out, d, l, "bmsql_item", "item", "  i_id int(6) not null,\n  i_im_id int null,\n"
                + "  i_name varchar(24) binary null,\n  i_price decimal(5, 2) null,\n  i_data varchar(50) binary null,\n"
                + pk(d, l, "i_id"));
        TpccSchema.table(out, d, l, "bmsql_new_order", "new_order", "  no_w_id int not null,\n  no_d_id int not null,\n"
                + "  no_o_id int not null,\n" + pk(d, l, "no_w_id, no_d_id, no_o_id"));
        TpccSchema.table(out, d, l, "bmsql_oorder", "orders", "  o_id int not null,\n  o_w_id int not null,\n"
                + "  o_d_id int not null,\n  o_c_id int null,\n  o_carrier_id int null,\n  o_ol_cnt int null,\n"
                + "  o_all_local int null,\n  o_entry_d datetime null,\n" + pk(d, l, "o_w_id, o_d_id, o_id"));
        TpccSchema.table(out, d, l, "bmsql_order_line", "order_line", "  ol_w_id int not null,\n  ol_d_id int not null,\n"
                + "  ol_o_id int not null,\n  ol_number int not null,\n  ol_i_id int null,\n  ol_delivery_d datetime null,\n"
                + "  ol_amount int null,\n  ol_supply_w_id int null,\n  ol_quantity int null,\n"
                + "  ol_dist_info char(24) binary null,\n" + pk(d, l, "ol_w_id, ol_d_id, ol_o_id, ol_number"));
        StringBuilder dist = new StringBuilder();
        for (int i = 1; i <= 10; i++) dist.append(String.format("  s_dist_%02d char(24) binary null,%n", i));
        TpccSchema.table(out, d, l, "bmsql_stock", "stock", "  s_i_id int(6) not null,\n  s_w_id int(6) not null,\n"
                + "  s_quantity int(6) null,\n" + dist + "  s_ytd bigint(10) null,\n  s_order_cnt int(6) null,\n"
                + "  s_remote_cnt int(6) null,\n  s_data varchar(50) binary null,\n" + pk(d, l, "s_w_id, s_i_id"));
        TpccSchema.table(out, d, l, "bmsql_warehouse", "warehouse", "  w_id int(6) not null,\n  w_ytd decimal(12, 2) null,\n"
                + "  w_tax decimal(4, 4) null,\n  w_name varchar(10) binary null,\n  w_street_1 varchar(20) binary null,\n"
                + "  w_street_2 varchar(20) binary null,\n  w_city varchar(20) binary null,\n  w_state char(2) binary null,\n"
                + "  w_zip char(9) binary null,\n" + pk(d, l, "w_id"));
    }

    private static void postgresTables(List<String> out, Dialect d, Layout l) {
        String ts = "timestamp with time zone", v = "character varying", ch = "character";
        TpccSchema.table(out, d, l, "bmsql_customer", "customer", "  c_since " + ts + " not null,\n  c_id integer not null,\n"
                + "  c_w_id integer not null,\n  c_d_id smallint not null,\n  c_payment_cnt smallint not null,\n"
                + "  c_delivery_cnt smallint not null,\n  c_first " + v + "(16) not null,\n  c_middle " + ch + "(2) not null,\n"
                + "  c_last " + v + "(16) not null,\n  c_street_1 " + v + "(20) not null,\n  c_street_2 " + v + "(20) not null,\n"
                + "  c_city " + v + "(20) not null,\n  c_state " + ch + "(2) not null,\n  c_zip " + ch + "(9) not null,\n"
                + "  c_phone " + ch + "(16) not null,\n  c_credit " + ch + "(2) not null,\n  c_credit_lim numeric(12,2) not null,\n"
                + "  c_discount numeric(4,4) not null,\n  c_balance numeric(12,2) not null,\n"
                + "  c_ytd_payment numeric(12,2) not null,\n  c_data " + v + "(500) not null,\n" + pk(d, l, "c_w_id, c_d_id, c_id"));
        TpccSchema.table(out, d, l, "bmsql_district", "district", "  d_w_id integer not null,\n  d_next_o_id integer not null,\n"
                + "  d_id smallint not null,\n  d_ytd numeric(12,2) not null,\n  d_tax numeric(4,4) not null,\n"
                + "  d_name " + v + "(10) not null,\n  d_street_1 " + v + "(20) not null,\n  d_street_2 " + v + "(20) not null,\n"
                + "  d_city " + v + "(20) not null,\n  d_state " + ch + "(2) not null,\n  d_zip " + ch + "(9) not null,\n"
                + pk(d, l, "d_w_id, d_id"));
        TpccSchema.table(out, d, l, "bmsql_history", "history", "  h_date " + ts + " not null,\n  h_c_id integer,\n"
                + "  h_c_w_id integer not null,\n  h_w_id integer not null,\n  h_c_d_id smallint not null,\n"
                + "  h_d_id smallint not null,\n  h_amount numeric(6,2) not null,\n  h_data " + v + "(24) not null\n");
        TpccSchema.table(out, d, l, "bmsql_item", "item", "  i_id integer not null,\n  i_im_id integer not null,\n"
                + "  i_name " + v + "(24) not null,\n  i_price numeric(5,2) not null,\n  i_data " + v + "(50) not null,\n"
                + pk(d, l, "i_id"));
        TpccSchema.table(out, d, l, "bmsql_warehouse", "warehouse", "  w_id integer not null,\n  w_name " + v + "(10) not null,\n"
                + "  w_street_1 " + v + "(20) not null,\n  w_street_2 " + v + "(20) not null,\n  w_city " + v + "(20) not null,\n"
                + "  w_state " + ch + "(2) not null,\n  w_zip " + ch + "(9) not null,\n  w_tax numeric(4,4) not null,\n"
                + "  w_ytd numeric(16,2) not null,\n" + pk(d, l, "w_id"));
        StringBuilder dist = new StringBuilder();
        for (int i = 1; i <= 10; i++) dist.append(String.format("  s_dist_%02d " + ch + "(24) not null,%n", i));
        TpccSchema.table(out, d, l, "bmsql_stock", "stock", "  s_i_id integer not null,\n  s_w_id integer not null,\n"
                + "  s_ytd integer not null,\n  s_quantity smallint not null,\n  s_order_cnt smallint not null,\n"
                + "  s_remote_cnt smallint not null,\n" + dist + "  s_data " + v + "(50) not null,\n" + pk(d, l, "s_i_id, s_w_id"));
        TpccSchema.table(out, d, l, "bmsql_new_order", "new_order", "  no_w_id integer not null,\n  no_o_id integer not null,\n"
                + "  no_d_id smallint not null,\n" + pk(d, l, "no_w_id, no_d_id, no_o_id"));
        TpccSchema.table(out, d, l, "bmsql_oorder", "orders", "  o_entry_d " + ts + " not null,\n  o_id integer not null,\n"
                + "  o_w_id integer not null,\n  o_c_id integer not null,\n  o_d_id smallint not null,\n  o_carrier_id smallint,\n"
                + "  o_ol_cnt smallint not null,\n  o_all_local smallint not null,\n" + pk(d, l, "o_w_id, o_d_id, o_id"));
        TpccSchema.table(out, d, l, "bmsql_order_line", "order_line", "  ol_delivery_d " + ts + ",\n  ol_o_id integer not null,\n"
                + "  ol_w_id integer not null,\n  ol_i_id integer not null,\n  ol_supply_w_id integer not null,\n"
                + "  ol_d_id smallint not null,\n  ol_number smallint not null,\n  ol_quantity smallint not null,\n"
                + "  ol_amount numeric(6,2),\n  ol_dist_info " + ch + "(24),\n" + pk(d, l, "ol_w_id, ol_d_id, ol_o_id, ol_number"));
    }

    private static String pk(Dialect d, Layout l, String columns) {
        return "  " + d.primaryKey(columns, l) + "\n";
    }
}
