package org.oltpbench.workload.sysbench;

import org.oltpbench.random.SbRandom;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.oltpbench.dialect.Dialect;
import org.oltpbench.measure.ThreadStats;
import org.oltpbench.workload.Terminal;

/**
 * oltp_insert.lua: one autocommitted INSERT per event into a uniformly chosen table. sysbench 1.0.20 sends it with
 * {@code con:query()}, as SQL text with the values in it, whatever db-ps-mode says; so does this terminal, in every
 * dbPsMode (one reused buffer; the values are digits and dashes, which need no escaping). With auto_inc the engine
 * picks the id; without, ids come from sysbench's unique permutation (sb_rand_unique) mapped to the signed INT
 * range. Terminals claim blocks of indexes from the workload's one sequence (sysbench's shared sb_rand_unique
 * counter), so no index repeats across threads, levels or repeats of a run.
 */
final class InsertTerminal extends SbTerminal {
    /** Per table, the INSERT's text split at its '?' placeholders: values go between the parts. */
    private final String[][] parts;
    private final boolean autoInc;
    private final int tables, tableSize;
    private final UniqueIds unique;
    private final Statement text;
    private final StringBuilder sql = new StringBuilder(512);
    private long index, blockEnd;
    private final char[] cBuf = new char[Templates.C.length], padBuf = new char[Templates.PAD.length];

    InsertTerminal(Connection c, SbRandom rnd, SysbenchSettings s, Dialect dialect, UniqueIds unique) throws SQLException {
        super(c, rnd);
        this.autoInc = s.autoInc();
        this.tables = s.tables();
        this.tableSize = s.tableSize();
        this.unique = unique;
        this.text = Terminal.textStatement(c);
        parts = new String[tables][];
        for (int t = 0; t < tables; t++) {
            String table = "sbtest" + s.table(t);
            parts[t] = template(autoInc ? dialect.sysbenchAutoIdInsert(table)
                    : "INSERT INTO " + table + " (id, k, c, pad) VALUES (?, ?, ?, ?)");
        }
    }

    /** "A (?, ?) B" -> {"A (", ", ", ") B"}. */
    static String[] template(String withPlaceholders) {
        return withPlaceholders.split("\\?", -1);
    }

    @Override
    public int next(ThreadStats st) throws SQLException {
        String[] p = parts[(int) rnd.uniform(1, tables) - 1];
        int k = (int) rnd.rand(1, tableSize);
        int at = 0;
        sql.setLength(0);
        sql.append(p[at++]);
        if (!autoInc) {
            if (index == blockEnd) {
                index = unique.claimBlock();
                blockEnd = index + UniqueIds.BLOCK;
            }
            sql.append(unique.id(index++) - 2147483648L).append(p[at++]);
        }
        sql.append(k).append(p[at++]);
        rnd.fill(Templates.C, cBuf);
        sql.append('\'').append(cBuf).append('\'').append(p[at++]);
        rnd.fill(Templates.PAD, padBuf);
        sql.append('\'').append(padBuf).append('\'').append(p[at]);
        st.dml(text.executeUpdate(sql.toString()));
        st.autocommits(1);
        return 0;
    }

    @Override
    public void close() {
        Terminal.closeQuietly(text);
        super.close();
    }
}
