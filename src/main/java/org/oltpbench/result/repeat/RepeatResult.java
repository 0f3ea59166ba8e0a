package org.oltpbench.result.repeat;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import com.fasterxml.jackson.databind.util.StdConverter;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.oltpbench.result.repeat.analytics.Analytics;
import org.oltpbench.result.repeat.client.ClientCpu;
import org.oltpbench.result.repeat.counted.Counts;
import org.oltpbench.result.repeat.counted.Histograms;
import org.oltpbench.result.repeat.counted.IntervalResult;
import org.oltpbench.result.repeat.counted.LatencySummary;
import org.oltpbench.result.repeat.counted.TxnMetrics;
import org.oltpbench.result.repeat.counted.Window;
import org.oltpbench.result.repeat.server.ReplicaLag;
import org.oltpbench.result.repeat.server.ServerCount;
import org.oltpbench.result.repeat.server.ServerWindow;
import org.oltpbench.result.repeat.topology.Failover;
import org.oltpbench.result.repeat.topology.Fault;
import org.oltpbench.result.repeat.usage.Usage;

/**
 * One run of one thread level, as a few named parts (result.json keeps its flat layout: {@link Json}).
 *
 * @param repeat    1-based number of this run within its level
 * @param threads   the level
 * @param status    completed, or aborted when a non-ignored error, a dead worker or Ctrl-C ended it
 * @param reason    why it aborted; null when completed
 * @param measured  what the window counted: the window, counts, each type's figures, every report interval
 * @param perThread each thread's transactions and summed latency, for sysbench's fairness lines
 * @param cpu       the client's CPU use in the window
 * @param server    the server's commit counter beside the client's, and the workload's checks after the repeat
 * @param topology  the front ends, the fault and its outage, the replicas
 * @param usage     the window's resources and the bottleneck verdict, derived once when the repeat ended
 * @param analytics CH-benCHmark's analytic streams beside the terminals; NONE for every other workload
 */
