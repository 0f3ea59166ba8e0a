package org.oltpbench.workload.tpcc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import org.oltpbench.measure.ThreadStats;

/** TPC-C 2.8 Stock-Level: distinct items of the district's last 20 orders with stock below a threshold of 10-20. */
final class StockLevel extends Txn {
    private PreparedStatement next, count;
    private int w, d, threshold;

    StockLevel(Connection c, TpccProcedures procs, TpccTables tables) throws SQLException {
        super(c, procs, TpccProcedures.Routine.SLEV, tables);
        if (called()) return;
        next = prepare("SELECT d_next_o_id FROM bmsql_district WHERE d_w_id = ? AND d_id = ?");
        count = prepare("SELECT COUNT(DISTINCT s_i_id) FROM bmsql_order_line JOIN bmsql_stock ON s_w_id = ol_w_id AND s_i_id = ol_i_id "
                + "WHERE ol_w_id = ? AND ol_d_id = ? AND ol_o_id < ? AND ol_o_id >= ? AND s_quantity < ?");
    }

    /** 2.8.1.2: the terminal's own district. */
    @Override
    void generate(TpccRandom r, int w, int dTerminal, int allWarehouses) {
        this.w = w;
        this.d = dTerminal;
        this.threshold = r.between(10, 20);
    }

    @Override
    boolean viaCall(ThreadStats st) throws SQLException {
        bind(call, w, d, threshold);
        callOne(st);
        return true;
    }

    @Override
    boolean execute(ThreadStats st) throws SQLException {
        int o = oneInt(bind(next, w, d), st, "district", 1);
        one(bind(count, w, d, o, o - 20, threshold), st, "stock count").close();
        commit(st);
        return true;
    }
}
