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

    /**
     * auto also ignores what the engine reads as transient beyond its codes: TiDB's "pessimistic lock retry limit
     * reached", which tidb-server sends as the generic 1105 (seen in CI); any other 1105 is still an error, and an
     * explicit list does not take the engine's reading.
     */
    @Test
    void autoTakesTheEnginesReadingOfAMessage() {
        var tidb = org.oltpbench.dialect.Dialects.forName("tidb");
        IgnoreList auto = new IgnoreList(List.of("auto"), tidb.retryableCodes(),
                e -> tidb.classify(e) == org.oltpbench.dialect.Dialect.ErrorClass.RETRYABLE);
        SQLException limit = new SQLException("(conn=2097818) pessimistic lock retry limit reached", "HY000", 1105);
        assertTrue(auto.ignores(limit));
        assertFalse(auto.ignores(new SQLException("some other unknown error", "HY000", 1105)));
        IgnoreList explicit = new IgnoreList(List.of("1213"), tidb.retryableCodes(),
                e -> tidb.classify(e) == org.oltpbench.dialect.Dialect.ErrorClass.RETRYABLE);
        assertFalse(explicit.ignores(limit));
        assertTrue(org.oltpbench.dialect.Dialects.forName("mariadb").classify(limit)
                == org.oltpbench.dialect.Dialect.ErrorClass.OTHER, "only TiDB reads that message");
    }
}
