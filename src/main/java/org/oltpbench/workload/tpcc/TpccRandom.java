package org.oltpbench.workload.tpcc;

import org.oltpbench.random.SbRandom;

/**
 * TPC-C's random rules: uniform ranges, NURand (2.1.6), the last-name syllables (4.3.2.3) and the
 * a-string / n-string formats (4.3.2.2). One instance per thread; not thread-safe.
 */
public final class TpccRandom {
    private static final String[] SYLLABLES = {"BAR", "OUGHT", "ABLE", "PRI", "PRES", "ESE", "ANTI", "CALLY", "ATION", "EING"};
    private static final char[] ALPHANUM = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".toCharArray();

    private final SbRandom rnd;
    /** The run-time constants C for NURand(255, ...), NURand(1023, ...) and NURand(8191, ...). */
    private final int cLast, cId, cItem;

    public TpccRandom(long seed, int cLast, int cId, int cItem) {
        this.rnd = SbRandom.uniform(seed);
        this.cLast = cLast;
        this.cId = cId;
        this.cItem = cItem;
    }

    /** Uniform over [min, max]. */
    public int between(int min, int max) {
        return (int) rnd.uniform(min, max);
    }

    /** Uniform over [0, 1). */
    public double fraction() {
        return rnd.nextDouble();
    }

    /** NURand(A, x, y) = (((random(0, A) | random(x, y)) + C) % (y - x + 1)) + x  (TPC-C 2.1.6). */
    static int nurand(int a, int x, int y, int c, TpccRandom r) {
        return (((r.between(0, a) | r.between(x, y)) + c) % (y - x + 1)) + x;
    }

    /** A customer id, NURand(1023, 1, 3000). */
    public int customerId() {
        return nurand(1023, 1, 3000, cId, this);
    }

    /** An item id, NURand(8191, 1, 100000). */
    public int itemId() {
        return nurand(8191, 1, 100000, cItem, this);
    }

    /** A last name for a run-time lookup: syllables of NURand(255, 0, 999). */
    public String lastName() {
        return lastName(nurand(255, 0, 999, cLast, this));
    }

    /** The last name of number n in [0, 999]: the syllables of its three digits (4.3.2.3). */
    public static String lastName(int n) {
        return SYLLABLES[n / 100] + SYLLABLES[(n / 10) % 10] + SYLLABLES[n % 10];
    }

    /** A random a-string of length [min, max] (4.3.2.2). */
    public char[] astring(int min, int max) {
        char[] s = new char[between(min, max)];
        for (int i = 0; i < s.length; i++) s[i] = ALPHANUM[between(0, ALPHANUM.length - 1)];
        return s;
    }

    /** A random n-string (digits) of length [min, max]. */
    public char[] nstring(int min, int max) {
        char[] s = new char[between(min, max)];
        for (int i = 0; i < s.length; i++) s[i] = (char) ('0' + between(0, 9));
        return s;
    }

    /** i_data / s_data: an a-string of 26..50 with "ORIGINAL" at a random place in 10% of rows (4.3.3.1). */
    public char[] dataWithOriginal() {
        char[] s = astring(26, 50);
        if (between(1, 10) == 1) System.arraycopy("ORIGINAL".toCharArray(), 0, s, between(0, s.length - 8), 8);
        return s;
    }

    /** A zip code: 4 random digits then "11111" (4.3.2.7). */
    public char[] zip() {
        char[] z = new char[9];
        for (int i = 0; i < 4; i++) z[i] = (char) ('0' + between(0, 9));
        for (int i = 4; i < 9; i++) z[i] = '1';
        return z;
    }

    /**
     * A run-time C for NURand(255, ...) given the load-time one: |C_run - C_load| must lie in [65, 119]
     * and must not be 96 or 112 (2.1.6.1).
     */
    public static int runCLast(int cLoad, TpccRandom r) {
        while (true) {
            int c = r.between(0, 255);
            int delta = Math.abs(c - cLoad);
            if (delta >= 65 && delta <= 119 && delta != 96 && delta != 112) return c;
        }
    }
}
