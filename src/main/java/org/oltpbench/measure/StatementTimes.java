package org.oltpbench.measure;

/**
 * A terminal's per-statement times (pgbench's -r), kept in the workload's tallies without allocation: statement k's
 * summed nanoseconds in tally {@code first + 2k} and its executions in {@code first + 2k + 1}, published with the
 * transaction as every tally is (a transaction cut off by the level's end counts none of its statements). The
 * workload declares the tallies with WorkloadInfo.Script#tallies() and passes the index of the first.
 */
public final class StatementTimes {
    /** None kept: a workload run without -r. */
    public static final StatementTimes NONE = new StatementTimes(-1);

    private final int first;

    /** @param first the index in WorkloadInfo#tallies() of the first statement's nanoseconds tally */
    public StatementTimes(int first) {
        this.first = first;
    }

    /** Owner thread only: statement {@code k} of the transaction in flight took {@code nanos}. */
    public void record(ThreadStats stats, int k, long nanos) {
        if (first < 0) return;
        stats.tally(first + 2 * k, nanos);
        stats.tally(first + 2 * k + 1, 1);
    }
}
