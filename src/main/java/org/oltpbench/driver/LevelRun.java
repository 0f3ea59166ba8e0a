package org.oltpbench.driver;

import org.oltpbench.db.Sessions;
import java.sql.SQLException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.oltpbench.dialect.Dialect;
import org.oltpbench.workload.Workload;

/** The state the workers of one level share: read-mostly, written once per level event. */
final class LevelRun {
    private final Workload workload;
    private final Dialect dialect;
    private final Sessions sessions;
    private final int threads;
    private final IgnoreList ignore;
    private final Budget budget;
    private final CountDownLatch ready;
    private final CountDownLatch go = new CountDownLatch(1);
    private final CountDownLatch done;
    private volatile boolean running = true;
    private volatile String failure;
    private int errors;
    private volatile Throwable setupFailure;

    LevelRun(Workload workload, Dialect dialect, Sessions sessions, int threads, IgnoreList ignore, Budget budget) {
        this.workload = workload;
        this.dialect = dialect;
        this.sessions = sessions;
        this.threads = threads;
        this.ignore = ignore;
        this.budget = budget;
        this.ready = new CountDownLatch(threads);
        this.done = new CountDownLatch(threads);
    }

    Workload workload() {
        return workload;
    }

    Dialect dialect() {
        return dialect;
    }

    Sessions sessions() {
        return sessions;
    }

    int threads() {
        return threads;
    }

    IgnoreList ignore() {
        return ignore;
    }

    Budget budget() {
        return budget;
    }

    boolean running() {
        return running;
    }

    void stop() {
        running = false;
    }

    void workerReady() {
        ready.countDown();
    }

    /**
     * Waits until every worker has connected and prepared its statements, or one of them failed to; while it takes
     * longer than a second, tells {@code listener} each second how many connections are open.
     */
    void awaitReady(RunListener listener) throws InterruptedException {
        boolean told = false;
        while (!ready.await(1, java.util.concurrent.TimeUnit.SECONDS)) {
            if (setupFailure != null) return;
            listener.connecting(sessions.open(), threads, false);
            told = true;
        }
        if (told) listener.connecting(sessions.open(), threads, true);
    }

    void release() {
        go.countDown();
    }

    void awaitGo() throws InterruptedException {
        go.await();
    }

    void workerDone() {
        done.countDown();
    }

    /** Waits up to the timeout; true when every worker has finished. */
    boolean awaitDone(long nanos) throws InterruptedException {
        return done.await(nanos, TimeUnit.NANOSECONDS);
    }

    /** A worker could not connect or prepare: the level does not start. */
    void setupFailed(Throwable t) {
        if (setupFailure == null) setupFailure = t;
        running = false;
    }

    Throwable setupFailure() {
        return setupFailure;
    }

    /** A non-ignored error: the level stops and the run is reported as aborted. */
    void fail(String who, SQLException e) {
        failWith(who + ": " + describe(e));
    }

    /** A worker died on an unexpected exception: the level stops, aborted, naming the cause. */
    void died(String who, Throwable t) {
        failWith(who + " died: " + t.getClass().getName() + (t.getMessage() == null ? "" : ": " + t.getMessage().lines().findFirst().orElse("")));
    }

    private synchronized void failWith(String why) {
        errors++;
        if (failure == null) failure = why;
        running = false;
    }

    /** Errors that were not ignored (each stops the level; several threads may hit one at once). */
    synchronized int errors() {
        return errors;
    }

    String failure() {
        return failure;
    }

    static String describe(SQLException e) {
        String msg = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().lines().findFirst().orElse("");
        return "error " + e.getErrorCode() + " (SQLState " + e.getSQLState() + "): " + msg;
    }
}
