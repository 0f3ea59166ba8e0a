package org.oltpbench.result.repeat.usage;

import java.util.List;
import java.util.Locale;
import org.oltpbench.result.repeat.client.ResourceSource;
import org.oltpbench.result.repeat.client.Resources;
import org.oltpbench.result.repeat.counted.IntervalResult;
import org.oltpbench.result.repeat.server.Waits;

/**
 * A repeat's resources over its measured window, derived once when the repeat ends from its window's intervals, and
 * the bottleneck verdict drawn from them (judge/usage: Usages sums them, VerdictRules draws the verdict). Cores are
 * CPU-seconds divided by the window's seconds (1.0 = one core busy all the time).
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

    /** This usage with {@code v} as its verdict. */
    public Usage with(Verdict v) {
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
     * Cores as every line prints them: two decimals, or two significant digits below 0.1, so that a figure divided by
     * them (tps per server core) is the ratio of what is printed and never a division by a printed 0.00.
     */
    public static String cores(double c) {
        if (c == 0 || Math.abs(c) >= 0.1 || Double.isNaN(c)) return String.format(Locale.ROOT, "%.2f", c);
        return new java.math.BigDecimal(c).round(new java.math.MathContext(2)).stripTrailingZeros().toPlainString();
    }
}
