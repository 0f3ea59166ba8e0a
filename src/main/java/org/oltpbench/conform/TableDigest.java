package org.oltpbench.conform;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import org.oltpbench.db.Database;
import org.oltpbench.workload.tpcc.TpccTables;

/**
 * A digest per TPC-C table of every column the five transactions write (and the keys), in key order, each value as the
 * same text on every engine (a decimal without trailing zeros). Timestamps are left out (each engine and mode stamps
 * its own clock), except whether a delivery date is set. Two data sets that digest alike hold the same written values.
 */
public final class TableDigest {
    /** Per table (BenchmarkSQL's names; the layout's given at use), the query of its written columns in key order. */
    private static final Map<String, String> WRITTEN = new LinkedHashMap<>();

    static {
        WRITTEN.put("bmsql_warehouse", "SELECT w_id, w_ytd FROM bmsql_warehouse ORDER BY w_id");
        WRITTEN.put("bmsql_district", "SELECT d_w_id, d_id, d_ytd, d_next_o_id FROM bmsql_district ORDER BY d_w_id, d_id");
        // and the names a by-name Payment or Order-Status selects on (never written: the same rows before, the same after)
        WRITTEN.put("bmsql_customer", "SELECT c_w_id, c_d_id, c_id, c_balance, c_ytd_payment, c_payment_cnt, c_delivery_cnt, c_data, c_last, c_first "
                + "FROM bmsql_customer ORDER BY c_w_id, c_d_id, c_id");
        WRITTEN.put("bmsql_history", "SELECT h_c_id, h_c_d_id, h_c_w_id, h_d_id, h_w_id, h_amount, h_data FROM bmsql_history "
                + "ORDER BY h_c_w_id, h_c_d_id, h_c_id, h_w_id, h_d_id, h_amount, h_data");
        WRITTEN.put("bmsql_oorder", "SELECT o_w_id, o_d_id, o_id, o_c_id, o_carrier_id, o_ol_cnt, o_all_local FROM bmsql_oorder "
                + "ORDER BY o_w_id, o_d_id, o_id");
        WRITTEN.put("bmsql_new_order", "SELECT no_w_id, no_d_id, no_o_id FROM bmsql_new_order ORDER BY no_w_id, no_d_id, no_o_id");
        WRITTEN.put("bmsql_order_line", "SELECT ol_w_id, ol_d_id, ol_o_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, "
                + "ol_dist_info, CASE WHEN ol_delivery_d IS NULL THEN 0 ELSE 1 END FROM bmsql_order_line "
                + "ORDER BY ol_w_id, ol_d_id, ol_o_id, ol_number");
        WRITTEN.put("bmsql_stock", "SELECT s_w_id, s_i_id, s_quantity, s_ytd, s_order_cnt, s_remote_cnt FROM bmsql_stock "
                + "ORDER BY s_w_id, s_i_id");
    }

    private TableDigest() {
    }

    /** Per table (in {@code tables}' names), "N rows HEX" of its written columns. */
    public static Map<String, String> of(Database db, TpccTables tables) throws SQLException {
        return of(db, tables, WRITTEN.keySet());
    }

    /** As {@link #of(Database, TpccTables)}, of the tables {@code only} names (BenchmarkSQL's names), in the usual order. */
    public static Map<String, String> of(Database db, TpccTables tables, java.util.Collection<String> only) throws SQLException {
        Map<String, String> out = new LinkedHashMap<>();
        try (Connection c = db.connect(); Statement st = c.createStatement()) {
            for (Map.Entry<String, String> e : WRITTEN.entrySet()) {
                if (!only.contains(e.getKey())) continue;
                MessageDigest md = sha256();
                long rows = 0;
                try (ResultSet rs = st.executeQuery(tables.sql(e.getValue()))) {
                    int n = rs.getMetaData().getColumnCount();
                    while (rs.next()) {
                        rows++;
                        for (int i = 1; i <= n; i++) {
                            String v = rs.getString(i);
                            md.update(((v == null ? "\u0000" : normal(v)) + "|").getBytes(java.nio.charset.StandardCharsets.UTF_8));
                        }
                    }
                }
                out.put(tables.table(e.getKey()), rows + " rows " + HexFormat.of().formatHex(md.digest(), 0, 8));
            }
            if (!c.getAutoCommit()) c.commit();
        }
        return out;
    }

    /**
     * The first row of {@code table} (BenchmarkSQL's name) whose written columns differ between {@code a} and {@code b},
     * in key order, as "row N: A (v, v, ...) B (v, v, ...)"; null when none does.
     */
    public static String firstDifference(Database a, TpccTables ta, Database b, TpccTables tb, String table) throws SQLException {
        String sql = WRITTEN.get(table);
        try (Connection ca = a.connect(); Statement sa = ca.createStatement(); ResultSet ra = sa.executeQuery(ta.sql(sql));
             Connection cb = b.connect(); Statement sb = cb.createStatement(); ResultSet rb = sb.executeQuery(tb.sql(sql))) {
            int n = ra.getMetaData().getColumnCount();
            for (long row = 1; ; row++) {
                boolean ha = ra.next(), hb = rb.next();
                if (!ha && !hb) return null;
                String va = ha ? values(ra, n) : "(none)", vb = hb ? values(rb, n) : "(none)";
                if (!va.equals(vb)) return "row " + row + " in key order: " + va + " against " + vb;
            }
        }
    }

    /** BenchmarkSQL's name of the table {@code t} names {@code name}. */
    public static String bmsqlName(TpccTables t, String name) {
        for (String k : WRITTEN.keySet()) if (t.table(k).equals(name)) return k;
        return name;
    }

    private static String values(ResultSet rs, int n) throws SQLException {
        StringBuilder b = new StringBuilder("(");
        for (int i = 1; i <= n; i++) {
            String v = rs.getString(i);
            b.append(i > 1 ? ", " : "").append(v == null ? "null" : normal(v));
        }
        return b.append(')').toString();
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A decimal as the same text on every engine: "12.50" and "12.5" alike ("-0" as "0"); other values as they are. */
    static String normal(String v) {
        if (!v.matches("-?\\d+\\.\\d+")) return v;
        String s = new java.math.BigDecimal(v).stripTrailingZeros().toPlainString();
        return s.equals("-0") ? "0" : s;
    }
}
