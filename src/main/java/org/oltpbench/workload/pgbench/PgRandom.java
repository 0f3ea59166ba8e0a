package org.oltpbench.workload.pgbench;

import java.util.SplittableRandom;

/**
 * pgbench's random functions (PostgreSQL 15 documentation, "Random Functions"), over one terminal's generator. Each
 * returns an integer in [lb, ub], both inclusive; none allocates.
 */
public final class PgRandom {
    /** random_gaussian's smallest parameter, and random_zipfian's range of parameters (pgbench 15's bounds). */
    public static final double MIN_GAUSSIAN = 2.0, MIN_ZIPFIAN = 1.001, MAX_ZIPFIAN = 1000.0;

    private final SplittableRandom rnd;

    public PgRandom(long seed) {
        this.rnd = new SplittableRandom(seed);
    }

    /** A double in [0, 1). */
    double uniform01() {
        return rnd.nextDouble();
    }

    /** random(lb, ub): every integer of [lb, ub] equally likely. */
    public long random(long lb, long ub) {
        checkRange(lb, ub);
        return lb + (long) ((double) (ub - lb + 1) * uniform01());
    }

    /**
     * random_gaussian(lb, ub, p): a standard normal draw kept only inside [-p, p) (p >= 2), mapped linearly onto the
     * interval, so the middle value is the mean and the ends are p standard deviations away.
     */
    public long gaussian(long lb, long ub, double p) {
        checkRange(lb, ub);
        if (!(p >= MIN_GAUSSIAN)) throw new PgbenchError("random_gaussian's parameter must be at least 2.0, not " + p);
        double z;
        do {
            // Box-Muller; 1 - u keeps the logarithm's argument in (0, 1]
            double u1 = 1.0 - uniform01(), u2 = uniform01();
            z = Math.sqrt(-2.0 * Math.log(u1)) * Math.sin(2.0 * Math.PI * u2);
        } while (z < -p || z >= p);
        double r = (z + p) / (2.0 * p); // in [0, 1)
        return lb + (long) ((double) (ub - lb + 1) * r);
    }

    /**
     * random_exponential(lb, ub, p): density proportional to exp(-p (x - lb) / (ub - lb + 1)) over the interval (p >
     * 0), drawn by inverting the truncated exponential's distribution function.
     */
    public long exponential(long lb, long ub, double p) {
        checkRange(lb, ub);
        if (!(p > 0.0)) throw new PgbenchError("random_exponential's parameter must be greater than 0, not " + p);
        double cut = Math.exp(-p);
        double u = 1.0 - uniform01(); // (0, 1]
        double r = -Math.log(cut + (1.0 - cut) * u) / p; // [0, 1)
        return lb + (long) ((double) (ub - lb + 1) * r);
    }

    /**
     * random_zipfian(lb, ub, s): value lb + k - 1 with probability proportional to 1/k^s for k in 1..n, n = ub - lb + 1,
     * s in [1.001, 1000]; Devroye's rejection method ("Non-Uniform Random Variate Generation", p. 550-551).
     */
    public long zipfian(long lb, long ub, double s) {
        checkRange(lb, ub);
        if (!(s >= MIN_ZIPFIAN && s <= MAX_ZIPFIAN)) {
            throw new PgbenchError("random_zipfian's parameter must be in [1.001, 1000], not " + s);
        }
        long n = ub - lb + 1;
        double b = Math.pow(2.0, s - 1.0);
        double x;
        while (true) {
            double u = 1.0 - uniform01(), v = uniform01();
            x = Math.floor(Math.pow(u, -1.0 / (s - 1.0)));
            double t = Math.pow(1.0 + 1.0 / x, s - 1.0);
            if (v * x * (t - 1.0) / (b - 1.0) <= t / b && x <= n) break;
        }
        return lb + (long) x - 1;
    }

    private static void checkRange(long lb, long ub) {
        if (lb > ub) throw new PgbenchError("empty range given to random: " + lb + " > " + ub);
        if (ub - lb + 1 <= 0) throw new PgbenchError("random range is too large: " + lb + " .. " + ub);
    }
}
