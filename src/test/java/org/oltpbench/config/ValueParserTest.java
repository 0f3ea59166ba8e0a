package org.oltpbench.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The search word on the three keys a search varies: its value, the key's own values, and its refusal. */
class ValueParserTest {
    private static String refused(Key<?> key, String text) {
        return assertThrows(IllegalArgumentException.class, () -> key.parser().parse(text)).getMessage();
    }

    @Test
    void searchReadsAsAValueNoOtherTextGives() {
        assertEquals(List.of(), Keys.THREADS.parser().parse("search"));
        assertEquals(List.of(), Keys.THREADS.parser().parse(" Search "), "any case, blanks around it");
        assertEquals(List.of(8, 16), Keys.THREADS.parser().parse("8,16"));
        assertEquals(ValueParser.SEARCH, Keys.RATE.parser().parse("SEARCH"));
        assertEquals(250.5, Keys.RATE.parser().parse("250.5"));
        assertEquals(0, Keys.WAREHOUSES.parser().parse("search"));
        assertEquals(10, Keys.WAREHOUSES.parser().parse("10"));
    }

    @Test
    void aRefusalNamesWhatTheKeyAllowsThenSearchAndItsHint() {
        assertEquals("an integer from 0 to 100000 or a comma list of them, like 8,16,32, or search (find "
                + "the peak: searchLimit, searchFrom)", refused(Keys.THREADS, "lots"));
        assertEquals("an integer from 1 to 1000000, or search (the most warehouses that pass, up to searchMax)",
                refused(Keys.WAREHOUSES, "0"));
        assertEquals("a number from 0.0 to 1.0E9, or search (the highest rate within searchLimit)", refused(Keys.RATE, "-5"));
    }
}
