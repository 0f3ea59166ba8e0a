package org.oltpbench.config;

import java.sql.Connection;
import java.util.Locale;

/**
 * The transaction isolation every benchmark session runs at (isolation=): the server's default, or one level set on
 * each session through JDBC (which sends the engine's SET SESSION statement). The engines' defaults differ: MySQL and
 * MariaDB REPEATABLE-READ, OceanBase and PostgreSQL READ-COMMITTED, TiDB snapshot isolation reported as
 * REPEATABLE-READ; runs compared across them compare isolation as well as engines.
 */
public enum Isolation {
    SERVER(-1), READ_COMMITTED(Connection.TRANSACTION_READ_COMMITTED), REPEATABLE_READ(Connection.TRANSACTION_REPEATABLE_READ),
    SERIALIZABLE(Connection.TRANSACTION_SERIALIZABLE);

    private final int jdbcLevel;

    Isolation(int jdbcLevel) {
        this.jdbcLevel = jdbcLevel;
    }

    /** The key's value: server, read-committed, repeatable-read, serializable. */
    public String key() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** From the key's value (null: the server's). */
    public static Isolation of(String key) {
        if (key == null) return SERVER;
        return valueOf(key.toUpperCase(Locale.ROOT).replace('-', '_'));
    }

    /** Sets it on a new session; the server's default leaves the session alone. */
    public void apply(Connection c) throws java.sql.SQLException {
        if (jdbcLevel >= 0) c.setTransactionIsolation(jdbcLevel);
    }
}
