package org.oltpbench.result.repeat.counted;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one repeat counted inside its measured window, over all threads.
 *
 * @param transactions   transactions that ended (committed or rolled back as the workload prescribes); sysbench's events
 * @param rollbacks      of those, the expected rollbacks (TPC-C's 1% New-Orders with an unused item)
 * @param reads          statements that returned rows (sysbench's "read")
 * @param writes         DML statements that changed at least one row (sysbench's "write")
 * @param other          every other statement: BEGIN, COMMIT, and DML that changed no row (sysbench's "other")
 * @param ignoredErrors  errors on the ignore list (sysbench's "ignored errors"); the transaction was restarted
 * @param errors         errors that were not ignored: each one ends the repeat as aborted
 * @param retries        TPC-C transactions re-run after a retryable error (deadlock, serialization failure)
 * @param reconnects     connections lost and opened again
 * @param latencySumNanos the exact sum of the transactions' latency, for the mean and sysbench's "sum"
 * @param tallies        what the workload counted of the inputs it generated, by the names its WorkloadInfo declares
 *                       (TPC-C: order lines, remote lines, remote and by-name payments, ...), for the audit
 * @param errorCodes     every error in the window by what it led to, transaction type, vendor code and SQLState
 * @param schedule       skipped and late transactions under latencyLimitMs, and the rate's schedule lag; NONE in files
 *                       from before it was recorded
 */
public record Counts(long transactions, long rollbacks, long reads, long writes, long other, long ignoredErrors,
                     long errors, long retries, long reconnects, long latencySumNanos, Map<String, Long> tallies,
                     List<ErrorCount> errorCodes, @com.fasterxml.jackson.annotation.JsonInclude(value = com.fasterxml.jackson.annotation.JsonInclude.Include.CUSTOM,
                                     valueFilter = Schedule.Absent.class) Schedule schedule) {

    public static final Counts ZERO = new Counts(0, 0, 0, 0, 0, 0, 0, 0, 0, 0);

    /** Counts without tallies. */
    public Counts(long transactions, long rollbacks, long reads, long writes, long other, long ignoredErrors, long errors,
                  long retries, long reconnects, long latencySumNanos) {
        this(transactions, rollbacks, reads, writes, other, ignoredErrors, errors, retries, reconnects, latencySumNanos,
                Map.of());
    }

    /** Counts without errors by code. */
    public Counts(long transactions, long rollbacks, long reads, long writes, long other, long ignoredErrors, long errors,
                  long retries, long reconnects, long latencySumNanos, Map<String, Long> tallies) {
        this(transactions, rollbacks, reads, writes, other, ignoredErrors, errors, retries, reconnects, latencySumNanos,
                tallies, List.of());
    }

    /** Counts without the schedule's figures. */
    public Counts(long transactions, long rollbacks, long reads, long writes, long other, long ignoredErrors, long errors,
                  long retries, long reconnects, long latencySumNanos, Map<String, Long> tallies, List<ErrorCount> errorCodes) {
        this(transactions, rollbacks, reads, writes, other, ignoredErrors, errors, retries, reconnects, latencySumNanos,
                tallies, errorCodes, Schedule.NONE);
    }

    public Counts {
        if (schedule == null) schedule = Schedule.NONE;
        tallies = tallies == null ? Map.of() : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(tallies));
        errorCodes = errorCodes == null ? List.of() : List.copyOf(errorCodes);
    }

    /** Both counts added, field by field: what two clients counted together. */
    public Counts plus(Counts o) {
        Map<String, Long> t = new LinkedHashMap<>(tallies);
        o.tallies.forEach((k, v) -> t.merge(k, v, Long::sum));
        List<ErrorCount> codes = new java.util.ArrayList<>(errorCodes);
        for (ErrorCount e : o.errorCodes) {
            int at = -1;
            for (int i = 0; i < codes.size() && at < 0; i++) if (codes.get(i).sameAs(e)) at = i;
            if (at < 0) codes.add(e);
            else codes.set(at, codes.get(at).plus(e.count()));
        }
        return new Counts(transactions + o.transactions, rollbacks + o.rollbacks, reads + o.reads, writes + o.writes,
                other + o.other, ignoredErrors + o.ignoredErrors, errors + o.errors, retries + o.retries,
                reconnects + o.reconnects, latencySumNanos + o.latencySumNanos, t, codes, schedule.plus(o.schedule));
    }

    /** A tally by name; 0 when the workload keeps none of that name. */
    public long tally(String name) {
        return tallies.getOrDefault(name, 0L);
    }

    public long queries() {
        return reads + writes + other;
    }
}
