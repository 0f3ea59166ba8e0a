package org.oltpbench.driver;

import org.oltpbench.util.Clock;

/**
 * When a thread's next transaction is due. The unlimited pacer is a null object: it answers "now".
 * A rate-limited pacer ({@link Arrivals}) waits until the intended start; latency is then measured from the
 * intended start, not from when the thread got round to it (coordinated omission).
 */
public interface Pacer {
    /**
     * Waits until the next transaction is due, or until {@code deadline} if that comes first, and returns its intended
     * start on {@code clock}. A start at or after the deadline is never submitted: the caller checks.
     *
     * @throws InterruptedException the level's stop cut the wait
     */
    long awaitNext(Clock clock, long deadline) throws InterruptedException;

    Pacer UNLIMITED = (clock, deadline) -> clock.nanoTime();

    /** True when transactions have intended starts, so their service time differs from their latency. */
    default boolean limited() {
        return false;
    }
}
