package org.oltpbench.db;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLongArray;
import org.oltpbench.result.repeat.topology.FrontEndUse;
import org.oltpbench.util.Clock;

/**
 * The benchmark connections of one thread level. Each terminal opens its own connection straight from the JDBC
 * driver and holds it for the whole level: no pool sits between a terminal and its connection. Terminal i's home is
 * front end {@code i mod n}.
 *
 * <p>Front ends fail: when the home does not accept a connection it is marked down and the terminal takes the next
 * front end (in list order, wrapping) that accepts. A prober tries each down front end once a second, and marks it up
 * when it accepts again; terminals away from home go back between transactions ({@link #up}). Every connection
 * opened and every failure is accounted to its front end ({@link #account}).
 *
 * <p>At most {@link #OPENING_AT_ONCE} connections are being opened at any moment, so 10,000 terminals starting
 * together do not flood the server's accept queue; {@link #open()} says how far opening got.
 */
public final class Sessions implements AutoCloseable {
    /** Connections opened in parallel: enough to open thousands in seconds, few enough for a server's backlog. */
    public static final int OPENING_AT_ONCE = 64;
    /** How often a down front end is tried again. */
    public static final long PROBE_NANOS = 1_000_000_000L;

    /** Opens one benchmark session to a front end (by index). */
    @FunctionalInterface
    public interface Connector {
        Connection open(int frontEnd) throws SQLException;
    }

    /** A terminal's connection and the front end it reached. */
    public record Session(Connection connection, int frontEnd) {
    }

    private final FrontEnds frontEnds;
    private final Connector connector;
    private final Semaphore opening = new Semaphore(OPENING_AT_ONCE);
    private final AtomicInteger open = new AtomicInteger();
    /** Per front end: 1 while it refuses connections. */
    private final AtomicIntegerArray down;
    /** Per front end: connected thread-nanoseconds in the window, transactions started in it, errors. */
    private final AtomicLongArray connectedNanos, transactions, errors;
    /** Thread-nanoseconds inside the window that terminals spent without a connection (reconnecting). */
    private final java.util.concurrent.atomic.AtomicLong disconnectedNanos = new java.util.concurrent.atomic.AtomicLong();
    private final Object probeLock = new Object();
    private Thread prober;
    private final java.util.concurrent.CountDownLatch proberJoined = new java.util.concurrent.CountDownLatch(1);
    private volatile boolean closed;

    private final Clock clock;

    /** @param clock the prober's time (simulated in unit tests) */
    public Sessions(FrontEnds frontEnds, Connector connector, Clock clock) {
        this.clock = clock;
        this.frontEnds = frontEnds;
        this.connector = connector;
        int n = frontEnds.size();
        down = new AtomicIntegerArray(n);
        connectedNanos = new AtomicLongArray(n);
        transactions = new AtomicLongArray(n);
        errors = new AtomicLongArray(n);
    }

    /** The front end terminal {@code thread} belongs to. */
    public int home(int thread) {
        return frontEnds.indexFor(thread);
    }

    /** Whether front end {@code frontEnd} accepts connections, as far as this level knows. */
    public boolean up(int frontEnd) {
        return down.get(frontEnd) == 0;
    }

    /**
     * A new connection for terminal {@code thread}: to its home front end, or, when the home refuses, to the next one
     * that accepts (a refusing one is marked down and counted an error). Throws the home's failure when none accepts.
     * Blocks while 64 others are being opened.
     */
    public Session connection(int thread) throws SQLException {
        try {
            opening.acquire();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLException("interrupted while waiting to connect", "08001", e);
        }
        try {
            return openFrom(home(thread));
        } finally {
            opening.release();
        }
    }

    private Session openFrom(int home) throws SQLException {
        int n = frontEnds.size();
        SQLException first = null;
        boolean anyUp = false;
        for (int k = 0; k < n && !anyUp; k++) anyUp = up((home + k) % n);
        // front ends known to be down are skipped (a dead host may take the driver's connect timeout to refuse), unless
        // every one is down: then each is tried, since one of them must answer to go on
        for (int k = 0; k < n; k++) {
            int fe = (home + k) % n;
            if (anyUp && !up(fe)) continue;
            try {
                Connection c = connector.open(fe);
                open.incrementAndGet();
                if (down.compareAndSet(fe, 1, 0)) { /* it answered: up again */ }
                return new Session(c, fe);
            } catch (SQLException e) {
                if (Thread.currentThread().isInterrupted()) throw e;
                if (first == null) first = e;
                errors.incrementAndGet(fe);
                markDown(fe);
            }
        }
        throw first;
    }

