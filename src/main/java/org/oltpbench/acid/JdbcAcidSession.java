package org.oltpbench.acid;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import org.oltpbench.workload.tpcc.TpccTables;

/**
 * {@link AcidSession} over one JDBC connection, its SQL written with BenchmarkSQL's names and given the layout's
 * ({@link TpccTables#sql}). A session is a test's own: statements are prepared as they are needed.
 */
final class JdbcAcidSession implements AcidSession {
    private final Connection c;
    private final TpccTables tables;
    private final long id;
    /** Set by {@link #abort}: the connection is gone, and close() must not wait on it. */
    private volatile boolean aborted;

    /**
     * @param isolation a {@link Connection} TRANSACTION_ constant, or -1 for the engine's default
     */
    JdbcAcidSession(Connection c, TpccTables tables, int isolation, long id) throws SQLException {
        this.c = c;
        this.tables = tables;
        this.id = id;
        try {
            c.setAutoCommit(false);
            if (isolation >= 0) c.setTransactionIsolation(isolation);
        } catch (SQLException e) {
            close(); // the session is the caller's only once it is made
            throw e;
        }
    }

    @Override
    public long id() {
        return id;
    }

    private PreparedStatement ps(String sql, Object... args) throws SQLException {
        PreparedStatement ps = c.prepareStatement(tables.sql(sql));
        for (int i = 0; i < args.length; i++) ps.setObject(i + 1, args[i]);
        return ps;
    }

    private long one(String sql, Object... args) throws SQLException {
        try (PreparedStatement ps = ps(sql, args); ResultSet rs = ps.executeQuery()) {
            return rs.next() ? rs.getLong(1) : -1;
        }
    }

    private BigDecimal decimal(String sql, Object... args) throws SQLException {
        try (PreparedStatement ps = ps(sql, args); ResultSet rs = ps.executeQuery()) {
            return rs.next() ? rs.getBigDecimal(1) : null;
        }
    }

    private int update(String sql, Object... args) throws SQLException {
        try (PreparedStatement ps = ps(sql, args)) {
            return ps.executeUpdate();
        }
    }

    @Override
    public int lastOrder(int w, int d, int cid) throws SQLException {
        return (int) one("SELECT o_id FROM bmsql_oorder WHERE o_w_id = ? AND o_d_id = ? AND o_c_id = ? ORDER BY o_id DESC", w, d, cid);
    }

    @Override
    public int newOrder(int w, int d, int cid, int[] items) throws SQLException {
        int oid = (int) one("SELECT d_next_o_id FROM bmsql_district WHERE d_w_id = ? AND d_id = ? FOR UPDATE", w, d);
        update("UPDATE bmsql_district SET d_next_o_id = d_next_o_id + 1 WHERE d_w_id = ? AND d_id = ?", w, d);
        update("INSERT INTO bmsql_oorder (o_id, o_d_id, o_w_id, o_c_id, o_entry_d, o_ol_cnt, o_all_local) VALUES (?, ?, ?, ?, ?, ?, 1)",
                oid, d, w, cid, new Timestamp(System.currentTimeMillis()), items.length);
        update("INSERT INTO bmsql_new_order (no_o_id, no_d_id, no_w_id) VALUES (?, ?, ?)", oid, d, w);
        for (int n = 0; n < items.length; n++) {
            BigDecimal price = decimal("SELECT i_price FROM bmsql_item WHERE i_id = ?", items[n]);
            if (price == null) return -1; // 2.4.2.3: an unused item: the caller rolls the whole order back
            long q = one("SELECT s_quantity FROM bmsql_stock WHERE s_w_id = ? AND s_i_id = ? FOR UPDATE", w, items[n]);
            update("UPDATE bmsql_stock SET s_quantity = ?, s_ytd = s_ytd + 1, s_order_cnt = s_order_cnt + 1 "
                    + "WHERE s_w_id = ? AND s_i_id = ?", q >= 11 ? q - 1 : q + 90, w, items[n]);
            update("INSERT INTO bmsql_order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, "
                    + "ol_amount, ol_dist_info) VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?)", oid, d, w, n + 1, items[n], w, price,
                    "acid test line            ".substring(0, 24));
        }
        return oid;
    }

    @Override
    public void payment(int w, int d, int cid, BigDecimal amount) throws SQLException {
        update("UPDATE bmsql_warehouse SET w_ytd = w_ytd + ? WHERE w_id = ?", amount, w);
        update("UPDATE bmsql_district SET d_ytd = d_ytd + ? WHERE d_w_id = ? AND d_id = ?", amount, w, d);
        update("UPDATE bmsql_customer SET c_balance = c_balance - ?, c_ytd_payment = c_ytd_payment + ?, "
                + "c_payment_cnt = c_payment_cnt + 1 WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?", amount, amount, w, d, cid);
        update("INSERT INTO bmsql_history (h_c_id, h_c_d_id, h_c_w_id, h_d_id, h_w_id, h_date, h_amount, h_data) "
                + "VALUES (?, ?, ?, ?, ?, ?, ?, ?)", cid, d, w, d, w, new Timestamp(System.currentTimeMillis()), amount, "acid test");
    }

