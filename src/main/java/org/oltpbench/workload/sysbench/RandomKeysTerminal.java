package org.oltpbench.workload.sysbench;

import org.oltpbench.random.SbRandom;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import org.oltpbench.measure.ThreadStats;

/**
 * select_random_points.lua and select_random_ranges.lua: one autocommitted SELECT on sbtest1 per event
 * over values of k. Each thread draws from its own slice of [0, table_size] so threads do not overlap.
 */
final class RandomKeysTerminal extends SbTerminal {
    private final PreparedStatement ps;
    private final int values, delta;
    private final boolean ranges;
    private final long rmin, rmax;

    /** @param ranges true for select_random_ranges (pairs of BETWEEN bounds), false for select_random_points */
    RandomKeysTerminal(Connection c, SbRandom rnd, SysbenchSettings s, boolean ranges, int thread, int threads)
            throws SQLException {
        super(c, rnd);
        this.ranges = ranges;
        this.delta = s.delta();
        this.values = ranges ? s.numberOfRanges() : s.randomPoints();
        double rlen = (double) s.tableSize() / threads;
        this.rmin = (long) (rlen * thread);
        this.rmax = (long) (rlen * thread + rlen);
        this.ps = prepare(ranges ? rangesSql(values) : pointsSql(values));
    }

    static String pointsSql(int points) {
        return "SELECT id, k, c, pad FROM sbtest1 WHERE k IN (" + "?, ".repeat(points - 1) + "?)";
    }

    static String rangesSql(int ranges) {
        return "SELECT count(k) FROM sbtest1 WHERE " + "k BETWEEN ? AND ? OR ".repeat(ranges - 1) + "k BETWEEN ? AND ?";
    }

    @Override
    public int next(ThreadStats st) throws SQLException {
        int p = 1;
        for (int i = 0; i < values; i++) {
            int v = (int) rnd.rand(rmin, rmax);
            ps.setInt(p++, v);
            if (ranges) ps.setInt(p++, v + delta);
        }
        query(ps);
        st.reads(1);
        st.autocommits(1);
        return 0;
    }
}
