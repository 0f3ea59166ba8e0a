package org.oltpbench.workload.pgbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;

/**
 * pgbench's distributions over [1, 10], 200,000 draws each from a fixed seed, against the probabilities SciPy gives for
 * pgbench's definitions (src/test/resources/expected/pgbench_distributions.py): the chi-square statistic must stay
 * under SciPy's 0.999 quantile for 9 degrees of freedom.
 */
class PgRandomTest {
    private static final int DRAWS = 200_000;
    private static final double CHI2_999_DF9 = 27.877164871256568;

    private static double chiSquare(LongSupplier draw, double[] expected) {
        long[] seen = new long[expected.length];
        for (int i = 0; i < DRAWS; i++) {
            long v = draw.getAsLong();
            assertTrue(v >= 1 && v <= 10, "drawn " + v);
            seen[(int) v - 1]++;
        }
        double chi = 0;
        for (int k = 0; k < expected.length; k++) {
            double e = expected[k] * DRAWS;
            chi += (seen[k] - e) * (seen[k] - e) / e;
        }
        return chi;
    }

    /** A distribution over [1, 10] as drawn, and SciPy's probabilities of its ten values. */
    private record Case(String name, java.util.function.ToLongFunction<PgRandom> draw, double[] expected) {
    }

    @Test
    void eachDistributionIsPgbenchs() {
        double[] uniform = new double[10];
        java.util.Arrays.fill(uniform, 0.1);
        List<Case> cases = List.of(new Case("random(1, 10)", r -> r.random(1, 10), uniform),
                new Case("random_gaussian(1, 10, 2.5)", r -> r.gaussian(1, 10, 2.5), new double[] {0.016748471426962612,
                    0.044611109439541094, 0.0930030887736952, 0.15176713097616018, 0.19387019938364086, 0.19387019938364097,
                    0.15176713097616024, 0.09300308877369512, 0.04461110943954116, 0.016748471426962563}),
                new Case("random_exponential(1, 10, 1.5)", r -> r.exponential(1, 10, 1.5), new double[] {0.17929904911941943,
                    0.1543241217425125, 0.1328280025385723, 0.11432612127755692, 0.09840140449733181, 0.08469487374228202,
                    0.07289755339229542, 0.0627435056666199, 0.054003835796130883, 0.0464815322272788}),
                new Case("random_zipfian(1, 10, 1.5)", r -> r.zipfian(1, 10, 1.5), new double[] {0.5011686015541614,
                    0.1771898583383635, 0.09644994233889422, 0.06264607519427043, 0.04482588245054449, 0.0341002041364419,
                    0.02706056091074144, 0.022148732292295414, 0.018561800057561542, 0.015848342726725532}));
        for (Case c : cases) {
            PgRandom r = new PgRandom(42);
            double chi = chiSquare(() -> c.draw().applyAsLong(r), c.expected());
            assertTrue(chi < CHI2_999_DF9, c.name() + ": chi2 " + chi);
        }
    }

    @Test
    void aShiftedRangeKeepsItsShape() {
        PgRandom r = new PgRandom(7);
        for (int i = 0; i < 10_000; i++) {
            long v = r.zipfian(-5, 4, 2.0);
            assertTrue(v >= -5 && v <= 4, "drawn " + v);
        }
        assertEquals(5, new PgRandom(1).random(5, 5));
    }

    @Test
    void parametersOutsidePgbenchsBoundsAreRefused() {
        PgRandom r = new PgRandom(1);
        assertThrows(PgbenchError.class, () -> r.gaussian(1, 10, 1.9));
        assertThrows(PgbenchError.class, () -> r.exponential(1, 10, 0));
        assertThrows(PgbenchError.class, () -> r.zipfian(1, 10, 1.0));
        assertThrows(PgbenchError.class, () -> r.zipfian(1, 10, 1001));
        assertThrows(PgbenchError.class, () -> r.random(2, 1));
    }
}
