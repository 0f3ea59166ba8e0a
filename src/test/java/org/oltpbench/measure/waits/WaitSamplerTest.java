package org.oltpbench.measure.waits;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.oltpbench.dialect.Dialects;
import org.oltpbench.dialect.SessionWaits;
import org.oltpbench.driver.SimClock;
import org.oltpbench.result.repeat.server.WaitClass;
import org.oltpbench.result.repeat.server.Waits;

/**
 * The wait sampler on simulated time: every sample is placed (half a period after the level's start, then every 125
 * ms: 8 a second), so each interval's counts are exact. The rows are MySQL's processlist joined with INNODB_TRX, as the sampling
 * query returns them: (id, COMMAND, trx_state, STATE, the lock's table).
 */
class WaitSamplerTest {
    private static final long S = 1_000_000_000L, T0 = 5 * S;
    private static final SessionWaits MYSQL = Dialects.forName("mysql").sessionWaits();

    /** Sessions 1-8 are the benchmark's; 99 is another client's and is never counted. */
    private static List<WaitSampler.Seen> eightSessions() {
        List<WaitSampler.Seen> rows = new ArrayList<>();
        for (long id = 1; id <= 4; id++) {
            rows.add(new WaitSampler.Seen(id, new SessionWaits.Row("Query", "LOCK WAIT", "updating"), "`tpcc`.`bmsql_district`"));
        }
        for (long id = 5; id <= 6; id++) rows.add(new WaitSampler.Seen(id, new SessionWaits.Row("Execute", "RUNNING", "executing"), null));
        rows.add(new WaitSampler.Seen(7, new SessionWaits.Row("Sleep", null, ""), null)); // idle, not in a transaction
        rows.add(new WaitSampler.Seen(8, new SessionWaits.Row("Sleep", "RUNNING", ""), null)); // idle in a transaction
        rows.add(new WaitSampler.Seen(99, new SessionWaits.Row("Query", "LOCK WAIT", "updating"), "`tpcc`.`bmsql_district`"));
        return rows;
    }

    /** A source whose reads take {@code readNanos} of simulated time and may fail. */
    private static final class Scripted implements WaitSampler.Source {
        final SimClock clock;
        final long readNanos;
        final AtomicInteger reads = new AtomicInteger();
        final AtomicBoolean closed = new AtomicBoolean();
        volatile boolean failing;
        volatile Map<String, Long> gauges = Map.of();
        volatile List<WaitSampler.Seen> rows = eightSessions();

        Scripted(SimClock clock, long readNanos) {
            this.clock = clock;
            this.readNanos = readNanos;
        }

        @Override
        public List<WaitSampler.Seen> read() throws SQLException {
            reads.incrementAndGet();
            try {
                clock.parkUntil(clock.nanoTime() + readNanos);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new SQLException("interrupted");
            }
            if (failing) throw new SQLException("Lost connection to server during query\nsecond line", "08S01");
            return rows;
        }

        @Override
        public Map<String, Long> gauges() {
            return gauges;
        }

        @Override
        public void close() {
            closed.set(true);
        }
    }

    private static Waits harvestAt(SimClock clock, WaitSampler sampler, long at) throws InterruptedException {
        Waits[] out = new Waits[1];
        clock.runUntil(at, () -> out[0] = sampler.harvest());
        return out[0];
    }

    @Test
    void eachSecondHoldsEightSamplesOfTheBenchmarksSessionsOnly() throws InterruptedException {
        SimClock clock = new SimClock(T0);
        clock.join(); // the test is the reporter: time moves only when it waits too
        Scripted source = new Scripted(clock, 2_000_000);
        List<String> warned = new ArrayList<>();
        java.util.Set<Long> ours = java.util.Set.of(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L);
        try (WaitSampler sampler = new WaitSampler(source, MYSQL, ours::contains, clock, warned::add)) {
            sampler.start(T0);
            Waits first = harvestAt(clock, sampler, T0 + S);
            // samples at 0.0625, 0.1875, ..., 0.9375 s: eight; each sees 4 lock waits, 2 on CPU, 1 idle in a transaction
            assertEquals(8, first.samples());
            assertEquals(Map.of(WaitClass.LOCK, 32L, WaitClass.CPU, 16L, WaitClass.CLIENT, 8L), first.classes());
            assertEquals(7.0, first.activeSessions(), 1e-12, "7 of the 8 sessions active; 99 is not ours");
            assertEquals(8, first.idle(), "session 7, idle outside a transaction, in each of the 8 samples");
            assertEquals(8, first.sessions(), "the most of the level's sessions one sample saw; 99 is not ours");
            assertEquals(4.0 / 7, first.share(WaitClass.LOCK), 1e-12);
            assertEquals(Map.of("row lock (INNODB_TRX LOCK WAIT)", 32L), first.names(WaitClass.LOCK));
            assertEquals(Map.of("executing", 16L), first.names(WaitClass.CPU));
            assertEquals(Map.of("bmsql_district", 32L), first.objects(), "the table without its database and quotes");
            assertEquals("bmsql_new_order", WaitSampler.unquoted("`tpcc`.`bmsql_new_order` /* Partition `p2` */"));
            assertEquals(8, harvestAt(clock, sampler, T0 + 2 * S).samples(), "a fresh count each interval");
            assertTrue(warned.isEmpty());
        }
        assertTrue(source.closed.get(), "close() closes the monitor connection");
    }

