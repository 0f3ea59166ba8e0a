package org.oltpbench.result.file;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.HdrHistogram.Histogram;
import org.oltpbench.config.RunParams;
import org.oltpbench.result.repeat.usage.Usage;
import org.oltpbench.result.level.LevelResult;
import org.oltpbench.result.repeat.RepeatPick;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.repeat.analytics.Analytics;
import org.oltpbench.result.repeat.client.ClientCpu;
import org.oltpbench.result.repeat.client.Resources;
import org.oltpbench.result.repeat.counted.Counts;
import org.oltpbench.result.repeat.counted.Histograms;
import org.oltpbench.result.repeat.counted.IntervalResult;
import org.oltpbench.result.repeat.server.Waits;
import org.oltpbench.result.repeat.counted.TxnMetrics;
import org.oltpbench.result.repeat.counted.Window;
import org.oltpbench.result.repeat.server.ServerCount;
import org.oltpbench.result.repeat.server.ServerWindow;
import org.oltpbench.result.run.ClientInfo;
import org.oltpbench.result.run.RunResult;
import org.oltpbench.result.workload.WorkloadInfo;

/**
 * Joins the results that several client machines took at the same time against one database, each driving its
 * own share (clientCount/clientIndex). The merged parameters are the job's: each level's threads, events and rate
 * added over the clients' shares ({@link org.oltpbench.config.SweepParams#joined}). Counts add up; histograms are added bucket by bucket, so merged percentiles
 * are the percentiles of every transaction together, never averages of percentiles. Rates divide the summed
 * counts by the clients' mean window length, which equals the sum of the clients' rates when their windows are
 * equally long; windows that overlap by less than {@link #MIN_OVERLAP} of the shorter one are refused.
 */
public final class Merge {
    /** The share of the shorter window that every client's window of the same repeat must overlap. */
    public static final double MIN_OVERLAP = 0.9;

    private Merge() {
    }

    /**
     * @param names one name per run for messages (its directory)
     * @param usage a merged repeat's usage from its merged intervals, which hold no resources: the window's waits and no
     *              verdict (judge/usage's Usages.waitsOnly; the caller gives it, as file/ names no rule)
     */
    public static RunResult merge(List<RunResult> runs, List<String> names, Function<List<IntervalResult>, Usage> usage) {
        if (runs.size() < 2) throw new MergeRefused("merge needs two result directories or more");
        RunResult first = runs.get(0);
        for (int i = 0; i < runs.size(); i++) notSearched(runs.get(i), names.get(i));
        for (int i = 1; i < runs.size(); i++) sameShape(first, names.get(0), runs.get(i), names.get(i));
        List<LevelResult> levels = new ArrayList<>();
        for (int k = 0; k < first.levels().size(); k++) levels.add(level(runs, names, k, first.repeatPick(), usage));
        int warehouses = 0;
        for (RunResult r : runs) warehouses += r.workload().scale().warehouses();
        List<Integer> threads = levels.stream().map(LevelResult::threads).toList();
        WorkloadInfo w = first.workload();
        WorkloadInfo.Scale s = w.scale();
        WorkloadInfo workload = new WorkloadInfo(w.name(), w.family(), w.transactions(),
                new WorkloadInfo.Scale(s.tables(), s.rowsPerTable(), warehouses), w.tallies());
        String started = first.startedAt(), ended = first.endedAt();
        for (RunResult r : runs) {
            // ISO-8601 texts with and without fractions do not sort as text ("00Z" > "00.5Z"): compare instants
            if (seconds(r.startedAt()) < seconds(started)) started = r.startedAt();
            ended = ended == null || r.endedAt() == null ? null : seconds(r.endedAt()) > seconds(ended) ? r.endedAt() : ended;
        }
        RunParams params = first.params();
        // the clients' levels together: threads, events and rate added back to the job's setting
        params = new RunParams(params.target(), org.oltpbench.config.SweepParams.joined(runs.stream()
                .map(r -> r.params().sweep()).toList(), threads), params.load(), params.output(), params.workload());
        return new RunResult(first.schemaVersion(), first.oltpbenchVersion(), workload, params, first.server(), client(runs),
                terms(runs), started, ended, names, levels);
    }

    /** The first client's terms; the driver properties only where every client recorded the same (else none). */
    private static org.oltpbench.result.run.Terms terms(List<RunResult> runs) {
        org.oltpbench.result.run.Terms t = runs.get(0).terms();
        for (RunResult r : runs) {
            if (!r.terms().driverProperties().equals(t.driverProperties())) {
                return new org.oltpbench.result.run.Terms(t.driver(), t.driverVersion(), t.protocol(), t.isolation(),
                        t.transactionMode(), t.sessionVariables(), t.tuning(), t.tls());
            }
        }
        return t;
    }

    /**
     * A search runs on one client (the configuration refuses clientCount with it: each probe's level depends on the
     * last), so a run that searched is no client's share: joining two searches' probes gave a wrong answer (a rate
     * search's merged probes all at 0 tps, its capacity 0).
     */
    private static void notSearched(RunResult r, String name) {
        if (r.params() != null && r.params().sweep().search().present()) {
            throw new MergeRefused(name + " searched (" + r.params().sweep().search().axis().key() + "=search), which runs "
                    + "on one client; merge joins the clients' shares of one job: compare the runs instead");
        }
    }

