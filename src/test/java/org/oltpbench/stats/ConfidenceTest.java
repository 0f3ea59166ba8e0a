package org.oltpbench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.oltpbench.stats.IntervalAssert.assertBounds;

import org.junit.jupiter.api.Test;

/**
 * Expected values from SciPy 1.x, not from this code:
 * <pre>
 * from scipy import stats; import numpy as np
 * stats.t.ppf(0.975, [1, 4, 9])                     # 12.706204736174694 2.7764451051977934 2.262157162798205
 * x = np.array([10, 12, 11, 13, 9.]); se = x.std(ddof=1) / np.sqrt(5)
 * stats.t.interval(0.95, 4, loc=11, scale=se)       # (9.036756838522443, 12.963243161477557)
 * # the log-scale delta method, a=110 se 2, b=100 se 3, df 4:
 * t = stats.t.ppf(0.975, 4); s = np.sqrt((2/110)**2 + (3/100)**2)
 * (1.1*np.exp(-t*s), 1.1*np.exp(t*s))              # (0.9979157641599705, 1.2125271926318941), s 0.035079602511954064
 * # a=5 se 3, b=4 se 1, df 2 (Fieller's lower limit is negative here: -0.49-like, as issue 27 saw)
 * t = stats.t.ppf(0.975, 2); s = np.sqrt((3/5)**2 + (1/4)**2)
 * (1.25*np.exp(-t*s), 1.25*np.exp(t*s))            # (0.07626198290244005, 20.488583440045943)
 * </pre>
 */
class ConfidenceTest {
    /**
     * Issue 58 §3, by hand: means 500 (standard error 200) and 1,000 (100) over 2 repeats each: s = sqrt(0.4^2 + 0.1^2)
     * = 0.4123, t(1) = 12.706, so the ratio 0.5 has [0.0026, 94.2]: within noise. With n' repeats s shrinks by
     * sqrt(2 / n'): t(n' - 1) 0.4123 sqrt(2 / n') against ln 2 = 0.6931: n' = 5 gives 2.776 x 0.2608 = 0.724, not
     * below; n' = 6 gives 2.571 x 0.2381 = 0.612: 6 repeats each. A ratio of 1.01 needs more than 50; one that
     * already decides, none.
     */
    @Test
    void repeatsToDecideComeFromTheSpreadSeen() {
        Interval a = new Interval(500, 0, 1000, 200, 2, Interval.Method.REPEATS), b = new Interval(1000, 0, 2000, 100, 2,
                Interval.Method.REPEATS);
        Interval r = Confidence.ratio(a, b);
        assertEquals(0.4123, r.stdErr(), 1e-4);
        assertTrue(r.lower() < 1 && r.upper() > 1, r.toString());
        assertEquals(6, Confidence.repeatsToDecide(r));
        Interval close = Confidence.ratio(new Interval(1010, 0, 2000, 200, 2, Interval.Method.REPEATS), b);
        assertEquals(-1, Confidence.repeatsToDecide(close));
        Interval sure = Confidence.ratio(new Interval(500, 0, 1000, 5, 3, Interval.Method.REPEATS),
                new Interval(1000, 0, 2000, 5, 3, Interval.Method.REPEATS));
        assertEquals(0, Confidence.repeatsToDecide(sure));
    }

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
        assertBounds(9.036756838522443, 12.963243161477557, i, 1e-9);
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
    void logRatioAgainstScipy() {
        Interval a = new Interval(110, 0, 0, 2, 5, Interval.Method.REPEATS);
        Interval b = new Interval(100, 0, 0, 3, 5, Interval.Method.REPEATS);
        Interval r = Confidence.ratio(a, b);
        assertEquals(1.1, r.mean(), 1e-12);
        assertBounds(0.9979157641599705, 1.2125271926318941, r, 1e-9);
        assertEquals(0.035079602511954064, r.stdErr(), 1e-12);
        assertEquals(Interval.Method.LOG_RATIO, r.method());
        assertTrue(r.contains(1.0), "a 10% difference with these errors is within noise, just");
        // the same means measured four times as precisely: no longer within noise
        Interval tight = Confidence.ratio(new Interval(110, 0, 0, 0.5, 5, Interval.Method.REPEATS),
                new Interval(100, 0, 0, 0.75, 5, Interval.Method.REPEATS));
        assertFalse(tight.contains(1.0), tight.toString());
    }

