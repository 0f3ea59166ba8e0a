package org.oltpbench.workload.tpcc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import org.oltpbench.measure.ThreadStats;

/**
 * TPC-C 2.4 New-Order: 5-15 lines, 1% remote supply lines, 1% rolled back on an unused item id (2.4.1.4).
 * Round trips are what a loopback benchmark pays for, so the lines go in a few statements: all items in one
 * IN-list SELECT, all stock rows in one (s_w_id, s_i_id) IN-list SELECT ... FOR UPDATE, the stock updates as one JDBC
 * batch and the order lines as one multi-row INSERT (a JDBC batch of inserts is one round trip only where the driver
 * rewrites or bulk-sends it: on TiDB, MariaDB Connector/J sends it row by row, which cost TiDB 3.5x the server time of
 * go-tpc's multi-row INSERT). Statements for every list length are prepared up front.
 * <p>newOrderStyle=perItem sends what BenchmarkSQL 5.0 sends instead: for each line in item-id order, one SELECT of
 * the item and one SELECT ... FOR UPDATE of its stock row; the stock updates and order-line inserts stay batched,
 * as they are upstream.
 */
final class NewOrder extends Txn {
    private PreparedStatement customer, district, bumpDistrict, insOrder, insNewOrder, updStock, insLine;
    private final PreparedStatement[] items = new PreparedStatement[16], stocks = new PreparedStatement[16],
            insLines = new PreparedStatement[16];
    private final boolean perItem;
    /** perItem style: one item and one stock row per statement; null in the default style. */
    private PreparedStatement item1, stock1;
    private final int[] order = new int[15];
    private int w, d, cid, lines, allWarehouses;
    private final int[] item = new int[15], supply = new int[15], qty = new int[15];
    private boolean allLocal;
    // per distinct item and per distinct (supply, item) pair of the current order
    private final int[] itemIds = new int[15], pairW = new int[15], pairI = new int[15], pairQty = new int[15];
    private final long[] priceCents = new long[15];
    private final String[] pairDist = new String[15];

    /** @param procs tpccMode=procedures' routines (the set-based New-Order, or the row-by-row one with perItem); null in client mode */
    NewOrder(Connection c, boolean perItem, TpccProcedures procs, TpccTables tables) throws SQLException {
        super(c, procs, perItem ? TpccProcedures.Routine.NEWORD_ROW : TpccProcedures.Routine.NEWORD, tables);
        this.perItem = perItem;
        if (called()) return; // one call: no statements of the client's own
        customer = prepare("SELECT c_discount, c_last, c_credit, w_tax FROM bmsql_customer JOIN bmsql_warehouse ON w_id = c_w_id "
                + "WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?");
        district = prepare("SELECT d_tax, d_next_o_id FROM bmsql_district WHERE d_w_id = ? AND d_id = ? FOR UPDATE");
        bumpDistrict = prepare("UPDATE bmsql_district SET d_next_o_id = d_next_o_id + 1 WHERE d_w_id = ? AND d_id = ?");
        insOrder = prepare("INSERT INTO bmsql_oorder (o_id, o_d_id, o_w_id, o_c_id, o_entry_d, o_ol_cnt, o_all_local) "
                + "VALUES (?, ?, ?, ?, ?, ?, ?)");
        insNewOrder = prepare("INSERT INTO bmsql_new_order (no_o_id, no_d_id, no_w_id) VALUES (?, ?, ?)");
        item1 = perItem ? prepare("SELECT i_id, i_price, i_name, i_data FROM bmsql_item WHERE i_id = ?") : null;
        stock1 = perItem ? prepare("SELECT s_w_id, s_i_id, s_quantity, s_data, s_dist_01, s_dist_02, s_dist_03, s_dist_04, "
                + "s_dist_05, s_dist_06, s_dist_07, s_dist_08, s_dist_09, s_dist_10 FROM bmsql_stock "
                + "WHERE s_w_id = ? AND s_i_id = ? FOR UPDATE") : null;
        for (int n = 1; n <= 15 && !perItem; n++) {
            items[n] = prepare("SELECT i_id, i_price, i_name, i_data FROM bmsql_item WHERE i_id IN (" + "?, ".repeat(n - 1) + "?)");
            stocks[n] = prepare("SELECT s_w_id, s_i_id, s_quantity, s_data, s_dist_01, s_dist_02, s_dist_03, s_dist_04, "
                    + "s_dist_05, s_dist_06, s_dist_07, s_dist_08, s_dist_09, s_dist_10 FROM bmsql_stock "
                    + "WHERE (s_w_id, s_i_id) IN (" + "(?, ?), ".repeat(n - 1) + "(?, ?)) FOR UPDATE");
        }
        for (int n = 5; n <= 15 && !perItem; n++) insLines[n] = prepare(INSERT_LINE + LINE_VALUES.repeat(n - 1));
        updStock = prepare("UPDATE bmsql_stock SET s_quantity = ?, s_ytd = s_ytd + ?, s_order_cnt = s_order_cnt + 1, "
                + "s_remote_cnt = s_remote_cnt + ? WHERE s_w_id = ? AND s_i_id = ?");
        insLine = perItem ? prepare(INSERT_LINE) : null;
    }

