package org.oltpbench.measure.resources;

import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.oltpbench.result.repeat.client.Resources;
import org.oltpbench.result.repeat.client.Resources.ClientUse;
import org.oltpbench.result.repeat.client.Resources.ServerUse;

/**
 * Samples the client and the servers at each interval's edge (on the reporter thread, after the counters were
 * harvested): the oltpbench process's CPU and memory, the client host's CPU by mode, the bytes on the interface that
 * carries the connections, and every server probe. A probe that fails is reported once (one line, through
 * {@code warn}) and never ends the run; a local process is tried at every edge, a remote source at the next edge and,
 * while it keeps failing, after 1, 3, 7 and then 10 edges. The intervals a source missed are left out of its figures,
 * which are computed over the seconds it covered ({@link org.oltpbench.result.repeat.usage.Usage}). The cost does not depend on
 * the number of terminals.
 */
public final class ResourceSampler {
    private static final int RETRY_AFTER = 10;
    private final Map<ServerProbe, Integer> failures = new HashMap<>();
    private final Path proc;
    private final String netInterface;
    private final List<ServerProbe> probes;
    private final Consumer<String> warn;
    private final Map<ServerProbe, Integer> skip = new HashMap<>();
    private final java.util.Set<ServerProbe> warned = new java.util.HashSet<>();
    private final java.util.Set<PrometheusSource> warnedAfter = new java.util.HashSet<>();
    /** Asked after each level: none, or one Prometheus server. */
    private final List<PrometheusSource> after;
    private final ClientProbe clientProbe;

    /** The client's counters and every server's at one instant. */
    public record Sample(ClientReading client, List<ServerReading> servers, long epochMillis) {
        /**
         * The reading a share {@code f} (0..1) of the way from this one to {@code later}, each counter on the straight line
         * between the two: what an edge between two samples reads when the use between them was even. A server missing
         * from {@code later} keeps this reading (nothing of it is added); one only in {@code later} is left out.
         */
        public Sample toward(Sample later, double f) {
            Map<String, ServerReading> next = new HashMap<>();
            for (ServerReading r : later.servers) next.put(r.key(), r);
            List<ServerReading> servers = new ArrayList<>();
            for (ServerReading r : this.servers) servers.add(next.containsKey(r.key()) ? r.toward(next.get(r.key()), f) : r);
            return new Sample(client.toward(later.client, f), servers, epochMillis + Math.round(f * (later.epochMillis - epochMillis)));
        }
    }

    /** @param waits the client's cumulative waits for a CPU in seconds: {its threads', the reporter's, PSI's "some"}; -1 unknown */
    record ClientReading(double user, double system, long rss, long netIn, long netOut, ProcFiles.CpuModes host,
                         double[] waits) {
        static final ClientReading NONE = new ClientReading(0, 0, -1, -1, -1, ProcFiles.CpuModes.UNKNOWN, new double[] {-1, -1, -1});

        ClientReading toward(ClientReading later, double f) {
            double[] w = new double[waits.length];
            for (int k = 0; k < w.length; k++) {
                w[k] = waits[k] < 0 || later.waits[k] < 0 ? -1 : ProcFiles.between(waits[k], later.waits[k], f);
            }
            return new ClientReading(ProcFiles.between(user, later.user, f), ProcFiles.between(system, later.system, f),
                    ProcFiles.between(rss, later.rss, f), ProcFiles.between(netIn, later.netIn, f),
                    ProcFiles.between(netOut, later.netOut, f), host.toward(later.host, f), w);
        }
    }

    /** The client's process and host counters now; {@link ClientReading#NONE} when they cannot be read. */
    interface ClientProbe {
        ClientReading read();
    }

    ResourceSampler(Path proc, String netInterface, List<ServerProbe> probes, List<PrometheusSource> after,
                    Consumer<String> warn) {
        this(null, proc, netInterface, probes, after, warn);
    }

    /** A sampler whose client readings come from {@code client} (a simulated host) instead of {@code /proc}. */
    ResourceSampler(ClientProbe client, String netInterface, List<ServerProbe> probes, Consumer<String> warn) {
        this(client, Path.of("/proc"), netInterface, probes, List.of(), warn);
    }

    private ResourceSampler(ClientProbe client, Path proc, String netInterface, List<ServerProbe> probes,
                            List<PrometheusSource> after, Consumer<String> warn) {
        this.clientProbe = client != null ? client : this::procClient;
        this.after = List.copyOf(after);
        this.proc = proc;
        this.netInterface = netInterface;
        this.probes = List.copyOf(probes);
        this.warn = warn;
    }

