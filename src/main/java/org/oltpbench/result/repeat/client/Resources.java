package org.oltpbench.result.repeat.client;

import java.util.List;

/**
 * What the client and the servers used over one report interval, as amounts (CPU seconds, bytes) so that intervals
 * add up; rates divide by the interval's {@code IntervalResult.seconds()}. Sampled by the reporter at each interval's
 * edges, never on the transaction path.
 *
 * @param client  the oltpbench process and its host
 * @param servers one entry per server process, host or component that a source could see; empty when none
 */
public record Resources(ClientUse client, List<ServerUse> servers) {
    /** Nothing sampled: files from before resources were recorded, and intervals of a merged run. */
    public static final Resources NONE = new Resources(ClientUse.NONE, List.of());

    public Resources {
        if (client == null) client = ClientUse.NONE;
        servers = servers == null ? List.of() : List.copyOf(servers);
    }

    /** This interval's resources with another source's servers added (Prometheus is read after the level). */
    /**
     * The client's CPU-seconds over an interval of {@code seconds}: a reading taken late spans more than the interval,
     * so it is scaled by its host's span (the one rule every output divides by: usage, charts, the live endpoint).
     */
    public double clientCpuSeconds(double seconds) {
        return client.host().toSeconds(seconds) * client.cpuSeconds();
    }

    /** A server's CPU-seconds over an interval of {@code seconds}, scaled by its own host's span where known, else the client's. */
    public double serverCpuSeconds(ServerUse s, double seconds) {
        return (s.hostCpu().known() ? s.hostCpu().toSeconds(seconds) : client.host().toSeconds(seconds)) * s.cpuSeconds();
    }

    public Resources plus(List<ServerUse> more) {
        if (more.isEmpty()) return this;
        var all = new java.util.ArrayList<>(servers);
        all.addAll(more);
        return new Resources(client, all);
    }

    /**
     * The client's share.
     *
     * @param userSeconds   CPU time in user mode of the oltpbench process
     * @param systemSeconds CPU time in kernel mode of the oltpbench process
     * @param rssBytes      resident set size at the interval's end
     * @param netInterface  the interface that carries the connections ("lo" for a server on this host)
     * @param netInBytes    bytes received on it (every process's, as the kernel counts them); -1 unknown
     * @param netOutBytes   bytes sent on it; -1 unknown
     * @param host          the client host's CPU time by mode
     * @param cpuWait       how long the client waited for a CPU while it could run; UNKNOWN in files before 3.6
     */
    public record ClientUse(double userSeconds, double systemSeconds, long rssBytes, String netInterface,
                            long netInBytes, long netOutBytes, HostCpu host, CpuWait cpuWait) {
        public static final ClientUse NONE = new ClientUse(0, 0, -1, "", -1, -1, HostCpu.UNKNOWN);

        public ClientUse {
            if (host == null) host = HostCpu.UNKNOWN;
            if (netInterface == null) netInterface = "";
            if (cpuWait == null) cpuWait = CpuWait.UNKNOWN;
        }

        /** Without the wait for a CPU (files before 3.6, sources that cannot see it). */
        public ClientUse(double userSeconds, double systemSeconds, long rssBytes, String netInterface, long netInBytes,
                         long netOutBytes, HostCpu host) {
            this(userSeconds, systemSeconds, rssBytes, netInterface, netInBytes, netOutBytes, host, CpuWait.UNKNOWN);
        }

        public double cpuSeconds() {
            return userSeconds + systemSeconds;
        }
    }

    /**
     * Time the client was runnable but waited for a CPU over the interval (the scheduler's run-queue delay,
     * /proc/PID/task/TID/schedstat's second field, sched-stats.rst), in seconds; each -1 when unknown.
     *
     * @param threadsSeconds  the threads doing the level's work (terminals, analytic streams; the first 64) together
     *                        (2 threads waiting 1 s each = 2); the JVM's own threads (JIT, GC) are not among them
     * @param reporterSeconds the reporter thread's alone: how long its wakes in the interval (a late one among them)
     *                        waited for a CPU
     * @param hostSomeSeconds the seconds in which some task of the host waited for a CPU (/proc/pressure/cpu, "some")
     */
    public record CpuWait(double threadsSeconds, double reporterSeconds, double hostSomeSeconds) {
        public static final CpuWait UNKNOWN = new CpuWait(-1, -1, -1);

