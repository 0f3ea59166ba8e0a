package org.oltpbench.workload.pgbench;

/**
 * One terminal's variables: a slot per name of its scripts ({@link Symbols}), integer or double as the name's type says,
 * and the generator its random functions draw from. Written and read by the terminal's thread only.
 */
public final class Vars {
    final long[] ints;
    final double[] doubles;
    final PgRandom random;
    /** pgbench's :default_seed, the seed of hash() when none is given. */
    final long defaultSeed;

    public Vars(Symbols symbols, PgRandom random, long defaultSeed) {
        this.ints = new long[symbols.size()];
        this.doubles = new double[symbols.size()];
        this.random = random;
        this.defaultSeed = defaultSeed;
    }

    public long intValue(int slot) {
        return ints[slot];
    }

    public double doubleValue(int slot) {
        return doubles[slot];
    }

    public void set(int slot, long v) {
        ints[slot] = v;
    }
}
