package org.oltpbench.workload.ch;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;
import org.HdrHistogram.Histogram;
import org.oltpbench.result.repeat.analytics.Analytics;
import org.oltpbench.result.repeat.analytics.QueryMetrics;
import org.oltpbench.result.repeat.counted.Histograms;
import org.oltpbench.util.Clock;
import org.oltpbench.workload.SideLoad;

/**
 * CH-benCHmark's analytic streams beside the TPC-C terminals, and the heartbeat their freshness is read from.
 *
 * <p>Stream i (0-based) runs Q(i mod 22 + 1), then the next, through Q22 and round again, over and over, on its own
 * connection. Each query runs in a REPEATABLE READ transaction that first reads this run's heartbeat row, so the
 * heartbeat and the query see one snapshot. A query counts as completed when it ends inside the window (warm-up's end to
 * the deadline) with its rows read; one still running at the deadline is cancelled there and counted as cancelled; one
 * that runs past analyticTimeoutSecs is cancelled by the watchdog and counted as timed out.
 *
 * <p>The heartbeat: every {@link #HEARTBEAT_NANOS} a connection to the OLTP front end writes the client's monotonic
 * clock into this run's row (its own key, so several clients do not mix clocks). A query's staleness is its start less
 * the heartbeat it read, less half the period (the mean age of the newest heartbeat when the data is fully fresh).
 */
public final class AnalyticStreams implements SideLoad {
    /** The heartbeat period: 100 ms. */
    public static final long HEARTBEAT_NANOS = 100_000_000L;
    private static final long REACT_NANOS = 100_000_000L;

    /** Opens a connection: the analytic front end's, or the OLTP front end's for the heartbeat. */
    @FunctionalInterface
    public interface Connector {
        Connection open() throws SQLException;
    }

    /**
     * The date bounds every query binds.
     *
     * @param since before every row: the data's first order entry, less a day
     * @param until after every row the run can write
     */
    public record Dates(Timestamp since, Timestamp until) {
    }

    private final Connector analytic, oltp;
    private final List<ChQueries.Query> queries;
    private final int streams;
    private final List<String> sessionSql;
    private final long timeoutNanos;
    private final Clock clock;
    private final Dates dates;
    private final String where;
    private final int heartbeatId;
    private final List<Stream> running = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();
    private volatile long windowStart, t0;
    private volatile LongSupplier deadline = () -> Long.MAX_VALUE;
    private volatile boolean stopped;
    /** Whether {@link #start} took the opened connections over (its threads close them). */
    private boolean started;
    private long heartbeats, heartbeatWrites, lastDeletes;
    private Connection heartbeatConnection;
    private List<Connection> sessions = List.of();

    /**
     * @param heartbeatId this run's heartbeat row (a random key: clients writing their own clocks never share one)
     */
    public AnalyticStreams(Connector analytic, Connector oltp, List<ChQueries.Query> queries, int streams,
                           List<String> sessionSql, int timeoutSecs, Clock clock, Dates dates, String where, int heartbeatId) {
        this.analytic = analytic;
        this.oltp = oltp;
        this.queries = queries;
        this.streams = streams;
        this.sessionSql = sessionSql;
        this.timeoutNanos = timeoutSecs * 1_000_000_000L;
        this.clock = clock;
        this.dates = dates;
        this.where = where;
        this.heartbeatId = heartbeatId;
    }

    /** Writes this run's heartbeat row and opens every stream's session. */
    @Override
    public void open() throws SQLException {
        Connection hb = oltp.open();
        List<Connection> opened = new ArrayList<>();
        try {
            try (Statement st = hb.createStatement()) {
                st.execute("DELETE FROM " + ChData.HEARTBEAT + " WHERE hb_id = " + heartbeatId);
                st.execute("INSERT INTO " + ChData.HEARTBEAT + " (hb_id, hb_nanos) VALUES (" + heartbeatId + ", "
                        + clock.nanoTime() + ")");
            }
            for (int i = 0; i < streams; i++) opened.add(session());
        } catch (SQLException | RuntimeException e) {
            for (Connection c : opened) quietly(c);
            quietly(hb);
            throw e;
        }
        heartbeatConnection = hb;
        sessions = opened;
    }

