package org.oltpbench.workload.sysbench;

import java.util.function.ToIntFunction;
import org.oltpbench.config.SysbenchParams.StatementCounts;

/**
 * The statement groups of sysbench 1.0.20's oltp_common.lua, with its SQL text. Each group runs
 * {@code count} times per transaction on one table chosen uniformly at random for the group.
 */
public enum Step {
    POINT_SELECTS(StatementCounts::pointSelects, false, "SELECT c FROM sbtest%d WHERE id=?"),
    SIMPLE_RANGES(StatementCounts::simpleRanges, true, "SELECT c FROM sbtest%d WHERE id BETWEEN ? AND ?"),
    SUM_RANGES(StatementCounts::sumRanges, true, "SELECT SUM(k) FROM sbtest%d WHERE id BETWEEN ? AND ?"),
    ORDER_RANGES(StatementCounts::orderRanges, true, "SELECT c FROM sbtest%d WHERE id BETWEEN ? AND ? ORDER BY c"),
    DISTINCT_RANGES(StatementCounts::distinctRanges, true, "SELECT DISTINCT c FROM sbtest%d WHERE id BETWEEN ? AND ? ORDER BY c"),
    INDEX_UPDATES(StatementCounts::indexUpdates, false, "UPDATE sbtest%d SET k=k+1 WHERE id=?"),
    NON_INDEX_UPDATES(StatementCounts::nonIndexUpdates, false, "UPDATE sbtest%d SET c=? WHERE id=?"),
    /** One DELETE and one INSERT of the same id per count. */
    DELETE_INSERTS(StatementCounts::deleteInserts, false, "DELETE FROM sbtest%d WHERE id=?",
            "INSERT INTO sbtest%d (id, k, c, pad) VALUES (?, ?, ?, ?)"),
    /** oltp_delete.lua: one DELETE per event. */
    DELETES(c -> 1, false, "DELETE FROM sbtest%d WHERE id=?");

    /** How many times the group runs per transaction, from the parameters' counts. */
    final ToIntFunction<StatementCounts> count;
    /** Skipped when range_selects is off. */
    final boolean range;
    /** SQL templates; %d is the table number. */
    final String[] sql;

    Step(ToIntFunction<StatementCounts> count, boolean range, String... sql) {
        this.count = count;
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
