package org.oltpbench.driver;

/**
 * When a thread's next transaction is due. The unlimited pacer is a null object: it answers "now".
 * A rate-limited pacer ({@link Arrivals}) sleeps until the intended start; latency is then measured from the
 * intended start, not from when the thread got round to it (coordinated omission).
 */
public interface Pacer {
    /** Waits until the next transaction is due and returns its intended start in System.nanoTime() terms. */
    long awaitNext();

    Pacer UNLIMITED = System::nanoTime;

    /** True when transactions have intended starts, so their service time differs from their latency. */
    default boolean limited() {
        return false;
    }
}
