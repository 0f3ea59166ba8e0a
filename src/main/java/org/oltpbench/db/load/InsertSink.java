package org.oltpbench.db.load;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/** Multi-row INSERT statements of up to {@code rowsPerStatement} rows, each autocommitted. Works everywhere. */
public final class InsertSink implements RowSink {
    private final Statement st;
    private final String head;
    private final int rowsPerStatement;
    private final StringBuilder sql;
    private int rows;
    private boolean rowOpen;

    public InsertSink(Connection c, String table, List<String> columns, int rowsPerStatement) throws SQLException {
        this.st = c.createStatement();
        st.setEscapeProcessing(false);
        this.head = "INSERT INTO " + table + " (" + String.join(", ", columns) + ") VALUES ";
        this.rowsPerStatement = rowsPerStatement;
        this.sql = new StringBuilder(head.length() + rowsPerStatement * 256).append(head);
    }

    private void sep() {
        if (!rowOpen) {
            if (rows > 0) sql.append(',');
            sql.append('(');
            rowOpen = true;
        } else {
            sql.append(',');
        }
    }

    @Override
    public void integer(long v) {
        sep();
        sql.append(v);
    }

    @Override
    public void text(char[] v) {
        sep();
        sql.append('\'');
        if (needsEscape(v)) {
            for (char ch : v) {
                if (ch == '\'' || ch == '\\') sql.append(ch);
                sql.append(ch);
            }
        } else {
            sql.append(v);
        }
        sql.append('\'');
    }

    /** Whether a value holds a quote or backslash; generated values (digits, letters, '-') never do. */
    private static boolean needsEscape(char[] v) {
        for (char ch : v) {
            if (ch == '\'' || ch == '\\') return true;
        }
        return false;
    }

    @Override
    public void text(String v) {
        text(v.toCharArray());
    }

    @Override
    public void decimal(double v, int scale) {
        sep();
        sql.append(java.math.BigDecimal.valueOf(v).setScale(scale, java.math.RoundingMode.HALF_UP).toPlainString());
    }

    @Override
    public void nul() {
        sep();
        sql.append("NULL");
    }

    @Override
    public void endRow() throws SQLException {
        sql.append(')');
        rowOpen = false;
        if (++rows == rowsPerStatement) flush();
    }

    private void flush() throws SQLException {
        if (rows == 0) return;
        st.execute(sql.toString());
        sql.setLength(head.length());
        rows = 0;
    }

    @Override
    public void close() throws SQLException {
        try {
            flush();
        } finally {
            st.close();
        }
    }

    @Override
    public void discard() throws SQLException {
        st.close();
    }
}
