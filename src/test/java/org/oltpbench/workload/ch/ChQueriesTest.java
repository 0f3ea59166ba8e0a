package org.oltpbench.workload.ch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.oltpbench.dialect.MariaDbDialect;
import org.oltpbench.dialect.PostgresDialect;

class ChQueriesTest {
    @Test
    void theTwentyTwoQueriesWithTheirDateBoundsAndCaseSensitiveOperands() {
        List<ChQueries.Query> my = ChQueries.of(new MariaDbDialect()), pg = ChQueries.of(new PostgresDialect());
        assertEquals(22, my.size());
        for (int i = 0; i < 22; i++) {
            ChQueries.Query q = my.get(i);
            assertEquals("Q" + (i + 1), q.name());
            assertFalse(q.sql().contains("{"), q.name() + " keeps a placeholder");
            assertFalse(q.sql().endsWith(";"), q.name());
            assertEquals(q.binds().size(), q.sql().chars().filter(c -> c == '?').count(), q.name());
        }
        // Q4 binds both bounds, in order; Q13 none
        assertEquals(List.of(ChQueries.Bound.SINCE, ChQueries.Bound.UNTIL), my.get(3).binds());
        assertEquals(List.of(), my.get(12).binds());
        // Q2's string predicate: bytes on MariaDB, the column itself on PostgreSQL
        assertTrue(my.get(1).sql().contains("cast(i_data as binary) like '%b'"), my.get(1).sql());
        assertTrue(pg.get(1).sql().contains(" i_data like '%b'"), pg.get(1).sql());
        assertTrue(my.get(15).sql().contains("cast(su_comment as binary) like '%bad%'"));
    }
}
