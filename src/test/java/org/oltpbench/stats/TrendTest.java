package org.oltpbench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Expected values from SciPy's linregress, not from this code:
 * <pre>
 * x = np.array([0.1,0.3,0.5,0.7,0.9,1.1,1.3,1.5,1.7,1.9]); y = np.array([100,104,98,101,97,103,99,102,105,95.])
 * r = stats.linregress(x, y); t = stats.t.ppf(0.975, 8); m = y.mean()
 * 100*r.slope/m, 100*(r.slope - t*r.stderr)/m, 100*(r.slope + t*r.stderr)/m   # -0.54328, -4.81734, 3.73078
 * y2 = y + 10*x: the same for y2                                                # 8.56390, 4.67698, 12.45082
 * </pre>
 */
class TrendTest {
    static final double[] X = {0.1, 0.3, 0.5, 0.7, 0.9, 1.1, 1.3, 1.5, 1.7, 1.9};
    static final double[] Y = {100, 104, 98, 101, 97, 103, 99, 102, 105, 95};

    @Test
    void steadyNoiseIsNotADrift() {
        Trend t = Trend.fit(X, Y);
        assertEquals(-0.5432814197754435, t.pctPerMin(), 1e-9);
        assertEquals(-4.81734221391851, t.lowerPct(), 1e-9);
        assertEquals(3.730779374367623, t.upperPct(), 1e-9);
        assertFalse(t.drifting(), "the slope's interval contains 0");
    }

    @Test
    void aRiseOfTenPerMinuteIsOne() {
        double[] y2 = new double[Y.length];
        for (int i = 0; i < Y.length; i++) y2[i] = Y[i] + 10 * X[i];
        Trend t = Trend.fit(X, y2);
        assertEquals(8.563899868247693, t.pctPerMin(), 1e-9);
        assertEquals(4.676982261979907, t.lowerPct(), 1e-9);
        assertEquals(12.450817474515482, t.upperPct(), 1e-9);
        assertEquals(8.563899868247693 * 1.8, t.windowPct(), 1e-9, "over the 1.8 min between the first and last batch");
        assertTrue(t.drifting());
    }

    @Test
    void aRealButTinyTrendIsNotWorthAWarning() {
        double[] x = {0, 1, 2, 3}, y = {1000, 1001, 1002, 1003};
        Trend t = Trend.fit(x, y);
        assertEquals(100.0 / 1001.5, t.pctPerMin(), 1e-9, "exact line: zero-width interval");
        assertFalse(t.drifting(), "0.3% over the window is below " + Trend.MIN_CHANGE_PCT + "%");
        assertSame(Trend.NONE, Trend.fit(new double[] {0, 1, 2}, new double[] {1, 2, 3}), "3 points: too few");
    }
}
