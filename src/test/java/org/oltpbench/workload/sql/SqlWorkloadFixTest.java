package org.oltpbench.workload.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import org.junit.jupiter.api.Test;

/** Issue 60 §2: the fix a refused statement's line names is the one its error asks for. */
class SqlWorkloadFixTest {
    private static SqlScript.Statement one(String sql) {
        return SqlScript.parse(sql, "--query").get(0);
    }

    @Test
    void aMissingTableIsNamedAsMissingNotAsAQuotingMistake() {
        // seed 002's line on a database without t1: MariaDB's 1146, SQLSTATE 42S02; PostgreSQL's 42P01
        SqlScript.Statement s = one("SELECT * FROM t1 WHERE id = {int:1:100}");
        for (String state : new String[] {"42S02", "42P01"}) {
            String fix = SqlWorkload.fix(new SQLException("Table 'test.t1' doesn't exist", state, 1146), s);
            assertTrue(fix.startsWith("create the table first"), state + ": " + fix);
        }
    }

    @Test
    void aQuotedPlaceholderIsTheQuotingMistake() {
        SqlScript.Statement quoted = one("SELECT * FROM t1 WHERE name = '{int:1:100}'");
        assertEquals("fix it (placeholders become bind parameters: do not quote them)",
                SqlWorkload.fix(new SQLException("syntax", "42000", 1064), quoted));
        assertEquals("fix it", SqlWorkload.fix(new SQLException("syntax", "42000", 1064), one("SELEC 1")));
        assertEquals("fix it", SqlWorkload.fix(new SQLException("syntax", "42000", 1064), one("SELECT * FROM t1 WHERE id = {int:1:9}")));
    }
}
