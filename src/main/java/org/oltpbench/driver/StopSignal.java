package org.oltpbench.driver;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.oltpbench.db.load.LoadStop;

/**
 * Ctrl-C and its kin, in two strengths.
 * <ul>
 *   <li>{@link #finishInterval()} (the first Ctrl-C while a level measures): the level runs to the end of the report
 *       interval in progress, publishes it, and stops; no further level starts.</li>
 *   <li>{@link #raise()} (SIGTERM, a Ctrl-C outside a measured level, an embedding program): the level stops at once.</li>
 * </ul>
 * Either way the results gathered so far are written before the JVM exits (the shutdown hook waits for
 * {@link #finished}). A load asks the same object between its batches ({@link LoadStop}): any stop ends it.
 */
public final class StopSignal implements LoadStop {
    private volatile boolean raised, finishInterval, measuring;
    /** The process's exit status once stopped: 128 + the signal's number (SIGINT 130, SIGTERM 143, SIGHUP 129). */
    private volatile int exitCode = 130;
    private final CountDownLatch finished = new CountDownLatch(1);

    /** Whether any stop was asked for: no new level or repeat starts. */
    public boolean raised() {
        return raised || finishInterval;
    }

    /** A load stops on any stop: it has no interval to finish. */
    @Override
    public boolean stopping() {
        return raised();
    }

    /** Whether the level must stop now, without finishing its interval. */
    public boolean immediate() {
        return raised;
    }

    /** Whether the level in progress should stop at the end of its current report interval. */
    public boolean finishingInterval() {
        return finishInterval;
    }

    public void raise() {
        raised = true;
    }

    private volatile String reason = "interrupted (Ctrl-C)";

    /** The signal that asked for the stop ("Ctrl-C", "SIGTERM"), and the exit status it gives (128 + its number). */
    public void signalled(String what, int exitCode) {
        this.reason = "interrupted (" + what + ")";
        this.exitCode = exitCode;
    }

    /** Why a stopped level ended, as its repeat records it. */
    public String reason() {
        return reason;
    }

    public int exitCode() {
        return exitCode;
    }

    /**
     * The first Ctrl-C: while a level measures, it finishes the interval in progress (returns true); at any other
     * time (loading, connecting, between levels) there is no interval to finish, and the caller should stop at once
     * (returns false).
     */
    public boolean finishInterval() {
        if (!measuring) return false;
        finishInterval = true;
        return true;
    }

    /** Set by the level runner around its measuring loop. */
    void measuring(boolean on) {
        measuring = on;
    }

    /** The job has written its results; the shutdown hook may let the JVM go. */
    public void finished() {
        finished.countDown();
    }

    public void awaitFinished(long seconds) throws InterruptedException {
        finished.await(seconds, TimeUnit.SECONDS);
    }
}
