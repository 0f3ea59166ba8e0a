package org.oltpbench.workload.sysbench;

import org.oltpbench.config.Key;
import org.oltpbench.config.Keys;

/**
 * The statement groups of sysbench 1.0.20's oltp_common.lua, with its SQL text. Each group runs
 * {@code count} times per transaction on one table chosen uniformly at random for the group.
 */
public enum Step {
    POINT_SELECTS(Keys.POINT_SELECTS, false, "SELECT c FROM sbtest%d WHERE id=?"),
    SIMPLE_RANGES(Keys.SIMPLE_RANGES, true, "SELECT c FROM sbtest%d WHERE id BETWEEN ? AND ?"),
    SUM_RANGES(Keys.SUM_RANGES, true, "SELECT SUM(k) FROM sbtest%d WHERE id BETWEEN ? AND ?"),
    ORDER_RANGES(Keys.ORDER_RANGES, true, "SELECT c FROM sbtest%d WHERE id BETWEEN ? AND ? ORDER BY c"),
    DISTINCT_RANGES(Keys.DISTINCT_RANGES, true, "SELECT DISTINCT c FROM sbtest%d WHERE id BETWEEN ? AND ? ORDER BY c"),
    INDEX_UPDATES(Keys.INDEX_UPDATES, false, "UPDATE sbtest%d SET k=k+1 WHERE id=?"),
    NON_INDEX_UPDATES(Keys.NON_INDEX_UPDATES, false, "UPDATE sbtest%d SET c=? WHERE id=?"),
    /** One DELETE and one INSERT of the same id per count. */
    DELETE_INSERTS(Keys.DELETE_INSERTS, false, "DELETE FROM sbtest%d WHERE id=?",
            "INSERT INTO sbtest%d (id, k, c, pad) VALUES (?, ?, ?, ?)"),
    /** oltp_delete.lua: one DELETE per event. */
    DELETES(null, false, "DELETE FROM sbtest%d WHERE id=?");

    /** The key holding how many times the group runs, or null when it runs once. */
    final Key<Integer> countKey;
    /** Skipped when range_selects is off. */
    final boolean range;
    /** SQL templates; %d is the table number. */
    final String[] sql;

    Step(Key<Integer> countKey, boolean range, String... sql) {
        this.countKey = countKey;
        this.range = range;
        this.sql = sql;
    }

    /** Statements this step issues per execution that are reads (SELECT). */
    int readsPerRun() {
        return sql[0].startsWith("SELECT") ? 1 : 0;
    }

    /** Statements this step issues per execution that are writes. */
    int writesPerRun() {
        return sql[0].startsWith("SELECT") ? 0 : sql.length;
    }
}
