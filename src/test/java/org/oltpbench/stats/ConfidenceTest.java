package org.oltpbench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Expected values from SciPy 1.x, not from this code:
 * <pre>
 * from scipy import stats; import numpy as np
 * stats.t.ppf(0.975, [1, 4, 9])                     # 12.706204736174694 2.7764451051977934 2.262157162798205
 * x = np.array([10, 12, 11, 13, 9.]); se = x.std(ddof=1) / np.sqrt(5)
 * stats.t.interval(0.95, 4, loc=11, scale=se)       # (9.036756838522443, 12.963243161477557)
 * # Fieller by its textbook closed form (independent means), a=110 se 2, b=100 se 3, df 4:
 * t = stats.t.ppf(0.975, 4); g = t*t*9/1e4; r = 1.1; h = (t*2/100)*np.sqrt((1-g) + r*r*9/4)
 * ((r-h)/(1-g), (r+h)/(1-g))                        # (0.9999007279666152, 1.2154690259417558)
 * </pre>
 */
class ConfidenceTest {
    @Test
    void tQuantiles() {
        assertEquals(12.706204736174694, Confidence.t(1), 1e-9);
        assertEquals(2.7764451051977934, Confidence.t(4), 1e-9);
        assertEquals(2.262157162798205, Confidence.t(9), 1e-9);
    }

    @Test
    void meanOfFiveSamples() {
        Interval i = Confidence.ofMean(new double[] {10, 12, 11, 13, 9}, Interval.Method.REPEATS);
        assertEquals(11.0, i.mean(), 1e-12);
        assertEquals(9.036756838522443, i.lower(), 1e-9);
        assertEquals(12.963243161477557, i.upper(), 1e-9);
        assertEquals(0.7071067811865476, i.stdErr(), 1e-12);
        assertEquals(5, i.n());
        assertEquals(17.85, i.halfWidthPct(), 0.01, "1.9632 / 11");
    }

    @Test
    void oneSampleHasNoInterval() {
        assertSame(Interval.NONE, Confidence.ofMean(new double[] {10}, Interval.Method.REPEATS));
        assertFalse(Interval.NONE.contains(0));
    }

    @Test
    void fiellerRatioAgainstTheClosedForm() {
        Interval a = new Interval(110, 0, 0, 2, 5, Interval.Method.REPEATS);
        Interval b = new Interval(100, 0, 0, 3, 5, Interval.Method.REPEATS);
        Interval r = Confidence.ratio(a, b);
        assertEquals(1.1, r.mean(), 1e-12);
        assertEquals(0.9999007279666152, r.lower(), 1e-9);
        assertEquals(1.2154690259417558, r.upper(), 1e-9);
        assertTrue(r.contains(1.0), "a 10% difference with these errors is within noise, just");
        // the same means measured four times as precisely: no longer within noise
        Interval tight = Confidence.ratio(new Interval(110, 0, 0, 0.5, 5, Interval.Method.REPEATS),
                new Interval(100, 0, 0, 0.75, 5, Interval.Method.REPEATS));
        assertFalse(tight.contains(1.0), tight.toString());
    }

    @Test
    void ratioNeedsBothIntervalsAndADenominatorAwayFromZero() {
        Interval a = new Interval(110, 0, 0, 2, 5, Interval.Method.REPEATS);
        assertSame(Interval.NONE, Confidence.ratio(a, Interval.NONE));
        assertSame(Interval.NONE, Confidence.ratio(a, new Interval(1, 0, 0, 3, 5, Interval.Method.REPEATS)),
                "b = 1 ± 3: the set of ratios is unbounded");
    }
}
