package org.oltpbench.result.repeat.counted;

/**
 * What the rate's schedule and the latency limit (latencyLimitMs, pgbench's {@code -R rate -L limit}) counted over an
 * interval or a window. Files from before it was recorded read {@link #NONE}.
 *
 * @param skipped     arrivals not sent: when a terminal became free, the arrival it claimed was already more than the
 *                    limit behind (pgbench counts them as skipped, never as processed)
 * @param late        transactions sent whose latency, from the intended start, was above the limit (strictly)
 * @param lagNanos    with a rate: the summed schedule lag, each transaction's actual start minus its intended one
 * @param maxLagNanos with a rate: the largest schedule lag since the level started (warm-up included)
 */
public record Schedule(long skipped, long late, long lagNanos, long maxLagNanos) {
    public static final Schedule NONE = new Schedule(0, 0, 0, 0);

    /** Jackson's filter: NONE is left out of result files, as files from before it read it. */
    public static final class Absent extends org.oltpbench.config.JsonAbsent {
        @Override
        protected boolean absent(Object o) {
            return NONE.equals(o);
        }
    }

    /** Both added; the largest lag of the two. */
    public Schedule plus(Schedule o) {
        return new Schedule(skipped + o.skipped, late + o.late, lagNanos + o.lagNanos, Math.max(maxLagNanos, o.maxLagNanos));
    }

    /** Arrivals the schedule dealt: those sent ({@code sent}, which ended) and those skipped. */
    public long scheduled(long sent) {
        return sent + skipped;
    }

    /** The mean lag of {@code sent} transactions, in ms; 0 without any. */
    public double lagMs(long sent) {
        return sent > 0 ? lagNanos / 1e6 / sent : 0;
    }
}
