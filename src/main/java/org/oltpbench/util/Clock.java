package org.oltpbench.util;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The level's time: a monotonic reading in nanoseconds and every wait a terminal or the reporter makes. Production
 * runs on {@link #SYSTEM}; unit tests pass a simulated clock whose time moves only when every thread of the level
 * waits on it, so that a deadline, a report edge or a statement's end can be placed exactly.
 *
 * <p>Contract of every wait: it returns when the clock reads at least its end, and throws {@link InterruptedException}
 * as soon as the waiting thread is interrupted (the level's stop uses that to cut a wait short).
 */
public interface Clock {
    /** Now, in the clock's nanoseconds (System.nanoTime() terms on the system clock). */
    long nanoTime();

    /** Waits until the clock reads at least {@code at}; returns at once when it already does. */
    void parkUntil(long at) throws InterruptedException;

    /** Waits until {@code latch} opens (true) or the clock reads {@code at} (false). */
    boolean await(CountDownLatch latch, long at) throws InterruptedException;

    /** The calling thread takes part in the level (a worker, the reporter): simulated time waits for it. */
    default void join() {
    }

    /** The calling thread is done with the level. */
    default void leave() {
    }

    /** The JVM's monotonic clock; waits park the thread. */
    Clock SYSTEM = new Clock() {
        @Override
        public long nanoTime() {
            return System.nanoTime();
        }

        @Override
        public void parkUntil(long at) throws InterruptedException {
            long wait;
            while ((wait = at - System.nanoTime()) > 0) {
                LockSupport.parkNanos(wait);
                if (Thread.interrupted()) throw new InterruptedException();
            }
            if (Thread.interrupted()) throw new InterruptedException();
        }

        @Override
        public boolean await(CountDownLatch latch, long at) throws InterruptedException {
            return latch.await(Math.max(0, at - System.nanoTime()), TimeUnit.NANOSECONDS);
        }
    };
}
