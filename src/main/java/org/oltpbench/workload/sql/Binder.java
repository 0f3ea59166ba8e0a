package org.oltpbench.workload.sql;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.SplittableRandom;

/** Draws the placeholders' values and binds them; one per terminal, so its buffer and generator are its own. */
final class Binder {
    private static final char[] ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".toCharArray();

    private final SplittableRandom rnd;
    private char[] buf = new char[64];

    Binder(long seed) {
        this.rnd = new SplittableRandom(seed);
    }

    void bind(PreparedStatement ps, List<SqlScript.Gen> params) throws SQLException {
        for (int i = 0; i < params.size(); i++) {
            switch (params.get(i)) {
                case SqlScript.IntRange r -> ps.setLong(i + 1, r.lo() + rnd.nextLong(r.hi() - r.lo() + 1));
                case SqlScript.Seq s -> ps.setLong(i + 1, s.next().getAndIncrement());
                case SqlScript.Str s -> ps.setString(i + 1, text(s.min(), s.max()));
                case SqlScript.Pick p -> ps.setString(i + 1, p.values().get(rnd.nextInt(p.values().size())));
            }
        }
    }

    /** Random letters and digits, of a length drawn in min..max. */
    String text(int min, int max) {
        int n = min == max ? min : min + rnd.nextInt(max - min + 1);
        if (buf.length < n) buf = new char[n];
        for (int i = 0; i < n; i++) buf[i] = ALNUM[rnd.nextInt(ALNUM.length)];
        return new String(buf, 0, n);
    }

    /** Index into {@code cumulative} weights (ascending, last = total) for one weighted draw. */
    int pick(int[] cumulative) {
        if (cumulative.length == 1) return 0;
        int x = rnd.nextInt(cumulative[cumulative.length - 1]);
        int i = 0;
        while (cumulative[i] <= x) i++;
        return i;
    }

    long nextLong(long bound) {
        return rnd.nextLong(bound);
    }

    int nextInt(int bound) {
        return rnd.nextInt(bound);
    }
}
