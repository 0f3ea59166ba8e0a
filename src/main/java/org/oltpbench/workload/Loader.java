package org.oltpbench.workload;

import java.io.PrintStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import org.oltpbench.config.LoadParams;
import org.oltpbench.db.Database;
import org.oltpbench.db.load.LoadMeter;
import org.oltpbench.db.load.RowSink;
import org.oltpbench.db.load.Sinks;
import org.oltpbench.dialect.Dialect;

/**
 * What the workloads' loaders share: the database and its dialect, the load's parameters (method, workers), where
 * progress goes, and how a table's rows reach the server.
 */
public abstract class Loader {
    protected final Database db;
    protected final Dialect dialect;
    protected final LoadParams load;
    protected final PrintStream out;

    protected Loader(Database db, LoadParams load, PrintStream out) {
        this.db = db;
        this.dialect = db.dialect();
        this.load = load;
        this.out = out;
    }

    /** A sink for {@code columns} of {@code table} on {@code c}, by the load's method, timed by {@code meter}. */
    protected final RowSink sink(LoadMeter meter, Connection c, String table, List<String> columns) throws SQLException {
        return meter.meter(table, Sinks.open(dialect, c, table, columns, load.method()));
    }
}
