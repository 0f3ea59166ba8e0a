package org.oltpbench.db.load;

import java.sql.SQLException;

/**
 * Where a loader sends rows, one field at a time, without building a String per value. Implementations
 * buffer rows and send them in bounded chunks, each chunk its own autocommitted statement, so a load is
 * never one giant transaction. {@link #close()} sends what is buffered.
 */
public interface RowSink extends AutoCloseable {
    void integer(long v);

    /** A text value; the caller's array may be reused right after. */
    void text(char[] v);

    void text(String v);

    /** A decimal value, written with {@code scale} digits after the point. */
    void decimal(double v, int scale);

    /** SQL NULL. */
    void nul();

    /** Ends the row; may send a chunk. */
    void endRow() throws SQLException;

    @Override
    void close() throws SQLException;

    /**
     * Drops the buffered rows without sending any and releases what the sink holds: how a stopped load closes it (a
     * half-built row sent by LOAD DATA would arrive as a row, and could mark a unit complete).
     */
    void discard() throws SQLException;
}