    private static void sameShape(RunResult a, String an, RunResult b, String bn) {
        if (!a.workload().name().equals(b.workload().name())) {
            throw new MergeRefused(bn + " ran " + b.workload().name() + ", " + an + " ran " + a.workload().name()
                    + "; merge joins shares of one job");
        }
        if (a.levels().size() != b.levels().size()) {
            throw new MergeRefused(bn + " has " + b.levels().size() + " thread levels, " + an + " has " + a.levels().size()
                    + "; merge needs every client to have run the same levels (a killed client? run them again)");
        }
        for (int k = 0; k < a.levels().size(); k++) {
            int ra = a.levels().get(k).repeats().size(), rb = b.levels().get(k).repeats().size();
            if (ra != rb) throw new MergeRefused("level " + (k + 1) + ": " + bn + " has " + rb + " repeats, " + an + " has " + ra);
            for (int j = 0; j < ra; j++) {
                overlap(a.levels().get(k).repeats().get(j).window(), an, b.levels().get(k).repeats().get(j).window(), bn, k, j);
            }
        }
    }

    private static void overlap(Window a, String an, Window b, String bn, int level, int repeat) {
        double as = seconds(a.start()), ae = seconds(a.end()), bs = seconds(b.start()), be = seconds(b.end());
        double shared = Math.min(ae, be) - Math.max(as, bs), shorter = Math.min(ae - as, be - bs);
        if (shared < MIN_OVERLAP * shorter) {
            throw new MergeRefused(String.format(java.util.Locale.ROOT, "level %d, repeat %d: %s measured from %s to %s, %s "
                    + "from %s to %s (%.1f s shared of %.1f s); merge needs clients that measured at the same time: give "
                    + "every client the same startAt", level + 1, repeat + 1, an, a.start(), a.end(), bn, b.start(), b.end(),
                    Math.max(0, shared), shorter));
        }
    }

    private static double seconds(String iso) {
        Instant t = Instant.parse(iso);
        return t.getEpochSecond() + t.getNano() / 1e9;
    }

    private static LevelResult level(List<RunResult> runs, List<String> names, int k, String pick,
                                     Function<List<IntervalResult>, Usage> usage) {
        int threads = 0;
        Map<String, Integer> perHost = new LinkedHashMap<>();
        for (RunResult r : runs) {
            LevelResult l = r.levels().get(k);
            threads += l.threads();
            l.threadsPerHost().forEach((h, n) -> perHost.merge(h, n, Integer::sum));
        }
        List<RepeatResult> repeats = new ArrayList<>();
        for (int j = 0; j < runs.get(0).levels().get(k).repeats().size(); j++) {
            List<RepeatResult> parts = new ArrayList<>();
            for (RunResult r : runs) parts.add(r.levels().get(k).repeats().get(j));
            repeats.add(repeat(parts, names, threads, usage));
        }
        return new LevelResult(threads, perHost, RepeatPick.pick(repeats, pick), repeats);
    }

    static RepeatResult repeat(List<RepeatResult> parts, List<String> names, int threads,
                               Function<List<IntervalResult>, Usage> usage) {
        RepeatResult first = parts.get(0);
        List<String> reasons = new ArrayList<>();
        String start = first.window().start(), end = first.window().end();
        double seconds = 0;
        List<Long> events = new ArrayList<>(), nanos = new ArrayList<>();
        for (int i = 0; i < parts.size(); i++) {
            RepeatResult p = parts.get(i);
            if (!p.completed()) reasons.add(names.get(i) + ": " + p.reason());
            if (seconds(p.window().start()) < seconds(start)) start = p.window().start();
            if (seconds(p.window().end()) > seconds(end)) end = p.window().end();
            seconds += p.window().seconds() / parts.size();
            events.addAll(p.threadEvents());
            nanos.addAll(p.threadLatencyNanos());
        }
        List<IntervalResult> joined = intervals(parts, threads);
        return new RepeatResult(first.repeat(), threads, reasons.isEmpty() ? RepeatResult.COMPLETED : RepeatResult.ABORTED,
                reasons.isEmpty() ? null : String.join("; ", reasons), new RepeatResult.Measured(new Window(start, end, seconds),
                counts(parts), transactions(parts), joined), new RepeatResult.PerThread(events, nanos),
                busiest(parts), new RepeatResult.ServerChecks(serverCount(parts), null,
                ServerWindow.acrossClients(parts.stream().map(p -> p.server().window()).toList())), RepeatResult.Topology.NONE, usage.apply(joined),
                Analytics.merge(parts.stream().map(RepeatResult::analytics).toList()));
    }

    private static Counts counts(List<RepeatResult> parts) {
        Counts sum = Counts.ZERO;
        for (RepeatResult p : parts) sum = sum.plus(p.counts());
        return sum;
    }

