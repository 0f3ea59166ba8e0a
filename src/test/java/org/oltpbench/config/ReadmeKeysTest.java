package org.oltpbench.config;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The README's key table names every key with its default: a key added without documentation fails the build. */
class ReadmeKeysTest {
    @Test
    void everyKeyIsInTheReadme() throws IOException {
        String readme = Files.readString(Path.of("README.md"));
        for (Key<?> k : Keys.all()) {
            if (Keys.notUsed().containsKey(k)) {
                assertTrue(readme.contains("`" + k.name() + "`"), "README.md's 'Read, not run' misses " + k.name());
                continue;
            }
            String dflt = k.fallback() == null ? "(none)" : k.fallback().isEmpty() ? "(empty)" : "`" + k.fallback() + "`";
            assertTrue(readme.contains("| `" + k.name() + "` |"), "README.md misses key " + k.name());
            int row = readme.indexOf("| `" + k.name() + "` |");
            String line = readme.substring(row, readme.indexOf('\n', row));
            assertTrue(line.contains(dflt), "README.md shows another default for " + k.name() + ": " + line);
        }
    }
}
