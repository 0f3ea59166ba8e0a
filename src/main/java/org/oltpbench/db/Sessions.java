package org.oltpbench.db;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The benchmark connections of one thread level. Each terminal opens its own connection straight from the JDBC
 * driver, to front end {@code thread mod n}, and holds it for the whole level: no pool sits between a terminal and
 * its connection. At most {@link #OPENING_AT_ONCE} connections are being opened at any moment, so 10,000
 * terminals starting together do not flood the server's accept queue; {@link #open()} says how far opening got.
 */
public final class Sessions {
    /** Connections opened in parallel: enough to open thousands in seconds, few enough for a server's backlog. */
    public static final int OPENING_AT_ONCE = 64;

    private final Database db;
    private final Semaphore opening = new Semaphore(OPENING_AT_ONCE);
    private final AtomicInteger open = new AtomicInteger();

    Sessions(Database db) {
        this.db = db;
    }

    /** A new connection for terminal {@code thread}; the caller closes it. Blocks while 64 others are being opened. */
    public Connection connection(int thread) throws SQLException {
        try {
            opening.acquire();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLException("interrupted while waiting to connect", "08001", e);
        }
        try {
            Connection c = db.benchmarkConnection(db.frontEnds().indexFor(thread));
            open.incrementAndGet();
            return c;
        } finally {
            opening.release();
        }
    }

    /** Closes a connection that was lost or is done with. */
    public void close(Connection c) {
        if (c == null) return;
        open.decrementAndGet();
        try {
            c.close();
        } catch (SQLException | RuntimeException e) {
            // lost already: nothing to release on the server
        }
    }

    /** Connections open now. */
    public int open() {
        return open.get();
    }
}
