package org.oltpbench.db.load;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import org.oltpbench.config.ConfigException;
import org.oltpbench.dialect.Dialect;

/** Opens the row sink that {@code loadMethod} asks for. */
public final class Sinks {
    /** Rows per multi-row INSERT: about 190 KB for sysbench rows, well under every max_allowed_packet. */
    public static final int ROWS_PER_INSERT = 1000;

    private Sinks() {
    }

    /**
     * @param method batch (multi-row INSERTs), csv (the engine's bulk path, refused if unavailable) or
     *               auto (the bulk path when the server allows it, else INSERTs)
     */
    public static RowSink open(Dialect dialect, Connection c, String table, List<String> columns, String method)
            throws SQLException {
        if (!method.equals("batch")) {
            org.oltpbench.dialect.BulkSender sender = dialect.bulkSender(c, table, columns);
            if (sender != null) return new TextSink(sender);
            if (method.equals("csv")) {
                throw new ConfigException("loadMethod=csv: " + dialect.name() + " at this server has no usable bulk path "
                        + "(MySQL family: the server needs local_infile=ON); set loadMethod=batch or auto");
            }
        }
        return new InsertSink(c, table, columns, ROWS_PER_INSERT);
    }
}
