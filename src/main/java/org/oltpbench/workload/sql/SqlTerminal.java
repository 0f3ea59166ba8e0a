package org.oltpbench.workload.sql;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import org.oltpbench.measure.ThreadStats;
import org.oltpbench.workload.Terminal;

/**
 * Runs the script's statements as mysqlslap does: one statement per event, autocommitted, drawn by weight. A query's
 * rows are all fetched (a read; one that returned none is tallied, SqlWorkload.EMPTY_READS); a DML statement that
 * changed rows is a write, any other statement "other".
 */
final class SqlTerminal implements Terminal {
    private final List<SqlScript.Statement> statements;
    private final PreparedStatement[] ps;
    private final int[] cumulative;
    private final Binder binder;

    SqlTerminal(Connection c, List<SqlScript.Statement> statements, long seed) throws SQLException {
        this.statements = statements;
        this.ps = new PreparedStatement[statements.size()];
        this.cumulative = new int[statements.size()];
        int sum = 0;
        for (int i = 0; i < ps.length; i++) {
            ps[i] = c.prepareStatement(statements.get(i).sql());
            sum += statements.get(i).weight();
            cumulative[i] = sum;
        }
        this.binder = new Binder(seed);
    }

    @Override
    public int next(ThreadStats stats) throws SQLException {
        int k = binder.pick(cumulative);
        PreparedStatement p = ps[k];
        binder.bind(p, statements.get(k).params());
        if (p.execute()) {
            boolean any = false;
            try (ResultSet rs = p.getResultSet()) {
                while (rs.next()) {
                    any = true; // rows are fetched, not used
                }
            }
            stats.reads(1);
            if (!any) stats.tally(0, 1); // SqlWorkload.EMPTY_READS
        } else if (p.getUpdateCount() > 0) {
            stats.writes(1);
        } else {
            stats.other(1);
        }
        stats.autocommits(1);
        return k;
    }

    @Override
    public void rollbackQuietly() {
        // every statement autocommits: nothing is left open
    }

    @Override
    public int preparedStatements() {
        return ps.length;
    }

    @Override
    public void close() {
        for (PreparedStatement p : ps) Terminal.closeQuietly(p);
    }
}
