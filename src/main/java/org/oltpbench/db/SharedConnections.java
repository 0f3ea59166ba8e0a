package org.oltpbench.db;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.pool.HikariPool;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * The benchmark connections of one level when terminals share them (connections=N below the terminal count, as
 * BenchmarkSQL 6's timed driver runs TPC-C): a fixed HikariCP pool of N sessions, opened before the level starts,
 * from which a terminal borrows one per transaction. Connections go to the front ends in turn.
 *
 * <p>Statements are prepared once per physical connection, on its first use, and kept beside it for the level
 * ({@link #prepared}): they are made on the physical connection, so the pool neither tracks nor closes them when a
 * lease ends. Connections never retire on age or idleness during a level; a lost one is evicted by its borrower
 * ({@link #evict}) and the pool opens a replacement.
 */
public final class SharedConnections implements AutoCloseable {
    /** Makes what a workload keeps prepared on one connection. */
    @FunctionalInterface
    public interface Preparer<T extends AutoCloseable> {
        T prepare(Connection physical) throws SQLException;
    }

    static {
        // a lease is validated only when its connection sat idle longer than this: with think times most would be,
        // and a ping per transaction is load the benchmark did not ask for; lost connections surface as errors
        System.setProperty("com.zaxxer.hikari.aliveBypassWindowMs",
                System.getProperty("com.zaxxer.hikari.aliveBypassWindowMs", "600000"));
    }

    private final HikariDataSource pool;
    private final int size;
    private final Map<Connection, AutoCloseable> prepared = new ConcurrentHashMap<>();

    private SharedConnections(HikariDataSource pool, int size) {
        this.pool = pool;
        this.size = size;
    }

    /**
     * Opens a pool of {@code size} benchmark sessions of {@code db}; the first connection is opened here, so a wrong
     * password or an unreachable server fails now, as a SQLException.
     */
    static SharedConnections open(Database db, int size) throws SQLException {
        HikariConfig c = new HikariConfig();
        c.setPoolName("oltpbench-shared");
        c.setDataSource(new Source(db));
        c.setMaximumPoolSize(size);
        c.setMinimumIdle(size);
        c.setAutoCommit(false); // terminals commit their transactions; the pool need not reset anything on return
        c.setConnectionTimeout(0); // a terminal waits for a connection as long as the level runs (interrupt ends it)
        c.setIdleTimeout(0);
        c.setMaxLifetime(0);
        c.setInitializationFailTimeout(1);
        try {
            return new SharedConnections(new HikariDataSource(c), size);
        } catch (HikariPool.PoolInitializationException e) {
            throw e.getCause() instanceof SQLException s ? s : new SQLException(e.getMessage(), "08001", e);
        }
    }

    /** The pool's size: N. */
    public int size() {
        return size;
    }

    /** Connections open now (busy or idle). */
    public int open() {
        return pool.getHikariPoolMXBean() == null ? 0 : pool.getHikariPoolMXBean().getTotalConnections();
    }

    /** A connection leased for one transaction; blocks while all N are leased. Hand it back with {@link #giveBack}. */
    public Connection borrow() throws SQLException {
        return pool.getConnection();
    }

    public void giveBack(Connection lease) {
        try {
            lease.close();
        } catch (SQLException e) {
            // the pool closes a connection it cannot take back
        }
    }

    /**
     * What {@code preparer} made on the physical connection under {@code lease}: made on its first use, then kept.
     * Only one terminal holds a lease at a time, so nothing is made twice.
     */
    @SuppressWarnings("unchecked")
    public <T extends AutoCloseable> T prepared(Connection lease, Preparer<T> preparer) throws SQLException {
        Connection physical = lease.unwrap(Connection.class);
        T t = (T) prepared.get(physical);
        if (t == null) {
            t = preparer.prepare(physical);
            prepared.put(physical, t);
        }
        return t;
    }

    /** A lost connection: its statements are dropped and the pool replaces it. Not to be handed back after. */
    public void evict(Connection lease) {
        try {
            closeQuietly(prepared.remove(lease.unwrap(Connection.class)));
        } catch (SQLException e) {
            // not a wrapper of a connection: nothing was kept for it
        }
        pool.evictConnection(lease);
    }

    private static void closeQuietly(AutoCloseable a) {
        if (a == null) return;
        try {
            a.close();
        } catch (Exception e) {
            // the connection is going away with it
        }
    }

    /** Closes the kept statements and every connection. */
    @Override
    public void close() {
        prepared.values().forEach(SharedConnections::closeQuietly);
        prepared.clear();
        pool.close();
    }

    /** The pool's source of sessions: the same benchmark sessions terminals that own a connection open. */
    private static final class Source implements DataSource {
        private final Database db;
        private final AtomicInteger next = new AtomicInteger();

        Source(Database db) {
            this.db = db;
        }

        @Override
        public Connection getConnection() throws SQLException {
            return db.benchmarkConnection(db.frontEnds().indexFor(next.getAndIncrement()));
        }

        @Override
        public Connection getConnection(String user, String password) throws SQLException {
            return getConnection();
        }

        @Override
        public PrintWriter getLogWriter() {
            return null;
        }

        @Override
        public void setLogWriter(PrintWriter out) {
        }

        @Override
        public void setLoginTimeout(int seconds) {
        }

        @Override
        public int getLoginTimeout() {
            return 0;
        }

        @Override
        public Logger getParentLogger() throws SQLFeatureNotSupportedException {
            throw new SQLFeatureNotSupportedException();
        }

        @Override
        public <T> T unwrap(Class<T> iface) throws SQLException {
            throw new SQLException("not a wrapper");
        }

        @Override
        public boolean isWrapperFor(Class<?> iface) {
            return false;
        }
    }
}
