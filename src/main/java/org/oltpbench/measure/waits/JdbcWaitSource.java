package org.oltpbench.measure.waits;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.oltpbench.dialect.SessionWaits;

/**
 * The engine's session view read over a monitor connection of its own, opened at the first read and again after a
 * read failed (a restarted server, a lost front end). The query is prepared once per connection: the dialect's first
 * query the server runs (a server of the family may lack a view the first one reads), found at the first read and
 * kept. Each read is a transaction of its own that is rolled back, so that the sampler adds nothing to the server's
 * commit counter (PostgreSQL's xact_commit counts every committed SELECT) beside the benchmark's.
 */
public final class JdbcWaitSource implements WaitSampler.Source {
    /** A sampling read that takes longer fails: ten periods, well beyond the 1-3 ms a read takes. */
    static final int READ_TIMEOUT_MILLIS = 5_000;
    private final Supplier<Connection> open;
    private final List<String> queries;
    /** The query the server ran; null until the first read found it. */
    private String sql;
    private Connection connection;
    private PreparedStatement query;

    public JdbcWaitSource(Supplier<Connection> open, SessionWaits table) {
        this.open = open;
        this.queries = table.queries();
    }

    @Override
    public List<WaitSampler.Seen> read() throws SQLException {
        try {
            if (connection == null) {
                connection = open.get();
                connection.setAutoCommit(false);
                // a read the server never answers (a frozen node, a relay that stopped) fails instead of hanging
                connection.setNetworkTimeout(Runnable::run, READ_TIMEOUT_MILLIS);
            }
            if (sql == null) return first();
            if (query == null) query = connection.prepareStatement(sql);
            return rows(query);
        } catch (SQLException | RuntimeException e) {
            close();
            throw e;
        }
    }

    /** Tries the queries in order; the first that runs is kept. The last one's error is the read's. */
    private List<WaitSampler.Seen> first() throws SQLException {
        SQLException last = null;
        for (String q : queries) {
            PreparedStatement p = null;
            try {
                p = connection.prepareStatement(q);
                List<WaitSampler.Seen> rows = rows(p);
                sql = q;
                query = p;
                return rows;
            } catch (SQLException e) {
                last = e;
                if (p != null) p.close();
                if (!connection.isValid(5)) throw e; // the connection, not the query
            }
        }
        throw last != null ? last : new SQLException("no sampling query");
    }

    /** One read, in a transaction rolled back after it (also after a failed query: PostgreSQL refuses more until then). */
    private List<WaitSampler.Seen> rows(PreparedStatement query) throws SQLException {
        List<WaitSampler.Seen> rows = new ArrayList<>();
        try (ResultSet rs = query.executeQuery()) {
            while (rs.next()) {
                rows.add(new WaitSampler.Seen(rs.getLong(1), new SessionWaits.Row(rs.getString(2), rs.getString(3),
                        rs.getString(4)), rs.getString(5)));
            }
        } finally {
            connection.rollback();
        }
        return rows;
    }

    @Override
    public void close() {
        if (connection == null) return;
        try {
            connection.close();
        } catch (SQLException e) {
            // the connection is gone anyway
        }
        connection = null;
        query = null;
    }
}
