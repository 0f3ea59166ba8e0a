package org.oltpbench.result.run;

import java.util.Map;

/**
 * The terms the client measured the server on: what two runs must share to compare engines rather than clients, and
 * what {@code compare} lists when they do not.
 *
 * @param driver           the JDBC driver's name
 * @param driverVersion    its version
 * @param protocol         how statements were sent
 * @param isolation        the benchmark sessions' transaction isolation, as the server reports it
 * @param transactionMode  the engine's transaction mode where it has one (TiDB's tidb_txn_mode); "" elsewhere
 * @param sessionVariables every session variable oltpbench set on the benchmark sessions, name to value
 * @param tuning           what tune=true changed on the server, name to new value; empty without tune
 * @param tls              the TLS a benchmark session negotiated: "off", the protocol and cipher, "unknown" where the
 *                         server does not say, "" in files before 3.6
 */
public record Terms(String driver, String driverVersion, Protocol protocol, String isolation, String transactionMode,
                   Map<String, String> sessionVariables, Map<String, String> tuning, String tls) {

    /** How statements travel: prepared on the server once per connection, or sent as text with values inlined. */
    public enum Protocol {
        SERVER_PREPARED, CLIENT_TEXT;

        public static Protocol of(boolean serverPrepared) {
            return serverPrepared ? SERVER_PREPARED : CLIENT_TEXT;
        }

        @Override
        public String toString() {
            return this == SERVER_PREPARED ? "server-side prepared" : "client-side text";
        }
    }

    public Terms {
        sessionVariables = sessionVariables == null ? Map.of() : new java.util.TreeMap<>(sessionVariables);
        tuning = tuning == null ? Map.of() : new java.util.TreeMap<>(tuning);
        transactionMode = transactionMode == null ? "" : transactionMode;
        isolation = isolation == null ? "" : isolation;
        tls = tls == null ? "" : tls;
    }

    /** The recorded form of a session's TLS from its protocol version and cipher: "off" when there is no cipher. */
    public static String tls(String version, String cipher) {
        if (cipher == null || cipher.isBlank()) return "off";
        return version == null || version.isBlank() ? cipher : version + " " + cipher;
    }

    /** The terms as labelled lines, in a fixed order, for listing the ones two runs differ in. */
    public Map<String, String> asLines() {
        Map<String, String> out = new java.util.LinkedHashMap<>();
        out.put("driver", driver + " " + driverVersion);
        out.put("statement protocol", protocol.toString());
        out.put("isolation", isolation);
        out.put("transaction mode", transactionMode);
        out.put("session variables", sessionVariables.toString());
        out.put("tuning", tuning.toString());
        out.put("TLS", tls.isEmpty() ? "not recorded" : tls);
        return out;
    }
}
