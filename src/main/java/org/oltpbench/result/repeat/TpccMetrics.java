package org.oltpbench.result.repeat;

import org.oltpbench.result.repeat.counted.TxnMetrics;

/**
 * TPC-C throughput from a repeat. Two New-Order counts exist and both are reported, named:
 * <ul>
 * <li>{@link #tpmC}: New-Orders that ended, the 1% rolled back on an unused item (2.4.1.4, 2.4.2.3) included.
 *     TPC-C 5.4.2 defines tpmC as the "completed" New-Order transactions per minute of the measurement interval and 2.4.2.3 says a rolled-back New-Order is
 *     completed; BenchmarkSQL and go-tpc count this way.</li>
 * <li>{@link #tpmCCommitted}: committed New-Orders only, which equals the growth of sum(d_next_o_id)
 *     (HammerDB's NOPM counts this way).</li>
 * </ul>
 */
public final class TpccMetrics {
    public static final String NEW_ORDER = "NEW_ORDER";
    /**
     * TPC-C 4.1.3's comment (with 4.2.2's ten terminals): at most 12.86 tpmC per warehouse with keying and think times,
     * from 5.2.5.7's keying and think times (60 / 20.99 s x 45% x 10 = 12.86).
     * Efficiency, tpmC against it (or against the ceiling scaled pacing allows), is {@code Efficiency}.
     */
    public static final double MAX_TPMC_PER_WAREHOUSE = 12.86;

    private TpccMetrics() {
    }

    public static double tpmC(RepeatResult r) {
        TxnMetrics no = r.transaction(NEW_ORDER);
        return no == null ? 0 : perMinute(r, no.completed());
    }

    public static double tpmCCommitted(RepeatResult r) {
        TxnMetrics no = r.transaction(NEW_ORDER);
        return no == null ? 0 : perMinute(r, no.committed());
    }

    /** Every transaction that ended, of all five types, per minute. */
    public static double tpmTotal(RepeatResult r) {
        return perMinute(r, r.counts().transactions());
    }

    public static double perMinute(RepeatResult r, long n) {
        return r.seconds() > 0 ? n * 60.0 / r.seconds() : 0;
    }
}
