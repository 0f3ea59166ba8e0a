package org.oltpbench.db;

import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/** One thread level's connection pools, one per front end: thread i always uses pool i mod n. */
public final class HostPools implements AutoCloseable {
    private final List<HikariDataSource> pools;

    HostPools(List<HikariDataSource> pools) {
        this.pools = List.copyOf(pools);
    }

    /** A connection for thread {@code thread}, from its front end's pool. */
    public Connection connection(int thread) throws SQLException {
        return pools.get(thread % pools.size()).getConnection();
    }

    /** Drops a connection that was lost, so the pool opens a new one. */
    public void evict(int thread, Connection c) {
        pools.get(thread % pools.size()).evictConnection(c);
    }

    @Override
    public void close() {
        pools.forEach(HikariDataSource::close);
    }
}
