package org.oltpbench.workload.tpcc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import org.oltpbench.measure.ThreadStats;

/** TPC-C 2.7 Delivery: the oldest undelivered order of each of the 10 districts, in one transaction (as BenchmarkSQL). */
final class Delivery extends Txn {
    private PreparedStatement oldest, delNo, selO, updO, updOl, sumOl, updC;
    private int w, carrier;

    Delivery(Connection c, TpccProcedures procs, TpccTables tables) throws SQLException {
        super(c, procs, TpccProcedures.Routine.DELIVERY, tables);
        if (called()) return;
        oldest = prepare("SELECT no_o_id FROM bmsql_new_order WHERE no_w_id = ? AND no_d_id = ? ORDER BY no_o_id LIMIT 1 FOR UPDATE");
        delNo = prepare("DELETE FROM bmsql_new_order WHERE no_w_id = ? AND no_d_id = ? AND no_o_id = ?");
        selO = prepare("SELECT o_c_id FROM bmsql_oorder WHERE o_w_id = ? AND o_d_id = ? AND o_id = ?");
        updO = prepare("UPDATE bmsql_oorder SET o_carrier_id = ? WHERE o_w_id = ? AND o_d_id = ? AND o_id = ?");
        updOl = prepare("UPDATE bmsql_order_line SET ol_delivery_d = ? WHERE ol_w_id = ? AND ol_d_id = ? AND ol_o_id = ?");
        sumOl = prepare("SELECT SUM(ol_amount) * 100 FROM bmsql_order_line WHERE ol_w_id = ? AND ol_d_id = ? AND ol_o_id = ?");
        updC = prepare("UPDATE bmsql_customer SET c_balance = c_balance + ? * 0.01, c_delivery_cnt = c_delivery_cnt + 1 "
                + "WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?");
    }

    @Override
    void generate(TpccRandom r, int w, int dTerminal, int allWarehouses) {
        set(w, carrier(r));
    }

    /** 2.7.1.2: the carrier, uniform over 1..10. */
    static int carrier(TpccRandom r) {
        return r.between(1, 10);
    }

    /** The inputs of a Delivery queued earlier (2.7.2), to run on whichever connection the terminal has now. */
    void set(int w, int carrier) {
        this.w = w;
        this.carrier = carrier;
    }

    /** Districts the last execution found no undelivered order in (2.7.4.2). */
    private int skipped;

    @Override
    void tally(ThreadStats st) {
        st.tally(TpccTally.DELIVERY_SKIPPED_DISTRICTS.ordinal(), skipped);
    }

    /** The routine returns the districts it skipped (2.7.4.2). */
    @Override
    boolean viaCall(ThreadStats st) throws SQLException {
        bind(call, w, carrier);
        skipped = callOne(st);
        return true;
    }

    @Override
    boolean execute(ThreadStats st) throws SQLException {
        Timestamp now = new Timestamp(System.currentTimeMillis());
        skipped = 0;
        for (int d = 1; d <= 10; d++) {
            int oid;
            try (ResultSet rs = bind(oldest, w, d).executeQuery()) {
                st.reads(1);
                if (!rs.next()) { // 2.7.4.2: no undelivered order in this district
                    skipped++;
                    continue;
                }
                oid = rs.getInt(1);
            }
            deliver(d, oid, now, st);
        }
        commit(st);
        return true;
    }

    private void deliver(int d, int oid, Timestamp now, ThreadStats st) throws SQLException {
        bind(delNo, w, d, oid).executeUpdate();
        int cid = oneInt(bind(selO, w, d, oid), st, "order", 1);
        updO.setInt(1, carrier);
        bindFrom(updO, 2, w, d, oid).executeUpdate();
        updOl.setTimestamp(1, now);
        bindFrom(updOl, 2, w, d, oid).executeUpdate();
        long cents = oneLong(bind(sumOl, w, d, oid), st, "order lines", 1);
        updC.setLong(1, cents);
        bindFrom(updC, 2, w, d, cid).executeUpdate();
        st.writes(4);
    }
}
