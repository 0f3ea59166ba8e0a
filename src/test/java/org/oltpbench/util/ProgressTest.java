package org.oltpbench.util;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ProgressTest {

    @Test
    void notATerminalGetsPlainLinesWithoutControlCharacters() {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(buf, true, StandardCharsets.UTF_8);
        long[] done = {250};
        Progress p = new Progress(out, "loading", 1000, "rows", () -> done[0]);
        p.print();
        p.print(); // within 10 s of the last plain line: nothing
        done[0] = 1000;
        p.finish();
        String text = buf.toString(StandardCharsets.UTF_8);
        assertEquals(2, text.lines().count(), text);
        assertTrue(text.lines().findFirst().orElseThrow().startsWith("loading [#######                       ] 250/1000 rows"), text);
        assertTrue(text.contains("1000/1000 rows") && text.contains("ETA -"), text);
        for (char c : text.toCharArray()) assertFalse(c < 32 && c != '\n', "control character " + (int) c + " in " + text);
    }

    /** 10,000 connections' line read 243,961,843 connections/s at 1,202 done, 0 s in: no rate under a second. */
    @Test
    void noRateNorEtaWithinTheFirstSecond() {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        long[] now = {5_000}, done = {1202};
        Progress p = new Progress(new PrintStream(buf, true, StandardCharsets.UTF_8), "connecting", 10_000, "connections",
                () -> done[0], () -> now[0]);
        now[0] += 999_999_999; // 1 ns short of a second
        assertTrue(p.line().endsWith(" 1202/10000 connections, - connections/s, elapsed 1s, ETA -"), p.line());
        now[0] += 1_000_000_001; // 2 s: 601 a second, 8,798 left in 14.6 s
        done[0] = 1202;
        assertTrue(p.line().endsWith(" 1202/10000 connections, 601 connections/s, elapsed 2s, ETA 15s"), p.line());
    }

    @Test
    void aStepOfUnknownLengthShowsElapsedTimeAndReturnsItsValue() throws Exception {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        String v = Progress.during(new PrintStream(buf, true, StandardCharsets.UTF_8), "checking", () -> "done");
        assertEquals("done", v);
        assertTrue(buf.toString(StandardCharsets.UTF_8).startsWith("checking: elapsed 0s"), buf.toString(StandardCharsets.UTF_8));
    }
}
