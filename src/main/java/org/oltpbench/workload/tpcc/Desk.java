package org.oltpbench.workload.tpcc;

import java.sql.Connection;
import java.sql.SQLException;
import org.oltpbench.db.SharedConnections;
import org.oltpbench.dialect.Dialect;
import org.oltpbench.measure.ThreadStats;

/**
 * Where a terminal's transactions run: on the connection it owns, or on one it borrows per transaction from the
 * connections the level's terminals share (connections=N, BenchmarkSQL 6's timed driver). Used by one terminal.
 */
interface Desk {
    /** The prepared transactions for the next one; a shared desk waits for a connection and records the wait. */
    Prepared take(ThreadStats st) throws SQLException;

    /** After the transaction, committed or failed ({@code failure}, null when it ended well): hands a lease back. */
    void release(SQLException failure);

    /** Statements this terminal keeps prepared itself: a shared desk keeps none (they stay with the connections). */
    int preparedStatements();

    void close();

    /** The terminal's own connection: prepared once, kept for the level. */
    static Desk own(Connection c, boolean perItem, TpccProcedures procs, TpccTables tables) throws SQLException {
        Prepared p = new Prepared(c, perItem, procs, tables);
        return new Desk() {
            @Override
            public Prepared take(ThreadStats st) {
                return p;
            }

            @Override
            public void release(SQLException failure) {
            }

            @Override
            public int preparedStatements() {
                return p.statements();
            }

            @Override
            public void close() {
                p.close();
            }
        };
    }

    /** A connection of {@code pool} per transaction; a connection it finds lost is evicted, not handed back. */
    static Desk shared(SharedConnections pool, Dialect dialect, boolean perItem, TpccProcedures procs,
                       TpccTables tables) {
        return new Desk() {
            private Connection lease;

            @Override
            public Prepared take(ThreadStats st) throws SQLException {
                long t0 = System.nanoTime();
                lease = pool.borrow();
                st.queued(System.nanoTime() - t0);
                try {
                    return pool.prepared(lease, physical -> new Prepared(physical, perItem, procs, tables));
                } catch (SQLException | RuntimeException e) {
                    release(e instanceof SQLException s ? s : null);
                    throw e;
                }
            }

            @Override
            public void release(SQLException failure) {
                Connection l = lease;
                lease = null;
                if (l == null) return;
                if (failure != null && dialect.classify(failure) == Dialect.ErrorClass.CONNECTION_LOST) pool.evict(l);
                else pool.giveBack(l);
            }

            @Override
            public int preparedStatements() {
                return 0;
            }

            @Override
            public void close() {
                release(null);
            }
        };
    }
}
