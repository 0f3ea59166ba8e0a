package org.oltpbench.result.repeat.client;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** What the [Late] line says of a late wake, from the reporter's own run-queue delay. */
class CpuWaitTest {
    @Test
    void aLateWakeIsACpuWaitOnlyWhenTheReporterWaitedForOne() {
        // woke 3.6 s late; waited 3.5 s on a run queue (>= half of 3.6): starved
        assertEquals(": it waited 3.5 s for a CPU (run-queue delay): the client was starved",
                new Resources.CpuWait(7.2, 3.5, 3.6).lateWake(3.6));
        // waited 0.01 s: not the scheduler
        assertEquals(": not for a CPU (run-queue delay 0.01 s): a pause of the JVM (GC) or of the host (swapping, a "
                + "stopped VM)", new Resources.CpuWait(0.02, 0.01, 0.5).lateWake(3.6));
        assertEquals(": it waited 1.8 s for a CPU (run-queue delay): the client was starved",
                new Resources.CpuWait(-1, 1.8, -1).lateWake(3.6), "exactly half");
        assertEquals("", Resources.CpuWait.UNKNOWN.lateWake(3.6), "no figure when the kernel does not say");
    }
}
