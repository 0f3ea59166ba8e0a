package org.oltpbench.workload.tpcc;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;
import org.oltpbench.config.TpccParams;
import org.oltpbench.result.workload.TxnType;

/**
 * TPC-C's transaction table: one row per type, in the order terminals report them, with its keying time
 * (5.2.5.2), mean think time (5.2.5.4), whether tpmC counts it (5.4.2), its weight key and how it is built.
 * The deck, the terminal and the results all read this one table.
 */
enum TpccType {
    NEW_ORDER(18_000, 12_000, true, TpccParams.Mix::newOrder, NewOrder::new),
    PAYMENT(3_000, 12_000, false, TpccParams.Mix::payment, (c, perItem, procs, tables) -> new Payment(c, procs, tables)),
    ORDER_STATUS(2_000, 10_000, false, TpccParams.Mix::orderStatus, (c, perItem, procs, tables) -> new OrderStatus(c, procs, tables)),
    DELIVERY(2_000, 5_000, false, TpccParams.Mix::delivery, (c, perItem, procs, tables) -> new Delivery(c, procs, tables)),
    STOCK_LEVEL(2_000, 5_000, false, TpccParams.Mix::stockLevel, (c, perItem, procs, tables) -> new StockLevel(c, procs, tables));

    /**
     * Prepares one instance of a transaction on a connection; {@code perItem}: newOrderStyle=perItem; {@code procs}:
     * tpccMode=procedures' routines, null in client mode; {@code tables}: whose tables its statements name.
     */
    @FunctionalInterface
    interface Maker {
        Txn make(Connection c, boolean perItem, TpccProcedures procs, TpccTables tables) throws SQLException;
    }

    private static final TpccType[] ALL = values();

    /** Order-Status (2.6) and Stock-Level (2.8) only read. */
    boolean readsOnly() {
        return this == ORDER_STATUS || this == STOCK_LEVEL;
    }

    final long keyingMs, thinkMs;
    final boolean headline;
    private final ToDoubleFunction<TpccParams.Mix> weight;
    private final Maker maker;

    TpccType(long keyingMs, long thinkMs, boolean headline, ToDoubleFunction<TpccParams.Mix> weight, Maker maker) {
        this.keyingMs = keyingMs;
        this.thinkMs = thinkMs;
        this.headline = headline;
        this.weight = weight;
        this.maker = maker;
    }

    /** Its share of the mix, in percent. */
    double weight(TpccParams.Mix mix) {
        return weight.applyAsDouble(mix);
    }

    static TpccType of(int index) {
        return ALL[index];
    }

    /** Every type's weight, in table order: the deck's input. */
    static double[] weights(TpccParams.Mix mix) {
        double[] w = new double[ALL.length];
        for (TpccType t : ALL) w[t.ordinal()] = t.weight(mix);
        return w;
    }

    /** One prepared instance of each type, in table order. */
    static Txn[] makeAll(Connection c, boolean perItem, TpccProcedures procs, TpccTables tables) throws SQLException {
        Txn[] txns = new Txn[ALL.length];
        for (TpccType t : ALL) txns[t.ordinal()] = t.maker.make(c, perItem, procs, tables);
        return txns;
    }

    /** The table as results carry it; keying and think times are 0 when the run does not pause for them. */
    static List<TxnType> table(TpccParams p) {
        List<TxnType> out = new ArrayList<>();
        for (TpccType t : ALL) {
            out.add(new TxnType(t.name(), t.weight(p.mix()), Math.round(t.keyingMs * p.keyingScale()), Math.round(t.thinkMs * p.thinkScale()),
                    t.headline));
        }
        return out;
    }
}
