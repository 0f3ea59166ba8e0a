package org.oltpbench.driver;

import org.oltpbench.util.Clock;
import org.oltpbench.db.SharedConnections;
import org.oltpbench.db.Sessions;
import java.sql.SQLException;
import java.util.concurrent.CountDownLatch;
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
    private final Clock clock;
    private volatile boolean running = true;
    /**
     * The level's edges on {@link #clock}: transactions that start at or after {@code warmEnd} spend the event budget;
     * none starts at or after {@code deadline}. Set before the release; the deadline only moves earlier (Ctrl-C).
     */
    private volatile long warmEnd = Long.MAX_VALUE, deadline = Long.MAX_VALUE;
    /** Per worker, when its last transaction ended (clock nanos; Long.MIN_VALUE for none); read after the join. */
    private final long[] lastEnd;
    private volatile String failure;
    private int errors;
    private volatile Throwable setupFailure;

    LevelRun(Workload workload, Dialect dialect, Sessions sessions, SharedConnections shared, int threads,
             IgnoreList ignore, Budget budget, Clock clock) {
        this.clock = clock;
        this.lastEnd = new long[threads];
        java.util.Arrays.fill(lastEnd, Long.MIN_VALUE);
        this.workload = workload;
        this.dialect = dialect;
        this.sessions = sessions;
        this.shared = shared;
        this.threads = threads;
        this.ignore = ignore;
        this.budget = budget;
        this.ready = new CountDownLatch(threads);
        // a level without terminals (CH's analytics alone) is never done by a budget: its time ends it
        this.done = new CountDownLatch(Math.max(1, threads));
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

    Clock clock() {
        return clock;
    }

    /** Fixes the level's edges before the release. */
    void schedule(long warmEnd, long deadline) {
        this.warmEnd = warmEnd;
        this.deadline = deadline;
    }

    long warmEnd() {
        return warmEnd;
    }

    long deadline() {
        return deadline;
    }

    /** Moves the deadline earlier (Ctrl-C finishing its interval); never later. */
    void cutAt(long at) {
        if (at < deadline) deadline = at;
    }

    /** Stops the level: no transaction starts from now on. */
    void stop() {
        cutAt(clock.nanoTime());
        running = false;
    }

    /** Worker {@code index}'s last transaction ended at {@code nanos}. */
    void ended(int index, long nanos) {
        lastEnd[index] = nanos;
    }

    /** When the last transaction of the level ended; Long.MIN_VALUE when none did. Call after every worker is done. */
    long lastEnd() {
        long max = Long.MIN_VALUE;
        for (long t : lastEnd) max = Math.max(max, t);
        return max;
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
        long fillUntil = System.nanoTime() + FILL_NANOS;
        while (!ready.await(1, java.util.concurrent.TimeUnit.SECONDS) || opened() < target && System.nanoTime() < fillUntil) {
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

    /** Waits until the clock reads {@code at}; true when every worker has finished. */
    boolean awaitDoneUntil(long at) throws InterruptedException {
        return clock.await(done, at);
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
