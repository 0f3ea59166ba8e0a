package org.oltpbench.dialect;

import java.util.Locale;
import java.util.Map;
import org.oltpbench.result.repeat.server.WaitClass;

/**
 * How an engine says where its sessions are, and the one table from its names to the {@link WaitClass}es (issue 45).
 * A sampled session is a {@link Row} of the engine's own words; {@link #classify} gives its class and its name as the
 * engine says it (kept beside the class in every output), or null when the session was not active (idle outside a
 * transaction). An engine without a source that fits is {@link #none}, with the reason.
 *
 * @param source     the view or table the samples come from, as the engine names it; null when there is none
 * @param note       why the sessions are not sampled (no source, or a source not read yet); null when they are
 * @param queries    the sampling queries, the first the server runs is used (a server of the family may lack a view the
 *                   first reads: MariaDB has no performance_schema.data_locks), run on a monitor connection to the
 *                   benchmark's database: one row per session of that database but the monitor's own, columns (1) the
 *                   server's session id (as {@code JdbcDriver.sessionId} gives it), (2-4) the {@link Row}, (5) the table
 *                   a lock wait is on where the engine says, else null; empty when there is no source
 * @param classifier the engine's table
 * @param gauges     the server's gauges of sessions in a wait its view shows as running; {@link Gauges#NONE} where none
 */
public record SessionWaits(String source, String note, java.util.List<String> queries, Classifier classifier,
                           Gauges gauges) {
    public SessionWaits {
        queries = queries == null ? java.util.List.of() : java.util.List.copyOf(queries);
        gauges = gauges == null ? Gauges.NONE : gauges;
    }

    /**
     * Server-wide gauges of sessions in a wait that the session view shows as a running statement: InnoDB's page reads
     * in progress, which the processlist shows as the statement's step ("Sending data", "executing"), so as CPU. At each
     * sample, as many of the sessions classed CPU as the gauge's value are counted in the gauge's wait instead. A gauge
     * is the server's, not only the benchmark's sessions' (a read-ahead of the server's own threads counts too), so it
     * moves at most the CPU sessions the same sample saw, and the wait's name says it came from the gauge.
     *
     * <p>The view shows only the benchmark's database, the gauge the whole server: the gauge is moved only where the
     * server's own count of statements running ({@code running}, less the monitor's own) is no more than the benchmark's
     * sessions running in the view, so that no session of another database or client could hold the reads.
     *
     * @param sql     read in the sample's transaction after the sessions: one row per gauge, (1) its name, (2) its value
     * @param waits   each gauge's name in lower case to the wait it counts
     * @param running the gauge (lower case) of statements running on the whole server, the monitor's included
     */
    public record Gauges(String sql, Map<String, Wait> waits, String running) {
        public static final Gauges NONE = new Gauges(null, Map.of(), null);

        public Gauges {
            waits = Map.copyOf(waits);
        }

        /** The server's running statements but the monitor's in {@code values}, or -1 when not read. */
        public long othersThanTheMonitor(Map<String, Long> values) {
            for (Map.Entry<String, Long> e : values.entrySet()) {
                if (e.getKey() != null && e.getKey().equalsIgnoreCase(running) && e.getValue() != null) return e.getValue() - 1;
            }
            return -1;
        }

        public boolean present() {
            return sql != null;
        }

        /** The wait {@code name}'s gauge counts, or null for a gauge not in the table. */
        public Wait wait(String name) {
            return name == null ? null : waits.get(name.toLowerCase(Locale.ROOT));
        }
    }


    /**
     * One sampled session in the engine's words.
     *
     * @param state     the session's state (pg_stat_activity.state; the processlist's COMMAND; ASH's SESSION_STATE)
     * @param waitClass the engine's class of the wait, where it has one (wait_event_type; INNODB_TRX's trx_state; ASH's
     *                  WAIT_CLASS); null otherwise
     * @param event     the wait or step by name (wait_event; the processlist's STATE; ASH's EVENT); null or "" for none
     */
    public record Row(String state, String waitClass, String event) {
    }

    /** A sampled session's class and the engine's name for where it was. */
    public record Wait(WaitClass cls, String name) {
    }

    /** An engine's table: a row to its wait, or null for a session that was not active. */
    @FunctionalInterface
    public interface Classifier {
        Wait classify(Row row);
    }

    public Wait classify(Row row) {
        return classifier.classify(row);
    }

    public boolean present() {
        return source != null;
    }

    static SessionWaits none(String note) {
        return new SessionWaits(null, note, java.util.List.of(), row -> null, Gauges.NONE);
    }

    static SessionWaits of(String source, java.util.List<String> queries, Classifier classifier) {
        return new SessionWaits(source, null, queries, classifier, Gauges.NONE);
    }

    /** This source with other queries (an engine that reads the same rows from other views). */
    SessionWaits withQueries(java.util.List<String> other) {
        return new SessionWaits(source, note, other, classifier, gauges);
    }

    /** This source with the server's gauges read beside each sample. */
    SessionWaits withGauges(Gauges other) {
        return new SessionWaits(source, note, queries, classifier, other);
    }

    /** Whether there is a query to sample with. */
    public boolean sampled() {
        return present() && !queries.isEmpty();
    }

    /** {@code name}'s class in {@code table} (keys in lower case), or {@code otherwise}. */
    static WaitClass lookup(Map<String, WaitClass> table, String name, WaitClass otherwise) {
        return name == null ? otherwise : table.getOrDefault(name.toLowerCase(Locale.ROOT), otherwise);
    }
}
