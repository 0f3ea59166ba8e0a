package org.oltpbench.measure.waits;

import java.sql.SQLException;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.LongPredicate;
import org.oltpbench.dialect.SessionWaits;
import org.oltpbench.result.repeat.server.WaitClass;
import org.oltpbench.result.repeat.server.Waits;
import org.oltpbench.util.Clock;
import org.oltpbench.util.Text;

/**
 * Samples where the benchmark's server sessions are, {@link #PER_SECOND} times a second, on a thread and a monitor
 * connection of its own (issue 45). Each sample reads the engine's session view once ({@link SessionWaits#sql()}),
 * keeps the sessions the benchmark opened ({@code ours}), classes each by the dialect's table and counts it; the
 * reporter takes the counts at each interval's edge ({@link #harvest()}). The sampler's own session is not in the
 * view's rows and its queries are not in the benchmark's counts.
 *
 * <p>Contract: a sample that fails (the server restarted, the view is refused) is said once a level through {@code warn} with
 * the engine's words, and the sampler tries again at the next tick; the intervals without a sample have
 * {@link Waits#NONE}'s zero samples, and the verdict says so instead of judging. A sample that takes longer than the
 * period delays the next one; missed ticks are not made up. The work per sample grows with the server's sessions of
 * the database, not with anything on the transaction path: the terminals never wait for the sampler.
 */
public final class WaitSampler implements AutoCloseable {
    /** Samples a second (why not 10: {@link Waits#PER_SECOND}). */
    public static final int PER_SECOND = Waits.PER_SECOND;
    static final long PERIOD_NANOS = 1_000_000_000L / PER_SECOND;

    /** One session as the engine's view shows it: its id, its row, and the table a lock wait is on (or null). */
    public record Seen(long id, SessionWaits.Row row, String object) {
    }

    /** Reads every session of the benchmark's database once; reopens its connection after a failure. */
    public interface Source extends AutoCloseable {
        List<Seen> read() throws SQLException;

        @Override
        void close();
    }

    /** Samples nothing: waits=off, or an engine without a session view. */
    public static final WaitSampler OFF = new WaitSampler(null, null, id -> false, Clock.SYSTEM, w -> { });

    private final Source source;
    private final SessionWaits table;
    private final LongPredicate ours;
    private final Clock clock;
    private final Consumer<String> warn;
    private final Object lock = new Object();
    private Tally tally = new Tally();
    private Thread thread;
    private volatile boolean stopped;
    private boolean warned;

    public WaitSampler(Source source, SessionWaits table, LongPredicate ours, Clock clock, Consumer<String> warn) {
        this.source = source;
        this.table = table;
        this.ours = ours;
        this.clock = clock;
        this.warn = warn;
    }

    /**
     * Starts sampling, on a daemon thread that takes part in the level's clock: the first sample half a period after
     * {@code t0} (the level's start), the next every period after it, so that no sample falls on a report edge (those
     * are whole seconds from t0) and each 1-s interval holds {@link #PER_SECOND} of them when none is late.
     */
    public void start(long t0) {
        if (source == null) return;
        java.util.concurrent.CountDownLatch joined = new java.util.concurrent.CountDownLatch(1);
        thread = new Thread(() -> loop(t0 + PERIOD_NANOS / 2, joined), "oltpbench-waits");
        thread.setDaemon(true);
        thread.start();
        // returns once the thread takes part in the clock: simulated time must not pass its first sample without it
        boolean interrupted = false;
        while (joined.getCount() > 0) {
            try {
                joined.await();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) Thread.currentThread().interrupt();
    }

    private void loop(long first, java.util.concurrent.CountDownLatch joined) {
        clock.join();
        joined.countDown();
        try {
            long next = first;
            clock.parkUntil(next);
            while (!stopped) {
                sampleOnce();
                long now = clock.nanoTime();
                next += PERIOD_NANOS;
                if (next <= now) next += PERIOD_NANOS * ((now - next) / PERIOD_NANOS + 1);
                clock.parkUntil(next);
            }
        } catch (InterruptedException e) {
            // close() stops the sampler
        } finally {
            clock.leave();
        }
    }

    /** Reads the view once and counts the benchmark's active sessions. */
    void sampleOnce() {
        List<Seen> rows;
        try {
            rows = source.read();
        } catch (SQLException | RuntimeException e) {
            if (!warned && !stopped) {
                warn.accept("waits: reading " + table.source() + " failed (" + Text.firstLine(e.getMessage())
                        + "); the intervals without a sample have no waits, and the sampler keeps trying");
            }
            warned = true;
            return;
        }
        if (stopped) return; // a read that ended after the level stopped is not the level's
        synchronized (lock) {
            tally.samples++;
            int seen = 0;
            for (Seen s : rows) {
                if (!ours.test(s.id())) continue;
                seen++;
                SessionWaits.Wait w = table.classify(s.row());
                if (w == null) {
                    tally.idle++;
                    continue;
                }
                tally.classes.merge(w.cls(), 1L, Long::sum);
                tally.names.computeIfAbsent(w.cls(), k -> new HashMap<>()).merge(w.name(), 1L, Long::sum);
                if (w.cls() == WaitClass.LOCK && s.object() != null && !s.object().isBlank()) {
                    tally.objects.merge(unquoted(s.object()), 1L, Long::sum);
                }
            }
            tally.sessions = Math.max(tally.sessions, seen);
        }
    }

    /** The counts since the last harvest, and a fresh start. */
    public Waits harvest() {
        if (source == null) return Waits.NONE;
        Tally t;
        synchronized (lock) {
            t = tally;
            tally = new Tally();
        }
        return t.samples == 0 ? Waits.NONE : new Waits(t.samples, t.classes, t.names, t.objects, t.idle, t.sessions);
    }

    /**
     * Stops sampling at once, without waiting for a read in progress (one hung in the driver must not hold the level's
     * end): a read that ends after this is not counted. The counts not yet harvested stay for {@link #harvest}.
     */
    public void stop() {
        if (source == null) return;
        stopped = true;
        if (thread != null) thread.interrupt();
    }

    /**
     * Stops sampling and closes the monitor connection, after the thread ended (at most 5 s: a read hung past its
     * connection's network timeout is left to end on its own, its connection closed under it).
     */
    @Override
    public void close() {
        if (source == null) return;
        stopped = true;
        if (thread != null) org.oltpbench.util.Threads.stop(thread, 5_000);
        source.close();
    }

    /**
     * A table as the benchmark's statements name it: MariaDB's INNODB_LOCKS gives {@code `sbtest`.`sbtest1`}, of which
     * the database (the benchmark's own, by the sampling query's filter) and the quotes are left out, and a partition's
     * comment after it.
     */
    static String unquoted(String object) {
        int comment = object.indexOf("/*"); // MySQL's "`db`.`t` /* Partition `p2` */": the table is what locks name
        String plain = (comment >= 0 ? object.substring(0, comment) : object).replace("`", "").replace("\"", "").strip();
        int dot = plain.indexOf('.');
        return dot >= 0 && dot < plain.length() - 1 ? plain.substring(dot + 1) : plain;
    }

    private static final class Tally {
        int samples, sessions;
        long idle;
        final Map<WaitClass, Long> classes = new EnumMap<>(WaitClass.class);
        final Map<WaitClass, Map<String, Long>> names = new EnumMap<>(WaitClass.class);
        final Map<String, Long> objects = new HashMap<>();
    }
}
