package org.oltpbench.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Snapshots taken while the owner thread publishes never split a transaction. */
class ThreadStatsTest {
    @Test
    void snapshotsHoldWholeTransactionsOnly() throws Exception {
        ThreadStats stats = new ThreadStats(1);
        Thread owner = new Thread(() -> {
            for (int i = 0; i < 2_000_000; i++) {
                stats.reads(14);
                stats.writes(4);
                stats.other(2);
                stats.event(0, 1000);
            }
        });
        owner.start();
        long snapshots = 0;
        while (owner.isAlive()) {
            long[] s = stats.snapshot();
            long events = s[ThreadStats.EVENTS];
            assertEquals(14 * events, s[ThreadStats.READS], "reads of a half-published transaction");
            assertEquals(4 * events, s[ThreadStats.WRITES]);
            assertEquals(2 * events, s[ThreadStats.OTHER]);
            assertEquals(events, s[ThreadStats.kindSlot(0, ThreadStats.COUNT)]);
            snapshots++;
        }
        owner.join();
        assertEquals(2_000_000, stats.snapshot()[ThreadStats.EVENTS]);
        assertTrue(snapshots > 100, "the reader raced the writer " + snapshots + " times");
    }
}
