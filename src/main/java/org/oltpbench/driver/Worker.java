package org.oltpbench.driver;

import java.sql.Connection;
import java.sql.SQLException;
import org.oltpbench.dialect.Dialect;
import org.oltpbench.measure.ThreadStats;
import org.oltpbench.workload.Terminal;

/**
 * One benchmark thread: holds one connection and one terminal for the whole level and runs
 * transactions until told to stop. The loop does no locking, no allocation and no string work
 * of its own; a failed transaction is rolled back and then restarted (ignored error), reconnected
 * (lost connection) or ends the level (any other error).
 */
final class Worker implements Runnable {
    private final LevelRun run;
    private final int index;
    private final ThreadStats stats;
    private final Pacer pacer;
    private final long seed;
    private Connection connection;
    private Terminal terminal;

    Worker(LevelRun run, int index, ThreadStats stats, Pacer pacer, long seed) {
        this.run = run;
        this.index = index;
        this.stats = stats;
        this.pacer = pacer;
        this.seed = seed;
    }

    @Override
    public void run() {
        try {
            if (!setUp()) return;
            run.awaitGo();
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
            tearDown();
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
     * Opens the connection and the terminal on it; a terminal that cannot be made leaves no connection behind. With
     * connections=N the terminal borrows one of the level's shared connections per transaction instead.
     */
    private void connect() throws SQLException {
        if (run.shared() != null) {
            terminal = run.workload().sharedTerminal(run.shared(), index, run.threads(), seed);
            return;
        }
        connection = run.sessions().connection(index);
        try {
            terminal = run.workload().terminal(connection, index, run.threads(), seed);
        } catch (SQLException | RuntimeException e) {
            run.sessions().close(connection);
            connection = null;
            throw e;
        }
    }

    /**
     * One event per pass. An event that fails on an ignored error is run again at once, as sysbench 1.0.20's
     * thread_run does (RESTART_EVENT): its latency runs from the first attempt's start to the final outcome and
     * it counts once; each failed attempt counts as an ignored error.
     */
    private void loop() {
        final Budget budget = run.budget();
        final boolean limited = pacer.limited();
        while (run.running()) {
            long start = pacer.awaitNext();
            long began = limited ? System.nanoTime() : start;
            // a restarted event keeps start unless the terminal deals a new one (Terminal.restartsTheSameEvent)
            if (!budget.take()) return;
            while (true) {
                try {
                    int outcome = terminal.next(stats);
                    long end = System.nanoTime();
                    record(outcome, end - start, limited ? end - began : -1);
                    break;
                } catch (SQLException e) {
                    if (!recover(e)) return;
                    if (!run.running()) return;
                    if (!terminal.restartsTheSameEvent()) {
                        // a new event: timed from now (under a rate, from its arrival still: it replaces that one)
                        began = System.nanoTime();
                        if (!limited) start = began;
                    }
                }
            }
        }
    }

    /** Latency from the intended start; with a rate, service time from the actual start too (else -1). */
    private void record(int outcome, long nanos, long serviceNanos) {
        int type = outcome & ~Terminal.ROLLED_BACK;
        if ((outcome & Terminal.ROLLED_BACK) != 0) stats.rollback(type, nanos, serviceNanos);
        else stats.event(type, nanos, serviceNanos);
    }

    /** @return whether the loop goes on (the event is restarted) */
    private boolean recover(SQLException e) {
        if (!run.running()) {
            // cut off by the end of the level (interrupted while it waited): not a result, neither counted nor timed
            stats.discardPending();
            return false;
        }
        stats.publishStatements();
        Dialect.ErrorClass c = run.dialect().classify(e);
        if (c == Dialect.ErrorClass.CONNECTION_LOST) {
            // the failed event counts as an ignored error, as sysbench counts a statement it reconnected after
            stats.ignoredError();
            return reconnect(e);
        }
        terminal.rollbackQuietly();
        if (run.ignore().ignores(e)) {
            stats.ignoredError();
            return true;
        }
        run.fail("thread " + index, e);
        return false;
    }

    /** Replaces the lost connection, retrying with back-off while the level runs. */
    private boolean reconnect(SQLException cause) {
        closeQuietly();
        run.sessions().close(connection);
        connection = null;
        long backoffMs = 10;
        while (run.running()) {
            try {
                connect();
                stats.reconnect();
                return true;
            } catch (SQLException | RuntimeException e) {
                try {
                    Thread.sleep(backoffMs);
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                    return false;
                }
                backoffMs = Math.min(1000, backoffMs * 2);
            }
        }
        return false;
    }

    private void closeQuietly() {
        if (terminal != null) terminal.close();
        terminal = null;
    }

    private void tearDown() {
        closeQuietly();
        run.sessions().close(connection);
        connection = null;
    }
}
