package org.oltpbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Output a test made, held against the copy committed under src/test/resources. */
final class Expected {
    private Expected() {
    }

    /**
     * Asserts that {@code actual} equals the committed {@code file}, the failure saying {@code what} and how to accept an
     * intended change; with {@code -D<property>=true} it rewrites the file instead (then read the diff).
     */
    static void matches(Path file, String actual, String property, String what) throws IOException {
        if (Boolean.getBoolean(property)) {
            Files.writeString(file, actual, StandardCharsets.UTF_8);
            return;
        }
        assertEquals(Files.readString(file), actual, what + " (after an intended change: -D" + property
                + "=true, then read the diff)");
    }
}
