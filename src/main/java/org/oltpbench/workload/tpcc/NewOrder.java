package org.oltpbench.workload.tpcc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import org.oltpbench.measure.ThreadStats;

/** TPC-C 2.4 New-Order: 5-15 lines, 1% remote supply lines, 1% rolled back on an unused item id (2.4.1.4). */
final class NewOrder extends Txn {
    private final PreparedStatement customer, district, bumpDistrict, insOrder, insNewOrder, item, stock, updStock, insLine;
    private int w, d, cid, lines;
    private final int[] items = new int[15], supply = new int[15], qty = new int[15];
    private boolean allLocal;

    NewOrder(Connection c) throws SQLException {
        super(c);
        customer = prepare("SELECT c_discount, c_last, c_credit, w_tax FROM bmsql_customer JOIN bmsql_warehouse ON w_id = c_w_id "
                + "WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?");
        district = prepare("SELECT d_tax, d_next_o_id FROM bmsql_district WHERE d_w_id = ? AND d_id = ? FOR UPDATE");
        bumpDistrict = prepare("UPDATE bmsql_district SET d_next_o_id = d_next_o_id + 1 WHERE d_w_id = ? AND d_id = ?");
        insOrder = prepare("INSERT INTO bmsql_oorder (o_id, o_d_id, o_w_id, o_c_id, o_entry_d, o_ol_cnt, o_all_local) "
                + "VALUES (?, ?, ?, ?, ?, ?, ?)");
        insNewOrder = prepare("INSERT INTO bmsql_new_order (no_o_id, no_d_id, no_w_id) VALUES (?, ?, ?)");
        item = prepare("SELECT i_price, i_name, i_data FROM bmsql_item WHERE i_id = ?");
        stock = prepare("SELECT s_quantity, s_data, s_dist_01, s_dist_02, s_dist_03, s_dist_04, s_dist_05, s_dist_06, "
                + "s_dist_07, s_dist_08, s_dist_09, s_dist_10 FROM bmsql_stock WHERE s_w_id = ? AND s_i_id = ? FOR UPDATE");
        updStock = prepare("UPDATE bmsql_stock SET s_quantity = ?, s_ytd = s_ytd + ?, s_order_cnt = s_order_cnt + 1, "
                + "s_remote_cnt = s_remote_cnt + ? WHERE s_w_id = ? AND s_i_id = ?");
        insLine = prepare("INSERT INTO bmsql_order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, "
                + "ol_quantity, ol_amount, ol_dist_info) VALUES (?, ?, ?, ?, ?, ?, ?, ? * 0.01, ?)");
    }

    @Override
    void generate(TpccRandom r, int w, int dTerminal, int warehouses, int first) {
        this.w = w;
        this.d = r.between(1, 10);
        this.cid = r.customerId();
        this.lines = r.between(5, 15);
        boolean rollback = r.between(1, 100) == 1;
        allLocal = true;
        for (int i = 0; i < lines; i++) {
            items[i] = rollback && i == lines - 1 ? TpccLoader.ITEMS + 1 : r.itemId();
            supply[i] = r.between(1, 100) == 1 ? otherWarehouse(r, w, warehouses, first) : w;
            if (supply[i] != w) allLocal = false;
            qty[i] = r.between(1, 10);
        }
        sortLines();
    }

    /** Lines in (supply warehouse, item) order, so concurrent NewOrders lock stock rows in one order (no deadlocks). */
    private void sortLines() {
        for (int i = 1; i < lines; i++) {
            for (int j = i; j > 0 && (supply[j - 1] > supply[j] || supply[j - 1] == supply[j] && items[j - 1] > items[j]); j--) {
                swap(items, j);
                swap(supply, j);
                swap(qty, j);
            }
        }
    }

    private static void swap(int[] a, int j) {
        int t = a[j];
        a[j] = a[j - 1];
        a[j - 1] = t;
    }

    @Override
    boolean execute(ThreadStats st) throws SQLException {
        customer.setInt(1, w);
        customer.setInt(2, d);
        customer.setInt(3, cid);
        one(customer, st, "customer").close();
        district.setInt(1, w);
        district.setInt(2, d);
        int oid;
        try (ResultSet rs = one(district, st, "district")) {
            oid = rs.getInt(2);
        }
        bumpDistrict.setInt(1, w);
        bumpDistrict.setInt(2, d);
        bumpDistrict.executeUpdate();
        Timestamp now = new Timestamp(System.currentTimeMillis());
        insOrder.setInt(1, oid);
        insOrder.setInt(2, d);
        insOrder.setInt(3, w);
        insOrder.setInt(4, cid);
        insOrder.setTimestamp(5, now);
        insOrder.setInt(6, lines);
        insOrder.setInt(7, allLocal ? 1 : 0);
        insOrder.executeUpdate();
        insNewOrder.setInt(1, oid);
        insNewOrder.setInt(2, d);
        insNewOrder.setInt(3, w);
        insNewOrder.executeUpdate();
        st.writes(3);
        for (int i = 0; i < lines; i++) {
            if (!line(i, oid, st)) {
                c.rollback();
                st.other(1);
                return false;
            }
        }
        commit(st);
        return true;
    }

    /** @return false for the unused item id: the whole order rolls back (2.4.2.3) */
    private boolean line(int i, int oid, ThreadStats st) throws SQLException {
        item.setInt(1, items[i]);
        long priceCents;
        try (ResultSet rs = item.executeQuery()) {
            st.reads(1);
            if (!rs.next()) return false;
            priceCents = Math.round(rs.getDouble(1) * 100);
        }
        stock.setInt(1, supply[i]);
        stock.setInt(2, items[i]);
        int quantity;
        String dist;
        try (ResultSet rs = one(stock, st, "stock")) {
            quantity = rs.getInt(1);
            dist = rs.getString(2 + d);
        }
        updStock.setInt(1, quantity >= qty[i] + 10 ? quantity - qty[i] : quantity - qty[i] + 91);
        updStock.setInt(2, qty[i]);
        updStock.setInt(3, supply[i] == w ? 0 : 1);
        updStock.setInt(4, supply[i]);
        updStock.setInt(5, items[i]);
        updStock.executeUpdate();
        insLine.setInt(1, oid);
        insLine.setInt(2, d);
        insLine.setInt(3, w);
        insLine.setInt(4, i + 1);
        insLine.setInt(5, items[i]);
        insLine.setInt(6, supply[i]);
        insLine.setInt(7, qty[i]);
        insLine.setLong(8, priceCents * qty[i]);
        insLine.setString(9, dist);
        insLine.executeUpdate();
        st.writes(2);
        return true;
    }
}
