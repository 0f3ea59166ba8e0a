package org.oltpbench.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverPropertyInfo;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.oltpbench.db.Database;
import org.oltpbench.db.SharedConnections;
import org.oltpbench.dialect.CommitCounter;
import org.oltpbench.dialect.Dialect;
import org.oltpbench.dialect.Dialects;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.repeat.server.ServerWindow;
import org.oltpbench.workload.DataCounter;
import org.oltpbench.workload.Terminal;

/** Review of eb7c5f3 and 7ede324 at the level: what the window's server reads see, and when they happen. *
 * <p>A fresh reviewer's cases (2026-12-07); each was a defect of eb7c5f3's changes, fixed before they landed: the
 * assertions state the behaviour that holds now.
 */
@Timeout(120)
class Review58bWindowReadsTest {
    private static final long MS = 1_000_000L, S = 1_000_000_000L;
    private final SimClock clock = new SimClock(0);

    /** One statement per transaction, committed explicitly; the "server's" NOPM-like count grows as each ends. */
    private static final class Counted extends OneStatement {
        @Override
        public DataCounter dataCounter() {
            return new DataCounter("committed", c -> committed.get());
        }

        /** With connections=N: each transaction borrows a pool connection, runs its statement and commits. */
        @Override
        public Terminal sharedTerminal(SharedConnections shared, int index, int threads, long seed) {
            return new Terminal() {
                @Override
                public int next(org.oltpbench.measure.ThreadStats stats) throws SQLException {
                    long t0 = System.nanoTime();
                    Connection c = shared.borrow();
                    stats.queued(System.nanoTime() - t0);
                    try (PreparedStatement ps = c.prepareStatement("SELECT 1")) {
                        ps.executeQuery();
                        c.commit();
                        stats.commits(1);
                        committed.incrementAndGet();
                        stats.reads(1);
                    } finally {
                        shared.giveBack(c);
                    }
                    return 0;
                }

                @Override
                public void rollbackQuietly() {
                }

                @Override
                public int preparedStatements() {
                    return 0;
                }

                @Override
                public void close() {
                }
            };
        }
    }

    /** A driver that counts the connections open through it. */
    private static final class Counting implements Driver {
        final Driver inner;
        final AtomicInteger open = new AtomicInteger();

        Counting(Driver inner) {
            this.inner = inner;
        }

        @Override
        public Connection connect(String url, Properties info) throws SQLException {
            Connection c = inner.connect(url, info);
            open.incrementAndGet();
            boolean[] closed = {false};
            return (Connection) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {Connection.class}, (p, m, a) -> {
                if (m.getName().equals("close")) {
                    synchronized (closed) {
                        if (!closed[0]) open.decrementAndGet();
                        closed[0] = true;
                    }
                }
                if (m.getName().equals("isClosed")) return closed[0];
                if (m.getName().equals("unwrap")) return p;
                try {
                    return m.invoke(c, a);
                } catch (java.lang.reflect.InvocationTargetException e) {
                    throw e.getCause();
                }
            });
        }

        @Override
        public boolean acceptsURL(String url) {
            return true;
        }

