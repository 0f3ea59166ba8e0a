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
            Snapshot s = stats.snapshot();
            long events = s.events();
            assertEquals(14 * events, s.reads(), "reads of a half-published transaction");
            assertEquals(4 * events, s.writes());
            assertEquals(2 * events, s.other());
            assertEquals(events, s.type(0).committed());
            snapshots++;
        }
        owner.join();
        assertEquals(2_000_000, stats.snapshot().events());
        assertTrue(snapshots > 100, "the reader raced the writer " + snapshots + " times");
    }

    /**
     * Harvests taken while the owner records give histograms and counters that hold the same transactions:
     * the summary's Count and the histogram's total always agree, per type and per harvest. (A harvest needs a gap
     * of a few microseconds between two of a thread's transactions, which every round trip to a server gives.)
     */
    @Test
    void harvestedHistogramsMatchTheCountersExactly() throws Exception {
        harvestsMatchTheCounters(ThreadStats.MAX_RING, 0);
    }

    /**
     * The same with the reporter pausing 300 µs between harvests (dozens of transactions each time) and rings that may
     * grow only to 32 slots: the owner grows its ring and overflows into its recorder while the reporter harvests.
     */
    @Test
    void histogramsMatchTheCountersWhileRingsGrowAndOverflow() throws Exception {
        harvestsMatchTheCounters(32, 300_000);
    }

    private static void harvestsMatchTheCounters(int maxRing, long pauseNanos) throws Exception {
        ThreadStats stats = new ThreadStats(2, false, false, 0, maxRing);
        java.util.concurrent.atomic.AtomicBoolean done = new java.util.concurrent.atomic.AtomicBoolean();
        java.util.concurrent.atomic.AtomicLong written = new java.util.concurrent.atomic.AtomicLong();
        java.util.concurrent.atomic.AtomicLong progress = new java.util.concurrent.atomic.AtomicLong();
        Thread owner = new Thread(() -> {
            long i = 0;
            while (!done.get()) {
                // a transaction's own time: a database round trip takes tens of microseconds, this takes 5
                for (long until = System.nanoTime() + 5_000; System.nanoTime() < until; ) Thread.onSpinWait();
                if (i % 3 == 0) stats.rollback(1, 2000);
                else stats.event((int) (i % 2), 1000);
                progress.lazySet(++i);
            }
            written.set(i);
        });
        org.HdrHistogram.Histogram[] recycled = new org.HdrHistogram.Histogram[2];
        org.HdrHistogram.Histogram[] total = {org.oltpbench.result.repeat.counted.Histograms.empty(), org.oltpbench.result.repeat.counted.Histograms.empty()};
        owner.start();
        // harvest at least 500 times, and until the owner has recorded 2,000, however busy this machine is (CI saw the
        // owner get only 896 in while another process loaded both cores)
        long giveUp = System.nanoTime() + 60_000_000_000L;
        for (int harvests = 0; (harvests < 500 || progress.get() < 2_000) && System.nanoTime() < giveUp; harvests++) {
            for (long until = System.nanoTime() + pauseNanos; System.nanoTime() < until; ) Thread.onSpinWait();
            Snapshot c = stats.harvest(recycled, total);
            for (int k = 0; k < 2; k++) {
                long ended = c.type(k).committed() + c.type(k).rollbacks();
                assertEquals(ended, total[k].getTotalCount(), "type " + k + " after " + harvests + " harvests");
            }
        }
        done.set(true);
        owner.join();
        Snapshot c = stats.harvest(recycled, total);
        assertEquals(written.get(), total[0].getTotalCount() + total[1].getTotalCount());
        assertEquals(written.get(), c.events());
        assertTrue(written.get() > 1000, "the owner recorded only " + written.get() + " while the reader harvested");
    }

    /** sysbench's classification of DML: a statement that changed no row is "other", not "write". */
    @Test
    void dmlThatChangesNoRowCountsAsOther() {
        ThreadStats stats = new ThreadStats(1);
        stats.dml(1);
        stats.dml(0);
        stats.dml(3);
        stats.event(0, 1000);
        Snapshot s = stats.snapshot();
        assertEquals(2, s.writes());
        assertEquals(1, s.other());
    }

    /** Two threads' counters add, and an earlier reading subtracts, type by type. */
    @Test
    void snapshotsAddAndSubtract() {
        ThreadStats a = new ThreadStats(2), b = new ThreadStats(2);
        a.reads(3);
        a.event(0, 1000);
        Snapshot first = a.snapshot();
        a.retry(1);
        a.rollback(1, 500);
        b.failed(1);
        b.event(1, 700);
        Snapshot.Sum both = new Snapshot.Sum(2);
        both.add(a.snapshot());
        both.add(b.snapshot());
        Snapshot sum = both.total();
        assertEquals(3, sum.events());
        assertEquals(new Snapshot.Type(1, 0, 0, 0, 0, 0), sum.type(0));
        assertEquals(new Snapshot.Type(1, 1, 1, 1, 0, 0), sum.type(1));
        assertEquals(2200, sum.latencyNanos());
        Snapshot later = a.snapshot().minus(first);
        assertEquals(1, later.events());
        assertEquals(0, later.reads());
        assertEquals(new Snapshot.Type(0, 1, 1, 0, 0, 0), later.type(1));
    }

    /** A transaction cut off by the end of the level leaves no statements, errors or retries behind. */
    @Test
    void aDiscardedTransactionLeavesNoTrace() {
        ThreadStats stats = new ThreadStats(1);
        stats.reads(14);
        stats.retry(0);
        stats.discardPending();
        stats.reads(1);
        stats.event(0, 1000);
        Snapshot s = stats.snapshot();
        assertEquals(1, s.reads());
        assertEquals(0, s.type(0).retries());
        assertEquals(1, s.events());
    }
}
