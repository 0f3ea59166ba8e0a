package org.oltpbench.acid;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.SQLException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A session is judged blocked only when the lock view shows it waiting on two looks in a row: a moment's wait (a lock
 * no open transaction holds, as TiDB's resolving of a committed transaction's locks) is not T1 holding T2.
 */
class StepsTest {
    /** A view that shows session 2 waiting on the looks {@code waitingOn} lists (1-based) and no other. */
    private static LockWatch view(AtomicInteger looks, int... waitingOn) {
        return ScriptedView.waiting(id -> {
            int n = looks.incrementAndGet();
            for (int w : waitingOn) if (w == n) return id == 2;
            return false;
        });
    }

    @Test
    void aWaitSeenOnceIsNotABlock() throws Exception {
        AtomicInteger looks = new AtomicInteger();
        try (Steps steps = new Steps(view(looks, 1, 3))) {
            // the step returns only after the view was looked at 4 times: waiting on looks 1 and 3, never twice in a row
            Future<Integer> step = steps.start(() -> {
                while (looks.get() < 4) Thread.sleep(5);
                return 1;
            });
            assertEquals(Steps.Seen.DONE, steps.observe(step, 2, 1));
            assertEquals(1, Steps.finish(step));
        }
    }

    @Test
    void aWaitSeenOnTwoLooksInARowIsABlock() throws SQLException {
        AtomicInteger looks = new AtomicInteger();
        CountDownLatch t1Ends = new CountDownLatch(1);
        try (Steps steps = new Steps(view(looks, 2, 3))) {
            Future<Integer> step = steps.start(() -> {
                t1Ends.await(); // held until T1 ends: after observe has judged
                return 1;
            });
            assertEquals(Steps.Seen.BLOCKED, steps.observe(step, 2, 1));
            assertEquals(3, looks.get(), "judged on the second look in a row");
            t1Ends.countDown();
            assertEquals(1, Steps.finish(step));
        }
    }

    /** A view that names who holds session 2's wait: {@code holder} on every look. */
    private static LockWatch naming(AtomicInteger looks, long holder) {
        return ScriptedView.waiting(id -> {
            looks.incrementAndGet();
            return id == 2;
        }).holders((waiter, h) -> waiter == 2 && h == holder);
    }

    @Test
    void aWaitTheEngineSaysIsOnT1IsABlockAtOnce() throws SQLException {
        AtomicInteger looks = new AtomicInteger();
        CountDownLatch t1Ends = new CountDownLatch(1);
        try (Steps steps = new Steps(naming(looks, 1))) {
            Future<Integer> step = steps.start(() -> {
                t1Ends.await();
                return 1;
            });
            assertEquals(Steps.Seen.BLOCKED, steps.observe(step, 2, 1));
            assertEquals(1, looks.get(), "the holder named on the first look");
            t1Ends.countDown();
            assertEquals(1, Steps.finish(step));
        }
    }

    @Test
    void aWaitTheEngineSaysIsOnAnotherIsNoBlockHoweverLong() throws Exception {
        AtomicInteger looks = new AtomicInteger();
        // session 2 waits on session 7 on every look (four in a row), then returns: never T1's (session 1) block
        try (Steps steps = new Steps(naming(looks, 7))) {
            Future<Integer> step = steps.start(() -> {
                while (looks.get() < 4) Thread.sleep(5);
                return 1;
            });
            assertEquals(Steps.Seen.DONE, steps.observe(step, 2, 1));
        }
    }
}
