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
 * @param driverProperties the driver properties oltpbench set on the benchmark sessions, name to value ({@link #BY_URL}
 *                         where the URL set its own, which is recorded with the front ends); empty in files before 3.14.
 *                         Never the user or password.
 */
public record Terms(String driver, String driverVersion, Protocol protocol, String isolation, String transactionMode,
                   Map<String, String> sessionVariables, Map<String, String> tuning, String tls,
                   Map<String, String> driverProperties) {

    /** The value recorded for a driver property the connection URL set itself: the URL's value wins. */
    public static final String BY_URL = "(the URL's)";

    /** Terms from before 3.14, which did not record the driver's properties. */
    public Terms(String driver, String driverVersion, Protocol protocol, String isolation, String transactionMode,
                 Map<String, String> sessionVariables, Map<String, String> tuning, String tls) {
        this(driver, driverVersion, protocol, isolation, transactionMode, sessionVariables, tuning, tls, Map.of());
    }

    /**
     * How statements travel: prepared on the server once per connection (pgbench's -M prepared); sent as text with the
     * values inlined by the client (sysbench's --db-ps-mode=disable, pgbench's -M simple); or, on PostgreSQL only,
     * parsed by the server at every execution as an unnamed statement with bound values (pgbench's -M extended).
     */
    public enum Protocol {
        SERVER_PREPARED("server-side prepared", "prepared"),
        CLIENT_TEXT("client-side text", "simple"),
        EXTENDED_UNNAMED("unnamed extended statements", "extended");

        private final String shown;
        private final String pgbench;

        Protocol(String shown, String pgbench) {
            this.shown = shown;
            this.pgbench = pgbench;
        }

        public static Protocol of(boolean serverPrepared) {
            return serverPrepared ? SERVER_PREPARED : CLIENT_TEXT;
        }

        /** pgbench's name of this protocol, its -M and the summary's "query mode". */
        public String pgbenchMode() {
            return pgbench;
        }

        @Override
        public String toString() {
            return shown;
        }
    }

    public Terms {
        sessionVariables = sessionVariables == null ? Map.of() : new java.util.TreeMap<>(sessionVariables);
        tuning = tuning == null ? Map.of() : new java.util.TreeMap<>(tuning);
        driverProperties = driverProperties == null ? Map.of() : new java.util.TreeMap<>(driverProperties);
        transactionMode = transactionMode == null ? "" : transactionMode;
        isolation = isolation == null ? "" : isolation;
        tls = tls == null ? "" : tls;
    }

    /** The recorded form of a session's TLS from its protocol version and cipher: "off" when there is no cipher. */
    public static String tls(String version, String cipher) {
        if (cipher == null || cipher.isBlank()) return "off";
        return version == null || version.isBlank() ? cipher : version + " " + cipher;
    }

    /** The names of the driver properties set differently in {@code other}; none when either did not record them (before 3.14). */
    public java.util.Set<String> driverPropertiesDifferingFrom(Terms other) {
        java.util.Set<String> out = new java.util.TreeSet<>();
        if (driverProperties.isEmpty() || other.driverProperties.isEmpty()) return out;
        out.addAll(driverProperties.keySet());
        out.addAll(other.driverProperties.keySet());
        out.removeIf(n -> java.util.Objects.equals(driverProperties.get(n), other.driverProperties.get(n)));
        return out;
    }

    /** {@code names} with this run's values, "name=value" ("(unset)" where it set none), space-separated. */
    public String driverProperties(java.util.Collection<String> names) {
        java.util.StringJoiner j = new java.util.StringJoiner(" ");
        for (String n : names) j.add(n + "=" + driverProperties.getOrDefault(n, "(unset)"));
        return j.toString();
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
