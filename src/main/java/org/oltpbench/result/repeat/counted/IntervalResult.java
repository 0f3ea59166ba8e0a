package org.oltpbench.result.repeat.counted;

import java.util.List;
import org.HdrHistogram.Histogram;
import org.oltpbench.result.repeat.client.Resources;
import org.oltpbench.result.repeat.server.Waits;

/**
 * One report interval of one repeat, as the progress line showed it. Rates divide by the measured
 * {@code seconds}, which can differ from reportIntervalSecs when the reporter wakes late.
 *
 * @param at             seconds since the repeat started (warm-up included), at the interval's end, measured
 * @param seconds        measured length of the interval
 * @param warmup         true while the repeat was still warming up (not part of the measured window)
 * @param clientCpuCores the client process's CPU time over the interval divided by its length (1.0 = one core busy)
 * @param latency        encoded histogram (µs) of the transactions that ended in the interval, all types together
 * @param queue          with a rate: arrivals due but not yet started at the interval's end, estimated as how far
 *                       the shared schedule lags times the rate; -1 without a rate (0 in files from before it existed)
 * @param types          transactions per type that ended in the interval (committed plus prescribed rollbacks), in
 *                       the workload's type order; empty in files from before it was recorded
 * @param resources      what the client and the servers used in the interval; NONE in files from before it was
 *                       recorded and in merged runs
 * @param terminals      what the terminals did over the interval: what the level asked of the server in it; UNKNOWN in
 *                       files from before it was recorded and in merged runs
 * @param schedule       skipped and late transactions under latencyLimitMs, and the rate's schedule lag, over the
 *                       interval; NONE in files from before it was recorded
 * @param waits          where the benchmark's server sessions were, sampled over the interval (issue 45); NONE when not
 *                       sampled (waits=off, an engine without a session view, files before 3.12)
 */
