package org.oltpbench.driver;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.oltpbench.workload.sysbench.SbRandom;

/**
 * One Poisson arrival process shared by every terminal of a level, as sysbench's event queue is with --rate: a free
 * terminal claims the next arrival, so when the server stalls, the arrivals wait in line and each is timed from its
 * intended start (no coordinated omission), and a terminal that was reconnecting finds the schedule where it was.
 * Claiming is one atomic add of an exponential gap drawn by the claimant's own generator; the gaps are independent,
 * so the arrivals are Poisson at the rate. The clock starts when the level's terminals are released.
 */
public final class Arrivals {
    private final AtomicLong next = new AtomicLong();
    private final double meanNanos;

    /** @param perSecond arrivals per second over all terminals */
    public Arrivals(double perSecond) {
        this.meanNanos = 1e9 / perSecond;
    }

    /** Sets the clock: the first arrival falls one gap after {@code nanos}. */
    public void start(long nanos) {
        next.set(nanos);
    }

    /** Arrivals that are due but not yet claimed, expected from how far the schedule lags: (now - next) x rate. */
    public long queue(long now) {
        long behind = now - next.get();
        return behind > 0 ? (long) (behind / meanNanos) : 0;
    }

    /** A terminal's view of the process, with its own generator for the gaps. */
    public Pacer pacer(SbRandom rnd) {
        return new Pacer() {
            @Override
            public long awaitNext() {
                long at = next.addAndGet((long) (-Math.log(1.0 - rnd.nextDouble()) * meanNanos));
                long wait;
                while ((wait = at - System.nanoTime()) > 0 && !Thread.currentThread().isInterrupted()) {
                    LockSupport.parkNanos(wait);
                }
                return at;
            }

            @Override
            public boolean limited() {
                return true;
            }
        };
    }
}
