package org.oltpbench.workload.pgbench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class PgPrngTest {
    /**
     * Expected values from pgbench 15.18 itself: {@code pgbench -n -c C -t 1 --random-seed=S -f seed.sql} with
     * {@code INSERT INTO seedcheck VALUES (:client_id, :default_seed, :random_seed);}, the rows read back.
     */
    @Test
    void theDefaultSeedIsPgbench15s() {
        assertEquals(-2715325821952477995L, PgPrng.defaultSeed(7, 1));
        assertEquals(-6956873347570724869L, PgPrng.defaultSeed(7, 2));
        assertEquals(80114850718677635L, PgPrng.defaultSeed(7, 4));
        assertEquals(-7414508434323253986L, PgPrng.defaultSeed(12345, 3));
    }
}
