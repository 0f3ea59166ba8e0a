package org.oltpbench.driver;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import org.oltpbench.db.Database;
import org.oltpbench.result.workload.Family;
import org.oltpbench.result.workload.TxnType;
import org.oltpbench.result.workload.WorkloadInfo;
import org.oltpbench.workload.CheckReport;
import org.oltpbench.workload.Terminal;

/** A workload of one prepared statement per transaction, for the level loop's unit tests on {@link FakeDriver}. */
class OneStatement implements NoTables {
    /** A wait by design before each statement (TPC-C's keying time), in nanos; 0 for none. */
    private final long keyingNanos;
    /** Statements the terminals ran to their end: what a server would count as committed. */
    final java.util.concurrent.atomic.AtomicLong committed = new java.util.concurrent.atomic.AtomicLong();

    OneStatement() {
        this(0);
    }

    /** Each transaction keys for {@code keyingNanos} first, through the stats' pause, as TPC-C's terminal does. */
    OneStatement(long keyingNanos) {
        this.keyingNanos = keyingNanos;
    }

    @Override
    public WorkloadInfo info() {
        return new WorkloadInfo("one_statement", Family.SQL, List.of(TxnType.only("statement")),
                WorkloadInfo.Scale.tables(1, 1));
    }

    /** What runs beside the terminals (none unless a test sets it). */
    org.oltpbench.workload.SideLoad side = org.oltpbench.workload.SideLoad.NONE;

    @Override
    public org.oltpbench.workload.SideLoad sideLoad(Database db, org.oltpbench.util.Clock clock, long seed) {
        return side;
    }

    @Override
    public CheckReport check(Database db) {
        throw new UnsupportedOperationException();
    }

    @Override
    public Terminal terminal(Connection connection, int index, int threads, long seed) throws SQLException {
        PreparedStatement ps = connection.prepareStatement("SELECT 1");
        return new Terminal() {
            @Override
            public int next(org.oltpbench.measure.ThreadStats stats) throws SQLException {
                if (keyingNanos > 0) {
                    stats.idle(stats.pause(keyingNanos));
                    if (stats.cutOff()) throw new SQLException("the level ended during the keying time", "57014");
                }
                ps.executeQuery();
                committed.incrementAndGet();
                stats.reads(1);
                return 0;
            }

            @Override
            public void rollbackQuietly() {
            }

            @Override
            public int preparedStatements() {
                return 1;
            }

            @Override
            public void close() {
            }
        };
    }
}
