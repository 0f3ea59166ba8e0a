package org.oltpbench.db.load;

import java.sql.SQLException;
import java.sql.Statement;

/**
 * What a load asks between its batches: whether a signal (Ctrl-C, SIGTERM) asked it to stop. The command line's
 * {@code StopSignal}, the object that stops a run, is one: a load and a run stop by the same rule. {@link #NEVER} is a
 * load nothing stops.
 */
public interface LoadStop {
    LoadStop NEVER = () -> false;

    /** How often a long statement's watcher asks. */
    long WATCH_MILLIS = 100;

    boolean stopping();

    /** Throws {@link LoadStopped} once stopping: a long step calls it between its parts. */
    default void check() {
        if (stopping()) throw new LoadStopped();
    }

    /** A statement's execution. */
    @FunctionalInterface
    interface Execution {
        void run() throws SQLException;
    }

    /**
     * Runs {@code execution}, a statement on {@code st} that may take long (an index build, the DELETE of a broken
     * load's rows); a stop meanwhile cancels it (Statement.cancel: KILL QUERY on the MySQL family, a cancel request on
     * PostgreSQL), and it ends with {@link LoadStopped}. A statement that completed stays done.
     */
    default void cancelling(Statement st, Execution execution) throws SQLException {
        check();
        Thread watcher = Thread.ofVirtual().start(() -> {
            try {
                while (!stopping()) Thread.sleep(WATCH_MILLIS);
                st.cancel();
            } catch (InterruptedException | SQLException e) {
                // the statement ended first, or the driver cannot cancel: the load's grace still bounds the wait
            }
        });
        try {
            execution.run();
        } catch (SQLException e) {
            check(); // cancelled by the stop
            throw e;
        } finally {
            watcher.interrupt();
        }
    }
}
