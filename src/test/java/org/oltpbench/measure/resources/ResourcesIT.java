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
 * which the background measured over the idle stretches before and after is taken out. Each must be within 5% of the load.
 */
// quiet: the host's sources (/proc/stat, node_exporter) must see busy.py's 8 CPU-s within 5% after the background
// measured in the idle stretches before and after is taken out; that holds only for a background that stays the same
// over the 16 s, which another IT JVM beside it (levels starting and ending) is not.
@org.junit.jupiter.api.Tag("quiet")
class ResourcesIT {
    static final double TOLERANCE = 0.05, BURN = 8;

    @Test
    void aKnownLoadIsSeenByEverySourceWithinFivePercent() throws Exception {
        Tools.requireEnv("OLTPBENCH_NODE_EXPORTER_URL", "start prometheus-node-exporter and Prometheus as .ci/run does");
        Tools.requireEnv("OLTPBENCH_PROMETHEUS_URL", "start Prometheus as .ci/run does");
        Tools.requireEnv("OLTPBENCH_BUSY_PORT", "give Prometheus a scrape target for busy.py as .ci/run does");
        int port = Integer.parseInt(System.getenv("OLTPBENCH_BUSY_PORT"));
        Path script = Path.of("src/test/resources/it/busy.py");
        Process p = new ProcessBuilder("python3", script.toString(), String.valueOf(port), "6", String.valueOf(BURN))
                .redirectErrorStream(true).start();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream()))) {
            assertEquals("listening", out.readLine());
            HttpClient http = HttpClient.newHttpClient();
            NodeExporter node = new NodeExporter(URI.create(System.getenv("OLTPBENCH_NODE_EXPORTER_URL")), http);
            LocalProcess local = new LocalProcess(Path.of("/proc"), port);
            Edge c = Edge.now(node, local);
            Thread.sleep(5000); // the background, while busy.py idles
            Edge a = Edge.now(node, local);
            double start = seconds(out.readLine(), "burn-start"), end = seconds(out.readLine(), "burn-end");
            double known = end - start;
            Thread.sleep(1000);
            Edge b = Edge.now(node, local);
            Thread.sleep(4000); // busy.py idles again
            Edge d = Edge.now(node, local);
            double idle = a.at - c.at + d.at - b.at;
            double background = (a.host - c.host + d.host - b.host) / idle * (b.at - a.at);
            double nodeBackground = (a.node.cpuSeconds() - c.node.cpuSeconds() + d.node.cpuSeconds() - b.node.cpuSeconds())
                    / idle * (b.at - a.at);
            double proc = b.local.cpuSeconds() - a.local.cpuSeconds();
            double host = b.host - a.host - background;
            double exporter = b.node.cpuSeconds() - a.node.cpuSeconds() - nodeBackground;
            double prometheus = prometheus(a.epochMillis, b.epochMillis);
            System.out.printf("resources: known load %.3f CPU-s; /proc of the process %.3f; /proc/stat %.3f (background "
                    + "%.3f taken out); node_exporter %.3f (background %.3f taken out); Prometheus %.3f%n", known, proc,
                    host, background, exporter, nodeBackground, prometheus);
            assertWithin(known, proc, "/proc of the process");
            assertWithin(known, host, "/proc/stat of the host");
            assertWithin(known, exporter, "node_exporter");
            assertWithin(known, prometheus, "Prometheus");
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

    private static void assertWithin(double known, double seen, String source) {
        assertTrue(Math.abs(seen - known) <= TOLERANCE * known, source + " saw " + seen + " CPU-s of a " + known + " CPU-s load");
    }

    private static double seconds(String line, String tag) {
        assertTrue(line != null && line.startsWith(tag + " "), "busy.py said " + line);
        return Double.parseDouble(line.substring(tag.length() + 1));
    }

    /** The readings at one instant. */
    private record Edge(double at, long epochMillis, ServerReading node, ServerReading local, double host) {
        static Edge now(NodeExporter node, LocalProcess local) throws Exception {
            double t = System.nanoTime() / 1e9;
            long epoch = System.currentTimeMillis();
            ProcFiles.CpuModes modes = ProcFiles.hostCpu(Files.readString(Path.of("/proc/stat")));
            double busy = 0;
            for (int i = 0; i < modes.seconds().length; i++) if (i != 3 && i != 4) busy += modes.seconds()[i];
            return new Edge(t, epoch, node.read().get(0), local.read().get(0), busy);
        }
    }
}
