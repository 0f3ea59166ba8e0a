package org.oltpbench.workload.sysbench;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import org.oltpbench.dialect.Dialect;
import org.oltpbench.measure.ThreadStats;

/**
 * oltp_insert.lua: one autocommitted INSERT per event into a uniformly chosen table. With auto_inc the
 * engine picks the id; without, ids come from sysbench's unique permutation (sb_rand_unique) mapped to
 * the signed INT range. Terminals claim blocks of indexes from the workload's one sequence (sysbench's shared
 * sb_rand_unique counter), so no index repeats across threads, levels or repeats of a run.
 */
final class InsertTerminal extends SbTerminal {
    private final PreparedStatement[] ps;
    private final boolean autoInc;
    private final int tables, tableSize;
    private final UniqueIds unique;
    private long index, blockEnd;
    private final char[] cBuf = new char[Templates.C.length], padBuf = new char[Templates.PAD.length];

    InsertTerminal(Connection c, SbRandom rnd, SysbenchSettings s, Dialect dialect, UniqueIds unique) throws SQLException {
        super(c, rnd);
        this.autoInc = s.autoInc();
        this.tables = s.tables();
        this.tableSize = s.tableSize();
        this.unique = unique;
        ps = new PreparedStatement[tables];
        for (int t = 0; t < tables; t++) {
            String table = "sbtest" + (t + 1);
            ps[t] = prepare(autoInc ? dialect.sysbenchAutoIdInsert(table)
                    : "INSERT INTO " + table + " (id, k, c, pad) VALUES (?, ?, ?, ?)");
        }
    }

    @Override
    public int next(ThreadStats st) throws SQLException {
        PreparedStatement s = ps[(int) rnd.uniform(1, tables) - 1];
        int k = (int) rnd.rand(1, tableSize);
        int p = 1;
        if (!autoInc) {
            if (index == blockEnd) {
                index = unique.claimBlock();
                blockEnd = index + UniqueIds.BLOCK;
            }
            s.setInt(p++, (int) (unique.id(index++) - 2147483648L));
        }
        s.setInt(p++, k);
        s.setString(p++, Templates.value(rnd, Templates.C, cBuf));
        s.setString(p, Templates.value(rnd, Templates.PAD, padBuf));
        st.dml(s.executeUpdate());
        st.autocommits(1);
        return 0;
    }
}
