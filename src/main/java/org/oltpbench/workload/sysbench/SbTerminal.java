package org.oltpbench.workload.sysbench;

import org.oltpbench.random.SbRandom;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.oltpbench.workload.Terminal;

/** What every sysbench terminal shares: its connection, its prepared statements and its random generator. */
abstract class SbTerminal implements Terminal {
    protected final Connection connection;
    protected final SbRandom rnd;
    private final Statement control;
    private final List<PreparedStatement> prepared = new ArrayList<>();

    SbTerminal(Connection connection, SbRandom rnd) throws SQLException {
        this.connection = connection;
        this.rnd = rnd;
        this.control = Terminal.textStatement(connection);
    }

    /** Prepares once per connection; closed with the terminal. */
    protected final PreparedStatement prepare(String sql) throws SQLException {
        PreparedStatement ps = connection.prepareStatement(sql);
        prepared.add(ps);
        return ps;
    }

    /** BEGIN, COMMIT and the like, sent as text as sysbench does. */
    protected final void control(String sql) throws SQLException {
        control.execute(sql);
    }

    /** Executes a query and reads every row, as sysbench does. */
    protected static void query(PreparedStatement ps) throws SQLException {
        try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                // rows are fetched, not used
            }
        }
    }

    @Override
    public void rollbackQuietly() {
        Terminal.rollbackQuietly(control);
    }

    @Override
    public int preparedStatements() {
        return prepared.size();
    }

    @Override
    public void close() {
        for (PreparedStatement ps : prepared) Terminal.closeQuietly(ps);
        Terminal.closeQuietly(control);
    }
}
