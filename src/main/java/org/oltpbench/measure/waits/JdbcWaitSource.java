package org.oltpbench.measure.waits;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
    private final SessionWaits.Gauges gauges;
    /** The gauges' query, prepared once per connection; null until then, or for good once the server refused it. */
    private PreparedStatement gaugeQuery;
    private boolean gaugesRefused;
    private Map<String, Long> lastGauges = Map.of();
    /** The query the server ran; null until the first read found it. */
    private String sql;
    private Connection connection;
    private PreparedStatement query;

    private final String where, server;

    /**
     * @param where  the server {@code open} reaches, as outputs name it (host:port)
     * @param server the same server as the benchmark's session ids are kept ({@code FrontEnds.serverKey})
     */
    public JdbcWaitSource(Supplier<Connection> open, SessionWaits table, String where, String server) {
        this.open = open;
        this.where = where;
        this.server = server;
        this.queries = table.queries();
        this.gauges = table.gauges();
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
                throwIfTheConnections(e);
            }
        }
        throw last != null ? last : new SQLException("no sampling query");
    }

    /**
     * One read, in a transaction rolled back after it (also after a failed query: PostgreSQL refuses more until then):
     * the sessions, then the server's gauges where the dialect has them.
     */
    private List<WaitSampler.Seen> rows(PreparedStatement query) throws SQLException {
        List<WaitSampler.Seen> rows = new ArrayList<>();
        try {
            try (ResultSet rs = query.executeQuery()) {
                while (rs.next()) {
                    rows.add(new WaitSampler.Seen(rs.getLong(1), new SessionWaits.Row(rs.getString(2), rs.getString(3),
                            rs.getString(4)), rs.getString(5)));
                }
            }
            lastGauges = readGauges();
        } finally {
            connection.rollback();
        }
        return rows;
    }

    /**
     * The gauges now; none where the dialect has none or the server refused their query once (a server of the family
     * without the variable answers no row, which is no gauge; a refusal is not tried again, the sessions still are).
     */
    private Map<String, Long> readGauges() throws SQLException {
        if (!gauges.present() || gaugesRefused) return Map.of();
        Map<String, Long> values = new HashMap<>();
        try {
            if (gaugeQuery == null) gaugeQuery = connection.prepareStatement(gauges.sql());
            try (ResultSet rs = gaugeQuery.executeQuery()) {
                while (rs.next()) values.put(rs.getString(1), parsed(rs.getString(2)));
            }
        } catch (SQLException e) {
            throwIfTheConnections(e);
            gaugesRefused = true;
            return Map.of();
        }
        return values;
    }

    /** Rethrows {@code e} when the connection failed with it; a query refused on a valid connection is the query's. */
    private void throwIfTheConnections(SQLException e) throws SQLException {
        if (!connection.isValid(5)) throw e;
    }

    /** A status value as a count; one that is not a whole number counts none. */
    private static long parsed(String value) {
        try {
            return value == null ? 0 : Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    @Override
    public String where() {
        return where;
    }

    @Override
    public String server() {
        return server;
    }

    @Override
    public Map<String, Long> gauges() {
        return lastGauges;
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
        gaugeQuery = null;
        lastGauges = Map.of();
    }
}
