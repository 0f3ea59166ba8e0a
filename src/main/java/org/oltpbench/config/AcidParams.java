package org.oltpbench.config;

import java.util.List;

/**
 * The acid verb's parameters (issue 61): the isolation levels TPC-C's isolation tests (3.4.2) run at, each as the
 * isolation key names it, "server" for the engine's default; and the durability test's commands (empty: the embedded
 * server's own crash, or none).
 */
public record AcidParams(List<String> levels, String crash, String restart) {
    /** The levels a session can be set to, as the keys name them. */
    public static final List<String> LEVELS = List.of("server", "read-uncommitted", "read-committed", "repeatable-read", "serializable");

    public AcidParams {
        levels = List.copyOf(levels);
    }

    /**
     * acidIsolation's levels, or the isolation key's one; a level not in {@link #LEVELS} refused in one line, as is one of
     * acidCrash and acidRestart without the other.
     */
    public static AcidParams of(Config cfg) {
        String crash = cfg.get(Keys.ACID_CRASH), restart = cfg.get(Keys.ACID_RESTART);
        if (crash.isEmpty() != restart.isEmpty()) {
            throw new ConfigException("acidCrash and acidRestart go together: the durability test crashes the server with the "
                    + "first and starts it again with the second; give both");
        }
        List<String> asked = cfg.get(Keys.ACID_ISOLATION);
        if (asked.isEmpty()) return new AcidParams(List.of(cfg.get(Keys.ISOLATION)), crash, restart);
        for (String level : asked) {
            if (!LEVELS.contains(level)) {
                throw new ConfigException("acidIsolation: '" + level + "' is not an isolation level; name any of "
                        + String.join(", ", LEVELS));
            }
        }
        return new AcidParams(asked.stream().distinct().toList(), crash, restart);
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
