package org.oltpbench.workload.tpcc;

import java.sql.Connection;
import java.sql.SQLException;
import org.oltpbench.dialect.Dialect;
import org.oltpbench.measure.ThreadStats;
import org.oltpbench.workload.Terminal;

/**
 * A BenchmarkSQL-style terminal: a home warehouse (fixed, or drawn per transaction when
 * terminalWarehouseFixed=false) and a home district for Stock-Level, a deck for the mix, and one
 * prepared instance of each transaction. Retryable errors (as the dialect classifies them) re-run the
 * same inputs up to {@link #MAX_RETRIES} times; retries, errors and expected rollbacks are counted apart.
 */
final class TpccTerminal implements Terminal {
    static final int MAX_RETRIES = 3;

    private final Desk desk;
    private final Dialect dialect;
    private final Deck deck;
    private final TpccRandom r;
    private final int homeW, homeD, first, count, all;
    private final boolean fixed;
    /** Multiples of the spec's keying time and mean think time; 0 = none. */
    private final double keying, thinking;
    /** The type whose think time comes before the next card; -1 for none (first card, or after a failure). */
    private int thinkAfter = -1;

    /**
     * @param desk    where its transactions run: its own connection or a shared one per transaction
     * @param first   the first warehouse this client drives (home warehouses)
     * @param count   how many warehouses this client drives
     * @param all     every warehouse of the database, for remote supply and payment warehouses
     */
    TpccTerminal(Desk desk, Dialect dialect, Deck deck, TpccRandom r, int index, int first, int count, int all,
                 boolean fixed, double keying, double thinking) {
        this.desk = desk;
        this.keying = keying;
        this.thinking = thinking;
        this.dialect = dialect;
        this.deck = deck;
        this.r = r;
        this.first = first;
        this.count = count;
        this.all = Math.max(all, first + count - 1);
        this.fixed = fixed;
        this.homeW = first + index % count;
        this.homeD = (index / count) % 10 + 1;
    }

    /** A transaction that failed its retries is counted as failed; the restart deals a new one (see Terminal). */
    @Override
    public boolean restartsTheSameEvent() {
        return false;
    }

    @Override
    public int preparedStatements() {
        return desk.preparedStatements();
    }

    /**
     * The think time after the previous transaction (5.2.5.4), then the next card's keying time, then the transaction on
     * a connection of the desk (a shared one is waited for inside the response time, TPC-C 5.3). The transaction is
     * published when it ends, before its think time: a level that ends counts it, and interrupts the think and keying
     * times in progress, whose transactions were never submitted and so are not counted.
     */
    @Override
    public int next(ThreadStats st) throws SQLException {
        if (thinkAfter >= 0) {
            int previous = thinkAfter;
            thinkAfter = -1;
            st.thinking(previous, pause((long) (thinkNanos(r, previous) * thinking), st));
            cutOffIfEnded("think");
        }
        int type = deck.deal(r);
        if (keying > 0) {
            st.keying(type, pause((long) (TpccType.of(type).keyingMs * 1e6 * keying), st));
            cutOffIfEnded("keying");
        }
        Prepared p = desk.take(st);
        boolean committed;
        SQLException failure = null;
        try {
            committed = run(p, type, st);
            p.txns[type].tally(st);
        } catch (SQLException e) {
            failure = e;
            throw e;
        } finally {
            desk.release(failure);
        }
        if (thinking > 0) thinkAfter = type;
        return committed ? type : type | ROLLED_BACK;
    }

    /** The level ended during a wait by design (its interrupt): the next transaction was never submitted. */
    private static void cutOffIfEnded(String what) throws SQLException {
        if (Thread.currentThread().isInterrupted()) {
            throw new SQLException("the level ended during the " + what + " time", "57014");
        }
    }

    /** One transaction of {@code type} with fresh inputs, re-run with the same inputs after a retryable error. */
    private boolean run(Prepared p, int type, ThreadStats st) throws SQLException {
        Txn t = p.txns[type];
        t.generate(r, fixed ? homeW : r.between(first, first + count - 1), homeD, all);
        for (int attempt = 0; ; attempt++) {
            try {
                return t.execute(st);
            } catch (SQLException e) {
                p.rollbackQuietly();
                if (attempt < MAX_RETRIES && dialect.classify(e) == Dialect.ErrorClass.RETRYABLE) {
                    st.retry(type);
                    continue;
                }
                st.failed(type);
                throw e;
            }
        }
    }

    /** 5.2.5.4: negative exponential with the type's mean, truncated at 10 times the mean. */
    static long thinkNanos(TpccRandom r, int type) {
        double mean = TpccType.of(type).thinkMs * 1e6;
        return (long) Math.min(-Math.log(1 - r.fraction()) * mean, 10 * mean);
    }

    /** Waits by design (the time is not latency) and returns how long it waited: less when the level stops (interrupt). */
    private static long pause(long nanos, ThreadStats st) {
        long t0 = System.nanoTime();
        st.pausing(true);
        try {
            Thread.sleep(nanos / 1_000_000, (int) (nanos % 1_000_000));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            st.pausing(false);
        }
        return System.nanoTime() - t0;
    }

    /** Every failed transaction was rolled back before its connection went on: nothing is left open. */
    @Override
    public void rollbackQuietly() {
    }

    @Override
    public void close() {
        desk.close();
    }
}
