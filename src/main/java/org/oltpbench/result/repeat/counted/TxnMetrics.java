package org.oltpbench.result.repeat.counted;

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
 *                  {@code committed + rollbacks}; with a rate, timed from each transaction's intended start
 * @param serviceLatency with a rate (rate, limitTxnsPerMin): the same transactions timed from their actual start;
 *                  null when not rate-limited (then service time is the latency)
 * @param queueLatency when terminals share connections (connections=N): each transaction's wait for one, which its
 *                  latency includes (TPC-C 5.3); null when every terminal owns its connection
 * @param keyingNanos TPC-C keying time (5.2.5.2) before these transactions, summed; 0 without keying time
 * @param thinkNanos  TPC-C think time (5.2.5.4) after them, summed; 0 without think time
 */
public record TxnMetrics(String name, long committed, long rollbacks, long retries, long errors, String latency,
                         String serviceLatency, String queueLatency, long keyingNanos, long thinkNanos) {

    /** A type of a run whose terminals own their connections. */
    public TxnMetrics(String name, long committed, long rollbacks, long retries, long errors, String latency,
                      String serviceLatency) {
        this(name, committed, rollbacks, retries, errors, latency, serviceLatency, null, 0, 0);
    }

    /** Mean keying time per transaction in seconds; 0 without keying time. */
    public double keyingMeanSecs() {
        return completed() == 0 ? 0 : keyingNanos / 1e9 / completed();
    }

    /** Mean think time per transaction in seconds; 0 without think time. */
    public double thinkMeanSecs() {
        return completed() == 0 ? 0 : thinkNanos / 1e9 / completed();
    }

    /** A type of a run without a rate, where service time and latency are the same. */
    public TxnMetrics(String name, long committed, long rollbacks, long retries, long errors, String latency) {
        this(name, committed, rollbacks, retries, errors, latency, null, null, 0, 0);
    }

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

    /** The service-time histogram, or null when the run had no rate. */
    public Histogram serviceHistogram() {
        return serviceLatency == null ? null : Histograms.decode(serviceLatency);
    }

    /** The histogram of waits for a shared connection, or null when terminals owned their connections. */
    public Histogram queueHistogram() {
        return queueLatency == null ? null : Histograms.decode(queueLatency);
    }
}
