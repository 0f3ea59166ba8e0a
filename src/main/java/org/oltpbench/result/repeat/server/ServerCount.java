package org.oltpbench.result.repeat.server;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The server's own count of committed transactions over a repeat, beside the client's count of the same
 * thing, so miscounting shows at once. Both cover the whole repeat (warm-up and the transactions in flight
 * at the end included), not only the measured window.
 *
 * @param counter the server counter read (Handler_commit, pg_stat_database.xact_commit), or null when the engine
 *                has none that fits
 * @param server  its growth over the repeat; -1 when not read
 * @param client  the transactions the client committed as the server counts them (explicit COMMITs plus
 *                autocommitted statements)
 * @param note    why there is no comparison, or null
 */
public record ServerCount(String counter, long server, long client, String note) {
    /** Warn when the two differ by more than this share of the client's count... */
    public static final double TOLERANCE = 0.01;
    /** ...and by more than this many transactions (a short run's few background commits are not news). */
    public static final long MIN_DIFFERENCE = 10;

    public static ServerCount none(String note, long client) {
        return new ServerCount(null, -1, client, note);
    }

    /** (server - client) / client in percent; 0 when nothing was compared. */
    @JsonProperty("differencePct")
    public double differencePct() {
        if (counter == null || server < 0 || client == 0) return server > 0 && client == 0 ? 100 : 0;
        return (server - client) * 100.0 / client;
    }

    /** True when both sides were counted and differ by more than {@link #TOLERANCE} and {@link #MIN_DIFFERENCE}. */
    public boolean disagrees() {
        long diff = Math.abs(server - client);
        return counter != null && server >= 0 && diff > MIN_DIFFERENCE && diff > TOLERANCE * client;
    }
}
