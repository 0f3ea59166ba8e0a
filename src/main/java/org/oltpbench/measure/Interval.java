package org.oltpbench.measure;

/**
 * One progress interval over all threads: counter deltas and the interval's latency percentile.
 *
 * @param elapsedSecs seconds since the level started (warm-up included), as sysbench prints them
 * @param seconds     length of this interval
 * @param warmup      true while the level is still warming up
 */
public record Interval(long elapsedSecs, double seconds, int threads, long events, long reads, long writes,
                       long other, long errors, long reconnects, double percentileMs, boolean warmup) {
}