    /** Issue 27 §1.4: noisy figures from 3 repeats, where Fieller's limits fell below 0; the log scale keeps both above. */
    @Test
    void aNoisyRatioKeepsPositiveLimits() {
        Interval r = Confidence.ratio(new Interval(5, 0, 0, 3, 3, Interval.Method.REPEATS),
                new Interval(4, 0, 0, 1, 3, Interval.Method.REPEATS));
        assertBounds(0.07626198290244005, 20.488583440045943, r, 1e-9);
    }

    /**
     * A t interval that would reach below 0 is cut at 0 (issue 42 review): {1, 1, 100} has mean 34, s = 57.16,
     * se = 33.0, t(2) = 4.303, so 34 ± 141.99 = [0, 175.99] (scipy: src/test/resources/expected/repeats_interval.py).
     * It was the percentile bootstrap [1, 100], which over two repeats is their [min, max].
     */
    @Test
    void aMeanWhoseTIntervalWouldGoNegativeIsCutAtZero() {
        Interval i = Confidence.ofMean(new double[] {1, 1, 100}, Interval.Method.REPEATS);
        assertEquals(Interval.Method.REPEATS, i.method());
        assertEquals(34.0, i.mean(), 1e-12);
        assertEquals(0.0, i.lower(), 1e-12);
        assertEquals(175.98754008173225, i.upper(), 1e-9);
    }

    @Test
    void ratioNeedsBothIntervalsAndPositiveFigures() {
        Interval a = new Interval(110, 0, 0, 2, 5, Interval.Method.REPEATS);
        assertSame(Interval.NONE, Confidence.ratio(a, Interval.NONE));
        assertSame(Interval.NONE, Confidence.ratio(a, new Interval(0, 0, 0, 3, 5, Interval.Method.REPEATS)));
    }

    /**
     * The ratio estimator over batches (SpreadsTest.lateIntervalsWeighByTheirSeconds' batch sums): centred on Σy/Σx =
     * 12,848 / 30.8 s = 417.14, limits by the delta method in src/test/resources/expected/spread_stats.py. With equal
     * weights it is Student's t over the batch means (meanOfFiveSamples' 9.04 to 12.96). Where t would reach below 0,
     * the bootstrap's limits, which hold the figure.
     */
    @Test
    void aRatioEstimatorIsCentredOnItsFigure() {
        double[] y = {1390, 1415, 1395, 1400, 1401, 1399, 1000, 948, 1400, 1100}, x = {2, 2, 2, 2, 2, 2, 5.5, 7.2, 2, 4.1};
        Interval i = Confidence.ofRatio(12848 / 30.8, y, x, Interval.Method.BATCH_MEANS);
        assertEquals(417.1428571428571, i.mean(), 1e-9);
        assertBounds(191.25551318887787, 643.0302010968363, i, 1e-8);
        assertEquals(10, i.n());
        Interval t = Confidence.ofRatio(11, new double[] {20, 24, 22, 26, 18}, new double[] {2, 2, 2, 2, 2}, Interval.Method.BATCH_MEANS);
        assertBounds(9.036756838522443, 12.963243161477557, t, 1e-9);
        assertSame(Interval.NONE, Confidence.ofRatio(1, new double[] {1}, new double[] {1}, Interval.Method.BATCH_MEANS));
        Interval boot = Confidence.ofRatio(0.5, new double[] {0, 0, 0, 5}, new double[] {2.5, 2.5, 2.5, 2.5}, Interval.Method.BATCH_MEANS);
        assertEquals(Interval.Method.BOOTSTRAP_BATCHES, boot.method(), "t would reach below 0");
        assertTrue(boot.lower() >= 0 && boot.contains(0.5));
    }
}