    private static final String LINE_VALUES = ", (?, ?, ?, ?, ?, ?, ?, ? * 0.01, ?)";
    private static final String INSERT_LINE = "INSERT INTO bmsql_order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, "
            + "ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES " + LINE_VALUES.substring(2);

    @Override
    void generate(TpccRandom r, int w, int dTerminal, int allWarehouses) {
        this.w = w;
        this.allWarehouses = allWarehouses;
        this.d = r.between(1, 10);
        this.cid = r.customerId();
        this.lines = r.between(5, 15);
        boolean rollback = r.between(1, 100) == 1;
        allLocal = true;
        for (int i = 0; i < lines; i++) {
            item[i] = rollback && i == lines - 1 ? TpccLoader.ITEMS + 1 : r.itemId();
            supply[i] = r.between(1, 100) == 1 ? otherWarehouse(r, w, allWarehouses) : w;
            if (supply[i] != w) allLocal = false;
            qty[i] = r.between(1, 10);
        }
    }

    @Override
    void tally(ThreadStats st) {
        if (hammerDb != null) { // HammerDB's NEWORD draws the lines: their count is the client's, their warehouses are not
            st.tally(TpccTally.ORDER_LINES.ordinal(), lines);
            st.tally(TpccTally.ROUTINE_DRAWN_LINES.ordinal(), lines);
            return;
        }
        int remote = 0;
        for (int i = 0; i < lines; i++) if (supply[i] != w) remote++;
        st.tally(TpccTally.ORDER_LINES.ordinal(), lines);
        st.tally(TpccTally.REMOTE_ORDER_LINES.ordinal(), remote);
    }

    private final StringBuilder list = new StringBuilder(96);

    /** 2.4.2.3's rollback arrives as the routine's signal, after it undid the order; counted as the client form counts it. */
    @Override
    boolean viaCall(ThreadStats st) throws SQLException {
        if (hammerDb != null) {
            bind(call, w, allWarehouses, d, cid, lines); // HammerDB's NEWORD(w, max_w, d, c, ol_cnt, ...) draws the lines
        } else {
            bind(call, w, d, cid, lines, allLocal ? 1 : 0);
            call.setString(6, jsonArray(list, item, lines));
            call.setString(7, jsonArray(list, supply, lines));
            call.setString(8, jsonArray(list, qty, lines));
        }
        try {
            callOne(st);
            return true;
        } catch (SQLException e) {
            if (!TpccProcedures.rolledBack(e)) throw e;
            st.other(1);
            return false;
        }
    }

    @Override
    boolean execute(ThreadStats st) throws SQLException {
        one(bind(customer, w, d, cid), st, "customer").close();
        int oid = oneInt(bind(district, w, d), st, "district", 2);
        bind(bumpDistrict, w, d).executeUpdate();
        bind(insOrder, oid, d, w, cid).setTimestamp(5, new Timestamp(System.currentTimeMillis()));
        insOrder.setInt(6, lines);
        insOrder.setInt(7, allLocal ? 1 : 0);
        insOrder.executeUpdate();
        bind(insNewOrder, oid, d, w).executeUpdate();
        st.writes(3);
        if (item1 != null ? !readAndLockPerItem(st) : !readItems(st)) {
            c.rollback(); // 2.4.2.3: an unused item id rolls the whole order back
            st.other(1);
            return false;
        }
        if (item1 == null) lockStock(st);
        writeLines(oid, st);
        commit(st);
        return true;
    }

