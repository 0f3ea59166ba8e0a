package org.oltpbench.workload.pgbench;

/**
 * A script's run-time error (a range pgbench refuses, a division by zero, an overflow): pgbench aborts the client;
 * here the terminal turns it into a failed transaction ({@link #asSql}) and the level's error rule decides what follows.
 */
public final class PgbenchError extends RuntimeException {
    public PgbenchError(String message) {
        super(message, null, false, false);
    }

    /** As the SQLException a terminal throws; SQLState 22000 (data exception), which no dialect retries. */
    java.sql.SQLException asSql(String where) {
        return new java.sql.SQLException(where + ": " + getMessage(), "22000");
    }
}
