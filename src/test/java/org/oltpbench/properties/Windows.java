package org.oltpbench.properties;

import java.util.List;
import java.util.random.RandomGenerator;
import org.oltpbench.result.repeat.client.Resources;
import org.oltpbench.result.repeat.counted.IntervalResult;
import org.oltpbench.result.repeat.counted.IntervalResult.TerminalTime;

/**
 * The pieces the property scenarios build windows from, written once: the distributions their arrivals and service
 * times are drawn from, on a seeded generator, and one recorded second of a level.
 */
final class Windows {
    private Windows() {
    }

    /** An exponential draw of mean {@code mean} (inverse transform): Poisson gaps, TPC-C's think times (5.2.5.4). */
    static double exponential(RandomGenerator r, double mean) {
        return -mean * Math.log(1 - r.nextDouble());
    }

    /** A Poisson count of mean {@code mean} (Knuth's product of uniforms; means up to a few hundred). */
    static long poisson(RandomGenerator r, double mean) {
        double l = Math.exp(-mean), p = 1;
        long k = 0;
        do {
            k++;
            p *= r.nextDouble();
        } while (p > l);
        return k - 1;
    }

    /** A standard normal draw (Box-Muller). */
    static double gaussian(RandomGenerator r) {
        return Math.sqrt(-2 * Math.log(1 - r.nextDouble())) * Math.cos(2 * Math.PI * r.nextDouble());
    }

    /**
     * The level's recorded second {@code k} (0-based: it ends at k + 1 s) of {@code terminals}, in which {@code tx}
     * transactions ended, each one read: no error, no queue, no latency recorded in it.
     */
    static IntervalResult second(int k, int terminals, long tx, Resources resources, TerminalTime time) {
        return new IntervalResult(k + 1, 1, terminals, tx, tx, 0, 0, 0, 0, false, 0, null, -1, List.of(), resources, time);
    }
}
