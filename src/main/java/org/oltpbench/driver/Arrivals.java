package org.oltpbench.driver;

import org.oltpbench.util.Clock;
import java.util.concurrent.atomic.AtomicLong;
import org.oltpbench.random.SbRandom;

/**
 * One Poisson arrival process shared by every terminal of a level, as sysbench's event queue is with --rate: a free
 * terminal claims the next arrival, so when the server stalls, the arrivals wait in line and each is timed from its
 * intended start (no coordinated omission), and a terminal that was reconnecting finds the schedule where it was.
 * Claiming is one atomic add of an exponential gap drawn by the claimant's own generator; the gaps are independent,
 * so the arrivals are Poisson at the rate. The clock starts when the level's terminals are released.
 */
public class Arrivals {
    /** No rate: nothing to wait for, no queue (-1), and an unlimited pacer for every terminal. */
    public static final Arrivals NONE = new Arrivals(Double.POSITIVE_INFINITY) {
        @Override
        public void start(long nanos) {
        }

        @Override
        public long queue(long now) {
            return -1;
        }

        @Override
        public Pacer pacer(SbRandom rnd) {
            return Pacer.UNLIMITED;
        }

        @Override
        public boolean limited() {
            return false;
        }
    };

    private final AtomicLong next = new AtomicLong();
    private final double meanNanos;

    /** @param perSecond arrivals per second over all terminals */
    public Arrivals(double perSecond) {
        this.meanNanos = 1e9 / perSecond;
    }

    /** The process of a level at {@code perSecond}: {@link #NONE} when it is 0 (unlimited). */
    public static Arrivals at(double perSecond) {
        return perSecond > 0 ? new Arrivals(perSecond) : NONE;
    }

    /** Whether transactions wait for their arrival: then service time is recorded beside latency. */
    public boolean limited() {
        return true;
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
            public long awaitNext(Clock clock, long deadline) throws InterruptedException {
                long at = next.addAndGet((long) (-Math.log(1.0 - rnd.nextDouble()) * meanNanos));
                clock.parkUntil(Math.min(at, deadline));
                return at;
            }

            @Override
            public boolean limited() {
                return true;
            }
        };
    }
}
