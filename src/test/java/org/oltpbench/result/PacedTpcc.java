package org.oltpbench.result;

import java.util.ArrayList;
import java.util.List;
import org.oltpbench.result.workload.Family;
import org.oltpbench.result.workload.TxnType;
import org.oltpbench.result.workload.WorkloadInfo;

/** TPC-C's transaction table with pacing, for tests of what the pacing allows. */
public final class PacedTpcc {
    private PacedTpcc() {
    }

    /**
     * TPC-C's table at the spec's keying and think times (5.2.5.2, 5.2.5.4), keying scaled by {@code keying} and think
     * times by {@code think} (0 leaves them out), at {@code warehouses}.
     */
    public static WorkloadInfo info(double keying, double think, int warehouses) {
        long[] key = {18_000, 3_000, 2_000, 2_000, 2_000}, thinkMs = {12_000, 12_000, 10_000, 5_000, 5_000};
        String[] names = {"NEW_ORDER", "PAYMENT", "ORDER_STATUS", "DELIVERY", "STOCK_LEVEL"};
        double[] weights = {45, 43, 4, 4, 4};
        List<TxnType> types = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            types.add(new TxnType(names[i], weights[i], Math.round(key[i] * keying), Math.round(thinkMs[i] * think), i == 0));
        }
        return new WorkloadInfo("tpcc", Family.TPCC, types, WorkloadInfo.Scale.warehouses(warehouses));
    }

    /** Both times scaled by {@code m}, 10 warehouses. */
    public static WorkloadInfo info(double m) {
        return info(m, m, 10);
    }
}
