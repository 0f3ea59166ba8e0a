package org.oltpbench.workload.sysbench;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.oltpbench.measure.ThreadStats;

/**
 * bulk_insert.lua: each event appends one row (n, n) to the thread's own table sbtest(thread+1); rows
 * go to the server in multi-row INSERTs of {@link #ROWS} rows, each counted as one write. Numbering
 * continues after the largest id already there, so levels and repeats can follow each other.
 */
final class BulkInsertTerminal extends SbTerminal {
    static final int ROWS = 1000;
    private final String table;
    private final PreparedStatement full;
    private int buffered;
    private int next;

    BulkInsertTerminal(Connection c, SbRandom rnd, int thread) throws SQLException {
        super(c, rnd);
        this.table = "sbtest" + (thread + 1);
        this.full = prepare(sql(table, ROWS));
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT COALESCE(MAX(id), 0) FROM " + table)) {
            rs.next();
            next = rs.getInt(1);
        }
    }

    static String sql(String table, int rows) {
        return "INSERT INTO " + table + " VALUES " + "(?,?),".repeat(rows - 1) + "(?,?)";
    }

    @Override
    public int next(ThreadStats st) throws SQLException {
        next++;
        full.setInt(2 * buffered + 1, next);
        full.setInt(2 * buffered + 2, next);
        if (++buffered == ROWS) {
            buffered = 0;
            st.dml(full.executeUpdate());
            st.autocommits(1);
        }
        return 0;
    }

    /** A failed flush loses the buffered rows; numbering goes on after them. */
    @Override
    public void rollbackQuietly() {
        buffered = 0;
        super.rollbackQuietly();
    }

    @Override
    public void finish(ThreadStats st) throws SQLException {
        if (buffered == 0) return;
        try (PreparedStatement rest = connection.prepareStatement(sql(table, buffered))) {
            for (int i = 0; i < buffered; i++) {
                rest.setInt(2 * i + 1, next - buffered + 1 + i);
                rest.setInt(2 * i + 2, next - buffered + 1 + i);
            }
            st.dml(rest.executeUpdate());
        }
        buffered = 0;
        st.autocommits(1);
        st.publishStatements();
    }
}
