package org.oltpbench.config;

import java.util.List;

/**
 * The acid verb's parameters (issue 61): the isolation levels TPC-C's isolation tests (3.4.2) run at, each as the
 * isolation key names it, "server" for the engine's default.
 */
public record AcidParams(List<String> levels) {
    /** The levels a session can be set to, as the keys name them. */
    public static final List<String> LEVELS = List.of("server", "read-uncommitted", "read-committed", "repeatable-read", "serializable");

    public AcidParams {
        levels = List.copyOf(levels);
    }

    /** acidIsolation's levels, or the isolation key's one; a level not in {@link #LEVELS} refused in one line. */
    public static AcidParams of(Config cfg) {
        List<String> asked = cfg.get(Keys.ACID_ISOLATION);
        if (asked.isEmpty()) return new AcidParams(List.of(cfg.get(Keys.ISOLATION)));
        for (String level : asked) {
            if (!LEVELS.contains(level)) {
                throw new ConfigException("acidIsolation: '" + level + "' is not an isolation level; name any of "
                        + String.join(", ", LEVELS));
            }
        }
        return new AcidParams(asked.stream().distinct().toList());
    }

    /** The {@link java.sql.Connection} TRANSACTION_ constant of {@code level}; -1 for the engine's default. */
    public static int jdbc(String level) {
        return switch (level) {
            case "read-uncommitted" -> java.sql.Connection.TRANSACTION_READ_UNCOMMITTED;
            case "read-committed" -> java.sql.Connection.TRANSACTION_READ_COMMITTED;
            case "repeatable-read" -> java.sql.Connection.TRANSACTION_REPEATABLE_READ;
            case "serializable" -> java.sql.Connection.TRANSACTION_SERIALIZABLE;
            default -> -1;
        };
    }
}
