package org.oltpbench.db;

import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/** One thread level's connection pools, one per front end; each thread uses its front end's pool. */
public final class HostPools implements AutoCloseable {
    private final FrontEnds frontEnds;
    private final List<HikariDataSource> pools;

    /** @param pools one per front end, in the order of {@link FrontEnds#urls} */
    HostPools(FrontEnds frontEnds, List<HikariDataSource> pools) {
        this.frontEnds = frontEnds;
        this.pools = List.copyOf(pools);
    }

    /** A connection for thread {@code thread}, from its front end's pool. */
    public Connection connection(int thread) throws SQLException {
        return pools.get(frontEnds.indexFor(thread)).getConnection();
    }

    /** Drops a connection that was lost, so the pool opens a new one. */
    public void evict(int thread, Connection c) {
        pools.get(frontEnds.indexFor(thread)).evictConnection(c);
    }

    @Override
    public void close() {
        pools.forEach(HikariDataSource::close);
    }
}