        /**
         * What held a reporter that woke {@code lateSecs} late in this interval, by its own run-queue delay (the late
         * wake's figure, not the interval's): a CPU when it waited at least half the lateness for one; else not the
         * scheduler. Nothing when the kernel does not say.
         */
        public String lateWake(double lateSecs) {
            if (reporterSeconds < 0) return "";
            if (reporterSeconds >= 0.5 * lateSecs) {
                return String.format(java.util.Locale.ROOT, ": it waited %.1f s for a CPU (run-queue delay): the client "
                        + "was starved", reporterSeconds);
            }
            return String.format(java.util.Locale.ROOT, ": not for a CPU (run-queue delay %.2f s): a pause of the JVM "
                    + "(GC) or of the host (swapping, a stopped VM)", reporterSeconds);
        }
    }

    /**
     * One server-side process, host or component over the interval.
     *
     * @param source      where the figures come from
     * @param host        host name or address (Prometheus' instance label)
     * @param component   process name and pid (local), "host" (node_exporter), or Prometheus' job label
     * @param cpuSeconds  CPU time used: the process's user + system, or the host's busy time (all modes but idle and
     *                    iowait)
     * @param rssBytes    resident memory at the interval's end (node_exporter: the host's memory in use); -1 unknown
     * @param readBytes   bytes read from storage (local: /proc/PID/io read_bytes; node_exporter: all disks); -1 unknown
     * @param writeBytes  bytes written to storage; -1 unknown
     * @param diskOps     reads and writes completed (node_exporter); -1 unknown
     * @param netInBytes  bytes received on the host's interfaces but loopback (node_exporter); -1 unknown
     * @param netOutBytes bytes sent (node_exporter); -1 unknown
     * @param hostCpu     the host's CPU by mode (node_exporter); for a local process, only {@code cores}: how many
     *                    CPUs it may run on; UNKNOWN otherwise
     * @param cpus        the CPUs a local process may run on, as Cpus_allowed_list writes them ("0-3"); "" unknown
     */
    public record ServerUse(ResourceSource source, String host, String component, double cpuSeconds, long rssBytes,
                            long readBytes, long writeBytes, long diskOps, long netInBytes, long netOutBytes,
                            HostCpu hostCpu, String cpus) {
        public ServerUse {
            if (hostCpu == null) hostCpu = HostCpu.UNKNOWN;
            if (cpus == null) cpus = "";
        }

        /** The key that names the same server in every interval. */
        public String key() {
            return source.label() + " " + host + " " + component;
        }
    }

    /**
     * A host's CPU time over the interval by mode, in CPU-seconds (as /proc/stat and node_exporter's
     * node_cpu_seconds_total count them); {@code cores} is how many CPUs the host has.
     */
    public record HostCpu(int cores, double user, double nice, double system, double idle, double iowait, double irq,
                          double softirq, double steal) {
        public static final HostCpu UNKNOWN = new HostCpu(0, 0, 0, 0, 0, 0, 0, 0, 0);

        public boolean known() {
            return cores > 0;
        }

        /** CPU-seconds spent in every mode but idle and iowait. */
        public double busy() {
            return user + nice + system + irq + softirq + steal;
        }

        public double total() {
            return busy() + idle + iowait;
        }

        /**
         * The factor that puts a reading over this host's span (its CPU-seconds of every mode over its cores) onto an
         * interval of {@code seconds}: the samples are taken after the harvest, so on a starved host a reading can
         * span longer than its interval (2.09 of 2 cores busy was printed). 1 when the span is not known.
         */
        public double toSeconds(double seconds) {
            double span = known() ? total() / cores : 0;
            return span > 0 && seconds > 0 ? seconds / span : 1;
        }
    }
}
