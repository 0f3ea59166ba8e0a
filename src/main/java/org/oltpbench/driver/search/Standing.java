package org.oltpbench.driver.search;

import org.oltpbench.result.search.Probe;
import org.oltpbench.stats.Confidence;
import org.oltpbench.stats.Interval;

/**
 * How one probe's tps stands beside another's: the one rule every decision of a peak search uses (a step, the bracket
 * around the peak, the knee), so that the decisions agree with the intervals printed beside the probes.
 * <ul>
 * <li>ABOVE: a's printed interval lies wholly above b's, or the interval of the ratio a/b lies above 1;</li>
 * <li>BELOW: the mirror image;</li>
 * <li>WITHIN noise: neither; the intervals overlap and the ratio's interval holds 1.</li>
 * </ul>
 * Two intervals that do not overlap are a difference whatever the ratio's interval says: with two repeats a printed
 * interval can be the bootstrap's [min, max] of the repeats while the ratio's takes t at 1 degree of freedom (12.7),
 * and the two must not be read against each other. Without an interval on either side, on the figures: a is ABOVE when
 * it is more than searchHalfWidth above b (and b then BELOW a).
 */
public enum Standing {
    ABOVE, BELOW, WITHIN;

    /** Where {@code a} stands beside {@code b}; {@code halfWidth} is searchHalfWidth, for figures without intervals. */
    public static Standing of(Interval a, double aTps, Interval b, double bTps, double halfWidth) {
        if (!a.present() || !b.present()) {
            return aTps > bTps * (1 + halfWidth) ? ABOVE : bTps > aTps * (1 + halfWidth) ? BELOW : WITHIN;
        }
        if (a.lower() > b.upper()) return ABOVE;
        if (a.upper() < b.lower()) return BELOW;
        Interval r = Confidence.ratio(a, b);
        return !r.present() ? WITHIN : r.lower() > 1 ? ABOVE : r.upper() < 1 ? BELOW : WITHIN;
    }

    /** {@link #of} for two probes of a search. */
    public static Standing of(Probe a, Probe b, double halfWidth) {
        return of(a.interval(), a.tps(), b.interval(), b.tps(), halfWidth);
    }
}
