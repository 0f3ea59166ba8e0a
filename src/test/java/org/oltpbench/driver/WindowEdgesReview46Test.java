package org.oltpbench.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.oltpbench.db.Database;
import org.oltpbench.dialect.Dialects;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.repeat.counted.IntervalResult;
import org.oltpbench.result.repeat.server.ServerWindow;
import org.oltpbench.workload.DataCounter;

/**
 * Review of issue 46: HammerDB's NOPM is the server's count over the window's seconds (ServerWindow.seconds, stamped
 * warmEnd .. deadline). LevelRunner.Edges.warmupEnds() first reports the warm-up's last interval (harvest, resource
 * sampling, the journal's write and the console's line: listener.intervalDetail / interval) and only then reads the
 * server (counting.windowOpens(warmEnd)), stamping the read with warmEnd although it happened after all that work. At
 * the other edge nothing comes between the deadline and the read. So every transaction committed while the reporter
 * worked at the warm-up's end is missing from NOPM, whose per-minute figure still divides by the full window: a slow
 * reporter (a console on a slow terminal, a journal on a slow disk, a remote resource source) lowers NOPM below the
 * client's tpmC by its own delay, in one direction only (the close edge has no such wait).
 *
 * Here the server's count is the exact number of committed transactions (a counter the terminals bump as each one
 * ends, read as TpccWorkload reads sum(d_next_o_id)), 2 terminals of 1 ms statements, warm-up 2 s, 10 s measured, and
 * a reporter whose console takes 1 s to print the warm-up's last line. The server's per-minute figure must be the
 * client's (within the few transactions in flight at an edge); it is 10% low.
 */
@Timeout(60)
class WindowEdgesReview46Test {
    private static final long MS = 1_000_000L, S = 1_000_000_000L;
    private final SimClock clock = new SimClock(0);

    /** One statement per transaction; the "server's" count of committed ones grows as each ends. */
    private static final class Counted extends OneStatement {
        @Override
        public DataCounter dataCounter() {
            return new DataCounter("committed", c -> committed.get());
        }
    }

    @Test
    void nopmCountsTheSecondsItDividesBy() throws Exception {
        Counted workload = new Counted();
        // the console takes 1 s to show the warm-up's last interval (on the level's clock)
        RunListener slowAtTheWarmupsEnd = new RunListener() {
            @Override
            public void interval(IntervalResult i) {
                if (!i.warmup() || i.at() < 2.0 - 1e-9) return;
                try {
                    clock.parkUntil(clock.nanoTime() + S);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        };
        Database db = Database.through(new FakeDriver(clock, MS), Dialects.forName("tidb"), "jdbc:mysql://fe1:4000/db");
        LevelRunner.Settings s = Levels.threads(2).warmup(2).time(10).events(0).rate(0).interval(1).seed(7)
                .ignore(new IgnoreList(List.of())).build();
        RepeatResult r = CompletableFuture.supplyAsync(() -> {
            try {
                return new LevelRunner(s, workload, db, slowAtTheWarmupsEnd, new StopSignal(), StartGate.NOW, clock).run();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        }).get(30, TimeUnit.SECONDS);
        ServerWindow w = r.server().window();
        double clientPerMinute = r.counts().transactions() * 60 / r.seconds();
        assertEquals(r.seconds(), w.seconds(), 1e-6, "the server's window is the client's: warmEnd .. its last transaction's end");
        assertTrue(Math.abs(r.seconds() - 10.0) < 0.01, "the client's window: " + r.seconds());
        assertEquals(clientPerMinute, w.dataPerMinute(), clientPerMinute * 0.01, "the server counted " + w.data()
                + " committed over its " + w.seconds() + " s; the client " + r.counts().transactions() + " over " + r.seconds() + " s");
    }
}
