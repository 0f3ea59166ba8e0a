package org.oltpbench.db.load;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.oltpbench.util.Progress;

/**
 * A load's jobs (a warehouse, a chunk of a table) on {@code loadWorkers} threads, waited for with a progress line. A
 * stop ends the wait within {@link #POLL_MILLIS}: the workers see it before their next row ({@link LoadMeter}), the
 * wait gives them {@link #GRACE_MILLIS} to end the batch they are sending, then throws {@link LoadStopped} without
 * them. A worker still in a statement then is left to the server, which commits or rolls back that one statement:
 * no unit counts as complete unless its last rows were committed before its worker said so.
 */
public final class LoadJobs {
    static final long POLL_MILLIS = 200, GRACE_MILLIS = 2000, PRINT_NANOS = 1_000_000_000L;

    /** One job of a load. */
    @FunctionalInterface
    public interface Job {
        void run() throws SQLException;
    }

    private LoadJobs() {
    }

    /**
     * Runs {@code jobs} on at most {@code workers} threads, in order of submission, printing {@code progress} while it
     * waits and its final line at the end (also after a stop). The first failure stops the rest and is thrown; a
     * failure after a stop (the embedded server going down with the JVM) is the stop.
     */
    public static void run(List<Job> jobs, int workers, Progress progress, LoadStop stop) throws SQLException {
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Math.min(workers, jobs.size())), r -> {
            Thread t = new Thread(r, "oltpbench-load");
            t.setDaemon(true); // a worker left in a statement after a stop never holds the JVM
            return t;
        });
        List<Future<?>> futures = new ArrayList<>();
        for (Job j : jobs) futures.add(pool.submit(() -> {
            stop.check(); // a worker free after a stop starts no queued job: it would load (and leave half) another unit
            j.run();
            return null;
        }));
        pool.shutdown();
        try {
            long[] printedAt = {System.nanoTime()};
            for (Future<?> f : futures) await(f, progress, stop, printedAt);
        } catch (LoadStopped e) {
            pool.shutdownNow();
            awaitQuietly(pool);
            throw e;
        } catch (SQLException | RuntimeException e) {
            pool.shutdownNow();
            throw e;
        } finally {
            progress.finish();
        }
    }

    /** Waits for {@code f}, asking the stop every poll and redrawing the progress line every second. */
    private static void await(Future<?> f, Progress progress, LoadStop stop, long[] printedAt) throws SQLException {
        while (true) {
            stop.check();
            try {
                f.get(POLL_MILLIS, TimeUnit.MILLISECONDS);
                return;
            } catch (TimeoutException e) {
                if (System.nanoTime() - printedAt[0] >= PRINT_NANOS) {
                    printedAt[0] = System.nanoTime();
                    progress.print();
                }
            } catch (ExecutionException e) {
                stop.check();
                if (e.getCause() instanceof SQLException se) throw se;
                if (e.getCause() instanceof RuntimeException re) throw re;
                throw new IllegalStateException(e.getCause());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new SQLException("load interrupted");
            }
        }
    }

    /** Gives the workers the grace to end their batch; a worker still in a statement after it is left behind. */
    private static void awaitQuietly(ExecutorService pool) {
        try {
            pool.awaitTermination(GRACE_MILLIS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
