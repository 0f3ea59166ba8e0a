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
 * read failed (a restarted server, a lost front end). The query is prepared once per connection.
 */
public final class JdbcWaitSource implements WaitSampler.Source {
    private final Supplier<Connection> open;
    private final String sql;
    private Connection connection;
    private PreparedStatement query;

    public JdbcWaitSource(Supplier<Connection> open, SessionWaits table) {
        this.open = open;
        this.sql = table.sql();
    }

    @Override
    public List<WaitSampler.Seen> read() throws SQLException {
        try {
            if (connection == null) {
                connection = open.get();
                query = connection.prepareStatement(sql);
            }
            List<WaitSampler.Seen> rows = new ArrayList<>();
            try (ResultSet rs = query.executeQuery()) {
                while (rs.next()) {
                    rows.add(new WaitSampler.Seen(rs.getLong(1), new SessionWaits.Row(rs.getString(2), rs.getString(3),
                            rs.getString(4)), rs.getString(5)));
                }
            }
            return rows;
        } catch (SQLException | RuntimeException e) {
            close();
            throw e;
        }
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
