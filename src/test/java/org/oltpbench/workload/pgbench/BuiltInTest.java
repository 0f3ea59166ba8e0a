package org.oltpbench.workload.pgbench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The built-in scripts are pgbench 15's, line for line (src/test/resources/expected/pgbench_builtins.txt says how made). */
class BuiltInTest {
    @Test
    void eachBuiltInIsPgbenchsScript() throws Exception {
        String shown = Files.readString(Path.of("src/test/resources/expected/pgbench_builtins.txt"));
        for (BuiltIn b : BuiltIn.values()) {
            int from = shown.indexOf("-- " + b.id() + ": " + b.label() + "\n");
            assertEquals(true, from >= 0, b.id() + " is not in pgbench's output as " + b.label());
            from = shown.indexOf('\n', from) + 1;
            int to = shown.indexOf("\n\n", from);
            assertEquals(shown.substring(from, to + 1), b.text(), b.id());
        }
    }

    /** -r prints each command as the script wrote it, an SQL command with its ';' (pgbench 15, rate-limit.txt's lines). */
    @Test
    void perCommandLinesAreTheScriptsLines() {
        BuiltIn b = BuiltIn.values()[0];
        Script s = ScriptParser.parse(b.text(), b.id(), b.label(), 1, new Symbols());
        java.util.List<String> lines = s.commands().stream().map(PgbenchWorkload::asWritten).toList();
        for (String line : lines) assertEquals(true, b.text().contains(line + "\n"), line + " is not a line of " + b.id());
        assertEquals(true, lines.contains("BEGIN;"), lines.toString());
    }
}
