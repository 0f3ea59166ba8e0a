package org.oltpbench.workload.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.oltpbench.config.ConfigException;

class SqlScriptTest {

    @Test
    void statementsSplitOnSemicolonsOutsideQuotesWithWeightsAndLines() {
        String text = """
                -- a comment line
                SELECT c FROM t WHERE id = {int:1:100};
                -- weight: 3
                UPDATE t SET c = 'a;b' -- trailing comment; not a split
                 WHERE id = {seq:5};
                INSERT INTO t (c) VALUES ({str:4:8}), ({pick:x|y|z})""";
        List<SqlScript.Statement> s = SqlScript.parse(text, "q.sql");
        assertEquals(3, s.size());
        assertEquals("SELECT c FROM t WHERE id = ?", s.get(0).sql());
        assertEquals(List.of(new SqlScript.IntRange(1, 100)), s.get(0).params());
        assertEquals(1, s.get(0).weight());
        assertEquals(2, s.get(0).line());
        assertEquals("UPDATE t SET c = 'a;b' \n WHERE id = ?", s.get(1).sql());
        assertEquals(3, s.get(1).weight());
        assertEquals(4, s.get(1).line());
        assertEquals(5L, ((SqlScript.Seq) s.get(1).params().get(0)).next().get());
        assertEquals("INSERT INTO t (c) VALUES (?), (?)", s.get(2).sql());
        assertEquals(List.of(new SqlScript.Str(4, 8), new SqlScript.Pick(List.of("x", "y", "z"))), s.get(2).params());
        assertEquals(1, s.get(2).weight(), "a weight applies to the next statement only");
    }

    @Test
    void badPlaceholdersAndEmptyScriptsAreNamedWithTheirLine() {
        ConfigException e = assertThrows(ConfigException.class, () -> SqlScript.parse("SELECT 1;\nSELECT {int:9:1}", "q.sql"));
        assertTrue(e.getMessage().startsWith("q.sql line 2: {int:9:1} is not a placeholder oltpbench knows"), e.getMessage());
        assertThrows(ConfigException.class, () -> SqlScript.parse("SELECT {str:x}", "q"));
        assertThrows(ConfigException.class, () -> SqlScript.parse("SELECT {pick}", "q"));
        assertThrows(ConfigException.class, () -> SqlScript.parse(" ; -- nothing\n;", "q"));
    }

    @Test
    void weightedDrawsFollowTheWeights() {
        Binder b = new Binder(42);
        int[] cumulative = {1, 4}; // weights 1 and 3
        int second = 0, n = 40_000;
        for (int i = 0; i < n; i++) second += b.pick(cumulative);
        // binomial(40000, 0.75): sd 87; 5 sd either side
        assertTrue(Math.abs(second - 30_000) < 435, "second statement drawn " + second + " times of " + n);
        String s = b.text(3, 5);
        assertTrue(s.length() >= 3 && s.length() <= 5 && s.chars().allMatch(Character::isLetterOrDigit), s);
    }
}
