package org.oltpbench.workload.ch;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.oltpbench.db.Database;
import org.oltpbench.db.load.RowSink;
import org.oltpbench.db.load.Sinks;
import org.oltpbench.dialect.Dialect;
import org.oltpbench.workload.tpcc.TpccRandom;
import org.oltpbench.workload.tpcc.TpccTables;

/**
 * CH-benCHmark's three tables beside TPC-C's (Cole et al., DBTest 2011): 5 regions, 62 nations keyed by the ASCII codes
 * of 0-9, A-Z and a-z (a customer's nation is the first letter of c_state), and 10,000 suppliers, stock row
 * (w, i) belonging to supplier mod(w × i, 10000). On BenchmarkSQL's layout named with its prefix, so that a go-tpc or
 * BenchBase data set in the same database (tables nation, region, supplier) is left alone; on go-tpc's layout
 * (tpccSchema=go-tpc) go-tpc ch's own tables, as its ch/ddl.go writes them (BIGINT keys, CHAR names, NOT NULL, the
 * supplier's columns s_...), which a data set go-tpc loaded already holds. Also the heartbeat row freshness is
 * measured with.
 *
 * <p>Every row is drawn from randSeed, so one seed gives the same rows on every engine. Supplier keys are 0..9999,
 * every value mod(w × i, 10000) can take (BenchBase numbers them 1..10000, and stock of supplier 0 then has none).
 */
public final class ChData {
    /** The three tables with BenchmarkSQL's names; {@link TpccTables#table} gives a layout's. */
    public static final List<String> TABLES = List.of("bmsql_region", "bmsql_nation", "bmsql_supplier");

    /** The three tables in layout {@code t}. */
    public static List<String> tables(TpccTables t) {
        return TABLES.stream().map(t::table).toList();
    }
    public static final String HEARTBEAT = "oltpbench_heartbeat";
    static final int SUPPLIERS = 10_000;

    /** CH's regions, keyed 1..5. */
    static final String[] REGIONS = {"Africa", "America", "Asia", "Australia", "Europe"};

    /** CH's nations: key, name, region; the names as CH's tables spell them. */
    record Nation(int key, String name, int region) {
    }

    static final List<Nation> NATIONS = nations();

    private static List<Nation> nations() {
        String[] rows = {
            "48:Australia:4", "49:Belgium:5", "50:Cameroon:1", "51:Denmark:5", "52:Ecuador:2", "53:France:5",
            "54:Germany:5", "55:Hungary:5", "56:Italy:5", "57:Japan:3", "65:Kenya:1", "66:Lithuania:5", "67:Mexico:2",
            "68:Netherlands:5", "69:Oman:1", "70:Portugal:5", "71:Qatar:1", "72:Rwanda:1", "73:Serbia:5", "74:Togo:1",
            "75:United States:2", "76:Vietnam:3", "77:Singapore:3", "78:Cambodia:3", "79:Yemen:1", "80:Zimbabwe:1",
            "81:Argentina:2", "82:Bolivia:2", "83:Canada:2", "84:Dominican Republic:2", "85:Egypt:1", "86:Finnland:5",
            "87:Ghana:1", "88:Haiti:2", "89:India:3", "90:Jamaica:4", "97:Kazakhstan:3", "98:Luxembourg:5",
            "99:Morocco:1", "100:Norway:5", "101:Poland:5", "102:Peru:2", "103:Nicaragua:2", "104:Romania:5",
            "105:South Africa:1", "106:Thailand:3", "107:United Kingdom:5", "108:Venezuela:2", "109:Liechtenstein:5",
            "110:Austria:5", "111:Laos:3", "112:Zambia:1", "113:Switzerland:5", "114:China:3", "115:Papua New Guinea:4",
            "116:East Timor:4", "117:Bulgaria:5", "118:Brazil:2", "119:Albania:5", "120:Andorra:5", "121:Belize:2",
            "122:Botswana:1"};
        List<Nation> out = new ArrayList<>();
        for (String r : rows) {
            String[] f = r.split(":");
            out.add(new Nation(Integer.parseInt(f[0]), f[1], Integer.parseInt(f[2])));
        }
        return List.copyOf(out);
    }

    private ChData() {
    }

    /** The CREATE TABLE statements of the three tables in layout {@code t} and the heartbeat. */
    static List<String> createTables(Dialect d, TpccTables t) {
        org.oltpbench.dialect.Layout plain = org.oltpbench.dialect.Layout.PLAIN;
        String heartbeat = "create table " + HEARTBEAT + " (\n  hb_id integer not null,\n  hb_nanos bigint not null,\n  "
                + d.primaryKey("hb_id", plain) + "\n)";
        if (t == TpccTables.GO_TPC) {
            return List.of(
                    "create table region (\n  r_regionkey bigint not null,\n  r_name char(25) not null,\n"
                            + "  r_comment varchar(152),\n  " + d.primaryKey("r_regionkey", plain) + "\n)",
                    "create table nation (\n  n_nationkey bigint not null,\n  n_name char(25) not null,\n"
                            + "  n_regionkey bigint not null,\n  n_comment varchar(152),\n  " + d.primaryKey("n_nationkey", plain) + "\n)",
                    "create table supplier (\n  s_suppkey bigint not null,\n  s_name char(25) not null,\n"
                            + "  s_address varchar(40) not null,\n  s_nationkey bigint not null,\n  s_phone char(15) not null,\n"
                            + "  s_acctbal decimal(15, 2) not null,\n  s_comment varchar(101) not null,\n  "
                            + d.primaryKey("s_suppkey", plain) + "\n)",
                    heartbeat);
        }
        return List.of(
                "create table bmsql_region (\n  r_regionkey integer not null,\n  r_name varchar(55),\n"
                        + "  r_comment varchar(152),\n  " + d.primaryKey("r_regionkey", plain) + "\n)",
                "create table bmsql_nation (\n  n_nationkey integer not null,\n  n_name varchar(25),\n  n_regionkey integer,\n"
                        + "  n_comment varchar(152),\n  " + d.primaryKey("n_nationkey", plain) + "\n)",
                "create table bmsql_supplier (\n  su_suppkey integer not null,\n  su_name varchar(25),\n"
                        + "  su_address varchar(40),\n  su_nationkey integer,\n  su_phone varchar(15),\n"
                        + "  su_acctbal decimal(12,2),\n  su_comment varchar(101),\n  "
                        + d.primaryKey("su_suppkey", plain) + "\n)",
                heartbeat);
    }

