package org.oltpbench.workload.tpcc;

import java.sql.Connection;
import java.sql.SQLException;
import org.oltpbench.db.wire.Wire;
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
     * Under pacing, Delivery runs deferred (2.7.2): its card is answered when the request is queued, and the queued
     * Delivery runs on this terminal's connection at the start of its think time, which waits only for the rest. When
     * the request was queued (System.nanoTime()); -1 when none is pending.
     */
    private final boolean deferDelivery;
    private long deliveryQueuedAt = -1;
    private int deliveryW, deliveryCarrier;
    /** 5.2.5.3's footnote: a deferred Delivery completes within 80 s of its queuing (90% of them must). */
    static final long DEFERRED_DELIVERY_NANOS = 80_000_000_000L;

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
        this.deferDelivery = keying > 0 || thinking > 0;
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
        // a queued Delivery runs first, inside the think time that follows it; it is never response time
        long ran = runDeferredDelivery(st);
        if (thinkAfter >= 0) {
            int previous = thinkAfter;
            thinkAfter = -1;
            long think = (long) (thinkNanos(r, previous) * thinking);
            st.thinking(previous, ran + pause(Math.max(0, think - ran), st));
            cutOffIfEnded("think", st);
        } else if (ran > 0) {
            st.idle(ran);
        }
        int type = deck.deal(r);
        st.current(type);
        if (keying > 0) {
            st.keying(type, pause((long) (TpccType.of(type).keyingMs * 1e6 * keying), st));
            cutOffIfEnded("keying", st);
        }
        if (deferDelivery && type == TpccType.DELIVERY.ordinal()) return queueDelivery(st);
        markWire();
        Prepared p = desk.take(st);
        boolean committed;
        SQLException failure = null;
        try {
            committed = run(p, type, st);
            p.txns[type].tally(st);
            tallyWire(type, st);
        } catch (SQLException e) {
            failure = e;
            throw e;
        } finally {
            desk.release(failure);
        }
        if (thinking > 0) thinkAfter = type;
        return committed ? type : type | ROLLED_BACK;
    }

    /**
     * 2.7.2: the Delivery card's response is the queuing of its request (inputs drawn now); it runs deferred, at the
     * start of the think time that follows. A request still queued when the level ends never runs: the verdict counts
     * it as queued and not completed.
     */
    private int queueDelivery(ThreadStats st) {
        int type = TpccType.DELIVERY.ordinal();
        deliveryW = fixed ? homeW : r.between(first, first + count - 1);
        deliveryCarrier = Delivery.carrier(r);
        deliveryQueuedAt = System.nanoTime();
        st.queued(0); // queuing the request waits for no connection (with connections=N: a zero wait, recorded as such)
        st.tally(TpccTally.DELIVERY_QUEUED.ordinal(), 1);
        if (thinking > 0) thinkAfter = type;
        return type;
    }

    /**
     * Runs the queued Delivery, if any, with its queued inputs, retrying as any transaction; tallies its completion.
     *
     * @return how long it took, in nanoseconds; 0 when none was queued
     */
    private long runDeferredDelivery(ThreadStats st) throws SQLException {
        if (deliveryQueuedAt < 0) return 0;
        long queued = deliveryQueuedAt, t0 = System.nanoTime();
        deliveryQueuedAt = -1;
        int type = TpccType.DELIVERY.ordinal();
        markWire();
        Prepared p = desk.take(st);
        ((Delivery) p.txns[type]).set(deliveryW, deliveryCarrier);
        SQLException failure = null;
        try {
            execute(p, type, st);
        } catch (SQLException e) {
            failure = e;
            throw e;
        } finally {
            desk.release(failure);
        }
        p.txns[type].tally(st);
        tallyWire(type, st);
        st.tally(TpccTally.DELIVERY_COMPLETED.ordinal(), 1);
        long now = System.nanoTime();
        if (now - queued > DEFERRED_DELIVERY_NANOS) st.tally(TpccTally.DELIVERY_LATE.ordinal(), 1);
        st.publishStatements(); // it ran: its statements and tallies count even if the level ends in the think time
        return now - t0;
    }

    /** The wire's counts as a transaction starts (the thread's own: {@link Wire}). */
    private long roundTrips0, bytesOut0, bytesIn0;

    private void markWire() {
        Wire w = Wire.mine();
        roundTrips0 = w.roundTrips();
        bytesOut0 = w.bytesOut();
        bytesIn0 = w.bytesIn();
    }

    /** What the transaction of {@code type} that just ended sent and received, retries included, in its tallies. */
    private void tallyWire(int type, ThreadStats st) {
        Wire w = Wire.mine();
        st.tally(TpccTally.OnTheWire.QUERIES.slot(type), st.pendingStatements());
        st.tally(TpccTally.OnTheWire.ROUND_TRIPS.slot(type), w.roundTrips() - roundTrips0);
        st.tally(TpccTally.OnTheWire.BYTES_OUT.slot(type), w.bytesOut() - bytesOut0);
        st.tally(TpccTally.OnTheWire.BYTES_IN.slot(type), w.bytesIn() - bytesIn0);
    }

    /**
     * The level ended during a wait by design (its deadline passed, or its stop cut the wait): the next transaction was
     * never submitted.
     */
    private static void cutOffIfEnded(String what, ThreadStats st) throws SQLException {
        if (st.cutOff()) throw new org.oltpbench.workload.LevelEnded(what + " time");
    }

    /** One transaction of {@code type} with fresh inputs, re-run with the same inputs after a retryable error. */
    private boolean run(Prepared p, int type, ThreadStats st) throws SQLException {
        p.txns[type].generate(r, fixed ? homeW : r.between(first, first + count - 1), homeD, all);
        return execute(p, type, st);
    }

    /** Runs the inputs {@code p.txns[type]} holds, re-run after a retryable error up to MAX_RETRIES times. */
    private boolean execute(Prepared p, int type, ThreadStats st) throws SQLException {
        Txn t = p.txns[type];
        p.readOnly(TpccType.of(type).readsOnly());
        for (int attempt = 0; ; attempt++) {
            try {
                return t.run(st);
            } catch (SQLException e) {
                p.rollbackQuietly();
                if (attempt < MAX_RETRIES && dialect.classify(e) == Dialect.ErrorClass.RETRYABLE) {
                    st.error(org.oltpbench.result.repeat.counted.ErrorCount.Kind.RETRIED, e); // logged before it is counted
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
        return st.pause(nanos);
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
