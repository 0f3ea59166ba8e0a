package org.oltpbench.workload.sysbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;
import org.oltpbench.config.RunParams;
import org.oltpbench.config.SysbenchParams;
import org.oltpbench.config.ConfigException;
import org.oltpbench.config.ConfigLoader;

/** The statements each preset issues per transaction, as sysbench 1.0.20's scripts do with default options. */
class PlanTest {
    private static SysbenchParams cfg(String... sets) {
        return (SysbenchParams) RunParams.of(ConfigLoader.load(null, List.of(sets), Map.of()), java.time.ZonedDateTime.now())
                .workload();
    }

    @ParameterizedTest(name = "{0}: {1} reads, {2} writes, {3} other")
    @CsvSource({
        "oltp_read_write,       14, 4, 2",
        "oltp_read_only,        14, 0, 2",
        "oltp_write_only,        0, 4, 2",
        "oltp_point_select,      1, 0, 0",
        "oltp_update_index,      0, 1, 0",
        "oltp_update_non_index,  0, 1, 0",
        "oltp_delete,            0, 1, 0",
    })
    void statementsPerTransaction(String preset, int reads, int writes, int other) {
        Plan p = Plan.of(Preset.load(preset), cfg());
        assertEquals(reads, p.reads());
        assertEquals(writes, p.writes());
        assertEquals(other, p.other());
    }

    @Test
    void readWriteRunsStepsInSysbenchOrder() {
        Plan p = Plan.of(Preset.load("oltp_read_write"), cfg());
        assertEquals(List.of(Step.POINT_SELECTS, Step.SIMPLE_RANGES, Step.SUM_RANGES, Step.ORDER_RANGES,
                Step.DISTINCT_RANGES, Step.INDEX_UPDATES, Step.NON_INDEX_UPDATES, Step.DELETE_INSERTS), p.steps());
        assertTrue(p.transaction());
    }

    @Test
    void optionsChangeTheCounts() {
        Plan p = Plan.of(Preset.load("oltp_read_write"), cfg("range_selects=off", "point_selects=5", "delete_inserts=2", "skip_trx=on"));
        assertEquals(5, p.reads());
        assertEquals(1 + 1 + 4, p.writes());
        assertEquals(0, p.other());
        assertFalse(p.transaction());
    }

    @Test
    void pointSelectForcesOnePointSelect() {
        assertEquals(1, Plan.of(Preset.load("oltp_point_select"), cfg("point_selects=10")).reads());
    }

    @Test
    void sqlIsSysbenchs() {
        assertEquals("SELECT c FROM sbtest%d WHERE id=?", Step.POINT_SELECTS.sql[0]);
        assertEquals("SELECT DISTINCT c FROM sbtest%d WHERE id BETWEEN ? AND ? ORDER BY c", Step.DISTINCT_RANGES.sql[0]);
        assertEquals("UPDATE sbtest%d SET k=k+1 WHERE id=?", Step.INDEX_UPDATES.sql[0]);
        assertEquals("INSERT INTO sbtest%d (id, k, c, pad) VALUES (?, ?, ?, ?)", Step.DELETE_INSERTS.sql[1]);
        assertEquals("SELECT id, k, c, pad FROM sbtest1 WHERE k IN (?, ?, ?)", RandomKeysTerminal.pointsSql(3));
        assertEquals("SELECT count(k) FROM sbtest1 WHERE k BETWEEN ? AND ? OR k BETWEEN ? AND ?", RandomKeysTerminal.rangesSql(2));
    }

    @Test
    void everyBuiltInPresetLoads() {
        for (String name : Preset.BUILT_IN) assertEquals(name, Preset.load(name).name());
    }

    @Test
    void unknownWorkloadIsBadInput() {
        ConfigException e = assertThrows(ConfigException.class, () -> Preset.load("oltp_read_wrte"));
        assertTrue(e.getMessage().contains("oltp_read_write"), e.getMessage());
    }
}
