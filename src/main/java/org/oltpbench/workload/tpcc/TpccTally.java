package org.oltpbench.workload.tpcc;

import java.util.Arrays;
import java.util.List;

/**
 * What TPC-C terminals count of the inputs they generate, for the audit of the generated workload
 * ({@link org.oltpbench.result.judge.conformance.Audit}): counted per transaction that ended (committed or rolled back as prescribed),
 * published with it, so the tallies describe exactly the window's transactions.
 */
enum TpccTally {
    /** Order lines of New-Orders (2.4.1.3: 5 to 15, uniform). */
    ORDER_LINES("newOrderLines"),
    /** Of those, lines supplied by a remote warehouse (2.4.1.5: 1%). */
    REMOTE_ORDER_LINES("newOrderRemoteLines"),
    /** Payments through a remote warehouse's customer (2.5.1.2: 15%). */
    REMOTE_PAYMENTS("paymentRemote"),
    /** Payments whose customer is found by last name (2.5.1.2: 60%). */
    PAYMENTS_BY_NAME("paymentByName"),
    /** Order-Status by last name (2.6.1.2: 60%). */
    ORDER_STATUS_BY_NAME("orderStatusByName"),
    /** Districts a Delivery skipped: no undelivered order there (2.7.4.2: at most 1%). */
    DELIVERY_SKIPPED_DISTRICTS("deliverySkippedDistricts"),
    /** Under pacing: Deliveries queued for deferred execution (2.7.2). */
    DELIVERY_QUEUED("deliveryQueued"),
    /** Of those, the ones whose deferred execution completed. */
    DELIVERY_COMPLETED("deliveryCompleted"),
    /** Of those, the ones that completed more than 80 s after they were queued (5.2.5.3: at most 10%). */
    DELIVERY_LATE("deliveryOver80s"),
    /**
     * Order lines a routine drew, not the client (HammerDB's NEWORD takes only their count): their remote share is not
     * in {@link #REMOTE_ORDER_LINES}.
     */
    ROUTINE_DRAWN_LINES("newOrderLinesDrawnByRoutine");

    final String key;

    TpccTally(String key) {
        this.key = key;
    }

    /**
     * After the input tallies, per transaction type in {@link TpccType} order: what its transactions cost on the wire,
     * retries included ({@link org.oltpbench.db.wire.Wire}), named {@code TYPE.what}.
     */
    enum OnTheWire {
        /** Statements as qps counts them (a row a batch writes is one; a routine's call is one; a COMMIT is one). */
        QUERIES("queries"),
        /** Requests written after a reply was read: a pipelined or batched group is one. */
        ROUND_TRIPS("roundTrips"),
        /** Bytes the client sent. */
        BYTES_OUT("bytesOut"),
        /** Bytes the server sent. */
        BYTES_IN("bytesIn");

        final String key;

        OnTheWire(String key) {
            this.key = key;
        }

        /** The tally slot of this figure for transaction type {@code type}. */
        int slot(int type) {
            return TpccTally.values().length + type * OnTheWire.values().length + ordinal();
        }

        /** The tally's name for type {@code typeName}: {@code NEW_ORDER.roundTrips}. */
        String name(String typeName) {
            return typeName + "." + key;
        }
    }

    /** The names, in slot order, for WorkloadInfo. */
    static List<String> names() {
        List<String> out = new java.util.ArrayList<>(Arrays.stream(values()).map(t -> t.key).toList());
        for (TpccType t : TpccType.values()) for (OnTheWire w : OnTheWire.values()) out.add(w.name(t.name()));
        return out;
    }
}
