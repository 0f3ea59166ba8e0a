package org.oltpbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Every verb answers --help with its own usage and exit 0 (it was "Unknown option: '--help'", exit 2). */
class HelpTest {
    @Test
    void everyVerbHasHelp() {
        for (String verb : new String[] {"compare", "merge", "report", "run", "prepare", "check", "cleanup"}) {
            ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
            int code = Main.execute(new String[] {verb, "--help"}, new PrintStream(out, true, StandardCharsets.UTF_8),
                    new PrintStream(err, true, StandardCharsets.UTF_8), false);
            String text = out.toString(StandardCharsets.UTF_8);
            assertEquals(0, code, verb + ": " + err);
            assertTrue(text.startsWith("Usage: oltpbench " + verb), text);
            assertEquals("", err.toString(StandardCharsets.UTF_8), "no picocli warning (a % in a description)");
        }
    }
}
