package org.oltpbench.result.repeat.client;

import com.fasterxml.jackson.annotation.JsonProperty;

/** Where a server's resource figures come from (issue 28's three sources). */
public enum ResourceSource {
    /** /proc of a server process on the client's host, found from the port it listens on. */
    @JsonProperty("proc") PROC("proc"),
    /** A node_exporter's /metrics, scraped at each interval's edges (serverMetrics=). */
    @JsonProperty("node_exporter") NODE_EXPORTER("node_exporter"),
    /** Prometheus' HTTP API, asked after the level for each interval (prometheus=). */
    @JsonProperty("prometheus") PROMETHEUS("prometheus");

    private final String label;

    ResourceSource(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
