package org.oltpbench.result.repeat.counted;

import java.util.List;

/**
 * What one report interval adds to its repeat's window beyond its {@link IntervalResult}: the window's counters and each
 * type's figures (latency, service and queue histograms, committed, rolled back, retried, failed, keying and think
 * time) over the interval. The journal keeps one per interval, so that the window of a killed repeat is rebuilt exactly
 * up to its last interval: the measured intervals add up to the window.
 *
 * @param counts the interval's counters, with its errors by code (files before 3.5 have none)
 * @param types  per transaction type, in the workload's order
 */
public record IntervalDetail(Counts counts, List<TxnMetrics> types) {
    public IntervalDetail {
        types = List.copyOf(types);
    }
}
