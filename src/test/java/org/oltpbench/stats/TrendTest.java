package org.oltpbench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Expected values from SciPy's linregress on the logarithms, not from this code (src/test/resources/expected/
 * spread_stats.py prints them):
 * <pre>
 * x = np.array([0.1,0.3,0.5,0.7,0.9,1.1,1.3,1.5,1.7,1.9]); y = np.array([100,104,98,101,97,103,99,102,105,95.])
 * r = stats.linregress(x, np.log(y)); t = stats.t.ppf(0.975, 8); pct = lambda b: 100*np.expm1(b)
 * pct(r.slope), pct(r.slope - t*r.stderr), pct(r.slope + t*r.stderr)   # -0.58799, -4.75703, 3.76353
 * y2 = y + 10*x: the same for y2, and pct(1.8*r.slope) over the window   # 8.94475, 4.86738, 13.18066; 16.67327
 * </pre>
 */
class TrendTest {
    static final double[] X = {0.1, 0.3, 0.5, 0.7, 0.9, 1.1, 1.3, 1.5, 1.7, 1.9};
    static final double[] Y = {100, 104, 98, 101, 97, 103, 99, 102, 105, 95};

    @Test
    void steadyNoiseIsNotADrift() {
        Trend t = Trend.fit(X, Y);
        assertEquals(-0.5879942338610217, t.pctPerMin(), 1e-9);
        assertEquals(-4.757025922317615, t.lowerPct(), 1e-9);
        assertEquals(3.7635267708697464, t.upperPct(), 1e-9);
        assertFalse(t.drifting(), "the slope's interval contains 0");
    }

    @Test
    void aRiseOfTenPerMinuteIsOne() {
        double[] y2 = new double[Y.length];
        for (int i = 0; i < Y.length; i++) y2[i] = Y[i] + 10 * X[i];
        Trend t = Trend.fit(X, y2);
        assertEquals(8.94475397656955, t.pctPerMin(), 1e-9);
        assertEquals(4.867378859481377, t.lowerPct(), 1e-9);
        assertEquals(13.18066254825781, t.upperPct(), 1e-9);
        assertEquals(16.67327280893674, t.windowPct(), 1e-9, "compounded over the 1.8 min between the first and last batch");
        assertTrue(t.drifting());
    }

    @Test
    void aRealButTinyTrendIsNotWorthAWarning() {
        double[] x = {0, 1, 2, 3}, y = {1000, 1001, 1002, 1003};
        Trend t = Trend.fit(x, y);
        assertEquals(0.09990015969068589, t.pctPerMin(), 1e-9, "nearly a line: a narrow interval");
        assertFalse(t.drifting(), "0.3% over the window is below " + Trend.MIN_CHANGE_PCT + "%");
        assertSame(Trend.NONE, Trend.fit(new double[] {0, 1, 2}, new double[] {1, 2, 3}), "3 points: too few");
    }

    /** Batches weigh by their seconds: weighted least squares of log(y2) with weights 1,1,1,1,4,1,1,1,1,2 (closed form). */
    @Test
    void longerBatchesWeighMore() {
        double[] y2 = new double[Y.length];
        for (int i = 0; i < Y.length; i++) y2[i] = Y[i] + 10 * X[i];
        Trend t = Trend.fit(X, y2, new double[] {1, 1, 1, 1, 4, 1, 1, 1, 1, 2});
        assertEquals(8.307138331232853, t.pctPerMin(), 1e-9);
        assertEquals(3.944580699703421, t.lowerPct(), 1e-9);
        assertEquals(12.85279265679195, t.upperPct(), 1e-9);
    }

    /**
     * Issue 42 §1.11: a level falling toward zero, 1,200 to 5 tps over ten one-minute batches. A straight line through it
     * (ade499c) said -32.2%/min and -290% over the window; compounded, the fall is -47.1%/min [-54.1, -39.1] and
     * -99.68% over the window (spread_stats.py).
     */
    @Test
    void aCollapseFallsByLessThanAll() {
        double[] minutes = {0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5, 9.5};
        Trend t = Trend.fit(minutes, new double[] {1200, 1100, 950, 700, 420, 200, 90, 30, 12, 5});
        assertEquals(-47.1187215394716, t.pctPerMin(), 1e-9);
        assertEquals(-54.08137845321234, t.lowerPct(), 1e-9);
        assertEquals(-39.10031448198873, t.upperPct(), 1e-9);
        assertEquals(-99.67661675462183, t.windowPct(), 1e-9);
        assertTrue(t.drifting());
    }

    /** Batches without throughput have no logarithm: the level stopped, which no slope describes. */
    @Test
    void aStopIsNoDriftFigure() {
        double[] minutes = {0.5, 1.5, 2.5, 3.5, 4.5, 5.5};
        Trend t = Trend.fit(minutes, new double[] {900, 910, 0, 0, 880, 0});
        assertTrue(t.stopped() && t.drifting(), "not steady");
        assertEquals(3, t.zeroBatches());
        assertEquals(0.0, t.pctPerMin(), 0.0, "no figure");
        assertEquals("0 in 3 of 6 batches", t.brief());
        assertSame(Trend.NONE, Trend.fit(minutes, new double[6]), "nothing ran: no trend at all");
    }
}
