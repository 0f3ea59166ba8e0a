package org.oltpbench.dialect;

import java.io.InputStream;
import java.sql.SQLException;

/** Sends rows as text in the engine's bulk format (LOAD DATA LOCAL INFILE, COPY ... FROM STDIN). */
@FunctionalInterface
public interface BulkSender {
    void send(InputStream rows, int rowCount) throws SQLException;
}