    /** Prices of the order's distinct items; false when one does not exist. */
    private boolean readItems(ThreadStats st) throws SQLException {
        int n = 0;
        for (int i = 0; i < lines; i++) if (indexOf(itemIds, n, item[i]) < 0) itemIds[n++] = item[i];
        PreparedStatement ps = items[n];
        for (int i = 0; i < n; i++) ps.setInt(i + 1, itemIds[i]);
        int found = 0;
        try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                priceCents[indexOf(itemIds, n, rs.getInt(1))] = Math.round(rs.getDouble(2) * 100);
                found++;
            }
        }
        st.reads(1);
        for (int i = 0; i < lines; i++) lineItem[i] = indexOf(itemIds, n, item[i]);
        return found == n;
    }

    private final int[] lineItem = new int[15], linePair = new int[15];

    /** Locks the order's distinct stock rows in one statement and reads their quantities and district info. */
    private void lockStock(ThreadStats st) throws SQLException {
        int n = pairLines();
        PreparedStatement ps = stocks[n];
        for (int i = 0; i < n; i++) {
            ps.setInt(2 * i + 1, pairW[i]);
            ps.setInt(2 * i + 2, pairI[i]);
        }
        try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                int p = pairOf(n, rs.getInt(1), rs.getInt(2));
                pairQty[p] = rs.getInt(3);
                pairDist[p] = rs.getString(4 + d);
            }
        }
        st.reads(1);
    }

    /** 2.4.2.2: stock quantity drops by the ordered quantity, or is topped up by 91 when it would fall below 10. */
    private void writeLines(int oid, ThreadStats st) throws SQLException {
        for (int i = 0; i < lines; i++) {
            int p = linePair[i];
            int q = pairQty[p];
            pairQty[p] = q >= qty[i] + 10 ? q - qty[i] : q - qty[i] + 91;
            updStock.setInt(1, pairQty[p]);
            updStock.setInt(2, qty[i]);
            updStock.setInt(3, supply[i] == w ? 0 : 1);
            updStock.setInt(4, supply[i]);
            updStock.setInt(5, item[i]);
            updStock.addBatch();
            PreparedStatement ins = perItem ? insLine : insLines[lines];
            int at = perItem ? 0 : 9 * i;
            ins.setInt(at + 1, oid);
            ins.setInt(at + 2, d);
            ins.setInt(at + 3, w);
            ins.setInt(at + 4, i + 1);
            ins.setInt(at + 5, item[i]);
            ins.setInt(at + 6, supply[i]);
            ins.setInt(at + 7, qty[i]);
            ins.setLong(at + 8, priceCents[lineItem[i]] * qty[i]);
            ins.setString(at + 9, pairDist[p]);
            if (perItem) ins.addBatch();
        }
        updStock.executeBatch();
        if (perItem) {
            insLine.executeBatch();
            st.writes(2 * lines);
        } else {
            insLines[lines].executeUpdate();
            st.writes(lines + 1);
        }
    }

    /**
     * BenchmarkSQL 5.0's order: lines sorted by item id; per line the item, then its stock row FOR UPDATE.
     * False when an item does not exist (checked as it is reached, as upstream does).
     */
    private boolean readAndLockPerItem(ThreadStats st) throws SQLException {
        pairLines();
        int n = 0;
        for (int i = 0; i < lines; i++) {
            if (indexOf(itemIds, n, item[i]) < 0) itemIds[n++] = item[i];
            lineItem[i] = indexOf(itemIds, n, item[i]);
            order[i] = i;
        }
        for (int j = 1; j < lines; j++) { // insertion sort by item id: no allocation on the transaction path
            int o = order[j], k = j - 1;
            for (; k >= 0 && item[order[k]] > item[o]; k--) order[k + 1] = order[k];
            order[k + 1] = o;
        }
        for (int j = 0; j < lines; j++) {
            int i = order[j];
            item1.setInt(1, item[i]);
            try (ResultSet rs = item1.executeQuery()) {
                st.reads(1);
                if (!rs.next()) return false;
                priceCents[lineItem[i]] = Math.round(rs.getDouble(2) * 100);
            }
            try (ResultSet rs = bind(stock1, supply[i], item[i]).executeQuery()) {
                st.reads(1);
                if (!rs.next()) throw new SQLException("TPC-C: stock row (" + supply[i] + ", " + item[i] + ") not found; run check", "02000");
                pairQty[linePair[i]] = rs.getInt(3);
                pairDist[linePair[i]] = rs.getString(4 + d);
            }
        }
        return true;
    }

    /** The order's distinct (supply warehouse, item) pairs, and each line's pair; returns how many pairs. */
    private int pairLines() {
        int n = 0;
        for (int i = 0; i < lines; i++) {
            int p = pairOf(n, supply[i], item[i]);
            if (p < 0) {
                pairW[n] = supply[i];
                pairI[n] = item[i];
                p = n++;
            }
            linePair[i] = p;
        }
        return n;
    }

    private int pairOf(int n, int sw, int si) {
        for (int i = 0; i < n; i++) if (pairW[i] == sw && pairI[i] == si) return i;
        return -1;
    }

    private static int indexOf(int[] a, int n, int v) {
        for (int i = 0; i < n; i++) if (a[i] == v) return i;
        return -1;
    }
}
