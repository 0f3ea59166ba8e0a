package org.oltpbench.result;

import com.fasterxml.jackson.annotation.JsonProperty;
import org.HdrHistogram.Histogram;

/**
 * One transaction type of a repeat (a sysbench preset has one, "event"; TPC-C has five).
 *
 * @param name      the type as its workload declares it (NEW_ORDER, PAYMENT, ...)
 * @param committed transactions that committed
 * @param rollbacks transactions that ended in the rollback the workload prescribes (TPC-C 2.4.2.3)
 * @param retries   re-runs after retryable errors (each re-run's time is inside the transaction's latency)
 * @param errors    transactions that failed after their retries
 * @param latency   encoded histogram (µs) of every committed and rolled-back transaction: its total count is
 *                  {@code committed + rollbacks}
 */
public record TxnMetrics(String name, long committed, long rollbacks, long retries, long errors, String latency) {

    /** Transactions that ended, committed or rolled back: the count the histogram holds. */
    public long completed() {
        return committed + rollbacks;
    }

    public Histogram histogram() {
        return Histograms.decode(latency);
    }

    /** Derived, for people reading the file; recomputed from the histogram, ignored when read back. */
    @JsonProperty("latencyMs")
    public LatencySummary latencyMs() {
        return LatencySummary.of(histogram());
    }
}
