package org.oltpbench.measure.resources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The client's wait for a CPU is its working threads' (issue 42 §1.3): a CH level with one analytic stream on a busy
 * host was called "client starved" (0.91 s a second waited, 0.054 ran) from the JIT compiler's and GC's waits.
 */
class ThreadsWaitTest {
    @TempDir
    Path proc;

    private void task(int tid, String comm, long runNanos, long waitNanos) throws IOException {
        Path t = Files.createDirectories(proc.resolve("self/task/" + tid));
        Files.writeString(t.resolve("comm"), comm + "\n");
        Files.writeString(t.resolve("schedstat"), runNanos + " " + waitNanos + " 10\n");
    }

    @Test
    void onlyTerminalsAndStreamsCount() throws IOException {
        task(1, "java", 5_000_000_000L, 9_000_000_000L);
        task(2, "C2 CompilerThre", 7_000_000_000L, 8_000_000_000L);
        task(3, "G1 Conc#0", 1_000_000_000L, 3_000_000_000L);
        task(4, "oltpbench-0", 400_000_000L, 250_000_000L);
        task(5, "oltpbench-12345", 100_000_000L, 500_000_000L); // "oltpbench-12345" is 15 characters, the kernel's limit
        task(6, "oltpbench-analy", 10_000_000L, 1_250_000_000L); // oltpbench-analytic-0
        task(7, "oltpbench-repor", 10_000_000L, 7_000_000_000L); // a reporter-like thread is not a terminal
        // 0.25 + 0.5 + 1.25 s
        assertEquals(2.0, ResourceSampler.threadsWait(proc), 1e-9);
    }

    @Test
    void atMostSixtyFourThreadsAreRead() throws IOException {
        for (int i = 0; i < 100; i++) task(100 + i, "oltpbench-" + i, 1, 1_000_000_000L);
        assertEquals(ResourceSampler.WAIT_THREADS, ResourceSampler.threadsWait(proc), 1e-9);
    }

    @Test
    void namesOfWork() {
        assertTrue(ResourceSampler.working("oltpbench-7\n"));
        assertTrue(ResourceSampler.working("oltpbench-analy"));
        assertFalse(ResourceSampler.working("oltpbench-"));
        assertFalse(ResourceSampler.working("oltpbench-shutd"));
        assertFalse(ResourceSampler.working("C1 CompilerThre"));
    }
}
