package org.oltpbench.result.repeat.counted;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Errors of one kind, transaction type and code in a repeat's window (pgbench's --failures-detailed, go-tpc's _ERR
 * lines, by code).
 *
 * @param kind     what the error led to
 * @param type     the transaction type it hit
 * @param code     the vendor error code (MySQL 1213, TiDB 9007; PostgreSQL has none: 0)
 * @param sqlState the SQLState (40001, 40P01, 08S01), or empty
 * @param count    how many
 * @param sample   the first one's message, its first line (at most 200 characters)
 */
public record ErrorCount(Kind kind, String type, int code, String sqlState, long count, String sample) {

    /** What an error led to. */
    public enum Kind {
        /** Re-run with the same inputs inside the transaction (TPC-C's retries of a retryable error). */
        @JsonProperty("retried") RETRIED,
        /** On the ignore list: the transaction was rolled back and restarted (sysbench's ignored errors, err/s). */
        @JsonProperty("ignored") IGNORED,
        /** The connection was lost: the terminal reconnected. */
        @JsonProperty("reconnected") RECONNECTED,
        /** Not ignored: it ended the level. */
        @JsonProperty("fatal") FATAL;

        @Override
        public String toString() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /**
     * The error as a reader names it: the vendor code with its SQLState ("1213 (40001)"), or the SQLState alone where
     * the engine has no vendor code (PostgreSQL's 0: "23505"), or "0" when neither was given.
     */
    public String codeName() {
        if (code != 0 || sqlState.isEmpty()) return code + (sqlState.isEmpty() ? "" : " (" + sqlState + ")");
        return sqlState;
    }

    /** The same kind, type, code and state: counts of two clients add. */
    public boolean sameAs(ErrorCount o) {
        return kind == o.kind && type.equals(o.type) && code == o.code && sqlState.equals(o.sqlState);
    }

    /** This with {@code more} added. */
    public ErrorCount plus(long more) {
        return new ErrorCount(kind, type, code, sqlState, count + more, sample);
    }
}
