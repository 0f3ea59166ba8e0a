package org.oltpbench.workload.tpcc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import org.oltpbench.measure.ThreadStats;

/** TPC-C 2.5 Payment: 15% through a remote warehouse, 60% by last name, BC customers get c_data rewritten. */
final class Payment extends Txn {
    private PreparedStatement updW, selW, updD, selD, selC, selData, updC, updCData, insH;
    private CustomerLookup lookup;
    private int w, d, cw, cd;
    private CustomerLookup.Named customer;
    private long cents;

    Payment(Connection c, TpccProcedures procs, TpccTables tables) throws SQLException {
        super(c, procs, TpccProcedures.Routine.PAYMENT, tables);
        if (called()) return;
        updW = prepare("UPDATE bmsql_warehouse SET w_ytd = w_ytd + ? * 0.01 WHERE w_id = ?");
        selW = prepare("SELECT w_name, w_street_1, w_street_2, w_city, w_state, w_zip FROM bmsql_warehouse WHERE w_id = ?");
        updD = prepare("UPDATE bmsql_district SET d_ytd = d_ytd + ? * 0.01 WHERE d_w_id = ? AND d_id = ?");
        selD = prepare("SELECT d_name, d_street_1, d_street_2, d_city, d_state, d_zip FROM bmsql_district WHERE d_w_id = ? AND d_id = ?");
        selC = prepare("SELECT c_first, c_middle, c_last, c_street_1, c_street_2, c_city, c_state, c_zip, c_phone, c_since, "
                + "c_credit, c_credit_lim, c_discount, c_balance FROM bmsql_customer WHERE c_w_id = ? AND c_d_id = ? AND c_id = ? FOR UPDATE");
        selData = prepare("SELECT c_data FROM bmsql_customer WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?");
        updC = prepare("UPDATE bmsql_customer SET c_balance = c_balance - ? * 0.01, c_ytd_payment = c_ytd_payment + ? * 0.01, "
                + "c_payment_cnt = c_payment_cnt + 1 WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?");
        updCData = prepare("UPDATE bmsql_customer SET c_balance = c_balance - ? * 0.01, c_ytd_payment = c_ytd_payment + ? * 0.01, "
                + "c_payment_cnt = c_payment_cnt + 1, c_data = ? WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?");
        insH = prepare("INSERT INTO bmsql_history (h_c_id, h_c_d_id, h_c_w_id, h_d_id, h_w_id, h_date, h_amount, h_data) "
                + "VALUES (?, ?, ?, ?, ?, ?, ? * 0.01, ?)");
        lookup = new CustomerLookup(this, c);
    }

    @Override
    void generate(TpccRandom r, int w, int dTerminal, int allWarehouses) {
        this.w = w;
        this.d = r.between(1, 10);
        boolean local = r.between(1, 100) <= 85;
        this.cw = local ? w : otherWarehouse(r, w, allWarehouses);
        this.cd = local ? d : r.between(1, 10);
        this.customer = CustomerLookup.Named.draw(r);
        this.cents = r.between(100, 500000);
    }

    @Override
    void tally(ThreadStats st) {
        if (cw != w) st.tally(TpccTally.REMOTE_PAYMENTS.ordinal(), 1);
        if (customer.byName()) st.tally(TpccTally.PAYMENTS_BY_NAME.ordinal(), 1);
    }

    @Override
    boolean viaCall(ThreadStats st) throws SQLException {
        if (hammerDb != null) {
            hammerDb.payment(before, call, w, d, cw, cd, customer, cents);
        } else {
            bind(call, w, d, cw, cd, customer.id());
            customer.bindLast(call, 6);
            call.setLong(7, cents);
        }
        callOne(st);
        return true;
    }

    @Override
    boolean execute(ThreadStats st) throws SQLException {
        updW.setLong(1, cents);
        bindFrom(updW, 2, w).executeUpdate();
        String wName = oneString(bind(selW, w), st, "warehouse", 1);
        updD.setLong(1, cents);
        bindFrom(updD, 2, w, d).executeUpdate();
        String dName = oneString(bind(selD, w, d), st, "district", 1);
        st.writes(2);
        int id = lookup.id(cw, cd, customer, st);
        boolean bad = "BC".equals(oneString(bind(selC, cw, cd, id), st, "customer", 11));
        if (bad) updateBadCredit(id, st);
        else updateCustomer(updC, id, 3);
        st.writes(1);
        bind(insH, id, cd, cw, d, w).setTimestamp(6, new Timestamp(System.currentTimeMillis()));
        insH.setLong(7, cents);
        insH.setString(8, wName + "    " + dName);
        insH.executeUpdate();
        st.writes(1);
        commit(st);
        return true;
    }

    private void updateCustomer(PreparedStatement ps, int id, int keyAt) throws SQLException {
        ps.setLong(1, cents);
        ps.setLong(2, cents);
        bindFrom(ps, keyAt, cw, cd, id).executeUpdate();
    }

    /** 2.5.2.2: the payment's ids and amount go in front of C_DATA, which keeps its first 500 characters. */
    private void updateBadCredit(int id, ThreadStats st) throws SQLException {
        String data = oneString(bind(selData, cw, cd, id), st, "customer", 1);
        String prefix = id + " " + cd + " " + cw + " " + d + " " + w + " " + (cents / 100) + "." + (cents % 100 < 10 ? "0" : "")
                + (cents % 100) + " | ";
        String next = prefix + (data == null ? "" : data);
        updCData.setString(3, next.length() > 500 ? next.substring(0, 500) : next);
        updateCustomer(updCData, id, 4);
    }
}
