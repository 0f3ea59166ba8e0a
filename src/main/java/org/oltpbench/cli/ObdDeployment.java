package org.oltpbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.oltpbench.config.ConfigException;

/**
 * Where obd's {@code obd test} connects for a deployment, read from the deployment's own file
 * {@code $OBD_HOME/.obd/cluster/NAME/config.yaml} ({@code OBD_HOME} unset: the home directory), as obd chooses: the
 * component named by {@code --component}, else the first present of obproxy, obproxy-ce, oceanbase, oceanbase-ce,
 * oceanbase-standalone and seekdb (the one holding {@code --test-server} when that is given); its server named by
 * {@code --test-server}, else its first; that server's {@code listen_port} for an obproxy (default 2883), else its
 * {@code mysql_port} (default 2881), the server's own section before the component's {@code global}.
 *
 * <p>A component lists its servers as addresses ({@code - 192.168.1.5}: name and address alike) or as
 * {@code - name: server1 \n ip: 192.168.1.2}.
 */
final class ObdDeployment {
    private ObdDeployment() {
    }

    /** A server's address and SQL port, and the component it belongs to (null when not known). */
    record Endpoint(String component, String host, int port) {
    }

    /** The components obd test may connect to, in obd's order of choice. */
    static final List<String> COMPONENTS = List.of("obproxy", "obproxy-ce", "oceanbase", "oceanbase-ce",
            "oceanbase-standalone", "seekdb");

    /** obd's own home: {@code OBD_HOME}, else the user's home directory. */
    static Path home() {
        String obdHome = System.getenv("OBD_HOME");
        return Path.of(obdHome != null && !obdHome.isBlank() ? obdHome : System.getProperty("user.home"));
    }

    /** Where deployment {@code name} under {@code obdHome} takes SQL; {@code component} and {@code testServer} may be null. */
    static Endpoint endpoint(Path obdHome, String name, String component, String testServer) {
        JsonNode deploy = read(obdHome.resolve(".obd").resolve("cluster").resolve(name).resolve("config.yaml"));
        String chosen = component != null ? component : COMPONENTS.stream()
                .filter(c -> deploy.has(c) && (testServer == null || server(deploy.get(c), testServer) != null))
                .findFirst().orElseThrow(() -> new ConfigException("obd deployment " + name + " has none of "
                        + String.join(", ", COMPONENTS) + (testServer == null ? "" : " with server " + testServer)
                        + "; name the one to test with --component, or the server with --mysql-host and --mysql-port"));
        if (!deploy.has(chosen)) {
            throw new ConfigException("obd deployment " + name + " has no component " + chosen + "; its components: "
                    + String.join(", ", iterable(deploy.fieldNames())));
        }
        JsonNode c = deploy.get(chosen);
        JsonNode server = testServer != null ? server(c, testServer) : c.path("servers").path(0);
        if (server == null || server.isMissingNode()) {
            throw new ConfigException("obd deployment " + name + ": " + (testServer == null ? "component " + chosen
                    + " lists no servers" : testServer + " is not a server of " + chosen));
        }
        String portKey = chosen.startsWith("obproxy") ? "listen_port" : "mysql_port";
        JsonNode port = c.path(serverName(server)).path(portKey);
        if (port.isMissingNode()) port = c.path("global").path(portKey);
        return new Endpoint(chosen, server.isTextual() ? server.asText() : server.path("ip").asText(),
                port.isMissingNode() ? (portKey.equals("listen_port") ? 2883 : 2881) : port.asInt());
    }

    private static JsonNode read(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new ConfigException("obd's deployment file " + file + " is not there; set OBD_HOME to the directory "
                    + "holding .obd, or give the server with --mysql-host and --mysql-port");
        }
        try {
            return new YAMLMapper().readTree(file.toFile());
        } catch (IOException e) {
            throw new ConfigException("obd's deployment file " + file + " is not YAML obd writes: "
                    + org.oltpbench.util.Text.firstLine(e.getMessage()));
        }
    }

    /** The server of component {@code c} named {@code name}, or null. */
    private static JsonNode server(JsonNode c, String name) {
        for (JsonNode s : c.path("servers")) if (serverName(s).equals(name)) return s;
        return null;
    }

    private static String serverName(JsonNode server) {
        return server.isTextual() ? server.asText() : server.path("name").asText(server.path("ip").asText());
    }

    private static <T> Iterable<T> iterable(java.util.Iterator<T> it) {
        return () -> it;
    }
}