    /** Only the client (unit tests, and systems without /proc). */
    public static ResourceSampler clientOnly() {
        return new ResourceSampler(Path.of("/proc"), "lo", List.of(), List.of(), w -> { });
    }

    /**
     * The sampler for a job.
     *
     * @param frontEnds    host:port of every front end; those on this host are found by their port
     * @param nodeExporters node_exporter /metrics URLs (serverMetrics=)
     * @param prometheus    a Prometheus base URL, or null
     * @param cpu           the selector of the components' CPU-seconds counters
     * @param memory        the selector of their resident memory
     */
    public static ResourceSampler of(List<InetSocketAddress> frontEnds, List<URI> nodeExporters, URI prometheus, String cpu,
                                     String memory, Consumer<String> warn) {
        Path proc = Path.of("/proc");
        List<ServerProbe> probes = new ArrayList<>();
        java.util.Set<Integer> ports = new java.util.LinkedHashSet<>();
        for (InetSocketAddress a : frontEnds) if (local(a)) ports.add(a.getPort());
        if (Files.isDirectory(proc)) for (int port : ports) probes.add(new LocalProcess(proc, port));
        if (!nodeExporters.isEmpty()) {
            HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
            for (URI u : nodeExporters) probes.add(new NodeExporter(u, http));
        }
        List<PrometheusSource> after = prometheus == null ? List.of() : List.of(new PrometheusSource(prometheus, cpu, memory,
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build(), 30_000));
        return new ResourceSampler(proc, frontEnds.isEmpty() ? "lo" : interfaceTo(frontEnds.get(0)), probes, after, warn);
    }

    /**
     * The level's intervals with what the sources asked after the level add (Prometheus); unchanged without one, or
     * when it fails (reported once).
     *
     * @param edgesMillis interval i runs from edges[i] to edges[i + 1], epoch ms
     */
    public List<org.oltpbench.result.repeat.counted.IntervalResult> afterLevel(List<org.oltpbench.result.repeat.counted.IntervalResult> intervals,
                                                                List<Long> edgesMillis) {
        List<org.oltpbench.result.repeat.counted.IntervalResult> out = intervals;
        for (PrometheusSource p : after) {
            try {
                out = p.annotate(out, edgesMillis);
            } catch (IOException | RuntimeException e) {
                if (warnedAfter.add(p)) warn.accept("resources: cannot read " + p.describe() + ": " + e.getMessage()
                        + "; the level has no Prometheus figures");
            }
        }
        return out;
    }

    /** Whether the address is this host's (loopback, or one of its interfaces). */
    static boolean local(InetSocketAddress a) {
        InetAddress ip = a.getAddress();
        if (ip == null) return false;
        try {
            return ip.isLoopbackAddress() || ip.isAnyLocalAddress() || NetworkInterface.getByInetAddress(ip) != null;
        } catch (IOException e) {
            return false;
        }
    }

    /** The interface the kernel routes to {@code a} through (a UDP "connect" sends nothing); "" when unknown. */
    static String interfaceTo(InetSocketAddress a) {
        if (a.getAddress() == null) return "";
        if (a.getAddress().isLoopbackAddress()) return "lo";
        try (DatagramSocket s = new DatagramSocket()) {
            s.connect(a.getAddress(), Math.max(1, a.getPort()));
            NetworkInterface ni = NetworkInterface.getByInetAddress(s.getLocalAddress());
            return ni == null ? "" : ni.getName();
        } catch (IOException e) {
            return "";
        }
    }

    public Sample sample() {
        List<ServerReading> servers = new ArrayList<>();
        for (ServerProbe p : probes) {
            int wait = skip.getOrDefault(p, 0);
            if (wait > 0) {
                skip.put(p, wait - 1);
                continue;
            }
            try {
                servers.addAll(p.read());
                failures.remove(p);
            } catch (IOException | RuntimeException e) {
                int n = failures.merge(p, 1, Integer::sum);
                if (!p.cheap()) skip.put(p, backOff(n));
                if (warned.add(p)) warn.accept("resources: cannot read " + p.describe() + ": " + e.getMessage()
                        + "; its figures are left out while it fails");
            }
        }
        return new Sample(clientProbe.read(), servers, System.currentTimeMillis());
    }

    /** Edges skipped after the n-th failure in a row: 0, 1, 3, 7, then 10. */
    static int backOff(int n) {
        return n >= 5 ? RETRY_AFTER : (1 << (n - 1)) - 1;
    }

