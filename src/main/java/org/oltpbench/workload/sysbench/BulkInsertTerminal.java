package org.oltpbench.workload.sysbench;

import org.oltpbench.random.SbRandom;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.oltpbench.measure.ThreadStats;
import org.oltpbench.workload.Terminal;

/**
 * bulk_insert.lua: each event appends one row (n, n) to the thread's own table sbtest(thread+1). Rows collect in
 * one multi-row INSERT text, sent as sysbench 1.0.20's db_bulk_insert_next sends it: when the next row would not
 * fit a {@link #PACKET_BYTES} buffer (the statement, the row, a comma and the terminating NUL), and at the end of
 * the level. Each INSERT sent counts as one write. Numbering continues after the largest id already there, so
 * levels and repeats can follow each other.
 */
final class BulkInsertTerminal extends SbTerminal {
    /** sysbench's BULK_PACKET_SIZE: 512 KiB (200,000 events of one thread make 6 INSERTs, as sysbench 1.0.20 sends). */
    static final int PACKET_BYTES = 512 * 1024;
    private final String prefix;
    private final StringBuilder buffer = new StringBuilder(PACKET_BYTES);
    private final Statement bulk;
    private int buffered;
    private int next;

    BulkInsertTerminal(Connection c, SbRandom rnd, int thread) throws SQLException {
        super(c, rnd);
        String table = "sbtest" + (thread + 1);
        this.prefix = "INSERT INTO " + table + " VALUES";
        this.bulk = Terminal.textStatement(c);
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT COALESCE(MAX(id), 0) FROM " + table)) {
            rs.next();
            next = rs.getInt(1);
        }
        buffer.append(prefix);
    }

    /** Bytes of the row text "(n,n)". */
    static int rowLength(int n) {
        return 2 * digits(n) + 3;
    }

    private static int digits(int n) {
        int d = 1;
        while (n >= 10) {
            n /= 10;
            d++;
        }
        return d;
    }

    /** sysbench's test: the statement so far, the row, a comma unless it is the first row, and a NUL must fit. */
    static boolean fits(int used, int rowLength, int rowsBuffered) {
        return used + rowLength + 1 + (rowsBuffered > 0 ? 1 : 0) <= PACKET_BYTES;
    }

    @Override
    public int next(ThreadStats st) throws SQLException {
        next++;
        if (!fits(buffer.length(), rowLength(next), buffered)) flush(st);
        if (buffered > 0) buffer.append(',');
        buffer.append('(').append(next).append(',').append(next).append(')');
        buffered++;
        return 0;
    }

    private void flush(ThreadStats st) throws SQLException {
        if (buffered == 0) return;
        String sql = buffer.toString();
        buffer.setLength(prefix.length());
        buffered = 0;
        st.dml(bulk.executeUpdate(sql));
        st.autocommits(1);
    }

    /** A failed flush loses the buffered rows; numbering goes on after them. */
    @Override
    public void rollbackQuietly() {
        buffer.setLength(prefix.length());
        buffered = 0;
        super.rollbackQuietly();
    }

    @Override
    public int preparedStatements() {
        return 0;
    }

    @Override
    public void finish(ThreadStats st) throws SQLException {
        flush(st);
        st.publishStatements();
    }

    @Override
    public void close() {
        Terminal.closeQuietly(bulk);
        super.close();
    }
}
