package org.oltpbench.util;

/** Stopping a helper thread of the run (a ticker, a sampler). */
public final class Threads {
    private Threads() {
    }

    /**
     * Interrupts {@code t} and waits at most {@code millis} for it to end; a thread that does not end by then is left to
     * end on its own (a daemon). The caller's own interrupt is kept.
     */
    public static void stop(Thread t, long millis) {
        t.interrupt();
        try {
            t.join(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