        @Override
        public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) {
            return new DriverPropertyInfo[0];
        }

        @Override
        public int getMajorVersion() {
            return 1;
        }

        @Override
        public int getMinorVersion() {
            return 0;
        }

        @Override
        public boolean jdbcCompliant() {
            return false;
        }

        @Override
        public Logger getParentLogger() {
            return null;
        }
    }

    /** {@code base} with {@code counter} as its commit counter. */
    private static Dialect withCounter(Dialect base, CommitCounter counter) {
        return (Dialect) Proxy.newProxyInstance(Review58bWindowReadsTest.class.getClassLoader(), new Class<?>[] {Dialect.class},
                (p, m, a) -> {
                    if (m.getName().equals("commitCounter")) return counter;
                    try {
                        return m.invoke(base, a);
                    } catch (java.lang.reflect.InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    private RepeatResult run(LevelRunner.Settings s, Counted w, Database db) throws Exception {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return new LevelRunner(s, w, db, new RunListener() {
                }, new StopSignal(), StartGate.NOW, clock).run();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        }).get(60, TimeUnit.SECONDS);
    }


    /**
     * 7ede324 with eb7c5f3: windowOpens reads the transactions (TiDB: an HTTP fetch of /metrics from every front end,
     * 2-s connect and 3-s request timeouts) before sum(d_next_o_id). After a warm-up the terminals run while it does;
     * the data read is stamped warmEnd but taken after the fetch, so NOPM misses the transactions committed during the
     * fetch while dividing by the whole window (WindowEdgesReview46Test's defect, come back through the new reader).
     * Here the fetch takes 1 s of the level's clock (a status port whose SYN is dropped costs 2 s per front end):
     * 2 terminals, 1-ms statements, warm-up 2 s, 10 s measured: NOPM 10% below the client's rate.
     */
    @Test
    void aSlowMetricsFetchAtTheOpenLowersNopm() throws Exception {
        Counted w = new Counted();
        CommitCounter tidbLike = new CommitCounter(null, "no cross-check", false, c -> -1, "tidb metric", c -> {
            try {
                clock.parkUntil(clock.nanoTime() + S); // the HTTP fetch, on the reporter's thread
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return 0;
        }, 0);
        Database db = Database.through(new FakeDriver(clock, MS), withCounter(Dialects.forName("tidb"), tidbLike),
                "jdbc:mysql://fe1:4000/db");
        LevelRunner.Settings s = Levels.threads(2).warmup(2).time(10).events(0).rate(0).interval(1).seed(7)
                .ignore(new IgnoreList(List.of())).build();
        RepeatResult r = run(s, w, db);
        ServerWindow win = r.server().window();
        double clientPerMinute = r.counts().transactions() * 60 / r.seconds();
        assertEquals(clientPerMinute, win.dataPerMinute(), clientPerMinute * 0.01, "NOPM-like count " + win.data() + " over "
                + win.seconds() + " s against the client's " + r.counts().transactions() + " over " + r.seconds() + " s");
    }

    /**
     * The same fetch without a warm-up: windowOpens runs in Edges' constructor after t0 is taken and before the release,
     * and the deadline is t0 + time. The window's first second has no terminal running: the client's own tps (the
     * headline) falls by the fetch's share of the window. On the system clock (the simulated one cannot move while the
     * terminals wait at the release): 3-s levels, 2 terminals of 1-ms statements, with and without a 1-s fetch.
     */
    @Test
    void aSlowMetricsFetchBeforeTheReleaseShortensTheClientsWindow() throws Exception {
        double[] tps = new double[2];
        for (int k = 0; k < 2; k++) {
            long fetchMs = k == 0 ? 0 : 1000;
            Counted w = new Counted();
            CommitCounter tidbLike = new CommitCounter(null, "no cross-check", false, c -> -1, "tidb metric", c -> {
                try {
                    Thread.sleep(fetchMs);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return 0;
            }, 0);
            Database db = Database.through(new FakeDriver(org.oltpbench.util.Clock.SYSTEM, MS),
                    withCounter(Dialects.forName("tidb"), tidbLike), "jdbc:mysql://fe1:4000/db");
            LevelRunner.Settings s = Levels.threads(2).warmup(0).time(3).events(0).rate(0).interval(1).seed(7)
                    .ignore(new IgnoreList(List.of())).build();
            RepeatResult r = CompletableFuture.supplyAsync(() -> {
                try {
                    return new LevelRunner(s, w, db, new RunListener() {
                    }, new StopSignal(), StartGate.NOW, org.oltpbench.util.Clock.SYSTEM).run();
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            }).get(60, TimeUnit.SECONDS);
            tps[k] = r.counts().transactions() / r.seconds();
        }
        assertEquals(tps[0], tps[1], tps[0] * 0.05, "tps without the fetch " + tps[0] + ", with a 1-s fetch at the open " + tps[1]);
    }

    /**
     * With a start gate (startAt: several clients begin measuring together), the server's reads are taken before the
     * gate, while nothing of the level runs: a 2-s read does not move the window's start past the gate's instant (CI's
     * MergeIT: client 1's window opened 1.1 s after client 0's, its read slow on a busy server). On the system clock
     * (the gate waits on the wall clock): the gate opens 3 s after the level is asked for; the window must start within
     * 1 s after it, where the read after the gate put it 2 s or more after.
     */
    @Test
    void aSlowServerReadBeforeAStartGateTakesNoneOfTheWindow() throws Exception {
        Counted w = new Counted();
        CommitCounter slow = new CommitCounter(null, "no cross-check", false, c -> -1, "tidb metric", c -> {
            try {
                Thread.sleep(2000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return 0;
        }, 0);
        Database db = Database.through(new FakeDriver(org.oltpbench.util.Clock.SYSTEM, MS),
                withCounter(Dialects.forName("tidb"), slow), "jdbc:mysql://fe1:4000/db");
        LevelRunner.Settings s = Levels.threads(2).warmup(0).time(1).events(0).rate(0).interval(1).seed(7)
                .ignore(new IgnoreList(List.of())).build();
        java.time.Instant startAt = java.time.Instant.now().plusSeconds(3);
        StartGate gate = StartGate.at(startAt, new java.io.PrintStream(java.io.OutputStream.nullOutputStream()));
        RepeatResult r = CompletableFuture.supplyAsync(() -> {
            try {
                return new LevelRunner(s, w, db, new RunListener() {
                }, new StopSignal(), gate, org.oltpbench.util.Clock.SYSTEM).run();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        }).get(60, TimeUnit.SECONDS);
        java.time.Instant opened = java.time.Instant.parse(r.window().start());
        double late = java.time.Duration.between(startAt, opened).toMillis() / 1e3;
        assertTrue(late >= 0 && late < 1.0, "the window opened " + late + " s after startAt");
    }
}
