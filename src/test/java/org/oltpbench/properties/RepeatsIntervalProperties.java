package org.oltpbench.properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.oltpbench.driver.search.Standing;
import org.oltpbench.stats.Confidence;
import org.oltpbench.stats.Interval;

/**
 * Issue 42 review: the interval printed over a few repeats is a 95% interval of their mean whatever their spread, and a
 * peak search that reads disjoint printed intervals as a rise ({@link Standing}) therefore needs a difference the
 * repeats show. Before the review, a t interval reaching below 0 became the percentile bootstrap, whose limits over two
 * repeats are their [min, max]: it holds the mean with probability 1/2.
 */
class RepeatsIntervalProperties {

    /**
     * Over 2 to 5 repeats drawn normal around 100 with a relative spread of 5% to 30%, the interval holds the true mean
     * in at least 90.5% of 600 draws: 95% expected, and 600 draws have a standard error of 0.89%, so 90.5% is 5 of them
     * below, which 40 tries of an exact interval reach by chance with a probability of 7.5e-5 (binomial, SciPy:
     * {@code 1-(1-binom.cdf(542,600,0.95))**40}). At 92% that was 2.5% a run, and a CI run met it (550 of 600 at 3
     * repeats, 5% spread, on the property library used then). The seed is fixed, so the scenarios are the same in every
     * run. Before the review a rule printed [min, max] for two repeats 16% apart or more: about 1/2 of the draws held the
     * mean there (549 of 600 in the smallest failing case found then).
     */
    @Test
    void theIntervalOverRepeatsHoldsTheirMean() {
        Prop.forAll(40, 20261127, d -> theIntervalOverRepeatsHoldsTheirMean(d.anyLong(), d.ints(2, 5), d.doubles(0.05, 0.30)));
    }

    private static void theIntervalOverRepeatsHoldsTheirMean(long seed, int repeats, double spread) {
        SplittableRandom r = new SplittableRandom(seed);
        int held = 0, draws = 600;
        for (int d = 0; d < draws; d++) {
            double[] x = new double[repeats];
            for (int k = 0; k < repeats; k++) x[k] = Math.max(1e-6, 100 * (1 + spread * Windows.gaussian(r)));
            if (Confidence.ofMean(x, Interval.Method.REPEATS).contains(100)) held++;
        }
        assertTrue(held >= 0.905 * draws, held + " of " + draws + " intervals held the mean");
    }

    /**
     * Two probes of two repeats each, 100 and 130 tps, then 135 and 170: Welch's test gives p = 0.25, no rise
     * (src/test/resources/expected/repeats_interval.py). Printed before as [100, 130] and [135, 170], disjoint, so the
     * search stepped on "a rise"; now 115 [0, 305.59] and 152.5 [0, 374.86], within noise.
     */
    @Test
    void twoRepeatsApartByTheirOwnSpreadAreNoRise() {
        Interval a = Confidence.ofMean(new double[] {100, 130}, Interval.Method.REPEATS);
        Interval b = Confidence.ofMean(new double[] {135, 170}, Interval.Method.REPEATS);
        assertEquals(305.5930710426204, a.upper(), 1e-9);
        assertEquals(Standing.WITHIN, Standing.of(b, b.mean(), a, a.mean(), 0.1));
    }
}
