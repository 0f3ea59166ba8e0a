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
}
