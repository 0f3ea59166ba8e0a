package org.oltpbench.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.oltpbench.db.Database;
import org.oltpbench.dialect.CommitCounter;
import org.oltpbench.dialect.Dialects;
import org.oltpbench.report.TpccFormat;
import org.oltpbench.result.repeat.server.ServerWindow;
import org.oltpbench.workload.DataCounter;

/**
 * Issue 58 §4: an engine that publishes a busy session's commits late (PostgreSQL's backends: at most once a second,
 * and what they owe as they exit). Four sessions commit 100 a second each from 0 to 10 s; session i publishes its count
 * at its own ticks (i x 0.25 s, then every second) and all of it 0.3 s after the end. By hand: true counts 400 a second.
 */
@Timeout(30)
class ServerCountingSettleTest {
    private static final long MS = 1_000_000L, S = 1_000_000_000L, END = 10 * S, EXIT = 300 * MS;
    private final SimClock clock = new SimClock(0);

    /** What the server shows at {@code t}: each session's commits up to its last publication. */
    private long published(long t) {
        long sum = 0;
        for (int i = 0; i < 4; i++) {
            long phase = i * 250 * MS;
            if (t >= END + EXIT) {
                sum += 100 * END / S;
                continue;
            }
            long upTo = Math.min(t, END);
            if (upTo < phase) continue;
            long last = phase + (upTo - phase) / S * S; // its last tick
            sum += 100 * last / S;
        }
        return sum;
    }

    private ServerCounting counting() {
        CommitCounter late = new CommitCounter("commits", null, true, c -> published(clock.nanoTime()), "commits",
                c -> published(clock.nanoTime()), 1.0);
        Database db = Database.through(new FakeDriver(clock, MS), Dialects.forName("postgres"), "jdbc:postgresql://fe1:5432/db");
        return ServerCounting.open(late, DataCounter.NONE, db);
    }

    /**
     * Opened before the terminals ran (no warm-up): 0 owed at the open; at the close the sessions owe up to a second
     * each: read at once, 3,850 of the 4,000 (two reads 0.1 s apart agree then: the steps are a second apart); settled
     * to the client's 4,000 commits, and no bound to say.
     */
    @Test
    void theClosingReadSettlesAfterTheSessionsEnded() throws Exception {
        clock.join();
        try (ServerCounting c = counting()) {
            boolean opened = false;
            c.windowOpens(0, opened);
            clock.parkUntil(END);
            assertTrue(published(END) < 4000, "the server owes some at the end: " + published(END));
            ServerWindow w = c.windowCloses(END, "postgres", clock, 4000 - (opened ? 800 : 0));
            assertEquals(4000, w.transactions(), "settled: every commit of the window");
            assertTrue(w.closeSettled() && !w.openedBusy(), "no lag to bound: the close settled, the open read owed nothing");
            assertTrue(TpccFormat.nopmLine(new ServerWindow("postgres", "commits", w.transactions(), "sum(d_next_o_id)", 100,
                    w.seconds(), w.lagSecs(), null, w.closeSettled(), w.openedBusy())).endsWith("commits +4000)"));
            assertTrue(clock.nanoTime() <= END + (long) (1.0 * S) + ServerCounting.SETTLE_STEP_NANOS, "waited at most the lag and a step");
        } finally {
            clock.leave();
        }
    }

    /**
     * Opened after a 2-s warm-up, the sessions busy: the open read shows 200 + 125 + 150 + 175 = 650 of the 800
     * committed; the close read at 10 s shows 3,850, 3,200 over the open's: the client's 3,200, and 10.1 s the same, so
     * the settle stops there (the 150 the sessions owe at the close offset the 150 they owed at the open). Whatever the sessions owe at
     * the open, the window holds between the client's commits and them more: 1 s of the window's 8, the printed bound
     * "up to 12.5% high".
     */
    @Test
    void anOpeningReadAfterTheWarmupSaysItsOneSidedBound() throws Exception {
        clock.join();
        try (ServerCounting c = counting()) {
            clock.parkUntil(2 * S);
            boolean opened = true;
            c.windowOpens(2 * S, opened);
            clock.parkUntil(END);
            ServerWindow w = c.windowCloses(END, "postgres", clock, 4000 - (opened ? 800 : 0));
            assertEquals(3200, w.transactions());
            assertEquals(10 * S + ServerCounting.SETTLE_STEP_NANOS, clock.nanoTime(),
                    "one step: the window showed the client's commits, and a read a step later no more");
            assertEquals(1.0, w.lagSecs());
            assertTrue(w.closeSettled() && w.openedBusy());
            assertTrue(w.transactions() >= 3200 && w.transactions() <= 3200 * (1 + w.lagSecs() / w.seconds()));
            assertTrue(TpccFormat.nopmLine(new ServerWindow("postgres", "commits", w.transactions(), "sum(d_next_o_id)", 100,
                    w.seconds(), w.lagSecs(), null, w.closeSettled(), w.openedBusy())).endsWith("the TPM up to 12.5% high)"));
        } finally {
            clock.leave();
        }
    }
}
