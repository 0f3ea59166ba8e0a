package org.oltpbench.measure;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.oltpbench.result.repeat.client.ClientCpu;

class CpuClockTest {
    /** user 100 nice 0 system 50 idle 800 iowait 50 irq 0 softirq 0 steal 0: busy 150 of 1000 jiffies. */
    @Test
    void busyIsTotalLessIdleAndIowait() {
        assertArrayEquals(new long[] {150, 1000}, CpuClock.parseCpuLine("cpu  100 0 50 800 50 0 0 0 0 0"));
    }

    /** 1.5 s of process CPU over a 2 s window: 0.75 cores; host busy 300 of 400 jiffies: 0.75. */
    @Test
    void sharesBetweenTwoSamples() {
        var a = new CpuClock.Sample(1_000_000_000L, 100, 200, 0);
        var b = new CpuClock.Sample(2_500_000_000L, 400, 600, 2_000_000_000L);
        ClientCpu c = CpuClock.between(a, b);
        assertEquals(1.5, c.processSeconds(), 1e-9);
        assertEquals(0.75, c.cores(), 1e-9);
        assertEquals(0.75, c.hostBusy(), 1e-9);
    }
}
