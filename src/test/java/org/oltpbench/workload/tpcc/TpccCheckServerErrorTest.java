package org.oltpbench.workload.tpcc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.oltpbench.workload.CheckReport;

/**
 * Issue 58 §4: a server error during check ("Error on delete of '#sql-temptable...'") was printed bare under exit 1,
 * "a check failed", without the condition it was checking. Now that condition is an ERROR line naming it and the
 * server's error, the rest still run, and the report is not an inconsistency.
 */
class TpccCheckServerErrorTest {
    /** A connection whose {@code failing}-th query fails as the server did; every other query finds no violation. */
    private static Connection failingAt(int failing) {
        AtomicInteger queries = new AtomicInteger();
        ResultSet empty = (ResultSet) Proxy.newProxyInstance(ResultSet.class.getClassLoader(), new Class<?>[] {ResultSet.class},
                (p, m, a) -> m.getName().equals("next") ? false : null);
        Statement st = (Statement) Proxy.newProxyInstance(Statement.class.getClassLoader(), new Class<?>[] {Statement.class},
                (p, m, a) -> {
                    if (m.getName().equals("executeQuery")) {
                        if (queries.incrementAndGet() == failing) {
                            throw new SQLException("Error on delete of '#sql-temptable-1a2b-3c-0.MAI' (Errcode: 2)", "HY000", 6);
                        }
                        return empty;
                    }
                    return null;
                });
        return (Connection) Proxy.newProxyInstance(Connection.class.getClassLoader(), new Class<?>[] {Connection.class},
                (p, m, a) -> switch (m.getName()) {
                    case "createStatement" -> st;
                    case "isClosed" -> false;
                    case "isValid" -> true;
                    default -> null;
                });
    }

    @Test
    void aServerErrorNamesItsConditionAndIsNoInconsistency() throws SQLException {
        CheckReport r = new TpccCheck(TpccLoader.FIRST_UNDELIVERED - 1).run(failingAt(4));
        assertEquals(12, r.lines().size(), "the other conditions still ran");
        CheckReport.Line fourth = r.lines().get(3);
        assertEquals(CheckReport.Outcome.SERVER_ERROR, fourth.outcome());
        assertEquals("3.3.2.4", fourth.name());
        assertTrue(fourth.detail().endsWith("; the server failed while checking it: Error on delete of "
                + "'#sql-temptable-1a2b-3c-0.MAI' (Errcode: 2) (SQLSTATE HY000, error 6)"), fourth.detail());
        assertFalse(r.passed());
        assertFalse(r.inconsistent());
        assertTrue(new TpccCheck(TpccLoader.FIRST_UNDELIVERED - 1).run(failingAt(0)).passed());
    }
}
