package org.oltpbench.workload;

import java.sql.Connection;
import java.sql.SQLException;
import org.oltpbench.dialect.CommitCounter;

/**
 * A count the workload's data keeps of its own work, read on the server at the window's edges
 * ({@link org.oltpbench.result.repeat.server.ServerWindow}): TPC-C's sum(d_next_o_id), whose growth is the New-Orders
 * committed (HammerDB's NOPM).
 *
 * @param name   what is read, as the result names it; null for {@link #NONE}
 * @param reader reads it on a connection to the benchmark's database
 */
public record DataCounter(String name, CommitCounter.Reader reader) {
    public static final DataCounter NONE = new DataCounter(null, c -> -1);

    public long read(Connection c) throws SQLException {
        return reader.read(c);
    }
}
