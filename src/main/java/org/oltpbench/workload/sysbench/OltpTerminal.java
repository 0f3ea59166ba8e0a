package org.oltpbench.workload.sysbench;

import org.oltpbench.random.SbRandom;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import org.oltpbench.measure.ThreadStats;

/**
 * The event of oltp_common.lua's scripts: optional BEGIN, then each step on a uniformly chosen table,
 * row ids from the configured distribution, then COMMIT. Statements are prepared per table up front.
 */
final class OltpTerminal extends SbTerminal {
    private final Step[] steps;
    private final int[] counts;
    private final boolean transaction;
    private final PreparedStatement[][][] ps;
    private final int tables, tableSize, rangeSize;
    /** Statements per event without BEGIN/COMMIT: each is its own transaction when skip_trx is on. */
    private final int statements;
    private final char[] cBuf = new char[Templates.C.length], padBuf = new char[Templates.PAD.length];
    /**
     * BEGIN and COMMIT prepared once where the dialect prepares them (PostgreSQL: sysbench's oltp_common prepares both,
     * its pgsql driver as named statements), else null: sent as text.
     */
    private final PreparedStatement begin, commit;

    OltpTerminal(Connection c, SbRandom rnd, Plan plan, SysbenchSettings s, boolean prepareControls) throws SQLException {
        super(c, rnd);
        this.begin = prepareControls && plan.transaction() ? prepare("BEGIN") : null;
        this.commit = prepareControls && plan.transaction() ? prepare("COMMIT") : null;
        this.steps = plan.steps().toArray(new Step[0]);
        this.counts = plan.counts();
        this.transaction = plan.transaction();
        this.tables = s.tables();
        this.tableSize = s.tableSize();
        this.rangeSize = s.rangeSize();
        int n = 0;
        for (int i = 0; i < steps.length; i++) n += counts[i] * steps[i].sql.length;
        this.statements = n;
        ps = new PreparedStatement[tables][steps.length][];
        for (int t = 0; t < tables; t++) {
            for (int i = 0; i < steps.length; i++) {
                String[] sql = steps[i].sql;
                ps[t][i] = new PreparedStatement[sql.length];
                for (int j = 0; j < sql.length; j++) ps[t][i][j] = prepare(String.format(sql[j], s.table(t)));
            }
        }
    }

    @Override
    public int next(ThreadStats st) throws SQLException {
        if (transaction) {
            if (begin != null) begin.execute();
            else control("BEGIN");
            st.other(1);
        }
        for (int i = 0; i < steps.length; i++) {
            PreparedStatement[] s = ps[(int) rnd.uniform(1, tables) - 1][i];
            for (int n = counts[i]; n > 0; n--) run(steps[i], s, st);
        }
        if (transaction) {
            if (commit != null) commit.execute();
            else control("COMMIT");
            st.other(1);
            st.commits(1);
        } else {
            st.autocommits(statements);
        }
        return 0;
    }

    private int id() {
        return (int) rnd.rand(1, tableSize);
    }

    private void run(Step step, PreparedStatement[] s, ThreadStats st) throws SQLException {
        switch (step) {
            case POINT_SELECTS -> {
                s[0].setInt(1, id());
                query(s[0]);
                st.reads(1);
            }
            case SIMPLE_RANGES, SUM_RANGES, ORDER_RANGES, DISTINCT_RANGES -> {
                int id = id();
                s[0].setInt(1, id);
                s[0].setInt(2, id + rangeSize - 1);
                query(s[0]);
                st.reads(1);
            }
            case INDEX_UPDATES, DELETES -> {
                s[0].setInt(1, id());
                st.dml(s[0].executeUpdate());
            }
            case NON_INDEX_UPDATES -> {
                s[0].setString(1, Templates.value(rnd, Templates.C, cBuf));
                s[0].setInt(2, id());
                st.dml(s[0].executeUpdate());
            }
            case DELETE_INSERTS -> {
                int id = id(), k = id();
                s[0].setInt(1, id);
                st.dml(s[0].executeUpdate());
                s[1].setInt(1, id);
                s[1].setInt(2, k);
                s[1].setString(3, Templates.value(rnd, Templates.C, cBuf));
                s[1].setString(4, Templates.value(rnd, Templates.PAD, padBuf));
                st.dml(s[1].executeUpdate());
            }
        }
    }
}
