package org.oltpbench.driver;

import org.oltpbench.util.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Simulated time for unit tests of the level loop: a discrete-event clock. Time stands still while any thread that
 * {@link #join joined} the level runs; when every one of them waits on the clock, time jumps to the earliest end of
 * their waits and wakes exactly the threads whose waits end then. A 10 s level with 64 terminals runs in milliseconds,
 * and every edge (a statement's end, the deadline, a report) falls where the test put it.
 *
 * <p>Threads that have not joined (the test itself) may read the time and wait on it without holding it still.
 * {@link #late} makes one thread's waits end later than asked: a reporter that wakes late. {@link #tickOnRead} makes
 * time pass each time one thread reads it: a reporter whose harvest, sampling and writes take time, so that "now" read
 * before a report is earlier than the report's own edge, as on a real machine.
 */
public final class SimClock implements Clock {
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition moved = lock.newCondition();
    private final List<Waiter> waiting = new ArrayList<>();
    private final Map<Thread, Long> lateness = new ConcurrentHashMap<>();
    private long now;
    private int members;

    private static final class Waiter {
        final long at;
        final boolean member;
        boolean woken;

        Waiter(long at, boolean member) {
            this.at = at;
            this.member = member;
        }
    }

    private final ThreadLocal<Boolean> joined = ThreadLocal.withInitial(() -> false);

    public SimClock(long start) {
        this.now = start;
    }

    @Override
    public long nanoTime() {
        lock.lock();
        try {
            Long tick = ticks.get(Thread.currentThread());
            if (tick != null) {
                now += tick;
                waiting.removeIf(w -> {
                    if (w.at > now) return false;
                    w.woken = true;
                    return true;
                });
                moved.signalAll();
            }
            return now;
        } finally {
            lock.unlock();
        }
    }

    private final Map<Thread, Long> ticks = new ConcurrentHashMap<>();

    /** Every reading of the time by {@code t} from now on moves it on by {@code nanos} first (waits read it freely). */
    public void tickOnRead(Thread t, long nanos) {
        ticks.put(t, nanos);
    }

    /** Every wait of {@code t} from now on ends {@code nanos} later than asked. */
    public void late(Thread t, long nanos) {
        lateness.put(t, nanos);
    }

    @Override
    public void join() {
        lock.lock();
        try {
            if (!joined.get()) {
                joined.set(true);
                members++;
            }
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void leave() {
        lock.lock();
        try {
            if (joined.get()) {
                joined.set(false);
                members--;
                advanceIfAllWait();
            }
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void parkUntil(long at) throws InterruptedException {
        long until = at + lateness.getOrDefault(Thread.currentThread(), 0L);
        lock.lock();
        try {
            if (Thread.interrupted()) throw new InterruptedException();
            if (until <= now) return;
            Waiter w = new Waiter(until, joined.get());
            waiting.add(w);
            advanceIfAllWait();
            try {
                while (!w.woken) moved.await();
            } finally {
                if (!w.woken) {
                    waiting.remove(w);
                    advanceIfAllWait();
                }
            }
        } finally {
            lock.unlock();
        }
    }

    /** Polls the latch each simulated millisecond: a simulated thread must wait on the clock, not on the latch. */
    @Override
    public boolean await(CountDownLatch latch, long at) throws InterruptedException {
        while (latch.getCount() > 0) {
            long t = quietNow();
            if (t >= at) return false;
            parkUntil(Math.min(at, t + 1_000_000));
        }
        return true;
    }

    private long quietNow() {
        lock.lock();
        try {
            return now;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Lets simulated time run to {@code at} from a thread outside the level (the test), waiting like a member, and runs
     * {@code action} there before time moves on. A thread that had joined stays a member after it, so that time cannot
     * run past its next instant between two calls (on a busy host it did); one that had not leaves again.
     */
    public void runUntil(long at, Runnable action) throws InterruptedException {
        boolean member = joined.get();
        join();
        try {
            parkUntil(at);
            action.run();
        } finally {
            if (!member) leave();
        }
    }

    /** When every member waits, time moves to the earliest end among the waits and those waiters wake. */
    private void advanceIfAllWait() {
        long memberWaits = waiting.stream().filter(w -> w.member).count();
        if (waiting.isEmpty() || memberWaits < members) return;
        long next = Long.MAX_VALUE;
        for (Waiter w : waiting) next = Math.min(next, w.at);
        now = Math.max(now, next);
        waiting.removeIf(w -> {
            if (w.at > now) return false;
            w.woken = true;
            return true;
        });
        moved.signalAll();
    }
}