    /** Closes what open opened when the level never started; stops the streams when it failed before stopping them. */
    @Override
    public void close() {
        if (started && !stopped) {
            try {
                stop(clock.nanoTime());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (started) return;
        for (Connection c : sessions) quietly(c);
        if (heartbeatConnection != null) quietly(heartbeatConnection);
        sessions = List.of();
        heartbeatConnection = null;
    }

    @Override
    public void start(long t0, long windowStart, LongSupplier deadline) {
        started = true;
        this.t0 = t0;
        this.windowStart = windowStart;
        this.deadline = deadline;
        Connection hb = heartbeatConnection;
        thread("oltpbench-heartbeat", () -> heartbeat(hb));
        for (int i = 0; i < streams; i++) {
            Stream s = new Stream(i, sessions.get(i));
            running.add(s);
            thread("oltpbench-analytic-" + i, s::run);
        }
        if (timeoutNanos > 0) thread("oltpbench-analytic-watchdog", this::watch);
    }

    /** An analytic session: REPEATABLE READ (one snapshot per query and its heartbeat), the user's session SQL run. */
    private Connection session() throws SQLException {
        Connection c = analytic.open();
        try {
            try (Statement st = c.createStatement()) {
                for (String sql : sessionSql) st.execute(sql);
            }
            c.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
            c.setAutoCommit(false);
            return c;
        } catch (SQLException e) {
            quietly(c);
            throw e;
        }
    }

    /** Starts a thread that takes part in the level's time; returns once it has (a simulated clock waits for it). */
    private void thread(String name, Runnable body) {
        java.util.concurrent.CountDownLatch joined = new java.util.concurrent.CountDownLatch(1);
        Thread t = new Thread(() -> {
            clock.join();
            joined.countDown();
            try {
                body.run();
            } finally {
                clock.leave();
            }
        }, name);
        t.setDaemon(true);
        threads.add(t);
        t.start();
        boolean interrupted = false;
        while (true) {
            try {
                joined.await();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) Thread.currentThread().interrupt();
    }

    /** Writes the heartbeat every period until stopped; a failed write is tried again at the next period. */
    private void heartbeat(Connection c) {
        String sql = "UPDATE " + ChData.HEARTBEAT + " SET hb_nanos = ? WHERE hb_id = " + heartbeatId;
        long next = clock.nanoTime();
        try (c; PreparedStatement ps = c.prepareStatement(sql)) {
            while (!stopped) {
                long now = clock.nanoTime();
                ps.setLong(1, now);
                try {
                    ps.executeUpdate();
                    heartbeatWrites++;
                    if (now >= windowStart && now <= deadline.getAsLong()) heartbeats++;
                } catch (SQLException e) {
                    if (stopped) break;
                }
                next += HEARTBEAT_NANOS;
                clock.parkUntil(next);
            }
        } catch (InterruptedException e) {
            // stopped
        } catch (SQLException e) {
            // the heartbeat's statement could not be prepared: freshness says what it did not see
        }
    }

    /** Cancels queries past analyticTimeoutSecs, looking every 100 ms. */
    private void watch() {
        try {
            while (!stopped) {
                clock.parkUntil(clock.nanoTime() + REACT_NANOS);
                long now = clock.nanoTime();
                for (Stream s : running) s.cancelIfOlder(now - timeoutNanos);
            }
        } catch (InterruptedException e) {
            // stopped
        }
    }

    @Override
    public Analytics stop(long windowEnd) throws InterruptedException {
        stopped = true;
        for (Stream s : running) s.cancel(Stream.AT_DEADLINE);
        for (Thread t : threads) if (t.getName().startsWith("oltpbench-heartbeat") || t.getName().endsWith("watchdog")) t.interrupt();
        // a cancel that reached the server before its query may be lost: ask again while a stream is still inside one
        for (int tries = 0; tries < 30; tries++) {
            boolean alive = false;
            for (Thread t : threads) {
                t.join(1000);
                alive |= t.isAlive();
            }
            if (!alive) break;
            for (Stream s : running) s.cancel(Stream.AT_DEADLINE);
        }
        try (Connection c = oltp.open(); Statement st = c.createStatement()) {
            st.execute("DELETE FROM " + ChData.HEARTBEAT + " WHERE hb_id = " + heartbeatId);
            lastDeletes = 1;
        } catch (SQLException | RuntimeException e) {
            // the row is left; the next run writes its own
        }
        return result(Math.max(0, windowEnd - windowStart) / 1e9);
    }

    /** Each query's transaction commits; the heartbeat's writes and the row's removal at the end autocommit. */
    @Override
    public Commits commits() {
        long explicit = 0;
        for (Stream s : running) explicit += s.commits;
        return new Commits(explicit, heartbeatWrites + lastDeletes);
    }

    private Analytics result(double seconds) {
        List<QueryMetrics> out = new ArrayList<>();
        Histogram fresh = Histograms.empty();
        long unseen = 0;
        List<Double> ends = new ArrayList<>();
        for (Stream s : running) {
            fresh.add(s.freshness);
            unseen += s.unseen;
            ends.addAll(s.ends);
        }
        ends.sort(null);
        for (int q = 0; q < queries.size(); q++) {
            long completed = 0, cancelled = 0, timedOut = 0, errors = 0, rows = -1, lastEnd = Long.MIN_VALUE;
            Histogram h = Histograms.empty();
            for (Stream s : running) {
                completed += s.completed[q];
                cancelled += s.cancelled[q];
                timedOut += s.timedOut[q];
                errors += s.errors[q];
                h.add(s.latency[q]);
                if (s.completed[q] > 0 && s.lastEnd[q] > lastEnd) {
                    lastEnd = s.lastEnd[q];
                    rows = s.rows[q];
                }
            }
            out.add(new QueryMetrics(queries.get(q).name(), completed, cancelled, timedOut, errors, Histograms.encode(h), rows));
        }
        return new Analytics(streams, where, seconds, out, Histograms.encode(fresh), heartbeats, unseen, ends);
    }

    private static void quietly(Connection c) {
        try {
            c.close();
        } catch (SQLException e) {
            // closing
        }
    }

    /** One stream: its connection, the query it runs, and its own counts (read by stop() after the thread ends). */
    private final class Stream {
        static final int NONE = 0, AT_DEADLINE = 1, TIMED_OUT = 2;
        final int index;
        Connection c;
        PreparedStatement[] prepared;
        PreparedStatement heartbeat;
        final long[] completed, cancelled, timedOut, errors, rows, lastEnd;
        final Histogram[] latency;
        final Histogram freshness = Histograms.empty();
        /** Transactions this stream committed (every query that ran to its end, in the window or not). */
        long commits;
        /** When each completed query ended, in seconds from the level's start. */
        final List<Double> ends = new ArrayList<>();
        long unseen;
        /** The statement in flight, when it started, and why it was cancelled: guarded by this stream's lock. */
        private Statement current;
        private long startedAt;
        private int cancelledFor = NONE;

        Stream(int index, Connection c) {
            this.index = index;
            this.c = c;
            int n = queries.size();
            completed = new long[n];
            cancelled = new long[n];
            timedOut = new long[n];
            errors = new long[n];
            rows = new long[n];
            lastEnd = new long[n];
            latency = Histograms.empties(n);
        }

        void run() {
            try {
                prepare();
                for (int k = index % queries.size(); !stopped; k = (k + 1) % queries.size()) runOne(k);
            } catch (SQLException e) {
                // the session is gone and could not be opened again: its counts stand
            } finally {
                if (c != null) quietly(c);
            }
        }

        private void prepare() throws SQLException {
            prepared = new PreparedStatement[queries.size()];
            for (int q = 0; q < queries.size(); q++) {
                ChQueries.Query query = queries.get(q);
                prepared[q] = c.prepareStatement(query.sql());
                for (int b = 0; b < query.binds().size(); b++) {
                    prepared[q].setTimestamp(b + 1, query.binds().get(b) == ChQueries.Bound.SINCE ? dates.since() : dates.until());
                }
            }
            heartbeat = c.prepareStatement("SELECT hb_nanos FROM " + ChData.HEARTBEAT + " WHERE hb_id = " + heartbeatId);
        }

        /** Runs query {@code q} once in its own snapshot, heartbeat first; counts how it ended. */
        private void runOne(int q) throws SQLException {
            long seen = Long.MIN_VALUE;
            long start = 0;
            long n = 0;
            try {
                if (!begin(heartbeat)) return;
                try (ResultSet rs = heartbeat.executeQuery()) {
                    if (rs.next()) seen = rs.getLong(1);
                }
                start = clock.nanoTime();
                if (!begin(prepared[q])) return;
                try (ResultSet rs = prepared[q].executeQuery()) {
                    while (rs.next()) n++;
                }
                end();
                c.commit();
                commits++;
            } catch (SQLException e) {
                int why = end();
                rollback();
                if (why == TIMED_OUT) {
                    if (clock.nanoTime() >= windowStart) timedOut[q]++;
                } else if (why == AT_DEADLINE || stopped) {
                    if (start > 0) cancelled[q]++;
                } else {
                    if (clock.nanoTime() >= windowStart) errors[q]++;
                    if (!c.isValid(2)) reopen();
                }
                return;
            }
            long now = clock.nanoTime();
            if (now < windowStart) return;
            if (now > deadline.getAsLong()) {
                cancelled[q]++; // ended after the window closed: it did not complete inside it
                return;
            }
            completed[q]++;
            ends.add((now - t0) / 1e9);
            rows[q] = n;
            lastEnd[q] = now;
            latency[q].recordValue(Math.max(0, Math.min((now - start) / 1000, Histograms.MAX_MICROS)));
            if (seen == Long.MIN_VALUE) unseen++;
            else freshness.recordValue(Math.max(0, Math.min((start - seen - HEARTBEAT_NANOS / 2) / 1000, Histograms.MAX_MICROS)));
        }

        /** Registers {@code st} as in flight; false when the stream was stopped (nothing may start after stop()). */
        private synchronized boolean begin(Statement st) {
            if (stopped) return false;
            current = st;
            startedAt = clock.nanoTime();
            cancelledFor = NONE;
            return true;
        }

        /** Nothing in flight any more; returns why the statement was cancelled, NONE when it was not. */
        private synchronized int end() {
            current = null;
            return cancelledFor;
        }

        synchronized void cancel(int why) {
            if (current == null) return;
            cancelledFor = why;
            try {
                current.cancel();
            } catch (SQLException e) {
                // the statement ended meanwhile
            }
        }

        synchronized void cancelIfOlder(long startedBefore) {
            if (current != null && cancelledFor == NONE && startedAt < startedBefore && current != heartbeat) cancel(TIMED_OUT);
        }

        private void rollback() {
            try {
                c.rollback();
            } catch (SQLException e) {
                // the session is broken; reopen() follows when it is
            }
        }

        private void reopen() throws SQLException {
            quietly(c);
            c = session();
            prepare();
        }
    }
}
