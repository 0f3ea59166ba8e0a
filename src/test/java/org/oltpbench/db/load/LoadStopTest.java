package org.oltpbench.db.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.oltpbench.driver.StopSignal;
import org.oltpbench.util.Progress;

/**
 * A load stops between batches on the run's stop object: no batch is sent after the stop, the rows buffered then are
 * dropped (a half-built row never reaches the server), jobs not started never start, and a worker stuck in a statement
 * does not hold the load past the grace.
 */
class LoadStopTest {
    /** A sink that "sends" a batch every {@code batchRows} rows, counting what it sent and what it dropped. */
    private static final class Batches implements RowSink {
        final int batchRows;
        final List<Integer> sent = new ArrayList<>();
        int buffered, fields, dropped;
        boolean closed;
        /** Called after each batch is sent, with the number of batches sent so far. */
        java.util.function.IntConsumer afterBatch = n -> { };

        Batches(int batchRows) {
            this.batchRows = batchRows;
        }

        public void integer(long v) {
            fields++;
        }

        public void text(char[] v) {
            fields++;
        }

        public void text(String v) {
            fields++;
        }

        public void decimal(double v, int scale) {
            fields++;
        }

        public void nul() {
            fields++;
        }

        public void endRow() {
            fields = 0;
            if (++buffered == batchRows) send();
        }

        private void send() {
            sent.add(buffered);
            buffered = 0;
            afterBatch.accept(sent.size());
        }

        public void close() {
            closed = true;
            if (buffered > 0) send();
        }

        public void discard() {
            dropped = buffered + (fields > 0 ? 1 : 0);
            buffered = 0;
        }
    }

    /** Writes {@code rows} rows of two fields each. */
    private static void write(RowSink s, int rows) throws SQLException {
        for (int i = 0; i < rows; i++) {
            s.integer(i);
            s.text("x");
            s.endRow();
        }
    }

    @Test
    void noBatchIsSentAfterTheStopAndTheBufferedRowsAreDropped() throws Exception {
        StopSignal stop = new StopSignal();
        LoadMeter meter = new LoadMeter(stop);
        Batches sink = new Batches(10);
        sink.afterBatch = n -> {
            if (n == 3) stop.raise(); // Ctrl-C arrives while the third batch is on its way
        };
        AtomicInteger laterJobs = new AtomicInteger();
        List<LoadJobs.Job> jobs = List.of(() -> {
            try (RowSink s = meter.meter("t", sink)) {
                write(s, 100);
            }
        }, laterJobs::incrementAndGet);
        assertThrows(LoadStopped.class, () -> LoadJobs.run(jobs, 1, Progress.SILENT, stop));
        // 3 batches of 10 were sent; the stop is seen before row 31 ends: its two fields are dropped, not sent
        assertEquals(List.of(10, 10, 10), sink.sent);
        assertEquals(1, sink.dropped, "row 31, half-built when the stop was seen");
        assertTrue(!sink.closed, "a stopped sink is discarded, never closed (closing sends)");
        assertEquals(0, laterJobs.get(), "a job queued behind the stopped one never starts");
    }

    /**
     * A stop raised while a job ends well: the worker, free at once, took the next queued job before the waiting
     * thread saw the stop and shut the pool (the test above failed 1 run in 5 on a busy host; this one nearly always).
     */
    @Test
    void noQueuedJobStartsAfterTheStopEvenWhenTheStoppedJobEndsWell() throws Exception {
        for (int round = 0; round < 20; round++) {
            StopSignal stop = new StopSignal();
            AtomicInteger laterJobs = new AtomicInteger();
            List<LoadJobs.Job> jobs = List.of(stop::raise, laterJobs::incrementAndGet, laterJobs::incrementAndGet);
            assertThrows(LoadStopped.class, () -> LoadJobs.run(jobs, 1, Progress.SILENT, stop));
            assertEquals(0, laterJobs.get(), "round " + round + ": a job queued behind the stop started");
        }
    }

    /** The stop seen at close: the last, partial batch is dropped and the unit is not reported complete. */
    @Test
    void aStopBeforeTheLastBatchDropsItAndTheUnitIsNotComplete() throws Exception {
        StopSignal stop = new StopSignal();
        LoadMeter meter = new LoadMeter(stop);
        Batches sink = new Batches(10);
        List<String> complete = new ArrayList<>();
        List<LoadJobs.Job> jobs = List.of(() -> {
            try (RowSink s = meter.meter("t", sink)) {
                write(s, 25);
                stop.raise();
            }
            complete.add("unit 1");
        });
        assertThrows(LoadStopped.class, () -> LoadJobs.run(jobs, 1, Progress.SILENT, stop));
        assertEquals(List.of(10, 10), sink.sent);
        assertEquals(5, sink.dropped);
        assertEquals(List.of(), complete);
    }

    /** A worker stuck in a long statement: the load still ends within the poll, the grace and a generous margin. */
    @Test
    void aWorkerStuckInAStatementDoesNotHoldTheStoppedLoad() throws Exception {
        StopSignal stop = new StopSignal();
        CountDownLatch inStatement = new CountDownLatch(1), never = new CountDownLatch(1);
        Thread signal = Thread.ofPlatform().start(() -> {
            try {
                inStatement.await();
                stop.raise();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        List<LoadJobs.Job> jobs = List.of(() -> {
            inStatement.countDown();
            while (never.getCount() > 0) {
                try {
                    never.await(); // a statement that ignores interrupts, as a JDBC socket read does
                } catch (InterruptedException e) {
                    // keeps waiting
                }
            }
        });
        long t0 = System.nanoTime();
        assertThrows(LoadStopped.class, () -> LoadJobs.run(jobs, 1, Progress.SILENT, stop));
        double secs = (System.nanoTime() - t0) / 1e9;
        signal.join();
        never.countDown();
        // poll 0.2 s + grace 2 s; the margin is for a loaded CI machine, the main fix is that it returns at all
        assertTrue(secs < (LoadJobs.POLL_MILLIS + LoadJobs.GRACE_MILLIS) / 1000.0 + 5, secs + " s");
    }

    @Test
    void aLoadNothingStopsRunsEveryJobAndSendsEveryRow() throws Exception {
        LoadMeter meter = new LoadMeter();
        Batches sink = new Batches(10);
        LoadJobs.run(List.of(() -> {
            try (RowSink s = meter.meter("t", sink)) {
                write(s, 25);
            }
        }), 2, Progress.SILENT, LoadStop.NEVER);
        assertEquals(List.of(10, 10, 5), sink.sent);
        assertEquals(25, meter.result(1, "batch", 0).tables().get(0).rows());
    }

    /** A long statement (an index build) when the stop comes: it is cancelled, and the step ends as stopped. */
    @Test
    void aStopCancelsALongStatement() throws Exception {
        StopSignal stop = new StopSignal();
        CountDownLatch cancelled = new CountDownLatch(1);
        java.sql.Statement st = (java.sql.Statement) java.lang.reflect.Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {java.sql.Statement.class}, (proxy, m, args) -> {
                    if (m.getName().equals("cancel")) cancelled.countDown();
                    return null;
                });
        assertThrows(LoadStopped.class, () -> stop.cancelling(st, () -> {
            stop.raise(); // Ctrl-C while the statement runs
            try {
                // the server ends a cancelled statement with an error (MariaDB: 1317 "Query execution was interrupted")
                if (!cancelled.await(30, java.util.concurrent.TimeUnit.SECONDS)) return;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            throw new SQLException("Query execution was interrupted", "70100", 1317);
        }));
        assertEquals(0, cancelled.getCount(), "the statement was cancelled");
    }
}
