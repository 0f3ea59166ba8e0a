package org.oltpbench.driver;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.Test;

class IgnoreListTest {
    @Test
    void codesAndStates() {
        IgnoreList l = new IgnoreList(List.of("1213", "1205", "40001", "40P01"));
        assertTrue(l.ignores(new SQLException("deadlock", "40001", 1213)));
        assertTrue(l.ignores(new SQLException("timeout", "HY000", 1205)));
        assertTrue(l.ignores(new SQLException("serialization", "40001", 0)));
        assertTrue(l.ignores(new SQLException("deadlock", "40P01", 0)));
        assertFalse(l.ignores(new SQLException("dup", "23000", 1062)));
        assertFalse(l.ignores(new SQLException("no state", null, 1146)));
    }

    @Test
    void allIgnoresEverything() {
        assertTrue(new IgnoreList(List.of("all")).ignores(new SQLException("x", "23000", 1062)));
    }

    @Test
    void emptyIgnoresNothing() {
        assertFalse(new IgnoreList(List.of()).ignores(new SQLException("deadlock", "40001", 1213)));
    }

    /** auto: sysbench 1.0.20's defaults, plus the engine's transient codes (TiDB's optimistic write conflict 9007). */
    @Test
    void autoIsSysbenchsDefaultsAndTheEnginesTransientCodes() {
        IgnoreList tidb = new IgnoreList(List.of("auto"), org.oltpbench.dialect.Dialects.forName("tidb").retryableCodes());
        assertTrue(tidb.ignores(new SQLException("write conflict", "HY000", 9007)));
        assertTrue(tidb.ignores(new SQLException("deadlock", "40001", 1213)));
        assertTrue(tidb.ignores(new SQLException("unique", "23505", 0)), "sysbench's pgsql driver restarts on 23505");
        assertFalse(tidb.ignores(new SQLException("dup", "23000", 1062)));
        IgnoreList mariadb = new IgnoreList(List.of("auto"), org.oltpbench.dialect.Dialects.forName("mariadb").retryableCodes());
        assertFalse(mariadb.ignores(new SQLException("write conflict", "HY000", 9007)), "9007 is TiDB's, not MariaDB's");
        assertTrue(new IgnoreList(List.of("auto", "1062")).ignores(new SQLException("dup", "23000", 1062)));
    }
}