    /**
     * InnoDB's pending page reads (MySQL's and MariaDB's Innodb_data_pending_reads) take as many of the sample's CPU
     * sessions into data reads, never more than the sample's CPU sessions, never a lock wait or an idle one; only where
     * the server ran no statement but ours (Threads_running less the monitor's own: here 4 lock waits + 2 running = 6);
     * a gauge the dialect has no wait for moves none.
     */
    @Test
    void pendingReadsCountAsManyCpuSessionsAsDataReads() throws InterruptedException {
        SimClock clock = new SimClock(T0);
        clock.join();
        Scripted source = new Scripted(clock, 2_000_000);
        source.rows = eightSessions().stream().filter(s -> s.id() != 99).toList(); // no other client this time
        try (WaitSampler sampler = new WaitSampler(source, MYSQL, id -> id <= 8, clock, w -> { })) {
            sampler.start(T0);
            source.gauges = Map.of("Innodb_data_pending_reads", 1L, "Innodb_buffer_pool_wait_free", 3L, "Threads_running", 7L);
            Waits one = harvestAt(clock, sampler, T0 + S);
            assertEquals(Map.of(WaitClass.LOCK, 32L, WaitClass.CPU, 8L, WaitClass.IO, 8L, WaitClass.CLIENT, 8L),
                    one.classes(), "one of the two CPU sessions in each of the 8 samples; the unknown gauge moves none");
            assertEquals(Map.of("page read (Innodb_data_pending_reads)", 8L), one.names(WaitClass.IO));
            source.gauges = Map.of("Innodb_data_pending_reads", 5L, "Threads_running", 7L);
            Waits five = harvestAt(clock, sampler, T0 + 2 * S);
            assertEquals(Map.of(WaitClass.LOCK, 32L, WaitClass.IO, 16L, WaitClass.CLIENT, 8L), five.classes(),
                    "at most the 2 CPU sessions: the locks and the idle-in-transaction stay theirs");
            assertEquals(one.activeSessions(), five.activeSessions(), 1e-12, "the sessions' sum is the view's");
            assertEquals(8, five.idle());
            // a statement of another database ran beside ours (8 running but the monitor): its reads may be the gauge's
            source.gauges = Map.of("Innodb_data_pending_reads", 5L, "Threads_running", 8L);
            assertEquals(0, harvestAt(clock, sampler, T0 + 3 * S).count(WaitClass.IO));
            // the server's running count not read: not moved
            source.gauges = Map.of("Innodb_data_pending_reads", 5L);
            assertEquals(0, harvestAt(clock, sampler, T0 + 4 * S).count(WaitClass.IO));
        }
    }

    @Test
    void aSlowReadDelaysTheNextSampleAndMissedTicksAreNotMadeUp() throws InterruptedException {
        SimClock clock = new SimClock(T0);
        clock.join();
        // each read takes 250 ms: reads start at 0.0625, 0.4375, 0.8125 s (the next tick after each read's end) and
        // end at 0.3125, 0.6875, 1.0625 s; a sample counts when its read ends
        Scripted source = new Scripted(clock, 250_000_000);
        try (WaitSampler sampler = new WaitSampler(source, MYSQL, id -> id <= 8, clock, w -> { })) {
            sampler.start(T0);
            assertEquals(2, harvestAt(clock, sampler, T0 + S).samples());
            // then 1.1875, 1.5625, 1.9375 s end at 1.4375, 1.8125, 2.1875: the one at 1.0625 and 1.4375, 1.8125
            assertEquals(3, harvestAt(clock, sampler, T0 + 2 * S).samples());
        }
    }

    @Test
    void aFailingViewIsSaidOnceAndItsIntervalsHoldOnlyTheSamplesThatWereRead() throws InterruptedException {
        SimClock clock = new SimClock(T0);
        clock.join();
        Scripted source = new Scripted(clock, 1_000_000);
        List<String> warned = new ArrayList<>();
        try (WaitSampler sampler = new WaitSampler(source, MYSQL, id -> id <= 8, clock, warned::add)) {
            sampler.start(T0);
            assertEquals(8, harvestAt(clock, sampler, T0 + S).samples());
            source.failing = true;
            Waits lost = harvestAt(clock, sampler, T0 + 2 * S);
            assertFalse(lost.sampled(), "no sample read: the interval has none, not zeros");
            assertEquals(Waits.NONE, lost);
            source.failing = false;
            clock.runUntil(T0 + 2 * S + 500_000_000L, () -> source.failing = true);
            assertEquals(4, harvestAt(clock, sampler, T0 + 3 * S).samples(), "read at 2.0625 ... 2.4375 s, then failing again");
        }
        assertEquals(List.of("waits: reading information_schema.PROCESSLIST and INNODB_TRX failed (Lost connection to "
                + "server during query); no sample counts until it answers (the intervals without one have no waits), and the "
                + "sampler keeps trying"), warned,
                "said once, in one line, however many reads failed");
    }

    @Test
    void offSamplesNothing() {
        WaitSampler.OFF.start(T0);
        assertEquals(Waits.NONE, WaitSampler.OFF.harvest());
        WaitSampler.OFF.close();
    }
}
