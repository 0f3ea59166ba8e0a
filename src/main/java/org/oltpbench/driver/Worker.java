package org.oltpbench.driver;

import org.oltpbench.util.Clock;
import java.sql.Connection;
import java.sql.SQLException;
import org.oltpbench.db.Sessions;
import org.oltpbench.dialect.Dialect;
import org.oltpbench.measure.ThreadStats;
import org.oltpbench.result.repeat.counted.ErrorCount;
import org.oltpbench.workload.Terminal;

/**
 * One benchmark thread: holds one connection and one terminal for the whole level and runs transactions until the
 * level's deadline. The loop does no locking, no allocation and no string work of its own; a failed transaction is
 * rolled back and then restarted (ignored error), reconnected (lost connection) or ends the level (any other error).
 *
 * <p>Stop rules, in one place: every wait (an arrival, a reconnect back-off; TPC-C's keying and think times through
 * {@link ThreadStats#pausing}) is bounded by the deadline and may be cut by the level's stop
 * ({@link ThreadStats#stopIfWaiting}); a cut wait submits nothing and counts nothing; a transaction whose (intended)
 * start is at or after the deadline is never submitted; one in flight at the deadline runs to its end and counts, as
 * sysbench counts it; a restart after an error is a new submission, so none happens after the deadline.
 */
final class Worker implements Runnable {
    private static final long FIRST_BACKOFF_NANOS = 10_000_000L, MAX_BACKOFF_NANOS = 1_000_000_000L;

    private final LevelRun run;
    private final int index;
    private final ThreadStats stats;
    private final Pacer pacer;
    private final long seed;
    private final Clock clock;
    private final Sessions sessions;
    private final int home;
    private Connection connection;
    private Terminal terminal;
    /** The front end this terminal's connection reached (-1 on a shared pool or while disconnected), since when. */
    private int frontEnd = -1;
    private long since;
    /** Transactions started in the window and errors, on the current front end. */
    private long stayTxns, stayErrors;

    /** The transactions this terminal may still run: the level's shared budget, or its own (runTxnsPerTerminal). */
    private final Budget budget;

    Worker(LevelRun run, int index, ThreadStats stats, Pacer pacer, long seed, Budget budget) {
        this.budget = budget;
        this.run = run;
        this.index = index;
        this.stats = stats;
        this.pacer = pacer;
        this.seed = seed;
        this.clock = run.clock();
        this.sessions = run.sessions();
        this.home = sessions.home(index);
    }

