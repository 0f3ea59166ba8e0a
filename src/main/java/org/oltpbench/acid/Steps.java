package org.oltpbench.acid;

import java.sql.SQLException;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Steps a second session by hand beside the first: its step runs on a thread of its own, and {@link #observe} waits,
 * without sleeping a guess, until either the step returned or the engine's lock view shows the session waiting. A step
 * that does neither within {@link #FINISH_MS} was held by something the view does not show (or is slow): no judgement.
 * Only where the engine has no lock view is a step that has not returned within {@link #TIMING_BOUND_MS} judged
 * blocked, and the evidence says it was judged by timing.
 */
final class Steps implements AutoCloseable {
    /** With no lock view: how long a session must not answer to be judged waiting. */
    static final long TIMING_BOUND_MS = 10_000;
    /**
     * How often the lock view is read: InnoDB's INNODB_TRX is a cache that a read refreshes only when its last refresh
     * is over 0.1 s old, and reads closer together than that kept it at the moment before the transactions began.
     */
    static final long LOOK_EVERY_MS = 150;
    /** How long a step may take to finish once what held it ended. */
    static final long FINISH_MS = 60_000;

    private final ExecutorService thread = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "acid-t2");
        t.setDaemon(true);
        return t;
    });
    private final LockWatch watch;

    Steps(LockWatch watch) {
        this.watch = watch;
    }

    /** What a session's step did by the time it was looked at. */
    enum Seen {
        /** It returned. */
        DONE,
        /** The engine's lock view showed it waiting for a lock. */
        BLOCKED,
        /** With no lock view: it did not return within {@link #TIMING_BOUND_MS}. */
        BLOCKED_BY_TIMING,
        /** With a lock view: it neither returned nor showed a lock wait within {@link #FINISH_MS}. */
        NEITHER
    }

    /** Starts {@code step} on the second session's thread. */
    <T> Future<T> start(Callable<T> step) {
        return thread.submit(step);
    }

    /**
     * Waits until {@code step} returned or {@code session} is seen waiting for a lock {@code holder} holds (or the bound
     * passed). Where the engine names who holds each wait (the dialect's lockHolderQueries), a wait on {@code holder}
     * is judged at once and a wait on another is not; where it names none, only a wait seen on two looks in a row (a
     * session waits a moment for locks no open transaction holds: TiDB resolving a committed transaction's locks, and
     * a 3.4.2.8 judged "blocked" on such a moment was a phantom on the next run).
     */
    Seen observe(Future<?> step, long session, long holder) throws SQLException {
        long t0 = System.nanoTime(), looked = t0 - LOOK_EVERY_MS * 1_000_000;
        boolean view = watch.view() != null && session >= 0, waitedBefore = false;
        long bound = view ? FINISH_MS : TIMING_BOUND_MS;
        while (true) {
            if (step.isDone()) return Seen.DONE;
            if (view && System.nanoTime() - looked >= LOOK_EVERY_MS * 1_000_000) {
                looked = System.nanoTime();
                boolean waits = watch.waiting(session);
                Boolean held = waits ? watch.heldBy(session, holder) : null;
                boolean onHolder = Boolean.TRUE.equals(held) || held == null && waits && waitedBefore;
                if (onHolder && !step.isDone()) return Seen.BLOCKED;
                waitedBefore = waits && held == null;
            }
            if ((System.nanoTime() - t0) / 1_000_000 >= bound) {
                if (step.isDone()) return Seen.DONE;
                return view ? Seen.NEITHER : Seen.BLOCKED_BY_TIMING;
            }
            try {
                step.get(20, TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                // still running: look again
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new SQLException("interrupted while a session was stepped", e);
            } catch (ExecutionException e) {
                return Seen.DONE; // it ended with an error, which finish() gives
            }
        }
    }

    /** The step's result once it ends; its SQLException as thrown. */
    static <T> T finish(Future<T> step) throws SQLException {
        try {
            return step.get(FINISH_MS, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof SQLException s) throw s;
            throw new SQLException("a stepped session failed: " + e.getCause(), e.getCause());
        } catch (TimeoutException e) {
            throw new SQLException("a stepped session did not finish within " + FINISH_MS / 1000 + " s after what held it ended");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLException("interrupted while a session was stepped", e);
        }
    }

    /** The words for how T2 was seen. */
    String words(Seen seen) {
        return words(seen, "T2", "T1");
    }

    /** The words for how session {@code who} was seen while {@code holder} held its transaction open. */
    String words(Seen seen, String who, String holder) {
        return switch (seen) {
            case DONE -> who + " did not wait";
            case BLOCKED -> who + " waited for a lock (" + watch.view() + ") while " + holder + " was open";
            case BLOCKED_BY_TIMING -> who + " did not answer in " + TIMING_BOUND_MS / 1000 + " s while " + holder
                    + " was open (judged by timing: this engine's lock view is not read)";
            case NEITHER -> who + " neither returned nor showed a lock wait in " + FINISH_MS / 1000 + " s while " + holder
                    + " was open";
        };
    }

    @Override
    public void close() {
        thread.shutdownNow();
    }
}
