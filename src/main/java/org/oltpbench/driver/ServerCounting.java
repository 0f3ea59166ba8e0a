package org.oltpbench.driver;

import java.sql.Connection;
import java.sql.SQLException;
import org.oltpbench.db.Database;
import org.oltpbench.dialect.CommitCounter;
import org.oltpbench.result.repeat.server.ServerCount;

/**
 * The server's commit counter over one repeat, on one connection per front end held for the repeat (so reading it
 * adds nothing to it), summed over the front ends: each counts the commits its own sessions made. A front end that
 * cannot be read at either edge (lost or restarted inside the repeat: its counter started again) makes the count
 * unknown, said so. An engine without a counter gets {@link #absent}: it reads nothing and reports why.
 */
abstract class ServerCounting implements AutoCloseable {

    /** Opens the reading for the dialect's counter: a live one, or the absent one with the engine's note. */
    static ServerCounting open(CommitCounter counter, Database db) {
        return counter.name() == null ? absent(counter.note()) : new Live(counter, db);
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
            public void close() {
            }
        };
    }

    /** Reads the counter as the repeat starts. */
    abstract void before();

    /** The counter's growth since {@link #before}, beside the client's count, after every benchmark connection closed. */
    abstract ServerCount after(long client);

    @Override
    public abstract void close();

    private static final class Live extends ServerCounting {
        private final CommitCounter counter;
        private final java.util.List<Connection> cs = new java.util.ArrayList<>();
        private long before = -1;

        Live(CommitCounter counter, Database db) {
            this.counter = counter;
            // every server behind the front ends, a replication URL's replicas included: each counts its own sessions' commits
            for (String host : db.frontEnds().hosts()) cs.add(openQuietly(db, host));
        }

        @Override
        void before() {
            before = read();
        }

        @Override
        ServerCount after(long client) {
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
            long value = read();
            for (int i = 0; i < 30 && value >= 0; i++) {
                try {
                    Thread.sleep(100);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
                long next = read();
                if (next == value && (value - before >= client || i >= 5)) break;
                value = next;
            }
            return value;
        }

        /** The sum over the front ends; -1 when one cannot be read. */
        private long read() {
            long sum = 0;
            for (Connection c : cs) {
                if (c == null) return -1;
                try {
                    sum += counter.read(c);
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