    private static List<TxnMetrics> transactions(List<RepeatResult> parts) {
        return sumTypes(parts.stream().map(RepeatResult::transactions).toList());
    }

    /** Each type's figures added over {@code parts} (clients, or a repeat's intervals): counts summed, histograms added. */
    static List<TxnMetrics> sumTypes(List<List<TxnMetrics>> parts) {
        List<TxnMetrics> out = new ArrayList<>();
        for (TxnMetrics t : parts.get(0)) {
            long committed = 0, rollbacks = 0, retries = 0, errors = 0, keying = 0, think = 0;
            Histogram h = Histograms.empty(), service = t.serviceLatency() == null ? null : Histograms.empty(),
                    queue = t.queueLatency() == null ? null : Histograms.empty();
            for (List<TxnMetrics> p : parts) {
                TxnMetrics m = p.stream().filter(x -> x.name().equals(t.name())).findFirst().orElse(null);
                if (m == null) throw new MergeRefused("transaction type " + t.name() + " is missing from one of the results");
                committed += m.committed();
                rollbacks += m.rollbacks();
                retries += m.retries();
                errors += m.errors();
                keying += m.keyingNanos();
                think += m.thinkNanos();
                h.add(m.histogram());
                if (service != null && m.serviceLatency() != null) service.add(m.serviceHistogram());
                else service = null; // a client without a rate: no service times to merge
                if (queue != null && m.queueLatency() != null) queue.add(m.queueHistogram());
                else queue = null; // a client whose terminals owned their connections: no queue times to merge
            }
            out.add(new TxnMetrics(t.name(), committed, rollbacks, retries, errors, Histograms.encode(h),
                    service == null ? null : Histograms.encode(service), queue == null ? null : Histograms.encode(queue),
                    keying, think));
        }
        return out;
    }

    /** Interval i of every client added together, up to the shortest client's count. */
    public static List<IntervalResult> intervals(List<RepeatResult> parts, int threads) {
        int n = Integer.MAX_VALUE;
        for (RepeatResult p : parts) n = Math.min(n, p.intervals().size());
        List<IntervalResult> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            double at = 0, secs = 0, cpu = 0;
            long queue = 0;
            boolean warm = false;
            IntervalResult.Counted sum = IntervalResult.Counted.NONE;
            Histogram h = Histograms.empty();
            long[] types = new long[parts.get(0).intervals().get(i).types().size()];
            boolean typed = true;
            List<Waits> waits = new ArrayList<>(parts.size());
            for (RepeatResult p : parts) {
                IntervalResult x = p.intervals().get(i);
                waits.add(x.waits());
                typed &= x.types().size() == types.length;
                for (int k = 0; typed && k < types.length; k++) types[k] += x.types().get(k);
                at += x.at() / parts.size();
                secs += x.seconds() / parts.size();
                cpu += x.clientCpuCores();
                sum = sum.plus(x);
                h.add(x.histogram());
                warm |= x.warmup();
                queue = queue < 0 || x.queue() < 0 ? -1 : queue + x.queue();
            }
            out.add(new IntervalResult(at, secs, threads, sum.transactions(), sum.reads(), sum.writes(), sum.other(),
                    sum.ignoredErrors(), sum.reconnects(), warm, cpu, Histograms.encode(h), queue,
                    typed ? java.util.Arrays.stream(types).boxed().toList() : List.of(), Resources.NONE,
                    IntervalResult.TerminalTime.UNKNOWN, sum.schedule(), Waits.acrossClients(waits)));
        }
        return out;
    }

    /** The client CPU of the busiest client (the highest share of its own host): the one that could limit the result. */
    private static ClientCpu busiest(List<RepeatResult> parts) {
        ClientCpu worst = parts.get(0).cpu();
        for (RepeatResult p : parts) {
            if (p.cpu().cores() / Math.max(1, p.cpu().hostCores()) > worst.cores() / Math.max(1, worst.hostCores())) worst = p.cpu();
        }
        return worst;
    }

    /** Every client read the same server counter over nearly the same time: keep the largest growth, sum the clients. */
    private static ServerCount serverCount(List<RepeatResult> parts) {
        long server = -1, client = 0;
        String counter = parts.get(0).serverCount().counter(), note = null;
        for (RepeatResult p : parts) {
            ServerCount s = p.serverCount();
            client += s.client();
            if (s.counter() == null || s.server() < 0) note = s.note() != null ? s.note() : "not read on every client";
            else server = Math.max(server, s.server());
        }
        return note != null ? ServerCount.none(note, client) : new ServerCount(counter, server, client, null);
    }

    private static ClientInfo client(List<RunResult> runs) {
        ClientInfo first = runs.get(0).client();
        List<String> hosts = new ArrayList<>();
        int cores = 0;
        long memory = 0;
        for (RunResult r : runs) {
            hosts.add(r.client().host());
            cores += r.client().cores();
            memory = memory < 0 || r.client().memoryBytes() < 0 ? -1 : memory + r.client().memoryBytes();
        }
        return new ClientInfo(String.join("+", hosts), cores, memory, first.os(), first.jvm(), first.driverName(),
                first.driverVersion());
    }
}