    @Override
    public Delivered deliver(int w, int d) throws SQLException {
        int oid = (int) one("SELECT no_o_id FROM bmsql_new_order WHERE no_w_id = ? AND no_d_id = ? ORDER BY no_o_id LIMIT 1 FOR UPDATE", w, d);
        if (oid < 0) return null;
        update("DELETE FROM bmsql_new_order WHERE no_w_id = ? AND no_d_id = ? AND no_o_id = ?", w, d, oid);
        int cid = (int) one("SELECT o_c_id FROM bmsql_oorder WHERE o_w_id = ? AND o_d_id = ? AND o_id = ?", w, d, oid);
        update("UPDATE bmsql_oorder SET o_carrier_id = 1 WHERE o_w_id = ? AND o_d_id = ? AND o_id = ?", w, d, oid);
        update("UPDATE bmsql_order_line SET ol_delivery_d = ? WHERE ol_w_id = ? AND ol_d_id = ? AND ol_o_id = ?",
                new Timestamp(System.currentTimeMillis()), w, d, oid);
        BigDecimal amount = decimal("SELECT sum(ol_amount) FROM bmsql_order_line WHERE ol_w_id = ? AND ol_d_id = ? AND ol_o_id = ?", w, d, oid);
        update("UPDATE bmsql_customer SET c_balance = c_balance + ?, c_delivery_cnt = c_delivery_cnt + 1 "
                + "WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?", amount, w, d, cid);
        return new Delivered(oid, cid, amount);
    }

    @Override
    public BigDecimal balance(int w, int d, int cid) throws SQLException {
        return decimal("SELECT c_balance FROM bmsql_customer WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?", w, d, cid);
    }

    @Override
    public PaymentState paymentState(int w, int d, int cid) throws SQLException {
        BigDecimal balance, ytd;
        long count;
        try (PreparedStatement ps = ps("SELECT c_balance, c_ytd_payment, c_payment_cnt FROM bmsql_customer "
                + "WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?", w, d, cid); ResultSet rs = ps.executeQuery()) {
            if (!rs.next()) throw new SQLException("customer (" + w + ", " + d + ", " + cid + ") not found; run check", "02000");
            balance = rs.getBigDecimal(1);
            ytd = rs.getBigDecimal(2);
            count = rs.getLong(3);
        }
        return new PaymentState(balance, ytd, count, decimal("SELECT d_ytd FROM bmsql_district WHERE d_w_id = ? AND d_id = ?", w, d),
                decimal("SELECT w_ytd FROM bmsql_warehouse WHERE w_id = ?", w),
                one("SELECT count(*) FROM bmsql_history WHERE h_c_w_id = ? AND h_c_d_id = ? AND h_c_id = ?", w, d, cid));
    }

    @Override
    public int nextOrderId(int w, int d) throws SQLException {
        return (int) one("SELECT d_next_o_id FROM bmsql_district WHERE d_w_id = ? AND d_id = ?", w, d);
    }

    @Override
    public int oldestNewOrder(int w, int d) throws SQLException {
        return (int) one("SELECT no_o_id FROM bmsql_new_order WHERE no_w_id = ? AND no_d_id = ? ORDER BY no_o_id LIMIT 1 FOR UPDATE", w, d);
    }

    @Override
    public int[] oldestUndelivered(int w, int d) throws SQLException {
        try (PreparedStatement ps = ps("SELECT o_id, o_c_id FROM bmsql_oorder WHERE o_w_id = ? AND o_d_id = ? AND o_id = "
                + "(SELECT min(no_o_id) FROM bmsql_new_order WHERE no_w_id = ? AND no_d_id = ?)", w, d, w, d);
             ResultSet rs = ps.executeQuery()) {
            return rs.next() ? new int[] {rs.getInt(1), rs.getInt(2)} : null;
        }
    }

    @Override
    public BigDecimal price(int item) throws SQLException {
        return decimal("SELECT i_price FROM bmsql_item WHERE i_id = ?", item);
    }

    @Override
    public void setPrice(int item, BigDecimal price) throws SQLException {
        update("UPDATE bmsql_item SET i_price = ? WHERE i_id = ?", price, item);
    }

    @Override
    public void commit() throws SQLException {
        c.commit();
    }

    @Override
    public void rollback() throws SQLException {
        c.rollback();
    }

    @Override
    public void abort() {
        aborted = true;
        try {
            c.abort(Runnable::run);
        } catch (SQLException | RuntimeException e) {
            // already gone
        }
    }

    @Override
    public void close() {
        if (aborted) return;
        try {
            c.rollback();
        } catch (SQLException e) {
            // the session may be gone: nothing of it stays open
        }
        try {
            c.close();
        } catch (SQLException e) {
            // closing is all that is left to do
        }
    }
}
