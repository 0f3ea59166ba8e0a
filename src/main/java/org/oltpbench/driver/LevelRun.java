package org.oltpbench.driver;

import org.oltpbench.db.SharedConnections;
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
    /** The pool terminals borrow from with connections=N; null when each terminal owns its connection. */
    private final SharedConnections shared;
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
        this(workload, dialect, sessions, null, threads, ignore, budget);
    }

    LevelRun(Workload workload, Dialect dialect, Sessions sessions, SharedConnections shared, int threads,
             IgnoreList ignore, Budget budget) {
        this.workload = workload;
        this.dialect = dialect;
        this.sessions = sessions;
        this.shared = shared;
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

    /** The shared pool (connections=N), or null when terminals own their connections. */
    SharedConnections shared() {
        return shared;
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
     * Waits until every worker has connected and prepared its statements, or one of them failed to, and a shared
     * pool holds its N connections (for at most {@link #FILL_NANOS}; borrowers wait for the rest); while it takes
     * longer than a second, tells {@code listener} each second how many connections are open.
     */
    void awaitReady(RunListener listener) throws InterruptedException {
        boolean told = false;
        int target = shared == null ? threads : shared.size();
        long deadline = System.nanoTime() + FILL_NANOS;
        while (!ready.await(1, java.util.concurrent.TimeUnit.SECONDS) || opened() < target && System.nanoTime() < deadline) {
            if (setupFailure != null) return;
            listener.connecting(opened(), target, false);
            told = true;
        }
        if (told) listener.connecting(opened(), target, true);
    }

    /** How long a level waits for a shared pool to open its connections before it starts without the rest. */
    static final long FILL_NANOS = 120_000_000_000L;

    private int opened() {
        return shared == null ? sessions.open() : shared.open();
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
