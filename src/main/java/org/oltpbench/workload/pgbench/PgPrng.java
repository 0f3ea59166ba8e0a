package org.oltpbench.workload.pgbench;

/**
 * PostgreSQL's pg_prng (src/common/pg_prng.c): xoroshiro128** seeded through splitmix64, which pgbench 15 seeds from
 * --random-seed as its base random sequence. Used where pgbench's figures follow from that sequence alone.
 */
final class PgPrng {
    private long s0, s1;

    /** pg_prng_seed: both state words from splitmix64 over the seed; all zeroes replaced by Knuth's LCG constants. */
    PgPrng(long seed) {
        long[] state = {seed};
        s0 = splitmix64(state);
        s1 = splitmix64(state);
        if (s0 == 0 && s1 == 0) {
            s0 = 0x5851F42D4C957F2DL;
            s1 = 0x14057B7EF767814FL;
        }
    }

    private static long splitmix64(long[] state) {
        long v = state[0] += 0x9E3779B97F4A7C15L;
        v = (v ^ (v >>> 30)) * 0xBF58476D1CE4E5B9L;
        v = (v ^ (v >>> 27)) * 0x94D049BB133111EBL;
        return v ^ (v >>> 31);
    }

    /** pg_prng_uint64: the next 64 bits (unsigned, as a long). */
    long next() {
        long a = s0, x = s1 ^ a, val = Long.rotateLeft(a * 5, 7) * 9;
        s0 = Long.rotateLeft(a, 24) ^ x ^ (x << 16);
        s1 = Long.rotateLeft(x, 37);
        return val;
    }

    /**
     * pgbench 15's :default_seed (hash()'s seed) for {@code clients} clients under --random-seed {@code seed}: its main()
     * seeds each client's function generator with one draw of the base sequence, then takes the next draw.
     */
    static long defaultSeed(long seed, int clients) {
        PgPrng base = new PgPrng(seed);
        for (int i = 0; i < clients; i++) base.next();
        return base.next();
    }
}
