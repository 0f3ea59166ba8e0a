package org.oltpbench.result.judge.usage;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.oltpbench.result.repeat.client.ResourceSource;
import org.oltpbench.result.repeat.client.Resources;
import org.oltpbench.result.repeat.client.Resources.ServerUse;
import org.oltpbench.result.repeat.counted.IntervalResult;
import org.oltpbench.result.repeat.server.Waits;
import org.oltpbench.result.repeat.usage.Stall;
import org.oltpbench.result.repeat.usage.Verdict;

/**
 * A repeat's resources over its measured window, derived once when the repeat ends from its window's intervals, and
 * the bottleneck verdict drawn from them. Cores are CPU-seconds divided by the window's seconds (1.0 = one core
 * busy all the time).
 *
 * @param seconds               the measured intervals' total length
 * @param clientCores           cores the oltpbench process kept busy
 * @param clientCoresAvailable  processors the client may use (its affinity: {@code taskset} lowers it)
 * @param clientHostCores       CPUs of the client's host; 0 unknown
 * @param clientHostBusyCores   cores busy on the client's host, every process's
 * @param servers               each server process, host or component a source saw, in the order first seen
 * @param netInterface          the interface that carries the connections
 * @param netInMBps             MB/s (10^6 bytes) received on it; -1 unknown
 * @param netOutMBps            MB/s sent on it; -1 unknown
 * @param transactions          transactions counted in the window
 * @param verdict               what limited the level, with its evidence
 * @param stall                 whether the level stalled, by the rules judge/stall's StallRule states (3.5; NONE
 *                              before)
 * @param clientWaitCores       the client's threads waiting for a CPU while they could run, on average (run-queue
 *                              delay over the seconds it was seen in: 1.0 = one thread waiting all the time); 0 in
 *                              files before 3.6 and where the kernel does not say
 * @param waits                 where the benchmark's server sessions were over the window's intervals (issue 45);
 *                              NONE when not sampled
 */
