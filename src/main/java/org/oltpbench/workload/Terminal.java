package org.oltpbench.workload;

import java.sql.SQLException;
import org.oltpbench.measure.ThreadStats;

/**
 * One benchmark thread's view of a workload, bound to one connection. Statements are prepared when
 * the terminal is made; {@link #next} runs one transaction and counts the statements it issued.
 * A terminal is used by one thread only.
 */
public interface Terminal extends AutoCloseable {
    /** Flag on {@link #next}'s result: the transaction rolled back as the benchmark prescribes (not an error). */
    int ROLLED_BACK = 1 << 16;

    /**
     * Runs one transaction.
     *
     * @return the transaction type it ran (an index into {@link WorkloadInfo#transactions()}), for latency recording,
     *         with {@link #ROLLED_BACK} set when it ended in an expected rollback
     * @throws SQLException the statement that failed; the caller rolls back and decides what follows
     */
    int next(ThreadStats stats) throws SQLException;

    /**
     * Whether the event restarted after an ignored error is the same event, timed from its first attempt (sysbench's
     * rule, the default), or a new one timed from its own start: TPC-C counts the failed transaction as failed and
     * deals the next card, whose latency must not hold the failed one's time.
     */
    default boolean restartsTheSameEvent() {
        return true;
    }

    /** Rolls back whatever the failed transaction left open; must not throw. */
    void rollbackQuietly();

    /**
     * ROLLBACK on {@code control}, a terminal's statement for transaction control; a broken connection's failure is
     * swallowed: the caller's classification of the error that got here deals with it.
     */
    static void rollbackQuietly(java.sql.Statement control) {
        try {
            control.execute("ROLLBACK");
        } catch (SQLException | RuntimeException e) {
            // see above
        }
    }

    /**
     * A terminal's statement for SQL sent as text (BEGIN, COMMIT, ROLLBACK, sysbench's inserts; no JDBC escapes to
     * scan). On pgjdbc it never prepares on the server: at prepareThreshold=1 (dbPsMode=enable) a plain Statement's every
     * execution is otherwise parsed as a new named statement (S_8, S_10, ... for each BEGIN), a Parse the peers do not
     * send and a statement the server keeps until the driver closes it.
     */
    static java.sql.Statement textStatement(java.sql.Connection c) throws SQLException {
        java.sql.Statement st = c.createStatement();
        st.setEscapeProcessing(false);
        if (st.isWrapperFor(org.postgresql.PGStatement.class)) st.unwrap(org.postgresql.PGStatement.class).setPrepareThreshold(0);
        return st;
    }

    /**
     * Closes {@code st}, a terminal's statement, when there is one; closing on a lost connection fails, and there is
     * nothing left to release then, so the failure is swallowed.
     */
    static void closeQuietly(java.sql.Statement st) {
        try {
            if (st != null) st.close();
        } catch (SQLException | RuntimeException e) {
            // see above
        }
    }

    /** Flushes buffered work (bulk inserts) at the end of a level; counts what it sends. */
    default void finish(ThreadStats stats) throws SQLException {
    }

    /** How many statements this terminal keeps prepared on its connection: what server limits are checked against. */
    int preparedStatements();

    @Override
    void close();
}
