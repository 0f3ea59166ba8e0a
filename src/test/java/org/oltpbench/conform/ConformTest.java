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
        assertEquals(List.of("bmsql_customer (3 rows bb against 3 rows bx)", "bmsql_history (4 rows cc against 5 rows cc)"),
                Conform.differing(a, b));
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
}
