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
    void thisProcessLimitIsRead() {
        long limit = ServerSide.openFileLimit();
        assertTrue(limit == -1 || limit >= 256, "Max open files of /proc/self/limits: " + limit);
    }
}
