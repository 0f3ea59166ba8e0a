package org.oltpbench.measure.resources;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.oltpbench.result.judge.usage.Usages;
import org.oltpbench.result.judge.usage.VerdictRules;
import org.oltpbench.result.repeat.counted.IntervalResult;
import org.oltpbench.result.repeat.usage.Usage;
import org.oltpbench.result.repeat.usage.Verdict;

/**
 * A node_exporter (a test double serving node_exporter's text) whose host has exactly 1.00 of 4 cores busy per
 * interval and that answers HTTP 500 once. The intervals that need the failed scrape are left out, and the server's
 * cores are its CPU over the seconds it was seen: 1.00 over 8 of 10 s (before, 8 CPU-s over 10 s and ten edges
 * skipped: 0.40).
 */
class SourceCoverageTest {

    @Test
    void aSourceThatFailsOnceKeepsItsCoresOverTheSecondsItCovered() throws Exception {
        AtomicInteger scrape = new AtomicInteger();
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/metrics", x -> {
            int n = scrape.getAndIncrement();
            byte[] body = exposition(n).getBytes(StandardCharsets.UTF_8);
            x.sendResponseHeaders(n == 3 ? 500 : 200, body.length);
            x.getResponseBody().write(body);
            x.close();
        });
        server.start();
        try {
            URI uri = URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/metrics");
            List<String> warnings = new ArrayList<>();
            ResourceSampler sampler = new ResourceSampler(Path.of("/proc"), "lo",
                    List.of(new NodeExporter(uri, HttpClient.newHttpClient())), List.of(), warnings::add);
            List<ResourceSampler.Sample> edges = new ArrayList<>();
            for (int e = 0; e <= 10; e++) edges.add(sampler.sample());
            List<IntervalResult> intervals = new ArrayList<>();
            for (int i = 1; i <= 10; i++) {
                intervals.add(new IntervalResult(i, 1.0, 4, 100, 0, 0, 0, 0, 0, false, 0, null, -1, List.of(),
                        sampler.between(edges.get(i - 1), edges.get(i))));
            }
            Usage u = Usages.of(intervals, 1000, 2, VerdictRules.Inputs.NONE);
            Usage.ServerCores host = u.servers().get(0);
            assertEquals(1, warnings.size(), warnings.toString());
            assertEquals(11, scrape.get(), "tried again at the next edge");
            assertEquals(1.00, host.cores(), 1e-9, "8 CPU-s over the 8 s seen");
            assertEquals(8.0, host.seconds(), 1e-9, "the intervals ending and starting at the failed edge are left out");
            assertEquals(0.8, host.coverage(u.seconds()), 1e-9);
            // 100 tps over the window at 1.00 core: 100 per core-second (the 0.40 cores of before gave 250, 2.5x)
            assertEquals(100.0, u.transactionsPerServerCoreSecond(), 1e-9);
        } finally {
            server.stop(0);
        }
    }

    /** Scrape n: 4 CPUs, cpu0 busy 1 s per scrape (user), the others idle. */
    static String exposition(int n) {
        StringBuilder b = new StringBuilder("# TYPE node_cpu_seconds_total counter\n");
        for (int c = 0; c < 4; c++) {
            b.append("node_cpu_seconds_total{cpu=\"").append(c).append("\",mode=\"user\"} ").append(c == 0 ? 100 + n : 50).append('\n');
            b.append("node_cpu_seconds_total{cpu=\"").append(c).append("\",mode=\"idle\"} ").append(c == 0 ? 900 : 950 + n).append('\n');
        }
        b.append("node_memory_MemTotal_bytes 8e9\nnode_memory_MemAvailable_bytes 6e9\n");
        return b.toString();
    }

    @Test
    void backOffAfterFailuresInARow() {
        assertEquals(List.of(0, 1, 3, 7, 10, 10), List.of(ResourceSampler.backOff(1), ResourceSampler.backOff(2),
                ResourceSampler.backOff(3), ResourceSampler.backOff(4), ResourceSampler.backOff(5), ResourceSampler.backOff(6)));
    }
}
