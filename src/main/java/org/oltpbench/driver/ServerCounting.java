package org.oltpbench.driver;

import java.sql.Connection;
import java.sql.SQLException;
import org.oltpbench.db.Database;
import org.oltpbench.dialect.CommitCounter;
import org.oltpbench.result.ServerCount;

/**
 * The server's commit counter over one repeat, on one connection held for the repeat (so reading it adds nothing
 * to it). An engine without a counter gets {@link #absent}: it reads nothing and reports why.
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
        private final Connection c;
        private long before = -1;

        Live(CommitCounter counter, Database db) {
            this.counter = counter;
            this.c = openQuietly(db);
        }

        @Override
        void before() {
            before = read();
        }

        @Override
        ServerCount after(long client) {
            long after = before < 0 ? -1 : settled(client);
            return after < 0 ? ServerCount.none(counter.name() + " could not be read", client)
                    : new ServerCount(counter.name(), after - before, client, null);
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

        private long read() {
            if (c == null) return -1;
            try {
                return counter.read(c);
            } catch (SQLException | RuntimeException e) {
                return -1;
            }
        }

        private static Connection openQuietly(Database db) {
            try {
                return db.connect();
            } catch (RuntimeException e) {
                return null;
            }
        }

        @Override
        public void close() {
            if (c == null) return;
            try {
                c.close();
            } catch (SQLException | RuntimeException e) {
                // the counter was read or not; nothing to keep
            }
        }
    }
}
