package org.oltpbench.config;

import java.net.URI;
import java.util.List;

/**
 * Where server resources are read from, and where the live metrics are served.
 *
 * @param serverMetrics    node_exporter /metrics URLs, scraped at each interval's edge (serverMetrics=)
 * @param prometheus       a Prometheus server's base URL, asked after each level (prometheus=); null without one
 * @param prometheusCpu    the selector of the components' CPU-seconds counters; empty = the dialect's default
 * @param prometheusMemory the selector of their resident memory; empty = the dialect's default
 * @param metricsPort      the port of the live Prometheus endpoint; 0 = none
 * @param waits            sample the benchmark's server sessions' waits (waits=; issue 45)
 * @param notUsed          the keys set that oltpbench reads and does not run (BenchmarkSQL's osCollector*, monkeys,
 *                         ...), each "name (why)": the job names them in one line; not written to result.json
 */
public record MonitorParams(List<URI> serverMetrics, URI prometheus, String prometheusCpu, String prometheusMemory,
                            int metricsPort, boolean waits,
                            @com.fasterxml.jackson.annotation.JsonIgnore List<String> notUsed) {
    /** No source but the client, and the waits sampled (the key's default). */
    public static final MonitorParams NONE = new MonitorParams(List.of(), null, "", "", 0, true, List.of());

    public MonitorParams {
        serverMetrics = List.copyOf(serverMetrics);
        notUsed = notUsed == null ? List.of() : List.copyOf(notUsed);
    }
}
