package org.oltpbench.util;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.MalformedInputException;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import org.junit.jupiter.api.Test;

class TextTest {
    @Test
    void ioReasonsAreWordsNotClassNames() {
        assertEquals("no such file", Text.ioReason(new NoSuchFileException("/x/q.sql")));
        assertEquals("permission denied", Text.ioReason(new AccessDeniedException("/x/q.sql")));
        assertEquals("not UTF-8 text", Text.ioReason(new MalformedInputException(1)));
        assertEquals("Is a directory", Text.ioReason(new java.nio.file.FileSystemException("/x", null, "Is a directory")));
        assertEquals("disk on fire", Text.ioReason(new IOException("disk on fire\nsecond line")));
    }

    @Test
    void firstLineOfNothingSaysSo() {
        assertEquals("unknown error", Text.firstLine(null));
        assertEquals("a", Text.firstLine("a\nb"));
    }
}
