package org.oltpbench.measure.waits;

import java.sql.SQLException;
import java.util.ArrayList;
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

        /** The server this source reads, as outputs name it (host:port). */
        default String where() {
            return "";
        }

        /** The server this source reads as the benchmark's session ids are kept ({@code FrontEnds.serverKey}). */
        default String server() {
            return where();
        }

        /** The server's gauges (name to value) read with the last {@link #read}; none by default. */
        default Map<String, Long> gauges() {
            return Map.of();
        }

        @Override
        void close();
    }

    /** Whether session {@code id} of {@code server}'s view is one of the benchmark's (server ids collide across servers). */
    @FunctionalInterface
    public interface Ours {
        boolean test(String server, long id);
    }

    /** Samples nothing: waits=off, or an engine without a session view. */
    public static final WaitSampler OFF = new WaitSampler(List.of(), null, (server, id) -> false, Clock.SYSTEM, w -> { });

    /** One source per server behind the front ends: each server's view shows only the sessions connected to it. */
    private final List<Source> sources;
    /** The servers whose last read failed: said once each a level. */
    private final java.util.Set<Source> warned = new java.util.HashSet<>();
    private final SessionWaits table;
    private final Ours ours;
    private final Clock clock;
    private final Consumer<String> warn;
    private final Object lock = new Object();
    private Tally tally = new Tally();
    private Thread thread;
    private volatile boolean stopped;

    public WaitSampler(Source source, SessionWaits table, LongPredicate ours, Clock clock, Consumer<String> warn) {
        this(source == null ? List.of() : List.of(source), table, (server, id) -> ours.test(id), clock, warn);
    }

    /**
     * Samples each of {@code sources} (one per server behind the front ends) at every tick; a sample counts the sessions
     * of the servers that answered it.
     */
    public WaitSampler(List<Source> sources, SessionWaits table, Ours ours, Clock clock, Consumer<String> warn) {
        this.sources = List.copyOf(sources);
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
        if (sources.isEmpty()) return;
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

    /**
     * Reads each server's view once and counts the benchmark's active sessions. A sample counts only when every server
     * answered it: a sample without one server's sessions is not the level's (its sessions could be anywhere), so a
     * server that does not answer is said once a level and the samples stop counting until it answers again.
     */
    void sampleOnce() {
        List<SessionWaits.Wait> waits = new ArrayList<>();
        List<String> objects = new ArrayList<>();
        for (Source source : sources) {
            List<Seen> rows;
            try {
                rows = source.read();
            } catch (SQLException | RuntimeException e) {
                if (!stopped && warned.add(source)) {
                    String on = sources.size() > 1 ? " on " + source.where() : "";
                    warn.accept("waits: reading " + table.source() + on + " failed (" + Text.firstLine(e.getMessage())
                            + "); no sample counts until it answers (the intervals without one have no waits), and the "
                            + "sampler keeps trying");
                }
                return;
            }
            int first = waits.size();
            for (Seen s : rows) {
                if (!ours.test(source.server(), s.id())) continue;
                waits.add(table.classify(s.row()));
                objects.add(s.object());
            }
            fromGauges(waits.subList(first, waits.size()), source.gauges());
        }
        if (stopped) return; // a read that ended after the level stopped is not the level's
        synchronized (lock) {
            tally.samples++;
            for (int i = 0; i < waits.size(); i++) {
                SessionWaits.Wait w = waits.get(i);
                if (w == null) {
                    tally.idle++;
                    continue;
                }
                tally.classes.merge(w.cls(), 1L, Long::sum);
                tally.names.computeIfAbsent(w.cls(), k -> new HashMap<>()).merge(w.name(), 1L, Long::sum);
                String object = objects.get(i);
                if (w.cls() == WaitClass.LOCK && object != null && !object.isBlank()) {
                    tally.objects.merge(unquoted(object), 1L, Long::sum);
                }
            }
            tally.sessions = Math.max(tally.sessions, waits.size());
        }
    }

    private static boolean isCpu(SessionWaits.Wait w) {
        return w != null && w.cls() == WaitClass.CPU;
    }

    /**
     * Counts as many of the sample's CPU sessions as each gauge's value in the gauge's wait instead
     * ({@link SessionWaits.Gauges}): never more than the CPU sessions the sample saw, so the sessions' sum is the view's.
     * Only where the server ran no statement but ours ({@link SessionWaits.Gauges#othersThanTheMonitor}), since the
     * gauge cannot say whose reads it counts.
     */
    private void fromGauges(List<SessionWaits.Wait> waits, Map<String, Long> gauges) {
        if (gauges.isEmpty()) return;
        long running = 0;
        for (SessionWaits.Wait w : waits) if (w != null && w.cls() != WaitClass.CLIENT) running++;
        // a gauge is the server's: moved onto our sessions only when no other statement ran on the server beside them
        long others = table.gauges().othersThanTheMonitor(gauges);
        if (others < 0 || others > running) return;
        for (Map.Entry<String, Long> g : gauges.entrySet()) {
            SessionWaits.Wait instead = table.gauges().wait(g.getKey());
            long left = g.getValue() == null ? 0 : g.getValue();
            for (int i = 0; i < waits.size() && left > 0 && instead != null; i++) {
                if (isCpu(waits.get(i))) {
                    waits.set(i, instead);
                    left--;
                }
            }
        }
    }

    /** The counts since the last harvest, and a fresh start. */
    public Waits harvest() {
        if (sources.isEmpty()) return Waits.NONE;
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
        if (sources.isEmpty()) return;
        stopped = true;
        if (thread != null) thread.interrupt();
    }

    /**
     * Stops sampling and closes the monitor connection, after the thread ended (at most 5 s: a read hung past its
     * connection's network timeout is left to end on its own, its connection closed under it).
     */
    @Override
    public void close() {
        if (sources.isEmpty()) return;
        stopped = true;
        if (thread != null) org.oltpbench.util.Threads.stop(thread, 5_000);
        sources.forEach(Source::close);
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
