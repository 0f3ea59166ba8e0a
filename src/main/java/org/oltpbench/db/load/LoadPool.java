package org.oltpbench.db.load;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.oltpbench.util.Progress;

/** Runs a load's tasks on a fixed number of threads while its progress line is drawn. */
public final class LoadPool {
    /** One task of a load: a chunk of rows sent through its own connection. */
    @FunctionalInterface
    public interface Task {
        void run() throws SQLException;
    }

    private LoadPool() {
    }

    /** Runs {@code tasks} on at most {@code workers} threads; the first failure's SQLException is thrown, the rest cancelled. */
    public static void run(int workers, List<Task> tasks, Progress progress) throws SQLException {
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Math.min(workers, tasks.size())));
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (Task t : tasks) {
                futures.add(pool.submit(() -> {
                    t.run();
                    return null;
                }));
            }
            progress.awaitAll(futures);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof SQLException se) throw se;
            throw new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLException("the load was interrupted");
        } finally {
            pool.shutdownNow();
        }
    }
}
