package org.oltpbench.driver;

import org.oltpbench.util.Clock;
import java.util.concurrent.atomic.AtomicLong;
import org.oltpbench.measure.ThreadStats;
import org.oltpbench.random.SbRandom;

/**
 * One Poisson arrival process shared by every terminal of a level, as sysbench's event queue is with --rate: a free
 * terminal claims the next arrival, so when the server stalls, the arrivals wait in line and each is timed from its
 * intended start (no coordinated omission), and a terminal that was reconnecting finds the schedule where it was.
 * Claiming is one atomic add of an exponential gap drawn by the claimant's own generator; the gaps are independent,
 * so the arrivals are Poisson at the rate. The clock starts when the level's terminals are released.
 *
 * <p>With a latency limit (latencyLimitMs, pgbench's {@code -L} beside {@code -R}), an arrival that is already more than
 * the limit behind when a free terminal claims it is skipped: not sent, counted ({@link ThreadStats#skipped}), and
 * the terminal claims the next one, as pgbench does. One exactly the limit behind is sent.
 */
public class Arrivals {
    /** The gap before the next arrival, drawn by the claimant's generator; a test places arrivals by hand. */
    public interface Gaps {
        long next(SbRandom rnd, double meanNanos);
    }

    /** Exponential gaps of mean {@code meanNanos}: Poisson arrivals at the rate. */
    static final Gaps EXPONENTIAL = (rnd, meanNanos) -> (long) (-Math.log(1.0 - rnd.nextDouble()) * meanNanos);

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
        public Pacer pacer(SbRandom rnd, ThreadStats stats) {
            return Pacer.UNLIMITED;
        }

        @Override
        public boolean limited() {
            return false;
        }
    };

    private final AtomicLong next = new AtomicLong();
    private final double meanNanos;
    /** Arrivals further behind than this when claimed are skipped; Long.MAX_VALUE: none is. */
    private final long limitNanos;
    /** How the gaps between arrivals are drawn (exponential, or placed by a test). */
    private final Gaps gaps;

    /** @param perSecond arrivals per second over all terminals */
    public Arrivals(double perSecond) {
        this(perSecond, 0);
    }

    /** @param limitNanos skip arrivals more than this behind when claimed; 0 = never skip */
    public Arrivals(double perSecond, long limitNanos) {
        this(perSecond, limitNanos, EXPONENTIAL);
    }

    public Arrivals(double perSecond, long limitNanos, Gaps gaps) {
        this.meanNanos = 1e9 / perSecond;
        this.limitNanos = limitNanos > 0 ? limitNanos : Long.MAX_VALUE;
        this.gaps = gaps;
    }

    /** The process of a level at {@code perSecond}: {@link #NONE} when it is 0 (unlimited). */
    public static Arrivals at(double perSecond) {
        return at(perSecond, 0);
    }

    /** As {@link #at(double)}, skipping arrivals more than {@code limitNanos} behind (0: none). */
    public static Arrivals at(double perSecond, long limitNanos) {
        return perSecond > 0 ? new Arrivals(perSecond, limitNanos) : NONE;
    }

    /** Whether transactions wait for their arrival: then service time is recorded beside latency. */
    public boolean limited() {
        return true;
    }

    /** Sets the clock: the first arrival falls one gap after {@code nanos}. */
    public void start(long nanos) {
        next.set(nanos);
    }

    /** The next arrival: one exponential gap after the last one claimed by any terminal. */
    private long claim(SbRandom rnd) {
        return next.addAndGet(gaps.next(rnd, meanNanos));
    }

    /** Arrivals that are due but not yet claimed, expected from how far the schedule lags: (now - next) x rate. */
    public long queue(long now) {
        long behind = now - next.get();
        return behind > 0 ? (long) (behind / meanNanos) : 0;
    }

    /** A terminal's view of the process, with its own generator for the gaps; its skipped arrivals count in {@code stats}. */
    public Pacer pacer(SbRandom rnd, ThreadStats stats) {
        return new Pacer() {
            @Override
            public long awaitNext(Clock clock, long deadline) throws InterruptedException {
                long now = clock.nanoTime(), at = claim(rnd);
                // skipped arrivals before the deadline count; one at or after it ends the terminal's level unsent
                while (now - at > limitNanos && at < deadline) {
                    stats.skipped();
                    at = claim(rnd);
                }
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
