package org.oltpbench.config;

import java.util.Locale;

/**
 * Whether the sessions encrypt their connections (ssl=, sysbench's --mysql-ssl). The default is each protocol's peer's:
 * sysbench 1.0.20 connects to the MySQL family without TLS unless --mysql-ssl=on asks for it, and its PostgreSQL
 * driver (libpq), like BenchmarkSQL's pgjdbc, prefers TLS when the server offers it. What a session negotiated is
 * recorded in the run's terms, so that compare marks runs that differ in it.
 */
public enum Tls {
    /** The peer's default for the protocol: off on the MySQL protocol, prefer on PostgreSQL's. */
    DEFAULT,
    /** Never encrypt. */
    OFF,
    /** Encrypt when the server offers it, in clear otherwise. */
    PREFER,
    /** Encrypt or refuse; the server's certificate is not verified (sysbench --mysql-ssl=on without a CA). */
    ON;

    /** The key's value: default, off, prefer, on. */
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Tls of(String key) {
        return key == null ? DEFAULT : valueOf(key.toUpperCase(Locale.ROOT));
    }
}
