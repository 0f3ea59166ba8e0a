package org.oltpbench.acid;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.oltpbench.dialect.SessionWaits;
import org.oltpbench.result.repeat.server.WaitClass;

/**
 * Whether one session waits for a lock, as the engine's own session view says (the dialect's {@link SessionWaits}:
 * INNODB_TRX's LOCK WAIT, pg_stat_activity's Lock, TIDB_TRX's LockWaiting, V$OB_LOCKS' BLOCK), read on a monitor
 * connection to the tests' database. {@link #TIMING} where the engine has no such view: a wait is then judged by a
 * bound on the time the session does not answer.
 */
interface LockWatch extends AutoCloseable {
    /** Whether session {@code id} is waiting for a lock now. */
    boolean waiting(long id) throws SQLException;

    /**
     * Whether session {@code waiter}'s lock wait is on {@code holder}: TRUE when the engine names it among those the
     * waiter waits for, FALSE when it names only others, null when it names none (no such view, or no edge seen).
     */
    default Boolean heldBy(long waiter, long holder) throws SQLException {
        return null;
    }

    /** The view's name, or null where waits are judged by timing. */
    String view();

    /** Sessions the view shows on the database besides the monitor (none where there is no view). */
    default int others() throws SQLException {
        return 0;
    }

    @Override
    void close();

    /** No lock view: a session is judged waiting when it has not answered within {@link Steps#TIMING_BOUND_MS}. */
    LockWatch TIMING = new LockWatch() {
        @Override
        public boolean waiting(long id) {
            return false;
        }

        @Override
        public String view() {
            return null;
        }

        @Override
        public void close() {
        }
    };

    /**
     * The engine's view through {@code monitor}, or {@link #TIMING} when the dialect has none or the server refuses it;
     * with the first of {@code holders} (the dialect's lockHolderQueries) the server answers, who holds each wait.
     */
    static LockWatch of(Connection monitor, SessionWaits waits, java.util.List<String> holders) {
        if (!waits.sampled()) return closed(monitor);
        String query = firstAnswered(monitor, waits.queries());
        return query == null ? closed(monitor) : new Jdbc(monitor, waits, query, firstAnswered(monitor, holders));
    }

    /** The first of {@code queries} the server answers on {@code monitor}; null when none. */
    private static String firstAnswered(Connection monitor, java.util.List<String> queries) {
        for (String query : queries) {
            try (Statement st = monitor.createStatement(); ResultSet rs = st.executeQuery(query)) {
                while (rs.next()) {
                    // answered: this is the view
                }
                return query;
            } catch (SQLException e) {
                // this server lacks that view (or the login may not read it): the next query reads another
            } finally {
                try {
                    if (!monitor.getAutoCommit()) monitor.rollback();
                } catch (SQLException e) {
                    // a refused query left nothing to end
                }
            }
        }
        return null;
    }

    private static LockWatch closed(Connection monitor) {
        try {
            monitor.close();
        } catch (SQLException e) {
            // nothing left to do
        }
        return TIMING;
    }

    /** The view as {@link SessionWaits} reads it: one row per session (id, state, wait class, event, table). */
    final class Jdbc implements LockWatch {
        private final Connection monitor;
        private final SessionWaits waits;
        private final String query;
        /** The holders query the server answered; null when none. */
        private final String holders;

        Jdbc(Connection monitor, SessionWaits waits, String query, String holders) {
            this.monitor = monitor;
            this.waits = waits;
            this.query = query;
            this.holders = holders;
        }

        @Override
        public Boolean heldBy(long waiter, long holder) throws SQLException {
            if (holders == null) return null;
            Boolean held = null;
            try (Statement st = monitor.createStatement(); ResultSet rs = st.executeQuery(holders)) {
                while (rs.next()) {
                    if (rs.getLong(1) != waiter) continue;
                    if (rs.getLong(2) == holder) return true;
                    held = false;
                }
            } finally {
                if (!monitor.getAutoCommit()) monitor.commit();
            }
            return held;
        }

        @Override
        public boolean waiting(long id) throws SQLException {
            try (Statement st = monitor.createStatement(); ResultSet rs = st.executeQuery(query)) {
                while (rs.next()) {
                    if (rs.getLong(1) != id) continue;
                    SessionWaits.Wait w = waits.classify(new SessionWaits.Row(rs.getString(2), rs.getString(3), rs.getString(4)));
                    return w != null && w.cls() == WaitClass.LOCK;
                }
            } finally {
                if (!monitor.getAutoCommit()) monitor.commit(); // a fresh view at each look
            }
            return false;
        }

        @Override
        public String view() {
            return holders == null ? waits.source() : waits.source() + ", the holder named";
        }

        @Override
        public int others() throws SQLException {
            int n = 0;
            try (Statement st = monitor.createStatement(); ResultSet rs = st.executeQuery(query)) {
                while (rs.next()) n++;
            } finally {
                if (!monitor.getAutoCommit()) monitor.commit();
            }
            return n;
        }

        @Override
        public void close() {
            try {
                monitor.close();
            } catch (SQLException e) {
                // nothing left to do
            }
        }
    }
}
