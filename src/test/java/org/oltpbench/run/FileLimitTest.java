package org.oltpbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class FileLimitTest {

    @Test
    void aLevelTheOpenFileLimitCannotHoldIsRefusedInOneLine() {
        assertNull(ServerSide.fileDescriptorProblem(10_000, 20_000));
        assertNull(ServerSide.fileDescriptorProblem(768, 1024), "768 sockets + 256 spare = 1024 fit");
        assertNull(ServerSide.fileDescriptorProblem(10_000, -1), "unknown limit: the server's refusal will tell");
        assertEquals("threads=10000 needs about 10256 open files (one socket per connection) but this process may open 1024 "
                + "(ulimit -n); raise the limit (ulimit -n 65536) or lower threads", ServerSide.fileDescriptorProblem(10_000, 1024));
    }

    @Test
    void thisProcessLimitIsRead() throws Exception {
        long limit = ServerSide.openFileLimit();
        // the soft limit as the kernel states it for this process, read here without the code under test
        String line = java.nio.file.Files.readAllLines(java.nio.file.Path.of("/proc/self/limits")).stream()
                .filter(l -> l.startsWith("Max open files")).findFirst().orElseThrow();
        String soft = line.substring("Max open files".length()).trim().split("\\s+")[0];
        assertEquals(soft.equals("unlimited") ? -1 : Long.parseLong(soft), limit, line);
    }
}
