package org.oltpbench.workload.tpcc;

import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import org.oltpbench.db.Database;
import org.oltpbench.measure.ThreadStats;
import org.oltpbench.workload.Terminal;

/**
 * Issue 46: tpccMode=client and tpccMode=procedures do the same to the same data. One terminal (so no transaction
 * waits on another, and the inputs are the seed's alone) runs the same deck on two copies of one data set, one copy
 * per mode; then every column the five transactions write is read back from both, in key order, and digested table
 * by table. Timestamps are the only columns left out (each mode stamps its own clock: the client's or the server's),
 * except whether a delivery date is set. The copies must digest the same before (the load is the seed's) and after.
 */
public final class ModesEquivalence {
    /** Per table, the columns the transactions write (or key), in key order; timestamps left out. */
    private static final Map<String, String> WRITTEN = new LinkedHashMap<>();

    static {
        WRITTEN.put("bmsql_warehouse", "SELECT w_id, w_ytd FROM bmsql_warehouse ORDER BY w_id");
        WRITTEN.put("bmsql_district", "SELECT d_w_id, d_id, d_ytd, d_next_o_id FROM bmsql_district ORDER BY d_w_id, d_id");
        WRITTEN.put("bmsql_customer", "SELECT c_w_id, c_d_id, c_id, c_balance, c_ytd_payment, c_payment_cnt, c_delivery_cnt, c_data "
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

    private ModesEquivalence() {
    }

    /** What one mode's terminal did: transactions ended per type, rolled-back New-Orders, districts Delivery skipped. */
    public record Ran(long[] ended, long rolledBack, long skipped) {
    }

    /**
     * Runs {@code transactions} of {@code w}'s deck on one terminal of {@code db} (seeded {@code seed}), as the workload's
     * mode sends them; counts what ended.
     */
    public static Ran run(org.oltpbench.workload.Workload w, Database db, long seed, int transactions) throws SQLException {
        TpccType[] types = TpccType.values();
        ThreadStats st = new ThreadStats(types.length, false, false, w.info().tallies().size());
        long[] ended = new long[types.length];
        long rolledBack = 0;
        try (Connection c = db.connect(); Terminal t = w.terminal(c, 0, 1, seed)) {
            for (int i = 0; i < transactions; i++) {
                int outcome = t.next(st);
                ended[outcome & 0xFFFF]++;
                if ((outcome & Terminal.ROLLED_BACK) != 0) rolledBack++;
            }
        }
        return new Ran(ended, rolledBack, skippedTally(st, w));
    }

    /** The districts Delivery skipped, from the terminal's tally pending in {@code st} (never published here). */
    private static long skippedTally(ThreadStats st, org.oltpbench.workload.Workload w) {
        return st.pendingTally(TpccTally.DELIVERY_SKIPPED_DISTRICTS.ordinal());
    }

    /** Per table, a digest of the written columns in key order. */
    public static Map<String, String> digest(Database db) throws Exception {
        Map<String, String> out = new LinkedHashMap<>();
        try (Connection c = db.connect(); Statement st = c.createStatement()) {
            for (Map.Entry<String, String> e : WRITTEN.entrySet()) {
                MessageDigest md = MessageDigest.getInstance("SHA-256");
                long rows = 0;
                try (ResultSet rs = st.executeQuery(e.getValue())) {
                    int n = rs.getMetaData().getColumnCount();
                    while (rs.next()) {
                        rows++;
                        for (int i = 1; i <= n; i++) {
                            String v = rs.getString(i);
                            md.update(((v == null ? "\u0000" : normal(v)) + "|").getBytes(java.nio.charset.StandardCharsets.UTF_8));
                        }
                    }
                }
                out.put(e.getKey(), rows + " rows " + HexFormat.of().formatHex(md.digest(), 0, 8));
            }
            if (!c.getAutoCommit()) c.commit();
        }
        return out;
    }

    /** A decimal as the same text on every engine: "12.50" and "12.5" alike ("-0" as "0"). */
    private static String normal(String v) {
        if (!v.matches("-?\\d+\\.\\d+")) return v;
        String s = new java.math.BigDecimal(v).stripTrailingZeros().toPlainString();
        return s.equals("-0") ? "0" : s;
    }
}
