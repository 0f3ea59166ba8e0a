package org.oltpbench.config;

import java.util.ArrayList;
import java.util.List;

/**
 * This client's disjoint share of a job that {@code clientCount} client machines run together against one database.
 * Client i of N takes, of T threads, T/N plus one of the remainder when i < T mod N; of a range of warehouses, the
 * i-th of N contiguous slices of those sizes; of sysbench tables, every N-th table from table i+1; of a level's events
 * (a transaction budget) and rate (arrivals per second), a part in proportion to its threads of the level. The shares
 * of all clients add up to the whole, exactly, with no overlap.
 */
public record ClientShare(int count, int index) {
    public static final ClientShare ALONE = new ClientShare(1, 0);

    public ClientShare {
        if (count < 1 || index < 0 || index >= count) throw new IllegalArgumentException("client " + index + " of " + count);
    }

    @com.fasterxml.jackson.annotation.JsonIgnore
    public boolean alone() {
        return count == 1;
    }

    /** The client that creates shared objects (TPC-C's tables, items, indexes) and runs the checks. */
    public boolean leads() {
        return index == 0;
    }

    /** This client's threads of a level of {@code total}. */
    public int threads(int total) {
        return total / count + (index < total % count ? 1 : 0);
    }

    /**
     * This client's share of a level's {@code total} events (transactions): in proportion to its threads of
     * {@code levelThreads} (equal parts at 0 threads), in whole transactions that add up to {@code total} over the
     * clients (client i takes floor(total x C(i+1) / T) - floor(total x C(i) / T), C(i) being the threads of the clients
     * before i).
     */
    public long events(long total, int levelThreads) {
        return part(total, levelThreads);
    }

    /**
     * This client's share of a level's arrival {@code rate} (tps), in proportion to its threads as {@link #events}: the
     * rate counted in units of its last place (Math.ulp) is split as events are, so each share is a whole number of
     * those units, and the shares and every partial sum of them are exact: they add up to {@code rate} in any order.
     */
    public double rate(double rate, int levelThreads) {
        if (rate <= 0 || alone()) return rate;
        double unit = Math.ulp(rate);
        return part(Math.round(rate / unit), levelThreads) * unit;
    }

    /** This client's part of {@code whole} units, in proportion to its threads of the level (equal parts at 0). */
    private long part(long whole, int levelThreads) {
        int weights = levelThreads > 0 ? levelThreads : count;
        return upTo(index + 1, whole, weights) - upTo(index, whole, weights);
    }

    /** floor(whole x (the weight of clients 0..k-1) / weights); the weights split as {@link #threads} splits. */
    private long upTo(int k, long whole, int weights) {
        long before = (long) k * (weights / count) + Math.min(k, weights % count);
        return java.math.BigInteger.valueOf(whole).multiply(java.math.BigInteger.valueOf(before))
                .divide(java.math.BigInteger.valueOf(weights)).longValueExact();
    }

    /** This client's slice {first, last} of {@code first..last}; empty (last < first) when the range is smaller than N. */
    public int[] slice(int first, int last) {
        int n = last - first + 1, base = n / count, extra = n % count;
        int start = first + index * base + Math.min(index, extra);
        return new int[] {start, start + base + (index < extra ? 1 : 0) - 1};
    }

    /** This client's sysbench tables of 1..tables: index+1, index+1+N, ... */
    public List<Integer> tables(int tables) {
        List<Integer> out = new ArrayList<>();
        for (int t = index + 1; t <= tables; t += count) out.add(t);
        return out;
    }

    /** The message when a level has fewer threads than clients, or null when every level fits. */
    public String threadsProblem(List<Integer> levels) {
        for (int t : levels) {
            if (t > 0 && t < count) {
                return "threads " + t + " split over clientCount=" + count + " leaves client " + (count - 1)
                        + " without a thread; every level needs threads >= clientCount (threads are the whole job's)";
            }
        }
        return null;
    }
}
