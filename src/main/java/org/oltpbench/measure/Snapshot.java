package org.oltpbench.measure;

/**
 * Every counter of one thread (or a sum over threads) at one instant, read by name: the slot layout stays inside
 * {@code measure/}. Immutable.
 */
public final class Snapshot {
    private final long[] slots;

    Snapshot(long[] slots) {
        this.slots = slots;
    }

    /** Transactions that ended (committed or rolled back as prescribed): sysbench's events. */
    public long events() {
        return slots[ThreadStats.EVENTS];
    }

    public long reads() {
        return slots[ThreadStats.READS];
    }

    public long writes() {
        return slots[ThreadStats.WRITES];
    }

    public long other() {
        return slots[ThreadStats.OTHER];
    }

    /** Errors on the ignore list: the transaction was restarted. */
    public long ignoredErrors() {
        return slots[ThreadStats.ERRORS];
    }

    public long reconnects() {
        return slots[ThreadStats.RECONNECTS];
    }

    /** The exact sum of the events' latencies. */
    public long latencyNanos() {
        return slots[ThreadStats.LATENCY_NS];
    }

    /** Explicit COMMITs sent. */
    public long commits() {
        return slots[ThreadStats.COMMITS];
    }

    /** Statements that committed on their own (autocommit). */
    public long autocommits() {
        return slots[ThreadStats.AUTOCOMMITS];
    }

    /**
     * Terminal-nanoseconds the terminals had a transaction due ({@link ThreadStats#due}): in one, reconnecting for
     * one, or an arrival due and not yet finished. What the level asked of the server; cumulative up to the read.
     */
    public long dueNanos() {
        return slots[ThreadStats.DUE_NS];
    }

    /** Terminal-nanoseconds the terminals waited by design ({@link ThreadStats#paused}): keying, thinking, an arrival not yet due. */
    public long pausedNanos() {
        return slots[ThreadStats.PAUSED_NS];
    }

    /** Arrivals of the rate's schedule skipped, not sent: more than latencyLimitMs behind when a terminal was free. */
    public long skipped() {
        return slots[ThreadStats.SKIPPED];
    }

    /** Transactions whose latency (from the intended start) exceeded latencyLimitMs. */
    public long late() {
        return slots[ThreadStats.LATE];
    }

    /** With a rate: the summed schedule lag (actual start minus intended start) of the transactions that ended. */
    public long lagNanos() {
        return slots[ThreadStats.LAG_NS];
    }

    /**
     * The largest schedule lag since the level started (a maximum, not an amount: {@link #minus} keeps the later one and
     * {@link Sum} the largest, so a window's figure includes the warm-up's).
     */
    public long maxLagNanos() {
        return slots[ThreadStats.LAG_MAX_NS];
    }

    /** The counters of transaction type {@code k}. */
    public Type type(int k) {
        int b = ThreadStats.TYPE_BASE + k * ThreadStats.PER_TYPE;
        return new Type(slots[b + ThreadStats.COUNT], slots[b + ThreadStats.ROLLBACKS], slots[b + ThreadStats.RETRIES],
                slots[b + ThreadStats.TYPE_ERRORS], slots[b + ThreadStats.KEYING_NS], slots[b + ThreadStats.THINK_NS]);
    }

    /** Tally {@code k} of a workload with {@code types} transaction types (see {@link ThreadStats#tally}). */
    public long tally(int types, int k) {
        return slots[ThreadStats.TYPE_BASE + types * ThreadStats.PER_TYPE + k];
    }

    /** This minus {@code earlier}: what was counted between the two instants. */
    public Snapshot minus(Snapshot earlier) {
        long[] out = new long[slots.length];
        for (int i = 0; i < out.length; i++) out[i] = slots[i] - earlier.slots[i];
        out[ThreadStats.LAG_MAX_NS] = slots[ThreadStats.LAG_MAX_NS];
        return new Snapshot(out);
    }

    /** Sums snapshots in place, without an array per addition: the reporter adds thousands at a window's edge. */
    public static final class Sum {
        private final long[] acc;

        public Sum(int types) {
            this(types, 0);
        }

        public Sum(int types, int tallies) {
            acc = new long[ThreadStats.TYPE_BASE + types * ThreadStats.PER_TYPE + tallies];
        }

        public void add(Snapshot s) {
            for (int i = 0; i < acc.length; i++) acc[i] += s.slots[i];
            acc[ThreadStats.LAG_MAX_NS] = Math.max(acc[ThreadStats.LAG_MAX_NS] - s.slots[ThreadStats.LAG_MAX_NS],
                    s.slots[ThreadStats.LAG_MAX_NS]);
        }

        public Snapshot total() {
            return new Snapshot(acc.clone());
        }
    }

    /**
     * One transaction type's counters.
     *
     * @param committed transactions that committed
     * @param rollbacks transactions that ended in the rollback the workload prescribes
     * @param retries   re-runs after retryable errors
     * @param errors    transactions that failed after their retries
     * @param keyingNanos TPC-C keying time before the transactions that ended (5.2.5.2), summed
     * @param thinkNanos  TPC-C think time after them (5.2.5.4), summed
     */
    public record Type(long committed, long rollbacks, long retries, long errors, long keyingNanos, long thinkNanos) {
    }
}
