package org.oltpbench.result;

import java.util.List;

/**
 * What the client and the servers used over one report interval, as amounts (CPU seconds, bytes) so that intervals
 * add up; rates divide by the interval's {@link IntervalResult#seconds()}. Sampled by the reporter at each interval's
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
     */
    public record ClientUse(double userSeconds, double systemSeconds, long rssBytes, String netInterface,
                            long netInBytes, long netOutBytes, HostCpu host) {
        public static final ClientUse NONE = new ClientUse(0, 0, -1, "", -1, -1, HostCpu.UNKNOWN);

        public ClientUse {
            if (host == null) host = HostCpu.UNKNOWN;
            if (netInterface == null) netInterface = "";
        }

        public double cpuSeconds() {
            return userSeconds + systemSeconds;
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
    }
}