    private ClientReading procClient() {
        try {
            double[] cpu = ProcFiles.processCpu(Files.readString(proc.resolve("self/stat")));
            long rss = ProcFiles.rssBytes(Files.readString(proc.resolve("self/status")));
            long[] net = netInterface.isEmpty() ? null : ProcFiles.interfaceBytes(Files.readString(proc.resolve("net/dev")),
                    netInterface);
            ProcFiles.CpuModes host = ProcFiles.hostCpu(Files.readString(proc.resolve("stat")));
            return new ClientReading(cpu[0], cpu[1], rss, net == null ? -1 : net[0], net == null ? -1 : net[1], host, waits());
        } catch (IOException | RuntimeException e) {
            return ClientReading.NONE;
        }
    }

    /**
     * The client's waits for a CPU so far, in seconds: its threads' run-queue delays summed (one small file per thread:
     * with platform threads the one cost here that grows with the terminals), the reporter's (this thread's) own, and
     * the host's CPU pressure; each -1 where the kernel does not say (no schedstats, no PSI).
     */
    private double[] waits() {
        return new double[] {orUnknown(() -> threadsWait(proc)), orUnknown(() -> ProcFiles.runQueueNanos(
                Files.readString(proc.resolve("thread-self/schedstat"))) / 1e9),
                orUnknown(() -> ProcFiles.pressureSomeMicros(Files.readString(proc.resolve("pressure/cpu"))) / 1e6)};
    }

    /** At most this many of the client's working threads are read at an edge: the cost does not grow with terminals. */
    static final int WAIT_THREADS = 64;

    /**
     * The run-queue delay of the threads that do the level's work (terminals "oltpbench-N", analytic streams), the first
     * {@link #WAIT_THREADS} of them in thread-id order: the JVM's own threads (the JIT compiler, GC) are left out, since
     * their wait for a CPU holds up no transaction. One small file per thread read, at most 64 plus the JVM's threads.
     */
    static double threadsWait(Path proc) throws IOException {
        long sum = 0;
        int read = 0;
        try (var tasks = Files.newDirectoryStream(proc.resolve("self/task"))) {
            for (Path t : tasks) {
                if (read >= WAIT_THREADS) break;
                try {
                    if (!working(Files.readString(t.resolve("comm")))) continue;
                    sum += ProcFiles.runQueueNanos(Files.readString(t.resolve("schedstat")));
                    read++;
                } catch (NoSuchFileException ended) {
                    // a thread that ended between the listing and the read: its time left with it
                }
            }
        }
        return sum / 1e9;
    }

    /** A terminal ("oltpbench-12", the kernel keeps 15 characters of a name) or an analytic stream's thread. */
    static boolean working(String comm) {
        String c = comm.strip();
        if (!c.startsWith("oltpbench-") || c.length() == "oltpbench-".length()) return false;
        char next = c.charAt("oltpbench-".length());
        return Character.isDigit(next) || c.startsWith("oltpbench-analy");
    }

    private interface Reading {
        double read() throws IOException;
    }

    private static double orUnknown(Reading r) {
        try {
            double v = r.read();
            return v < 0 ? -1 : v;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** Wait {@code k} between two readings in seconds (ms precision); -1 when either did not see it. */
    private static double waitDelta(ClientReading x, ClientReading y, int k) {
        return x.waits()[k] < 0 || y.waits()[k] < 0 ? -1 : ProcFiles.milli(Math.max(0, y.waits()[k] - x.waits()[k]));
    }

    /** What was used between two samples. A server missing from either sample is left out of the interval. */
    public Resources between(Sample a, Sample b) {
        ClientReading x = a.client(), y = b.client();
        ClientUse client = new ClientUse(ProcFiles.milli(Math.max(0, y.user() - x.user())),
                ProcFiles.milli(Math.max(0, y.system() - x.system())), y.rss(),
                netInterface, ServerReading.delta(y.netIn(), x.netIn()), ServerReading.delta(y.netOut(), x.netOut()),
                y.host().minus(x.host()), new Resources.CpuWait(waitDelta(x, y, 0), waitDelta(x, y, 1), waitDelta(x, y, 2)));
        Map<String, ServerReading> before = new HashMap<>();
        for (ServerReading r : a.servers()) before.put(r.key(), r);
        List<ServerUse> servers = new ArrayList<>();
        for (ServerReading r : b.servers()) {
            ServerReading earlier = before.get(r.key());
            if (earlier != null) servers.add(r.since(earlier));
        }
        return new Resources(client, servers);
    }
}