    /** Marks a front end down and makes sure a prober is trying it. */
    private void markDown(int fe) {
        if (down.compareAndSet(fe, 0, 1)) startProber();
    }

    /**
     * Starts the prober now, before the level's terminals run, when there are several front ends: it then keeps one
     * schedule (a probe each second from the level's start), so when a front end is found again does not depend on when
     * it failed. Levels on one front end start it only when that one fails.
     */
    public void probeFromTheStart() {
        if (frontEnds.size() <= 1) return;
        startProber();
        // its schedule starts when it has joined the level's time: a simulated clock must not move on without it
        try {
            proberJoined.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void startProber() {
        synchronized (probeLock) {
            if (closed) proberJoined.countDown(); // no prober will come: nobody waits for one
            if (prober != null || closed) return;
            prober = Thread.ofPlatform().daemon().name("oltpbench-prober").start(this::probe);
        }
    }

    /** Tries every down front end once a second until the level ends; takes part in the level's (simulated) time. */
    private void probe() {
        clock.join();
        proberJoined.countDown();
        try {
            probeUntilClosed();
        } finally {
            clock.leave();
        }
    }

    private void probeUntilClosed() {
        while (!closed) {
            try {
                clock.parkUntil(clock.nanoTime() + PROBE_NANOS);
            } catch (InterruptedException e) {
                return;
            }
            for (int fe = 0; fe < frontEnds.size() && !closed; fe++) {
                if (up(fe)) continue;
                try {
                    connector.open(fe).close();
                    down.set(fe, 0);
                } catch (SQLException | RuntimeException e) {
                    // still down
                }
            }
        }
    }

    /** Closes a connection that was lost or is done with. */
    public void close(Connection c) {
        if (c == null) return;
        open.decrementAndGet();
        try {
            c.close();
        } catch (SQLException | RuntimeException e) {
            // lost already: nothing to release on the server
        }
    }

    /** Adds a terminal's stay on {@code frontEnd}: connected time inside the window, transactions, errors. */
    public void account(int frontEnd, long nanos, long txns, long errs) {
        if (nanos > 0) connectedNanos.addAndGet(frontEnd, nanos);
        if (txns > 0) transactions.addAndGet(frontEnd, txns);
        if (errs > 0) errors.addAndGet(frontEnd, errs);
    }

    private final AtomicInteger reconnecting = new AtomicInteger();

    /** A terminal lost its connection (+1) or has one again, or gave up at the level's end (-1). */
    public void reconnecting(int delta) {
        reconnecting.addAndGet(delta);
    }

    /** Terminals without a connection now: trying to get one, or given up at the level's end (a level's own Sessions). */
    public int reconnecting() {
        return reconnecting.get();
    }

    /** Adds a terminal's time without a connection inside the window. */
    public void disconnected(long nanos) {
        if (nanos > 0) disconnectedNanos.addAndGet(nanos);
    }

    /** Thread-seconds inside the window that terminals spent reconnecting. */
    public double disconnectedSeconds() {
        return disconnectedNanos.get() / 1e9;
    }

    /** Per front end, what the level's terminals did there. Call after they all finished. */
    public List<FrontEndUse> uses() {
        List<FrontEndUse> out = new ArrayList<>();
        for (int fe = 0; fe < frontEnds.size(); fe++) {
            out.add(new FrontEndUse(FrontEnds.authority(frontEnds.urls().get(fe)), connectedNanos.get(fe) / 1e9,
                    transactions.get(fe), errors.get(fe), !up(fe)));
        }
        return out;
    }

    /** Connections open now. */
    public int open() {
        return open.get();
    }

    /** Stops the prober. */
    @Override
    public void close() {
        closed = true;
        synchronized (probeLock) {
            if (prober != null) prober.interrupt();
        }
    }
}
