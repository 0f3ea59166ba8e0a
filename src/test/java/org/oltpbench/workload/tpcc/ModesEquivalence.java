package org.oltpbench.workload.tpcc;

import java.sql.Connection;
import java.sql.SQLException;
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

    /** Per table, a digest of the written columns in key order ({@link org.oltpbench.conform.TableDigest}). */
    public static Map<String, String> digest(Database db) throws Exception {
        return org.oltpbench.conform.TableDigest.of(db, TpccTables.BENCHMARKSQL);
    }
}
