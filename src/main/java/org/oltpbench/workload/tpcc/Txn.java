package org.oltpbench.workload.tpcc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.oltpbench.measure.ThreadStats;

/**
 * One TPC-C transaction bound to a terminal's connection (autocommit off). {@link #generate} draws the
 * inputs; {@link #execute} runs them and may run again with the same inputs after a retryable error.
 * Money is bound as integer cents and scaled in SQL ({@code ? * 0.01}) so decimal columns stay exact.
 */
abstract class Txn {
    protected final Connection c;
    private final List<PreparedStatement> statements = new ArrayList<>();
    /** tpccMode=procedures: the one call that runs the transaction on the server; null when the client sends statements. */
    protected final PreparedStatement call;
    /** Whether the routine commits itself (a MySQL procedure: one COMMIT counted) or is one autocommitted statement. */
    private final boolean callCommits;
    /** tpccSchema=hammerdb's calls: the statement that sets the call's INOUT variables first, or null. */
    protected final PreparedStatement before;
    /** tpccSchema=hammerdb's calls, whose inputs bind otherwise; null for oltpbench's routines and in client mode. */
    protected final HammerDbCalls hammerDb;
    /** tpccSchema=hammerdb's calls on the MySQL family: the statement that reads the integer a call left; or null. */
    private final PreparedStatement after;

    /** Whose tables the statements name (tpccSchema): each is written with BenchmarkSQL's names, given these at prepare. */
    private final TpccTables tables;

    /**
     * @param procs  the stored routines of tpccMode=procedures; null in client mode
     * @param tables whose tables the statements name
     */
    Txn(Connection c, TpccProcedures procs, TpccProcedures.Routine routine, TpccTables tables) throws SQLException {
        this.c = c;
        this.tables = tables;
        this.call = procs == null ? null : prepare(procs.call(routine));
        this.callCommits = procs != null && procs.commitsItself();
        this.hammerDb = procs == null ? null : procs.hammerDb();
        this.before = procs == null || procs.before(routine) == null ? null : prepare(procs.before(routine));
        String read = hammerDb == null ? null : hammerDb.after(routine);
        this.after = read == null ? null : prepare(read);
    }

    /** Whether this transaction runs as one stored-routine call. */
    final boolean called() {
        return call != null;
    }

    /** Runs the transaction the way its mode sends it: the client's statements, or one call. */
    final boolean run(ThreadStats st) throws SQLException {
        return call != null ? viaCall(st) : execute(st);
    }

    /**
     * tpccMode=procedures: binds the inputs to {@link #call} and runs it ({@link #callOne}).
     *
     * @return false when it rolled back as the spec asks (New-Order's unused item), true when committed
     */
    abstract boolean viaCall(ThreadStats st) throws SQLException;

    /**
     * Runs {@link #before} (when there is one) and {@link #call} as bound, counts them (a statement each, and the
     * transaction the call committed) and returns the integer in the first column of the call's first row.
     */
    protected final int callOne(ThreadStats st) throws SQLException {
        if (before != null) {
            before.execute();
            st.other(1);
        }
        int v = 0;
        if (hammerDb != null && !hammerDb.returnsRow()) {
            call.execute(); // HammerDB's MySQL procedures return no result set
            if (after != null) {
                try (ResultSet rs = after.executeQuery()) {
                    v = rs.next() ? rs.getInt(1) : 0;
                }
                st.other(1);
            }
        } else {
            try (ResultSet rs = call.executeQuery()) {
                if (!rs.next()) throw new SQLException("TPC-C: a stored routine returned no row; run prepare again", "02000");
                v = rs.getInt(1);
            }
        }
        st.other(1);
        if (callCommits) st.commits(1);
        else st.autocommits(1);
        return v;
    }

    /** The JSON array of {@code a[0..n)} that routines take lists as; reuses {@code sb}. */
    static String jsonArray(StringBuilder sb, int[] a, int n) {
        sb.setLength(0);
        sb.append('[');
        for (int i = 0; i < n; i++) {
            if (i > 0) sb.append(',');
            sb.append(a[i]);
        }
        return sb.append(']').toString();
    }

    protected final PreparedStatement prepare(String sql) throws SQLException {
        PreparedStatement ps = c.prepareStatement(tables.sql(sql));
        statements.add(ps);
        return ps;
    }

    /** The statements this transaction keeps prepared. */
    final int statementCount() {
        return statements.size();
    }

    /**
     * Draws this transaction's inputs for home warehouse {@code w} and terminal district {@code d}.
     *
     * @param allWarehouses every warehouse of the database (1..allWarehouses): remote warehouses are drawn from all
     *                      of them, even when this client drives only a range (2.4.1.5, 2.5.1.2)
     */
    abstract void generate(TpccRandom r, int w, int d, int allWarehouses);

    /**
     * Runs the transaction's statements from the client and commits it.
     *
     * @return false when it rolled back as the spec asks (NewOrder's unused item), true when committed
     */
    abstract boolean execute(ThreadStats st) throws SQLException;

    /** Counts this transaction's inputs in the terminal's tallies ({@link TpccTally}), once it ended; none by default. */
    void tally(ThreadStats st) {
    }

    /** Sets parameters {@code from}, {@code from + 1}, ... of {@code ps} to {@code keys} in order; returns {@code ps}. */
    protected static PreparedStatement bindFrom(PreparedStatement ps, int from, int... keys) throws SQLException {
        for (int i = 0; i < keys.length; i++) ps.setInt(from + i, keys[i]);
        return ps;
    }

    /** Sets parameters 1, 2, ... of {@code ps} to {@code keys} (a row's key, as w, d, id); returns {@code ps}. */
    protected static PreparedStatement bind(PreparedStatement ps, int... keys) throws SQLException {
        return bindFrom(ps, 1, keys);
    }

    /** Column {@code column} of the one row {@code ps} must find, as {@link #one} reads it. */
    protected static int oneInt(PreparedStatement ps, ThreadStats st, String what, int column) throws SQLException {
        try (ResultSet rs = one(ps, st, what)) {
            return rs.getInt(column);
        }
    }

    /** As {@link #oneInt}, a long. */
    protected static long oneLong(PreparedStatement ps, ThreadStats st, String what, int column) throws SQLException {
        try (ResultSet rs = one(ps, st, what)) {
            return rs.getLong(column);
        }
    }

    /** As {@link #oneInt}, a string. */
    protected static String oneString(PreparedStatement ps, ThreadStats st, String what, int column) throws SQLException {
        try (ResultSet rs = one(ps, st, what)) {
            return rs.getString(column);
        }
    }

    /**
     * Runs {@code ps}, counts a read, and returns its result set on its first row; a missing row is an incomplete
     * data set (SQLState 02000), never a retry.
     */
    protected static ResultSet one(PreparedStatement ps, ThreadStats st, String what) throws SQLException {
        ResultSet rs = ps.executeQuery();
        st.reads(1);
        if (!rs.next()) {
            rs.close();
            throw new SQLException("TPC-C: " + what + " not found; the data set is incomplete (run check)", "02000");
        }
        return rs;
    }

    protected final void commit(ThreadStats st) throws SQLException {
        c.commit();
        st.other(1);
        st.commits(1);
    }

    void close() {
        for (PreparedStatement ps : statements) org.oltpbench.workload.Terminal.closeQuietly(ps);
    }

    /** A remote warehouse: uniform over every warehouse 1..all but {@code w} (w itself when there is only one). */
    static int otherWarehouse(TpccRandom r, int w, int all) {
        if (all <= 1) return w;
        int o = r.between(1, all - 1);
        return o >= w ? o + 1 : o;
    }
}