public record Usage(double seconds, double clientCores, int clientCoresAvailable, int clientHostCores,
                    double clientHostBusyCores, List<ServerCores> servers, String netInterface, double netInMBps,
                    double netOutMBps, long transactions, Verdict verdict, Stall stall, double clientWaitCores,
                    @com.fasterxml.jackson.annotation.JsonInclude(value = com.fasterxml.jackson.annotation.JsonInclude.Include.CUSTOM,
                            valueFilter = IntervalResult.WaitsAbsent.class) Waits waits) {
    /** Nothing recorded: files from before resources, merged runs. */
    public static final Usage NONE = new Usage(0, 0, 0, 0, 0, List.of(), "", -1, -1, 0, Verdict.NOT_RECORDED, Stall.NONE, 0);

    public Usage {
        if (waits == null) waits = Waits.NONE;
        servers = servers == null ? List.of() : List.copyOf(servers);
        if (verdict == null) verdict = Verdict.NOT_RECORDED;
        if (stall == null) stall = Stall.NONE;
        if (netInterface == null) netInterface = "";
    }

    /** Without the sessions' waits (files before 3.12). */
    public Usage(double seconds, double clientCores, int clientCoresAvailable, int clientHostCores, double clientHostBusyCores,
                 List<ServerCores> servers, String netInterface, double netInMBps, double netOutMBps, long transactions,
                 Verdict verdict, Stall stall, double clientWaitCores) {
        this(seconds, clientCores, clientCoresAvailable, clientHostCores, clientHostBusyCores, servers, netInterface,
                netInMBps, netOutMBps, transactions, verdict, stall, clientWaitCores, Waits.NONE);
    }

    /** Without the client's wait for a CPU (files before 3.6). */
    public Usage(double seconds, double clientCores, int clientCoresAvailable, int clientHostCores, double clientHostBusyCores,
                 List<ServerCores> servers, String netInterface, double netInMBps, double netOutMBps, long transactions,
                 Verdict verdict, Stall stall) {
        this(seconds, clientCores, clientCoresAvailable, clientHostCores, clientHostBusyCores, servers, netInterface,
                netInMBps, netOutMBps, transactions, verdict, stall, 0);
    }

    /**
     * One server over the window.
     *
     * @param cores     cores it kept busy (a host: its busy time; a process: its user + system time)
     * @param hostCores CPUs of its host when a source says (node_exporter; the client's host for a local process)
     * @param rssBytes  resident memory at the window's end (a host: memory in use); -1 unknown
     * @param readMBps  storage MB/s read; -1 unknown
     * @param writeMBps storage MB/s written; -1 unknown
     * @param seconds   the seconds of the window the source saw it in (every figure above is over these seconds); 0 in
     *                  files before 3.5, which meant the whole window
     * @param cpus      the CPUs a local process may run on ("0-3"); "" unknown
     */
    public record ServerCores(ResourceSource source, String host, String component, double cores, int hostCores,
                              long rssBytes, double readMBps, double writeMBps, double seconds, String cpus) {
        public ServerCores {
            if (cpus == null) cpus = "";
        }

        public String name() {
            return source == ResourceSource.NODE_EXPORTER ? host : component + " (" + source.label() + ", " + host + ")";
        }

        /** The share of a window of {@code windowSeconds} the figures cover; 1 for files that did not say. */
        public double coverage(double windowSeconds) {
            return seconds <= 0 || windowSeconds <= 0 ? 1 : Math.min(1, seconds / windowSeconds);
        }
    }

    public boolean recorded() {
        return seconds > 0;
    }

    /**
     * Every server source's cores together, processes' and hosts' alike (a host's busy time may hold a process also
     * counted: an upper bound, for checks that must not say "more than the servers ran" wrongly). 0 when none.
     */
    public double allServerCores() {
        double all = 0;
        for (ServerCores s : servers) all += s.cores();
        return all;
    }

    /**
     * Server cores spent on the workload: the processes' (local /proc or Prometheus) when a source saw any, which
     * leaves out the host's other work; else the hosts' busy time (node_exporter). 0 when no source saw a server.
     */
    public double serverCores() {
        double processes = 0, hosts = 0;
        for (ServerCores s : servers) {
            if (s.source() == ResourceSource.NODE_EXPORTER) hosts += s.cores();
            else processes += s.cores();
        }
        return processes > 0 ? processes : hosts;
    }

    /**
     * The server CPU-seconds of one interval by the same rule as {@link #serverCores()}: the processes' when a source
     * saw any, else the hosts'. NaN when no source saw a server in it: such an interval is left out of per-core figures,
     * never counted as an idle server.
     */
    public static double serverCpuSeconds(Resources r) {
        double processes = 0, hosts = 0;
        for (Resources.ServerUse s : r.servers()) {
            if (s.source() == ResourceSource.NODE_EXPORTER) hosts += s.cpuSeconds();
            else processes += s.cpuSeconds();
        }
        if (r.servers().isEmpty()) return Double.NaN;
        return processes > 0 ? processes : hosts;
    }

    /** Transactions per server CPU-second; NaN when no server was seen. */
    public double transactionsPerServerCoreSecond() {
        double cpu = serverCores() * seconds;
        return cpu > 0 ? transactions / cpu : Double.NaN;
    }

    /** Client CPU µs per transaction; NaN without transactions. */
    public double clientMicrosPerTransaction() {
        return transactions > 0 ? clientCores * seconds * 1e6 / transactions : Double.NaN;
    }

    /**
     * Sums the window's intervals (warm-up excluded) into the level's figures, and draws the verdict from them and from
     * the intervals the level stalled in (what held the host then).
     */
    public static Usage of(List<IntervalResult> intervals, long transactions, int clientCoresAvailable, VerdictRules.Inputs in) {
        Usage u = sum(intervals, transactions, clientCoresAvailable, in.stall());
        if (!u.recorded()) return u;
        List<IntervalResult> quiet = in.stall().quietIn(intervals);
        Usage during = quiet.isEmpty() ? u : sum(quiet, quiet.stream().mapToLong(IntervalResult::transactions).sum(),
                clientCoresAvailable, Stall.NONE);
        return u.with(VerdictRules.of(u, in, during.recorded() ? during : u));
    }

    /** The intervals' figures summed, without a verdict. */
    private static Usage sum(List<IntervalResult> intervals, long transactions, int clientCoresAvailable, Stall stall) {
        double secs = 0, client = 0, hostBusy = 0, wait = 0, waitSeen = 0;
        int hostCores = 0;
        long netIn = 0, netOut = 0;
        boolean netKnown = false;
        String iface = "";
        Map<String, double[]> sums = new LinkedHashMap<>(); // cpu, read, write, seconds seen
        Map<String, ServerUse> last = new LinkedHashMap<>();
        Waits waits = Waits.NONE;
        for (IntervalResult i : intervals) {
            if (!i.warmup()) waits = waits.plus(i.waits());
            if (i.warmup() || i.resources() == Resources.NONE) continue;
            Resources r = i.resources();
            double f = r.client().host().toSeconds(i.seconds());
            secs += i.seconds();
            client += r.clientCpuSeconds(i.seconds());
            hostBusy += f * r.client().host().busy();
            if (r.client().cpuWait().threadsSeconds() >= 0) {
                wait += r.client().cpuWait().threadsSeconds();
                waitSeen += i.seconds();
            }
            hostCores = Math.max(hostCores, r.client().host().cores());
            iface = r.client().netInterface();
            if (r.client().netInBytes() >= 0) {
                netKnown = true;
                netIn += r.client().netInBytes();
                netOut += r.client().netOutBytes();
            }
            for (ServerUse s : r.servers()) {
                double[] sum = sums.computeIfAbsent(s.key(), k -> new double[4]);
                sum[0] += r.serverCpuSeconds(s, i.seconds());
                sum[1] += Math.max(0, s.readBytes());
                sum[2] += Math.max(0, s.writeBytes());
                sum[3] += i.seconds();
                last.put(s.key(), s);
            }
        }
        if (secs <= 0) { // no resources recorded; the waits, sampled apart from them, are kept
            return new Usage(0, 0, 0, 0, 0, List.of(), "", -1, -1, 0, Verdict.NOT_RECORDED, stall, 0, waits);
        }
        List<ServerCores> servers = new ArrayList<>();
        for (var e : sums.entrySet()) {
            ServerUse s = last.get(e.getKey());
            int cores = s.hostCpu().known() ? s.hostCpu().cores() : s.source() == ResourceSource.PROC ? hostCores : 0;
            double[] v = e.getValue();
            double seen = v[3];
            servers.add(new ServerCores(s.source(), s.host(), s.component(), v[0] / seen, cores, s.rssBytes(),
                    s.readBytes() < 0 ? -1 : v[1] / seen / 1e6, s.writeBytes() < 0 ? -1 : v[2] / seen / 1e6, seen, s.cpus()));
        }
        return new Usage(secs, client / secs, clientCoresAvailable, hostCores, hostBusy / secs, servers, iface,
                netKnown ? netIn / secs / 1e6 : -1, netKnown ? netOut / secs / 1e6 : -1, transactions, Verdict.NOT_RECORDED,
                stall, waitSeen > 0 ? wait / waitSeen : 0, waits);
    }

    Usage with(Verdict v) {
        return new Usage(seconds, clientCores, clientCoresAvailable, clientHostCores, clientHostBusyCores, servers,
                netInterface, netInMBps, netOutMBps, transactions, v, stall, clientWaitCores, waits);
    }

    Usage withStall(Stall s) {
        return new Usage(seconds, clientCores, clientCoresAvailable, clientHostCores, clientHostBusyCores, servers,
                netInterface, netInMBps, netOutMBps, transactions, verdict, s, clientWaitCores, waits);
    }

    /** Transactions per second over the window; 0 when nothing was recorded. */
    public double tps() {
        return seconds > 0 ? transactions / seconds : 0;
    }

    /**
     * This level's usage beside the level before it: when its throughput fell below that level's, a verdict that would
     * advise more threads says instead that they did not help.
     */
    public Usage after(int previousThreads, double previousTps, double tps) {
        return tps < previousTps && verdict.limit() == Verdict.Limit.NONE ? with(VerdictRules.fellFrom(verdict, previousThreads, previousTps, tps))
                : this;
    }

    /**
     * Cores as every line prints them: two decimals, or two significant digits below 0.1, so that a figure divided by
     * them (tps per server core) is the ratio of what is printed and never a division by a printed 0.00.
     */
    public static String cores(double c) {
        if (c == 0 || Math.abs(c) >= 0.1 || Double.isNaN(c)) return String.format(Locale.ROOT, "%.2f", c);
        return new java.math.BigDecimal(c).round(new java.math.MathContext(2)).stripTrailingZeros().toPlainString();
    }
}
