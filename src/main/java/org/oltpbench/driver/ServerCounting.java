package org.oltpbench.driver;

import java.sql.Connection;
import java.sql.SQLException;
import org.oltpbench.db.Database;
import org.oltpbench.util.Clock;
import org.oltpbench.dialect.CommitCounter;
import org.oltpbench.result.repeat.server.ServerCount;
import org.oltpbench.result.repeat.server.ServerWindow;
import org.oltpbench.workload.DataCounter;

/**
 * The server's commit counter over one repeat, on one connection per front end held for the repeat (so reading it
 * adds nothing to it), summed over the front ends: each counts the commits its own sessions made. A front end that
 * cannot be read at either edge (lost or restarted inside the repeat: its counter started again) makes the count
 * unknown, said so. An engine without a counter gets {@link #absent}: it reads nothing and reports why.
 */
abstract class ServerCounting implements AutoCloseable {

    /**
     * Opens the reading for the dialect's counter and the workload's data count: a live one, or the absent one with the
     * engine's note when there is neither.
     */
    static ServerCounting open(CommitCounter counter, DataCounter data, Database db) {
        return counter.name() == null && data.name() == null ? absent(counter.note()) : new Live(counter, data, db);
    }

    static ServerCounting absent(String note) {
        return new ServerCounting() {
            @Override
            void before() {
            }

            @Override
            ServerCount after(long client) {
                return ServerCount.none(note, client);
            }

            @Override
            void windowOpens(long at, boolean terminalsRan) {
            }

            @Override
            void openedAt(long at) {
            }

            @Override
            ServerWindow windowCloses(long at, String engine, Clock clock, long clientCommits) {
                return ServerWindow.NONE;
            }

            @Override
            public void close() {
            }
        };
    }

    /** Reads the counter as the repeat starts. */
    abstract void before();

    /** The counter's growth since {@link #before}, beside the client's count, after every benchmark connection closed. */
    abstract ServerCount after(long client);

    /**
     * Reads the server's transactions and the workload's data count as the measured window opens, at {@code at} (ns);
     * {@code terminalsRan}: after a warm-up, the terminals' sessions busy (an engine that publishes late may then owe
     * the read some of their commits), else before they were released.
     */
    abstract void windowOpens(long at, boolean terminalsRan);

    /**
     * The window opened at {@code at}: the reads were taken before it, while nothing ran (no warm-up: read before the
     * level's clock starts, so a slow read, a status port's fetch, takes none of the window).
     */
    abstract void openedAt(long at);

    /**
     * Their growth since {@link #windowOpens}, as the window closes at {@code at} (ns): what HammerDB's TPM and NOPM
     * count. Called after the terminals ended their last transactions and closed their sessions; where the engine
     * publishes late ({@link CommitCounter#publishLagSecs}), the read settles first (a session publishes what it owes
     * as it ends), waiting on {@code clock} until the window shows at least {@code clientCommits} (the client's commits
     * in it, formed as the counter counts them) or the lag and a step have passed.
     */
    abstract ServerWindow windowCloses(long at, String engine, Clock clock, long clientCommits) throws InterruptedException;

    @Override
    public abstract void close();

    /** How often a settling read looks again. */
    static final long SETTLE_STEP_NANOS = 100_000_000L;

    private static final class Live extends ServerCounting {
        private final CommitCounter counter;
        private final DataCounter data;
        private final java.util.List<Connection> cs = new java.util.ArrayList<>();
        private long before = -1, transactionsAtOpen = -1, dataAtOpen = -1, openedAt;
        private boolean opened, openedBusy;

        Live(CommitCounter counter, DataCounter data, Database db) {
            this.counter = counter;
            this.data = data;
            // every server behind the front ends, a replication URL's replicas included: each counts its own sessions' commits
            for (String host : db.frontEnds().hosts()) cs.add(openQuietly(db, host));
        }

        @Override
        void before() {
            before = counter.name() == null ? -1 : read(counter.reader());
        }

        @Override
        void windowOpens(long at, boolean terminalsRan) {
            openedAt = at;
            opened = true;
            openedBusy = terminalsRan;
            // the data first: NOPM's count is read at the edge it is stamped with, the transactions (an HTTP fetch on
            // TiDB) after it
            dataAtOpen = readData();
            transactionsAtOpen = read(counter.transactions());
        }

        @Override
        void openedAt(long at) {
            openedAt = at;
        }

