package org.oltpbench.result;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * One run of one thread level.
 *
 * @param repeat       1-based number of this run within its level
 * @param threads      the level
 * @param status       completed, or aborted when a non-ignored error, a dead worker or Ctrl-C ended it
 * @param reason       why it aborted; null when completed
 * @param window       the measured window (warm-up excluded)
 * @param counts       what was counted in the window
 * @param transactions per transaction type, in the order the workload declares them
 * @param intervals    every report interval, warm-up ones included (flagged)
 * @param threadEvents transactions per thread in the window, for sysbench's fairness lines
 * @param threadLatencyNanos summed latency per thread in the window
 * @param cpu          the client's CPU use in the window
 * @param serverCount  the server's committed-transaction counter beside the client's
 * @param consistency  the workload's checks after this repeat (checkAfterRun), or NOT_CHECKED
 * @param failover     per front end: connected thread-time, transactions and errors; time spent reconnecting
 * @param usage        the window's resources and the bottleneck verdict, derived once when the repeat ended
 * @param fault        the fault the user's command caused in the window and its outage (faultAt); NONE without one
 * @param replication  each replica behind the front ends and how far it was behind when the repeat ended; empty
 *                     with a single server
 */
public record RepeatResult(int repeat, int threads, Status status, String reason, Window window, Counts counts,
                           List<TxnMetrics> transactions, List<IntervalResult> intervals, List<Long> threadEvents,
                           List<Long> threadLatencyNanos, ClientCpu cpu, ServerCount serverCount, Consistency consistency,
                           Failover failover, Usage usage, Fault fault, List<ReplicaLag> replication) {

    /** A repeat without replicas. */
    public RepeatResult(int repeat, int threads, Status status, String reason, Window window, Counts counts,
                        List<TxnMetrics> transactions, List<IntervalResult> intervals, List<Long> threadEvents,
                        List<Long> threadLatencyNanos, ClientCpu cpu, ServerCount serverCount, Consistency consistency,
                        Failover failover, Usage usage, Fault fault) {
        this(repeat, threads, status, reason, window, counts, transactions, intervals, threadEvents, threadLatencyNanos,
                cpu, serverCount, consistency, failover, usage, fault, List.of());
    }

    /** A repeat without a fault. */
    public RepeatResult(int repeat, int threads, Status status, String reason, Window window, Counts counts,
                        List<TxnMetrics> transactions, List<IntervalResult> intervals, List<Long> threadEvents,
                        List<Long> threadLatencyNanos, ClientCpu cpu, ServerCount serverCount, Consistency consistency,
                        Failover failover, Usage usage) {
        this(repeat, threads, status, reason, window, counts, transactions, intervals, threadEvents, threadLatencyNanos,
                cpu, serverCount, consistency, failover, usage, Fault.NONE);
    }

    /** A repeat without resource figures. */
    public RepeatResult(int repeat, int threads, Status status, String reason, Window window, Counts counts,
                        List<TxnMetrics> transactions, List<IntervalResult> intervals, List<Long> threadEvents,
                        List<Long> threadLatencyNanos, ClientCpu cpu, ServerCount serverCount, Consistency consistency,
                        Failover failover) {
        this(repeat, threads, status, reason, window, counts, transactions, intervals, threadEvents, threadLatencyNanos,
                cpu, serverCount, consistency, failover, Usage.NONE);
    }

    /** A repeat without a front-end record. */
    public RepeatResult(int repeat, int threads, Status status, String reason, Window window, Counts counts,
                        List<TxnMetrics> transactions, List<IntervalResult> intervals, List<Long> threadEvents,
                        List<Long> threadLatencyNanos, ClientCpu cpu, ServerCount serverCount, Consistency consistency) {
        this(repeat, threads, status, reason, window, counts, transactions, intervals, threadEvents, threadLatencyNanos,
                cpu, serverCount, consistency, Failover.NONE);
    }

    /** What the workload's checks found after a repeat. */
    public enum Consistency {
        @JsonProperty("not checked") NOT_CHECKED,
        @JsonProperty("passed") PASSED,
        @JsonProperty("failed") FAILED
    }

    /** A repeat whose data was not checked after it. */
    public RepeatResult(int repeat, int threads, Status status, String reason, Window window, Counts counts,
                        List<TxnMetrics> transactions, List<IntervalResult> intervals, List<Long> threadEvents,
                        List<Long> threadLatencyNanos, ClientCpu cpu, ServerCount serverCount) {
        this(repeat, threads, status, reason, window, counts, transactions, intervals, threadEvents, threadLatencyNanos,
                cpu, serverCount, Consistency.NOT_CHECKED);
    }
    public static final Status COMPLETED = Status.COMPLETED, ABORTED = Status.ABORTED;

    /** How a repeat ended; written in lower case. */
    public enum Status {
        /** It ran its time or event count. */
        @JsonProperty("completed") COMPLETED,
        /** A non-ignored error, a dead worker or Ctrl-C ended it. */
        @JsonProperty("aborted") ABORTED;

        @Override
        public String toString() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    public RepeatResult {
        transactions = List.copyOf(transactions);
        intervals = List.copyOf(intervals);
        threadEvents = List.copyOf(threadEvents);
        threadLatencyNanos = List.copyOf(threadLatencyNanos);
        if (consistency == null) consistency = Consistency.NOT_CHECKED;
        if (failover == null) failover = Failover.NONE;
        if (usage == null) usage = Usage.NONE;
        if (fault == null) fault = Fault.NONE;
        replication = replication == null ? List.of() : List.copyOf(replication);
    }

    /** This repeat with the server's count of its commits. */
    public RepeatResult withServerCount(ServerCount sc) {
        return new RepeatResult(repeat, threads, status, reason, window, counts, transactions, intervals, threadEvents,
                threadLatencyNanos, cpu, sc, consistency, failover, usage, fault, replication);
    }

    /** This repeat with what the checks after it found. */
    public RepeatResult withConsistency(boolean passed) {
        return new RepeatResult(repeat, threads, status, reason, window, counts, transactions, intervals, threadEvents,
                threadLatencyNanos, cpu, serverCount, passed ? Consistency.PASSED : Consistency.FAILED, failover, usage, fault, replication);
    }

    /** This repeat with its front-end record. */
    public RepeatResult withFailover(Failover f) {
        return new RepeatResult(repeat, threads, status, reason, window, counts, transactions, intervals, threadEvents,
                threadLatencyNanos, cpu, serverCount, consistency, f, usage, fault, replication);
    }

    /** This repeat with its resources' summary. */
    public RepeatResult withUsage(Usage u) {
        return new RepeatResult(repeat, threads, status, reason, window, counts, transactions, intervals, threadEvents,
                threadLatencyNanos, cpu, serverCount, consistency, failover, u, fault, replication);
    }

    /** This repeat with the fault it ran under. */
    public RepeatResult withFault(Fault f) {
        return new RepeatResult(repeat, threads, status, reason, window, counts, transactions, intervals, threadEvents,
                threadLatencyNanos, cpu, serverCount, consistency, failover, usage, f, replication);
    }

    /** This repeat with its replicas' lag at its end. */
    public RepeatResult withReplication(List<ReplicaLag> lags) {
        return new RepeatResult(repeat, threads, status, reason, window, counts, transactions, intervals, threadEvents,
                threadLatencyNanos, cpu, serverCount, consistency, failover, usage, fault, lags);
    }

    public boolean completed() {
        return status == Status.COMPLETED;
    }

    public double seconds() {
        return window.seconds();
    }

    public double tps() {
        return rate(counts.transactions());
    }

    public double qps() {
        return rate(counts.queries());
    }

    /** Events per second of the measured window. */
    public double rate(long n) {
        return window.seconds() > 0 ? n / window.seconds() : 0;
    }

    /** Mean latency in ms from the exact nanosecond sum (sysbench's avg), not from histogram buckets. */
    public double avgMs() {
        return counts.transactions() == 0 ? 0 : counts.latencySumNanos() / 1e6 / counts.transactions();
    }

    /** All transaction types' latencies together. */
    public Histogram histogram() {
        List<String> all = new ArrayList<>();
        for (TxnMetrics t : transactions) all.add(t.latency());
        return Histograms.merge(all);
    }

    public double percentileMs(double p) {
        return Histograms.percentileMs(histogram(), p);
    }

    /** The metrics of a transaction type by name, or null. */
    public TxnMetrics transaction(String name) {
        for (TxnMetrics t : transactions) if (t.name().equals(name)) return t;
        return null;
    }

    /** Derived, for people reading the file; ignored when read back. */
    @JsonProperty("summary")
    public Summary summary() {
        Histogram h = histogram();
        return new Summary(tps(), qps(), avgMs(), LatencySummary.of(h));
    }

    /** tps, qps, and latency in ms (avg from the exact sum, the rest from the histogram). */
    public record Summary(double tps, double qps, double avgMs, LatencySummary latencyMs) {
    }
}
