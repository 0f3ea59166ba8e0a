package org.oltpbench.measure.resources;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.oltpbench.result.repeat.client.ResourceSource;

/**
 * A host's node_exporter, scraped at each interval's edge: CPU by mode (node_cpu_seconds_total), memory in use
 * (MemTotal − MemAvailable), storage bytes and operations of whole disks, and bytes on every interface but loopback.
 */
final class NodeExporter implements ServerProbe {
    private static final Set<String> NAMES = Set.of("node_cpu_seconds_total", "node_memory_MemTotal_bytes",
            "node_memory_MemAvailable_bytes", "node_disk_read_bytes_total", "node_disk_written_bytes_total",
            "node_disk_reads_completed_total", "node_disk_writes_completed_total", "node_network_receive_bytes_total",
            "node_network_transmit_bytes_total");
    private final URI uri;
    private final HttpClient http;

    NodeExporter(URI uri, HttpClient http) {
        this.uri = uri;
        this.http = http;
    }

    @Override
    public String describe() {
        return "node_exporter at " + uri;
    }

    @Override
    public List<ServerReading> read() throws IOException {
        HttpRequest req = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(1)).GET().build();
        try {
            HttpResponse<String> r = http.send(req, HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() != 200) throw new IOException("HTTP " + r.statusCode());
            return List.of(reading(uri.getHost() + ":" + uri.getPort(), r.body()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted");
        }
    }

    /** One host's reading from its exposition text. */
    static ServerReading reading(String host, String text) {
        Map<String, Double> modes = ProcFiles.newSums();
        Set<String> cpus = new java.util.HashSet<>();
        double total = 0, available = 0, read = 0, written = 0, ops = 0, in = 0, out = 0;
        for (Exposition.Sample s : Exposition.parse(text, NAMES)) {
            switch (s.name()) {
                case "node_cpu_seconds_total" -> {
                    cpus.add(s.label("cpu"));
                    ProcFiles.add(modes, s.label("mode"), s.value());
                }
                case "node_memory_MemTotal_bytes" -> total = s.value();
                case "node_memory_MemAvailable_bytes" -> available = s.value();
                case "node_disk_read_bytes_total" -> read += disk(s) ? s.value() : 0;
                case "node_disk_written_bytes_total" -> written += disk(s) ? s.value() : 0;
                case "node_disk_reads_completed_total", "node_disk_writes_completed_total" -> ops += disk(s) ? s.value() : 0;
                case "node_network_receive_bytes_total" -> in += s.label("device").equals("lo") ? 0 : s.value();
                case "node_network_transmit_bytes_total" -> out += s.label("device").equals("lo") ? 0 : s.value();
                default -> { }
            }
        }
        ProcFiles.CpuModes cpu = ProcFiles.CpuModes.of(cpus.size(), modes);
        double busy = 0;
        for (int i = 0; i < cpu.seconds().length; i++) {
            String mode = ProcFiles.CpuModes.MODES.get(i);
            if (!mode.equals("idle") && !mode.equals("iowait")) busy += cpu.seconds()[i];
        }
        return new ServerReading(ResourceSource.NODE_EXPORTER, host, "host", busy, (long) (total - available),
                (long) read, (long) written, (long) ops, (long) in, (long) out, cpu, "");
    }

    /** Whole disks only: partitions and device-mapper volumes would count the same bytes twice. */
    private static boolean disk(Exposition.Sample s) {
        String d = s.label("device");
        return !d.startsWith("dm-") && !d.startsWith("loop") && !d.startsWith("ram")
                && !d.matches("(sd[a-z]+|vd[a-z]+|xvd[a-z]+)\\d+|nvme\\d+n\\d+p\\d+|mmcblk\\d+p\\d+");
    }
}
