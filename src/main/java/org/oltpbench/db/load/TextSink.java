package org.oltpbench.db.load;

import org.oltpbench.dialect.BulkSender;

import java.sql.SQLException;

/**
 * Rows buffered as tab-separated text and handed to an engine's bulk path in chunks of about
 * {@link #CHUNK_BYTES}: LOAD DATA LOCAL INFILE on the MySQL family, COPY FROM STDIN on PostgreSQL.
 */
public final class TextSink implements RowSink {
    static final int CHUNK_BYTES = 8 << 20;

    private final TextRows rows = new TextRows();
    private final BulkSender sender;

    public TextSink(BulkSender sender) {
        this.sender = sender;
    }

    @Override
    public void integer(long v) {
        rows.integer(v);
    }

    @Override
    public void text(char[] v) {
        rows.text(v);
    }

    @Override
    public void text(String v) {
        rows.text(v.toCharArray());
    }

    @Override
    public void decimal(double v, int scale) {
        rows.decimal(v, scale);
    }

    @Override
    public void nul() {
        rows.nul();
    }

    @Override
    public void endRow() throws SQLException {
        rows.endRow();
        if (rows.size() >= CHUNK_BYTES) flush();
    }

    private void flush() throws SQLException {
        if (rows.rows == 0) return;
        sender.send(rows.stream(), rows.rows);
        rows.reset();
    }

    @Override
    public void close() throws SQLException {
        flush();
    }

    @Override
    public void discard() {
        rows.reset();
    }
}