    /**
     * go-tpc's layout: the view its ch creates beside the tables, which its Q15 reads (CH-benCHmark's Q15 revenue view:
     * each supplier's revenue from the order lines delivered since 2007-01-02); none on BenchmarkSQL's layout.
     */
    static final String GO_TPC_VIEW = TpccTables.GO_TPC.views().get(0);

    private static String goTpcView() {
        return "create view " + GO_TPC_VIEW + " (supplier_no, total_revenue) as select mod(s_w_id * s_i_id, 10000), "
                + "sum(ol_amount) from order_line, stock where ol_i_id = s_i_id and ol_supply_w_id = s_w_id "
                + "and ol_delivery_d >= '2007-01-02 00:00:00' group by mod(s_w_id * s_i_id, 10000)";
    }

    /**
     * Whether the three tables of layout {@code t} are there, and the heartbeat, oltpbench's own, which a data set the
     * peer loaded (go-tpc's layout) lacks until the first run makes it ({@link #ensureHeartbeat}).
     */
    static boolean present(Connection c, TpccTables t) throws SQLException {
        for (String name : tables(t)) if (!Database.tableExists(c, name)) return false;
        return t == TpccTables.GO_TPC || Database.tableExists(c, HEARTBEAT);
    }

    /** The heartbeat table, made where a peer's load left none. */
    static void ensureHeartbeat(Database db) throws SQLException {
        try (Connection c = db.connect(); Statement st = c.createStatement()) {
            if (Database.tableExists(c, HEARTBEAT)) return;
            String plain = db.dialect().primaryKey("hb_id", org.oltpbench.dialect.Layout.PLAIN);
            st.execute("create table " + HEARTBEAT + " (\n  hb_id integer not null,\n  hb_nanos bigint not null,\n  " + plain + "\n)");
            if (!c.getAutoCommit()) c.commit();
        }
    }

    /** Creates and loads what is missing (a data set half made by an interrupted prepare is made again). */
    static long prepare(Database db, String method, long seed, TpccTables t) throws SQLException {
        drop(db, t);
        try (Connection c = db.connect(); Statement st = c.createStatement()) {
            for (String sql : createTables(db.dialect(), t)) st.execute(sql);
            if (t == TpccTables.GO_TPC) st.execute(goTpcView());
            st.execute("insert into " + HEARTBEAT + " (hb_id, hb_nanos) values (1, 0)");
            return load(db.dialect(), c, method, seed, t);
        }
    }

    static void drop(Database db, TpccTables t) throws SQLException {
        try (Connection c = db.connect(); Statement st = c.createStatement()) {
            if (t == TpccTables.GO_TPC) st.execute("DROP VIEW IF EXISTS " + GO_TPC_VIEW);
            for (String name : tables(t)) st.execute("DROP TABLE IF EXISTS " + name);
            st.execute("DROP TABLE IF EXISTS " + HEARTBEAT);
        }
    }

    private static long load(Dialect d, Connection c, String method, long seed, TpccTables t) throws SQLException {
        TpccRandom r = new TpccRandom(seed * 131 + 7, 0, 0, 0);
        try (RowSink s = Sinks.open(d, c, t.table("bmsql_region"), List.of("r_regionkey", "r_name", "r_comment"), method)) {
            for (int k = 0; k < REGIONS.length; k++) {
                s.integer(k + 1);
                s.text(REGIONS[k]);
                s.text(r.astring(31, 115));
                s.endRow();
            }
        }
        try (RowSink s = Sinks.open(d, c, t.table("bmsql_nation"), List.of("n_nationkey", "n_name", "n_regionkey", "n_comment"), method)) {
            for (Nation n : NATIONS) {
                s.integer(n.key());
                s.text(n.name());
                s.integer(n.region());
                s.text(r.astring(31, 114));
                s.endRow();
            }
        }
        try (RowSink s = Sinks.open(d, c, t.table("bmsql_supplier"), List.of("su_suppkey", "su_name",
                "su_address", "su_nationkey", "su_phone", "su_acctbal", "su_comment").stream().map(t::sql).toList(), method)) {
            for (int k = 0; k < SUPPLIERS; k++) {
                s.integer(k);
                s.text(String.format("Supplier#%09d", k));
                s.text(r.astring(20, 40));
                s.integer(NATIONS.get(r.between(0, NATIONS.size() - 1)).key());
                s.text(r.nstring(15, 15));
                s.decimal(r.between(-99999, 999999) / 100.0, 2);
                s.text(r.astring(51, 101));
                s.endRow();
            }
        }
        return REGIONS.length + NATIONS.size() + SUPPLIERS;
    }
}