@JsonSerialize(converter = RepeatResult.ToJson.class)
@JsonDeserialize(converter = RepeatResult.FromJson.class)
public record RepeatResult(int repeat, int threads, Status status, String reason, Measured measured, PerThread perThread,
                           ClientCpu cpu, ServerChecks server, Topology topology, Usage usage,
                           Analytics analytics) {

    /**
     * What the window counted.
     *
     * @param window       the measured window (warm-up excluded)
     * @param counts       what was counted in the window
     * @param transactions per transaction type, in the order the workload declares them
     * @param intervals    every report interval, warm-up ones included (flagged)
     */
    public record Measured(Window window, Counts counts, List<TxnMetrics> transactions, List<IntervalResult> intervals) {
        public Measured {
            transactions = List.copyOf(transactions);
            intervals = List.copyOf(intervals);
        }
    }

    /**
     * Per thread, in the window.
     *
     * @param events       transactions per thread
     * @param latencyNanos summed latency per thread
     */
    public record PerThread(List<Long> events, List<Long> latencyNanos) {
        public static final PerThread NONE = new PerThread(List.of(), List.of());

        public PerThread {
            events = List.copyOf(events);
            latencyNanos = List.copyOf(latencyNanos);
        }
    }

    /**
     * The server's side of the repeat.
     *
     * @param serverCount the server's committed-transaction counter beside the client's
     * @param consistency the workload's checks after this repeat (checkAfterRun), or NOT_CHECKED
     */
    public record ServerChecks(ServerCount serverCount, Consistency consistency, ServerWindow window) {
        public ServerChecks {
            if (consistency == null) consistency = Consistency.NOT_CHECKED;
            if (window == null) window = ServerWindow.NONE;
        }

        public ServerChecks(ServerCount serverCount, Consistency consistency) {
            this(serverCount, consistency, ServerWindow.NONE);
        }

        /** The counter, not checked. */
        public static ServerChecks of(ServerCount serverCount) {
            return new ServerChecks(serverCount, Consistency.NOT_CHECKED);
        }
    }

    /**
     * Where the repeat ran and what happened to it there.
     *
     * @param failover    per front end: connected thread-time, transactions and errors; time spent reconnecting
     * @param fault       the fault the user's command caused in the window and its outage (faultAt); NONE without one
     * @param replication each replica behind the front ends and how far it was behind when the repeat ended; empty
     *                    with a single server
     */
    public record Topology(Failover failover, Fault fault, List<ReplicaLag> replication) {
        public static final Topology NONE = new Topology(Failover.NONE, Fault.NONE, List.of());

        public Topology {
            if (failover == null) failover = Failover.NONE;
            if (fault == null) fault = Fault.NONE;
            replication = replication == null ? List.of() : List.copyOf(replication);
        }
    }

    /** What the workload's checks found after a repeat. */
    public enum Consistency {
        @JsonProperty("not checked") NOT_CHECKED,
        @JsonProperty("passed") PASSED,
        @JsonProperty("failed") FAILED
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
        if (perThread == null) perThread = PerThread.NONE;
        if (topology == null) topology = Topology.NONE;
        if (usage == null) usage = Usage.NONE;
        if (analytics == null) analytics = Analytics.NONE;
    }

    // the parts' figures, as every reader names them

    public Window window() {
        return measured.window();
    }

    public Counts counts() {
        return measured.counts();
    }

    public List<TxnMetrics> transactions() {
        return measured.transactions();
    }

    public List<IntervalResult> intervals() {
        return measured.intervals();
    }

    public List<Long> threadEvents() {
        return perThread.events();
    }

    public List<Long> threadLatencyNanos() {
        return perThread.latencyNanos();
    }

    public ServerCount serverCount() {
        return server.serverCount();
    }

    public Consistency consistency() {
        return server.consistency();
    }

    public Failover failover() {
        return topology.failover();
    }

    public Fault fault() {
        return topology.fault();
    }

    public List<ReplicaLag> replication() {
        return topology.replication();
    }

    /** This repeat with {@code m} as what it counted (its intervals annotated, its window cut). */
    public RepeatResult withMeasured(Measured m) {
        return new RepeatResult(repeat, threads, status, reason, m, perThread, cpu, server, topology, usage, analytics);
    }

    /** This repeat with the server's count of its commits. */
    public RepeatResult withServerCount(ServerCount sc) {
        return withServer(new ServerChecks(sc, server.consistency(), server.window()));
    }

    /** This repeat with the server's counts over its window ({@link ServerWindow}). */
    public RepeatResult withServerWindow(ServerWindow w) {
        return withServer(new ServerChecks(server.serverCount(), server.consistency(), w));
    }

    private RepeatResult withServer(ServerChecks s) {
        return new RepeatResult(repeat, threads, status, reason, measured, perThread, cpu, s, topology, usage, analytics);
    }

    /** This repeat with what the checks after it found. */
    public RepeatResult withConsistency(boolean passed) {
        return new RepeatResult(repeat, threads, status, reason, measured, perThread, cpu,
                new ServerChecks(server.serverCount(), passed ? Consistency.PASSED : Consistency.FAILED, server.window()), topology, usage, analytics);
    }

    /** This repeat with its front-end record. */
    public RepeatResult withFailover(Failover f) {
        return withTopology(new Topology(f, topology.fault(), topology.replication()));
    }

    /** This repeat with the fault it ran under. */
    public RepeatResult withFault(Fault f) {
        return withTopology(new Topology(topology.failover(), f, topology.replication()));
    }

    /** This repeat with its replicas' lag at its end. */
    public RepeatResult withReplication(List<ReplicaLag> lags) {
        return withTopology(new Topology(topology.failover(), topology.fault(), lags));
    }

    private RepeatResult withTopology(Topology t) {
        return new RepeatResult(repeat, threads, status, reason, measured, perThread, cpu, server, t, usage, analytics);
    }

    /** This repeat with what its analytic streams did. */
    public RepeatResult withAnalytics(Analytics a) {
        return new RepeatResult(repeat, threads, status, reason, measured, perThread, cpu, server, topology, usage, a);
    }

    /** This repeat with its resources' summary. */
    public RepeatResult withUsage(Usage u) {
        return new RepeatResult(repeat, threads, status, reason, measured, perThread, cpu, server, topology, u, analytics);
    }

    /**
     * A repeat as result.json lays it out: one flat object, fields in this order (schema 3.x), the summary derived for
     * people reading the file and ignored when read back.
     */
    record Json(int repeat, int threads, Status status, String reason, Window window, Counts counts,
                List<TxnMetrics> transactions, List<IntervalResult> intervals, List<Long> threadEvents,
                List<Long> threadLatencyNanos, ClientCpu cpu, ServerCount serverCount,
                @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
                ServerWindow serverWindow, Consistency consistency, Failover failover, Usage usage, Fault fault, List<ReplicaLag> replication,
                @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
                Analytics analytics, Summary summary) {
    }

    static final class ToJson extends StdConverter<RepeatResult, Json> {
        @Override
        public Json convert(RepeatResult r) {
            return new Json(r.repeat, r.threads, r.status, r.reason, r.window(), r.counts(), r.transactions(), r.intervals(),
                    r.threadEvents(), r.threadLatencyNanos(), r.cpu, r.serverCount(),
                    r.server.window() == ServerWindow.NONE ? null : r.server.window(), r.consistency(), r.failover(), r.usage,
                    r.fault(), r.replication(), r.analytics.present() ? r.analytics : null, r.summary());
        }
    }

    static final class FromJson extends StdConverter<Json, RepeatResult> {
        @Override
        public RepeatResult convert(Json j) {
            return new RepeatResult(j.repeat(), j.threads(), j.status(), j.reason(),
                    new Measured(j.window(), j.counts(), orEmpty(j.transactions()), orEmpty(j.intervals())),
                    new PerThread(orEmpty(j.threadEvents()), orEmpty(j.threadLatencyNanos())), j.cpu(),
                    new ServerChecks(j.serverCount(), j.consistency(), j.serverWindow()), new Topology(j.failover(), j.fault(), j.replication()),
                    j.usage(), j.analytics());
        }

        private static <T> List<T> orEmpty(List<T> l) {
            return l == null ? List.of() : l;
        }
    }

    public boolean completed() {
        return status == Status.COMPLETED;
    }

    public double seconds() {
        return window().seconds();
    }

    public double tps() {
        return rate(counts().transactions());
    }

    public double qps() {
        return rate(counts().queries());
    }

    /** Events per second of the measured window. */
    public double rate(long n) {
        return window().seconds() > 0 ? n / window().seconds() : 0;
    }

    /** Mean latency in ms from the exact nanosecond sum (sysbench's avg), not from histogram buckets. */
    public double avgMs() {
        return counts().transactions() == 0 ? 0 : counts().latencySumNanos() / 1e6 / counts().transactions();
    }

    /** All transaction types' latencies together. */
    public Histogram histogram() {
        List<String> all = new ArrayList<>();
        for (TxnMetrics t : transactions()) all.add(t.latency());
        return Histograms.merge(all);
    }

    public double percentileMs(double p) {
        return Histograms.percentileMs(histogram(), p);
    }

    /** The metrics of a transaction type by name, or null. */
    public TxnMetrics transaction(String name) {
        for (TxnMetrics t : transactions()) if (t.name().equals(name)) return t;
        return null;
    }

    /** Derived, for people reading the file; ignored when read back. */
    public Summary summary() {
        Histogram h = histogram();
        return new Summary(tps(), qps(), avgMs(), LatencySummary.of(h));
    }

    /** tps, qps, and latency in ms (avg from the exact sum, the rest from the histogram). */
    public record Summary(double tps, double qps, double avgMs, LatencySummary latencyMs) {
    }
}
