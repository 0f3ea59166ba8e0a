package org.oltpbench.workload.tpcc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.oltpbench.measure.ThreadStats;

/** TPC-C 2.6 Order-Status: a customer's last order and its lines; 60% by last name. Read-only. */
final class OrderStatus extends Txn {
    private PreparedStatement selC, lastOrder, lines;
    private CustomerLookup lookup;
    private int w, d;
    private CustomerLookup.Named customer;

    OrderStatus(Connection c, TpccProcedures procs, TpccTables tables) throws SQLException {
        super(c, procs, TpccProcedures.Routine.OSTAT, tables);
        if (called()) return;
        selC = prepare("SELECT c_first, c_middle, c_last, c_balance FROM bmsql_customer WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?");
        lastOrder = prepare("SELECT o_id, o_entry_d, o_carrier_id FROM bmsql_oorder WHERE o_w_id = ? AND o_d_id = ? AND o_c_id = ? "
                + "ORDER BY o_id DESC LIMIT 1");
        lines = prepare("SELECT ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_delivery_d FROM bmsql_order_line "
                + "WHERE ol_w_id = ? AND ol_d_id = ? AND ol_o_id = ?");
        lookup = new CustomerLookup(this, c);
    }

    @Override
    void generate(TpccRandom r, int w, int dTerminal, int allWarehouses) {
        this.w = w;
        this.d = r.between(1, 10);
        this.customer = CustomerLookup.Named.draw(r);
    }

    @Override
    void tally(ThreadStats st) {
        if (customer.byName()) st.tally(TpccTally.ORDER_STATUS_BY_NAME.ordinal(), 1);
    }

    @Override
    boolean viaCall(ThreadStats st) throws SQLException {
        if (hammerDb != null) {
            hammerDb.orderStatus(before, call, w, d, customer);
        } else {
            bind(call, w, d, customer.id());
            customer.bindLast(call, 4);
        }
        callOne(st);
        return true;
    }

    @Override
    boolean execute(ThreadStats st) throws SQLException {
        int id = lookup.id(w, d, customer, st);
        one(bind(selC, w, d, id), st, "customer").close();
        int oid = oneInt(bind(lastOrder, w, d, id), st, "order of customer", 1);
        try (ResultSet rs = bind(lines, w, d, oid).executeQuery()) {
            while (rs.next()) {
                // lines are read, not used
            }
        }
        st.reads(1);
        commit(st);
        return true;
    }
}
