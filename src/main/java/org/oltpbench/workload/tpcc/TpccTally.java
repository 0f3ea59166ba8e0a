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
    DELIVERY_LATE("deliveryOver80s");

    final String key;

    TpccTally(String key) {
        this.key = key;
    }

    /** The names, in slot order, for WorkloadInfo. */
    static List<String> names() {
        return Arrays.stream(values()).map(t -> t.key).toList();
    }
}
