package org.oltpbench.driver;

import java.util.concurrent.locks.LockSupport;
import org.oltpbench.workload.sysbench.SbRandom;

/**
 * When a thread's next transaction is due. The unlimited pacer is a null object: it answers "now".
 * A rate-limited pacer sleeps until the intended start; latency is then measured from the intended
 * start, not from when the thread got round to it (coordinated omission).
 */
public interface Pacer {
    /** Waits until the next transaction is due and returns its intended start in System.nanoTime() terms. */
    long awaitNext();

    Pacer UNLIMITED = System::nanoTime;

    /** Poisson arrivals at {@code perSecond} for one thread; the sum over threads is Poisson at the total rate. */
    static Pacer poisson(double perSecond, SbRandom rnd) {
        double meanNanos = 1e9 / perSecond;
        return new Pacer() {
            private long next = System.nanoTime();

            @Override
            public long awaitNext() {
                next += (long) (-Math.log(1.0 - rnd.nextDouble()) * meanNanos);
                long wait;
                while ((wait = next - System.nanoTime()) > 0 && !Thread.currentThread().isInterrupted()) {
                    LockSupport.parkNanos(wait);
                }
                return next;
            }
        };
    }
}