    @Override
    public void run() {
        clock.join();
        try {
            if (!setUp()) return;
            run.awaitGo();
            stats.due(clock.nanoTime());
            loop();
            if (run.failure() == null && terminal != null) terminal.finish(stats);
        } catch (SQLException e) {
            run.fail("thread " + index, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException | Error e) {
            if (run.running()) run.died("thread " + index, e);
            else stats.discardPending(); // cut off by the end of the level
        } finally {
            stats.done(clock.nanoTime());
            tearDown();
            clock.leave();
            run.workerDone();
        }
    }

    private boolean setUp() {
        try {
            if (run.setupFailure() != null) return false; // another terminal could not start: the level will not run
            connect();
            return true;
        } catch (SQLException | RuntimeException e) {
            run.setupFailed(e);
            return false;
        } finally {
            run.workerReady();
        }
    }

    /**
     * Opens the connection (to the home front end, or the next that accepts) and the terminal on it; a terminal that
     * cannot be made leaves no connection behind. With connections=N the terminal borrows one of the level's shared
     * connections per transaction instead.
     */
    private void connect() throws SQLException {
        if (run.shared() != null) {
            terminal = run.workload().sharedTerminal(run.shared(), index, run.threads(), seed);
            return;
        }
        Sessions.Session s = sessions.connection(index);
        try {
            if (run.workload().readsOnly()) s.connection().setReadOnly(true);
            terminal = run.workload().terminal(s.connection(), index, run.threads(), seed);
        } catch (SQLException | RuntimeException e) {
            sessions.close(s.connection());
            throw e;
        }
        connection = s.connection();
        frontEnd = s.frontEnd();
        since = clock.nanoTime();
        stayTxns = stayErrors = 0;
    }

    /**
     * One event per pass. An event that fails on an ignored error is run again at once, as sysbench 1.0.20's
     * thread_run does (RESTART_EVENT): its latency runs from the first attempt's start to the final outcome and
     * it counts once; each failed attempt counts as an ignored error. The event budget is spent only by events that
     * start after the warm-up.
     */
    private void loop() {
        final boolean limited = pacer.limited();
        while (run.running()) {
            if (frontEnd >= 0 && frontEnd != home && sessions.up(home) && !goHome()) return;
            long start, free = limited ? clock.nanoTime() : 0;
            if (limited) stats.paused(free); // until the arrival is due; one already due (a backlog) pauses for nothing
            stats.enterWait();
            try {
                start = pacer.awaitNext(clock, run.deadline());
            } catch (InterruptedException e) {
                return; // the level's stop cut the wait: nothing was submitted
            }
            if (limited) stats.due(Math.min(Math.max(free, start), clock.nanoTime()));
            if (!leaveWait() || start >= run.deadline()) return;
            boolean measured = start >= run.warmEnd();
            if (measured && !budget.take()) return;
            if (!runEvent(start, limited, measured ? Budget.UNLIMITED : budget)) return;
            if (measured) stayTxns++;
        }
    }

    /**
     * Runs one event to its outcome, restarting it after ignored errors; false when the loop must end. An event that
     * began in the warm-up and ends in the window spends {@code atEnd} when it ends (the budget counts the window's
     * transactions); when that is spent, the event is dropped uncounted.
     */
    private boolean runEvent(long start, boolean limited, Budget atEnd) {
        long began = limited ? clock.nanoTime() : start;
        // a restarted event keeps start unless the terminal deals a new one (Terminal.restartsTheSameEvent)
        while (true) {
            try {
                int outcome = terminal.next(stats);
                long end = clock.nanoTime();
                if (end >= run.warmEnd() && !atEnd.take()) {
                    stats.discardPending();
                    return false;
                }
                record(outcome, end - start, limited ? end - began : -1);
                run.ended(index, end);
                return true;
            } catch (SQLException e) {
                if (!recover(e)) return false;
                if (!run.running() || clock.nanoTime() >= run.deadline()) return false; // a restart is a new submission
                if (!terminal.restartsTheSameEvent()) {
                    // a new event: timed from now (under a rate, from its arrival still: it replaces that one)
                    began = clock.nanoTime();
                    if (!limited) start = began;
                }
            }
        }
    }

    /** Ends a wait; false when the level's stop took it (its interrupt is consumed, so no statement sees it). */
    private boolean leaveWait() {
        if (stats.leaveWait()) return true;
        while (!Thread.interrupted()) Thread.onSpinWait(); // the stop interrupts right after taking the wait
        return false;
    }

    /** Latency from the intended start; with a rate, service time from the actual start too (else -1). */
    private void record(int outcome, long nanos, long serviceNanos) {
        int type = outcome & ~Terminal.ROLLED_BACK;
        if ((outcome & Terminal.ROLLED_BACK) != 0) stats.rollback(type, nanos, serviceNanos);
        else stats.event(type, nanos, serviceNanos);
    }

    /** @return whether the loop goes on (the event is restarted) */
    private boolean recover(SQLException e) {
        if (!run.running() || clock.nanoTime() >= run.deadline()) return lastError(e);
        stats.publishStatements();
        Dialect.ErrorClass c = run.dialect().classify(e);
        if (c == Dialect.ErrorClass.CONNECTION_LOST) {
            // the failed event counts as an ignored error, as sysbench counts a statement it reconnected after
            stats.error(ErrorCount.Kind.RECONNECTED, e);
            stats.ignoredError();
            return reconnect(1);
        }
        terminal.rollbackQuietly();
        if (run.ignore().ignores(e)) {
            stats.error(ErrorCount.Kind.IGNORED, e);
            stats.ignoredError();
            stayErrors++;
            return true;
        }
        stats.error(ErrorCount.Kind.FATAL, e);
        run.fail("thread " + index, e);
        return false;
    }

    /**
     * An error at or after the deadline. One that ended a statement in flight at the deadline counts, as its success
     * would have (sysbench's rule), and is not restarted: an ignored or lost-connection error as an ignored error, any
     * other as the level's failure. One caused by the stop's interrupt (a terminal still inside a statement after
     * the grace period), or a terminal's own word that the level ended in its wait by design ({@link
     * org.oltpbench.workload.LevelEnded}), is not a result: neither counted nor timed.
     *
     * @return false: the loop ends
     */
    private boolean lastError(SQLException e) {
        if (e instanceof org.oltpbench.workload.LevelEnded || Thread.currentThread().isInterrupted() || interrupted(e)) {
            stats.discardPending();
            return false;
        }
        stats.publishStatements();
        Dialect.ErrorClass c = run.dialect().classify(e);
        if (c != Dialect.ErrorClass.CONNECTION_LOST) terminal.rollbackQuietly();
        if (c == Dialect.ErrorClass.CONNECTION_LOST || run.ignore().ignores(e)) {
            stats.error(c == Dialect.ErrorClass.CONNECTION_LOST ? ErrorCount.Kind.RECONNECTED : ErrorCount.Kind.IGNORED, e);
            stats.ignoredError();
            run.ended(index, clock.nanoTime());
            return false;
        }
        stats.error(ErrorCount.Kind.FATAL, e);
        run.fail("thread " + index, e);
        return false;
    }

    /** Whether an interrupt of this thread is among the exception's causes. */
    private static boolean interrupted(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof InterruptedException || t instanceof java.io.InterruptedIOException
                    || t instanceof java.nio.channels.ClosedByInterruptException) return true;
        }
        return false;
    }

    /** Back to the home front end, which answers again: the stay elsewhere ends, as a reconnect does. */
    private boolean goHome() {
        return reconnect(0);
    }

    /**
     * Replaces the connection (lost, or leaving a front end for home), to the home front end or the next that
     * accepts, retrying with back-off until the deadline; the time without a connection is accounted.
     */
    private boolean reconnect(int errors) {
        leave(errors);
        long lostAt = clock.nanoTime(), backoff = FIRST_BACKOFF_NANOS;
        sessions.reconnecting(1);
        try {
            while (run.running() && clock.nanoTime() < run.deadline()) {
                try {
                    connect();
                    stats.reconnect();
                    // connected again; a terminal that gives up at the deadline stays counted without a connection, so
                    // the last interval's connected threads do not depend on whether it gave up before the last harvest
                    sessions.reconnecting(-1);
                    return true;
                } catch (SQLException | RuntimeException e) {
                    if (!backOff(backoff)) return false;
                    backoff = Math.min(MAX_BACKOFF_NANOS, backoff * 2);
                }
            }
            return false;
        } finally {
            sessions.disconnected(window(lostAt, clock.nanoTime()));
        }
    }

    /** A back-off wait, bounded by the deadline and cut by the stop; false when the stop took it. */
    private boolean backOff(long nanos) {
        stats.enterWait();
        try {
            clock.parkUntil(Math.min(clock.nanoTime() + nanos, run.deadline()));
        } catch (InterruptedException e) {
            return false;
        }
        return leaveWait();
    }

    /** Closes the connection and the terminal, and accounts the stay on its front end. */
    private synchronized void leave(int errors) {
        if (frontEnd >= 0 && !abandoned) sessions.account(frontEnd, window(since, clock.nanoTime()), stayTxns, stayErrors + errors);
        frontEnd = -1;
        closeQuietly();
        sessions.close(connection);
        connection = null;
    }

    /** Set once the level gave up on this terminal; guarded by this (leave and abandon run off the transaction path). */
    private boolean abandoned;

    /**
     * The level gave up on this terminal, still inside a statement after the grace (a server that stopped answering):
     * its stay on its front end counts up to the deadline, once, so the front ends' record holds every terminal.
     */
    synchronized void abandon() {
        if (abandoned || frontEnd < 0) return;
        abandoned = true;
        sessions.account(frontEnd, window(since, clock.nanoTime()), stayTxns, stayErrors);
    }

    /** The part of [from, to) inside the measured window (from the warm-up's end to the deadline), in nanos. */
    private long window(long from, long to) {
        return Math.max(0, Math.min(to, run.deadline()) - Math.max(from, run.warmEnd()));
    }

    private void closeQuietly() {
        if (terminal != null) terminal.close();
        terminal = null;
    }

    private void tearDown() {
        if (frontEnd >= 0) leave(0);
        else {
            closeQuietly();
            sessions.close(connection);
            connection = null;
        }
    }
}