        @Override
        ServerWindow windowCloses(long at, String engine, Clock clock, long clientCommits) throws InterruptedException {
            if (!opened) return ServerWindow.NONE; // stopped in the warm-up: no window
            boolean late = counter.publishLagSecs() > 0;
            long t = late ? settledTransactions(clock, clientCommits) : read(counter.transactions());
            long d = readData();
            String note = counter.transactionsName() == null ? counter.note() : null;
            long grew = t < 0 || transactionsAtOpen < 0 ? -1 : t - transactionsAtOpen;
            if (late && grew >= 0 && grew < clientCommits) { // it gave up: the figure would be low by what is unpublished
                note = String.format(java.util.Locale.ROOT, "%s had not published the window's commits %.1f s after its "
                        + "sessions ended: %s grew by %,d of the client's %,d (sessions a pool keeps open, connections=N, "
                        + "publish theirs up to 10 s later)", engine, counter.publishLagSecs() + SETTLE_STEP_NANOS / 1e9,
                        counter.transactionsName(), grew, clientCommits);
                grew = -1;
            }
            // the closing read is settled; the opening one, taken while busy sessions owed their commits, may lag
            return new ServerWindow(engine, counter.transactionsName(), grew, data.name(), d < 0 || dataAtOpen < 0 ? -1 : d - dataAtOpen,
                    (at - openedAt) / 1e9, counter.publishLagSecs(), note, late, late && openedBusy);
        }

        /**
         * The transactions once the ended sessions have published theirs (a session flushes what it owes as it exits):
         * read every {@link #SETTLE_STEP_NANOS} until the window shows the client's commits and a read a step later
         * shows no more (another client's sessions on the same database still publishing), at most the engine's lag and
         * a step. Equal reads alone are not enough: a busy session publishes in steps a second apart.
         */
        private long settledTransactions(Clock clock, long clientCommits) throws InterruptedException {
            long value = read(counter.transactions());
            long until = clock.nanoTime() + (long) (counter.publishLagSecs() * 1e9) + SETTLE_STEP_NANOS;
            while (value >= 0 && transactionsAtOpen >= 0 && clock.nanoTime() < until) {
                clock.parkUntil(clock.nanoTime() + SETTLE_STEP_NANOS);
                long next = read(counter.transactions());
                boolean still = next == value;
                value = next;
                if (still && value - transactionsAtOpen >= clientCommits) break;
            }
            return value;
        }

        /** The workload's count, on the first front end that answers (the data is the same on every one). */
        private long readData() {
            if (data.name() == null) return -1;
            for (Connection c : cs) {
                if (c == null) continue;
                try {
                    return data.read(c);
                } catch (SQLException | RuntimeException e) {
                    // the next front end
                }
            }
            return -1;
        }

        @Override
        ServerCount after(long client) {
            if (counter.name() == null) return ServerCount.none(counter.note(), client);
            long after = before < 0 ? -1 : settled(client);
            if (after >= 0) return new ServerCount(counter.name(), after - before, client, null);
            return ServerCount.none(counter.name() + (cs.size() > 1 ? " could not be read on every front end (one was "
                    + "lost or restarted inside the repeat, so its count started again)" : " could not be read"), client);
        }

        /**
         * Reads the counter until it stops moving (PostgreSQL publishes a session's statistics when it ends, a moment
         * after the client closed it), at most about 3 s.
         */
        private long settled(long client) {
            long value = read(counter.reader());
            for (int i = 0; i < 30 && value >= 0; i++) {
                try {
                    Thread.sleep(100);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
                long next = read(counter.reader());
                if (next == value && (value - before >= client || i >= 5)) break;
                value = next;
            }
            return value;
        }

        /** {@code reader}'s sum over the front ends; -1 when one cannot be read. */
        private long read(CommitCounter.Reader reader) {
            long sum = 0;
            for (Connection c : cs) {
                if (c == null) return -1;
                try {
                    long v = reader.read(c);
                    if (v < 0) return -1;
                    sum += v;
                } catch (SQLException | RuntimeException e) {
                    return -1;
                }
            }
            return sum;
        }

        private static Connection openQuietly(Database db, String host) {
            try {
                return db.connectHost(host);
            } catch (RuntimeException e) {
                return null;
            }
        }

        @Override
        public void close() {
            for (Connection c : cs) {
                if (c == null) continue;
                try {
                    c.close();
                } catch (SQLException | RuntimeException e) {
                    // the counter was read or not; nothing to keep
                }
            }
        }
    }
}
