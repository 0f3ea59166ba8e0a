package org.oltpbench.result.run;

import java.util.Map;

/**
 * The server as the run found it.
 *
 * @param dialect the oltpbench dialect (mysql, mariadb, oceanbase, tidb, klustron, postgres)
 * @param version the server's full version string (SELECT VERSION())
 * @param facts   variables read from the server and how the run used it: layout, front ends, tuning
 */
public record ServerInfo(String dialect, String version, Map<String, Object> facts) {
    public ServerInfo {
        facts = facts == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(facts));
    }
}