public record IntervalResult(double at, double seconds, int threads, long transactions, long reads, long writes,
                             long other, long ignoredErrors, long reconnects, boolean warmup, double clientCpuCores,
                             String latency, long queue, List<Long> types, Resources resources, TerminalTime terminals,
                             @com.fasterxml.jackson.annotation.JsonInclude(value = com.fasterxml.jackson.annotation.JsonInclude.Include.CUSTOM,
                                     valueFilter = Schedule.Absent.class) Schedule schedule,
                             @com.fasterxml.jackson.annotation.JsonInclude(value = com.fasterxml.jackson.annotation.JsonInclude.Include.CUSTOM,
                                     valueFilter = WaitsAbsent.class) Waits waits) {
    public IntervalResult {
        if (schedule == null) schedule = Schedule.NONE;
        if (waits == null) waits = Waits.NONE;
        types = types == null ? List.of() : List.copyOf(types);
        if (resources == null) resources = Resources.NONE;
        if (terminals == null) terminals = TerminalTime.UNKNOWN;
    }

    /**
     * The terminals' time over one interval, in terminal-seconds (one terminal for one second = 1). A terminal's time
     * is due, paused, or neither (before the release, after it ran its last transaction).
     *
     * @param dueSecs    time a transaction was due: in one, about to start one, reconnecting for one; with a rate, from
     *                   its arrival on. In a closed loop every running terminal's whole time
     * @param pausedSecs time waiting by design: TPC-C's keying and think times (5.2.5), an arrival not yet due
     */
    public record TerminalTime(double dueSecs, double pausedSecs) {
        /** Not recorded: files from before 3.6, merged runs. */
        public static final TerminalTime UNKNOWN = new TerminalTime(-1, -1);

        public boolean known() {
            return dueSecs >= 0;
        }

        /** The sum of several intervals' times; UNKNOWN when any of them is. */
        TerminalTime plus(TerminalTime o) {
            return known() && o.known() ? new TerminalTime(dueSecs + o.dueSecs, pausedSecs + o.pausedSecs) : UNKNOWN;
        }
    }

    /** An interval without waits sampled. */
    public IntervalResult(double at, double seconds, int threads, long transactions, long reads, long writes, long other,
                          long ignoredErrors, long reconnects, boolean warmup, double clientCpuCores, String latency,
                          long queue, List<Long> types, Resources resources, TerminalTime terminals, Schedule schedule) {
        this(at, seconds, threads, transactions, reads, writes, other, ignoredErrors, reconnects, warmup, clientCpuCores,
                latency, queue, types, resources, terminals, schedule, Waits.NONE);
    }

    /** Leaves {@link Waits#NONE} out of result.json. */
    public static final class WaitsAbsent extends org.oltpbench.config.JsonAbsent {
        @Override
        protected boolean absent(Object o) {
            return o instanceof Waits w && !w.sampled();
        }
    }

    /** An interval without the schedule's figures. */
    public IntervalResult(double at, double seconds, int threads, long transactions, long reads, long writes, long other,
                          long ignoredErrors, long reconnects, boolean warmup, double clientCpuCores, String latency,
                          long queue, List<Long> types, Resources resources, TerminalTime terminals) {
        this(at, seconds, threads, transactions, reads, writes, other, ignoredErrors, reconnects, warmup, clientCpuCores,
                latency, queue, types, resources, terminals, Schedule.NONE);
    }

    /** An interval without the terminals' time (files before it, merged runs). */
    public IntervalResult(double at, double seconds, int threads, long transactions, long reads, long writes, long other,
                          long ignoredErrors, long reconnects, boolean warmup, double clientCpuCores, String latency,
                          long queue, List<Long> types, Resources resources) {
        this(at, seconds, threads, transactions, reads, writes, other, ignoredErrors, reconnects, warmup, clientCpuCores,
                latency, queue, types, resources, TerminalTime.UNKNOWN);
    }

    /**
     * Terminal-seconds the level asked of the server in this interval: its terminals' due time, or, in files that did
     * not record it, every connected terminal's whole interval (a closed loop's).
     */
    public double dueSecs() {
        return terminals.known() ? terminals.dueSecs() : threads * seconds;
    }

    /** An interval without resource figures. */
    public IntervalResult(double at, double seconds, int threads, long transactions, long reads, long writes, long other,
                          long ignoredErrors, long reconnects, boolean warmup, double clientCpuCores, String latency,
                          long queue, List<Long> types) {
        this(at, seconds, threads, transactions, reads, writes, other, ignoredErrors, reconnects, warmup, clientCpuCores,
                latency, queue, types, Resources.NONE);
    }

    /** This interval with other resource figures (Prometheus' are added after the level). */
    public IntervalResult with(Resources r) {
        return new IntervalResult(at, seconds, threads, transactions, reads, writes, other, ignoredErrors, reconnects, warmup,
                clientCpuCores, latency, queue, types, r, terminals, schedule, waits);
    }

    /** An interval of a run without a rate or per-type counts. */
    public IntervalResult(double at, double seconds, int threads, long transactions, long reads, long writes, long other,
                          long ignoredErrors, long reconnects, boolean warmup, double clientCpuCores, String latency) {
        this(at, seconds, threads, transactions, reads, writes, other, ignoredErrors, reconnects, warmup, clientCpuCores,
                latency, -1, List.of());
    }

    /**
     * Consecutive intervals as one: counts and seconds summed, latencies merged, the client's CPU weighted by seconds,
     * the queue and threads as at the last one's end, per-type counts summed. What a console line that spans several
     * recorded intervals shows. The resources are the last interval's (the console prints none per interval).
     */
    public static IntervalResult sum(List<IntervalResult> parts) {
        if (parts.size() == 1) return parts.get(0);
        IntervalResult last = parts.get(parts.size() - 1);
        double seconds = 0, cpu = 0;
        Counted sum = Counted.NONE;
        Histogram h = Histograms.empty();
        long[] types = new long[last.types().size()];
        TerminalTime terminals = new TerminalTime(0, 0);
        Waits waits = Waits.NONE;
        for (IntervalResult p : parts) {
            waits = waits.plus(p.waits());
            sum = sum.plus(p);
            h.add(p.histogram());
            terminals = terminals.plus(p.terminals());
            seconds += p.seconds();
            cpu += p.clientCpuCores() * p.seconds();
            for (int k = 0; k < types.length && k < p.types().size(); k++) types[k] += p.types().get(k);
        }
        return new IntervalResult(last.at(), seconds, last.threads(), sum.transactions(), sum.reads(), sum.writes(),
                sum.other(), sum.ignoredErrors(), sum.reconnects(), last.warmup(), seconds > 0 ? cpu / seconds : 0,
                Histograms.encode(h), last.queue(), java.util.Arrays.stream(types).boxed().toList(),
                last.resources(), terminals, sum.schedule(), waits);
    }

    /**
     * What intervals counted, added up (consecutive intervals, or the same interval of several clients): the counts
     * summed, the schedule's figures combined. Their latencies are merged beside it, in one histogram.
     */
    public record Counted(long transactions, long reads, long writes, long other, long ignoredErrors, long reconnects,
                   Schedule schedule) {
        public static final Counted NONE = new Counted(0, 0, 0, 0, 0, 0, Schedule.NONE);

        public Counted plus(IntervalResult p) {
            return new Counted(transactions + p.transactions(), reads + p.reads(), writes + p.writes(), other + p.other(),
                    ignoredErrors + p.ignoredErrors(), reconnects + p.reconnects(), schedule.plus(p.schedule()));
        }
    }

    public long queries() {
        return reads + writes + other;
    }

    public double tps() {
        return seconds > 0 ? transactions / seconds : 0;
    }

    public double qps() {
        return seconds > 0 ? queries() / seconds : 0;
    }

    public Histogram histogram() {
        return Histograms.decode(latency);
    }
}
