package org.oltpbench.workload;

import java.sql.SQLException;
import org.oltpbench.measure.ThreadStats;

/**
 * One benchmark thread's view of a workload, bound to one connection. Statements are prepared when
 * the terminal is made; {@link #next} runs one transaction and counts the statements it issued.
 * A terminal is used by one thread only.
 */
public interface Terminal extends AutoCloseable {

    /**
     * Runs one transaction.
     *
     * @return the transaction kind it ran (an index into {@link Workload#kinds()}), for latency recording
     * @throws SQLException the statement that failed; the caller rolls back and decides what follows
     */
    int next(ThreadStats stats) throws SQLException;

    /** Rolls back whatever the failed transaction left open; must not throw. */
    void rollbackQuietly();

    /** Flushes buffered work (bulk inserts) at the end of a level; counts what it sends. */
    default void finish(ThreadStats stats) throws SQLException {
    }

    @Override
    void close();
}
