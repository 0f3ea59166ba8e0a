package org.oltpbench.conform;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Issue 61 §2: what conform compares, placed by hand. */
class ConformTest {
    @Test
    void tablesThatDifferAreNamedInOrderWithBothDigests() {
        Map<String, String> a = new LinkedHashMap<>(), b = new LinkedHashMap<>();
        a.put("bmsql_warehouse", "1 rows aa");
        a.put("bmsql_customer", "3 rows bb");
        a.put("bmsql_history", "4 rows cc");
        b.put("warehouse", "1 rows aa"); // another layout's names: compared in order
        b.put("customer", "3 rows bx");
        b.put("history", "5 rows cc");
        List<Conform.Differs> d = Conform.differing(a, b);
        assertEquals(List.of(new Conform.Differs("bmsql_customer", "3 rows bb", "3 rows bx"),
                new Conform.Differs("bmsql_history", "4 rows cc", "5 rows cc")), d);
        assertEquals("bmsql_customer (3 rows bb against 3 rows bx)", d.get(0).toString());
        assertEquals(List.of(), Conform.differing(a, a));
    }

    /** A decimal is the same text on every engine: MySQL's 12.50 and PostgreSQL's 12.5; -0.00 is 0; text is left alone. */
    @Test
    void decimalsAreOneText() {
        assertEquals("12.5", TableDigest.normal("12.50"));
        assertEquals("12.5", TableDigest.normal("12.5"));
        assertEquals("0", TableDigest.normal("-0.00"));
        assertEquals("-10", TableDigest.normal("-10.00"));
        assertEquals("1.50 x", TableDigest.normal("1.50 x"));
        assertEquals("42", TableDigest.normal("42"));
    }

    /**
     * 2.5.2.2: the ceil(n / 2)-th of a last name's customers in the server's C_FIRST order; two servers that order them
     * otherwise pick other customers from the same rows, and each such group is named with both picks.
     */
    @Test
    void byNamePicksAreTheMiddleRowInEachServersOrderAndTheirDifferencesAreNamed() {
        NamePicks.Groups a = new NamePicks.Groups(), b = new NamePicks.Groups();
        // district 1, ABLE: Anna (5), bert (2), Carl (9) case-blind; bytes put upper case first: Anna, Carl, bert
        for (int id : new int[] {5, 2, 9}) a.add(1, 1, "ABLE", id);
        for (int id : new int[] {5, 9, 2}) b.add(1, 1, "ABLE", id);
        // district 2, BAR: four customers, the 2nd is picked on both (ceil(4 / 2) = 2)
        for (int id : new int[] {7, 3, 8, 1}) a.add(1, 2, "BAR", id);
        for (int id : new int[] {7, 3, 1, 8}) b.add(1, 2, "BAR", id);
        a.add(2, 1, "OUGHT", 4);
        b.add(2, 1, "OUGHT", 4);
        assertEquals(Map.of("000000001/000000001/ABLE", 2, "000000001/000000002/BAR", 3, "000000002/000000001/OUGHT", 4),
                a.picks());
        NamePicks.Comparison c = NamePicks.compare(a.picks(), b.picks());
        assertEquals(3, c.groups());
        assertEquals(List.of(new NamePicks.Differ(1, 1, "ABLE", 2, 9)), c.differ());
        assertEquals("warehouse 1, district 1, ABLE: customer 2 against 9", c.differ().get(0).toString());
        assertEquals(List.of(), NamePicks.compare(a.picks(), a.picks()).differ());
    }
}
