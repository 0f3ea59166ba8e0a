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
 * @param osCollector      a BenchmarkSQL osCollector key was set (it is not run; the job says what replaces it)
 */
public record MonitorParams(List<URI> serverMetrics, URI prometheus, String prometheusCpu, String prometheusMemory,
                            int metricsPort, boolean osCollector) {
    public static final MonitorParams NONE = new MonitorParams(List.of(), null, "", "", 0, false);

    /** The line for props files written for BenchmarkSQL's collector. */
    public static final String OS_COLLECTOR_NOTE = "osCollector* keys are not run: serverMetrics=http://HOST:9100/metrics "
            + "(node_exporter) and prometheus=http://HOST:9090 replace them, and a server on this host is read from /proc";

    public MonitorParams {
        serverMetrics = List.copyOf(serverMetrics);
    }
}
