package org.oltpbench.properties;

import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.oltpbench.config.SearchParams;
import org.oltpbench.driver.search.PeakSearch;
import org.oltpbench.result.Fixtures;
import org.oltpbench.result.judge.spread.Spreads;
import org.oltpbench.result.level.LevelResult;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.search.Probe;
import org.oltpbench.result.search.SearchOutcome;
import org.oltpbench.stats.Interval;

/**
 * threads=search over generated throughput curves (rising to a knee, then flat or falling), with noise between repeats
 * and up to searchMaxRepeats repeats per probe: whatever the curve and the noise, the search's answer keeps to the
 * intervals it prints beside each probe (issue 42 §1.13, §2).
 */
class PeakSearchProperties {
    /**
     * A curve and how it is measured: {@code perThread} tps a thread up to {@code knee} threads, then falling by
     * {@code fall} of the peak per thread; each repeat off by a normal draw of relative spread {@code noise}.
     */
    record Scenario(double perThread, int knee, double fall, double noise, int maxRepeats, double halfWidth, int max,
                    long seed) {
        double tps(int threads) {
            double peak = perThread * knee;
            return threads <= knee ? perThread * threads : Math.max(0.05 * peak, peak * (1 - fall * (threads - knee)));
        }
    }

    private static Scenario scenarios(Draw d) {
        return new Scenario(d.innerDoubles(5, 2000), d.ints(1, 96), d.of(0.0, 0.0, 0.005, 0.02),
                d.of(0.0, 0.01, 0.05, 0.1, 0.2, 0.35), d.ints(1, 5), d.of(0.03, 0.05), d.of(16, 64, 128), d.seed());
    }

    /** The probes of a search of the scenario, in the order they ran, and its answer. */
    record Searched(List<Probe> path, SearchOutcome outcome) {
    }

    static Searched search(Scenario c) {
        SearchParams p = new SearchParams(1, c.max(), 0.10, c.halfWidth(), c.maxRepeats(), SearchParams.LatencyLimit.NONE);
        PeakSearch s = new PeakSearch(p);
        SplittableRandom rnd = new SplittableRandom(c.seed());
        for (int t = p.from(), probes = 0; t > 0 && probes < 60; probes++) {
            List<RepeatResult> reps = new ArrayList<>();
            LevelResult l;
            do {
                double tps = c.tps(t) * Math.max(0.05, 1 + c.noise() * rnd.nextGaussian());
                reps.add(Fixtures.sysbench(reps.size() + 1, t, Math.max(1, Math.round(tps * 10)), RepeatResult.COMPLETED));
                l = Spreads.onto(new LevelResult(t, Map.of(), 0, List.copyOf(reps)), 95);
            } while (!s.enough(l));
            t = s.next(l);
        }
        return new Searched(s.outcome().path(), s.outcome());
    }

    /** The probe a step was decided against: the last one before it that rose (or the first probe). */
    static Probe against(List<Probe> path, int i) {
        Probe lo = null;
        for (int k = 0; k < i; k++) {
            Probe.Step s = path.get(k).step();
            if (s == Probe.Step.FIRST || s == Probe.Step.ROSE) lo = path.get(k);
        }
        return lo;
    }

    static boolean whollyAbove(Interval a, Interval b) {
        return a.present() && b.present() && a.lower() > b.upper();
    }

    /** No knee below a level (with more threads, within the limit) whose interval lies wholly above the knee's. */
    @Test
    void noKneeBelowALevelWhoseIntervalLiesWhollyAboveIt() {
        Prop.forAll(100, d -> noKneeBelowALevelWhoseIntervalLiesWhollyAboveIt(scenarios(d)));
    }

    private static void noKneeBelowALevelWhoseIntervalLiesWhollyAboveIt(Scenario c) {
        Searched r = search(c);
        Probe knee = r.outcome().knee();
        if (knee == null) return;
        for (Probe q : r.path()) {
            if (q.threads() <= knee.threads() || !q.held() || q.step() == Probe.Step.ABORTED) continue;
            assertTrue(!whollyAbove(q.interval(), knee.interval()), "knee " + knee.threads() + " " + knee.interval()
                    + " below " + q.threads() + " " + q.interval() + "; " + r.path());
        }
    }

    /**
     * A step agrees with the intervals printed for its two levels: a probe whose interval lies wholly above that of the
     * level it was judged against rose; one wholly below did not; a rise is never a fall of the figures.
     */
    @Test
    void aStepAgreesWithThePrintedIntervals() {
        Prop.forAll(100, d -> aStepAgreesWithThePrintedIntervals(scenarios(d)));
    }

    private static void aStepAgreesWithThePrintedIntervals(Scenario c) {
        Searched r = search(c);
        for (int i = 1; i < r.path().size(); i++) {
            Probe q = r.path().get(i), lo = against(r.path(), i);
            if (lo == null || !q.held() || q.step() == Probe.Step.ABORTED) continue;
            String why = q.threads() + " " + q.interval() + " against " + lo.threads() + " " + lo.interval() + ": " + q.step();
            if (whollyAbove(q.interval(), lo.interval())) assertTrue(q.step() == Probe.Step.ROSE, why);
            if (whollyAbove(lo.interval(), q.interval())) assertNotEquals(Probe.Step.ROSE, q.step(), why);
            if (q.step() == Probe.Step.ROSE) assertTrue(q.tps() > lo.tps(), why);
        }
    }

    /**
     * A probe too noisy to decide says so: a step between overlapping intervals, one wider than searchHalfWidth, is not
     * "no rise beyond noise" unless the figures fell; a knee below the peak is named only when neither its interval nor
     * the peak's is wider than searchHalfWidth, and otherwise the answer names the probes too noisy to decide.
     */
    @Test
    void aProbeTooNoisyToDecideSaysSo() {
        Prop.forAll(100, d -> aProbeTooNoisyToDecideSaysSo(scenarios(d)));
    }

    private static void aProbeTooNoisyToDecideSaysSo(Scenario c) {
        Searched r = search(c);
        for (int i = 1; i < r.path().size(); i++) {
            Probe q = r.path().get(i), lo = against(r.path(), i);
            if (lo == null || q.step() != Probe.Step.NO_RISE) continue;
            boolean overlap = !whollyAbove(q.interval(), lo.interval()) && !whollyAbove(lo.interval(), q.interval());
            if (overlap && (wide(q, c) || wide(lo, c))) {
                assertTrue(q.tps() < lo.tps(), "'no rise' between " + q.threads() + " " + q.interval() + " and "
                        + lo.threads() + " " + lo.interval() + ", wider than ±" + c.halfWidth());
            }
        }
        SearchOutcome o = r.outcome();
        if (o.peak() == null) return;
        if (o.knee() == null) {
            assertTrue(!o.kneeTooNoisy().isEmpty(), "no knee, and no probe named too noisy");
            for (Probe q : o.kneeTooNoisy()) assertTrue(wide(q, c), q + " named too noisy");
            return;
        }
        assertNotNull(o.knee());
        if (o.knee().threads() != o.peak().threads()) {
            assertTrue(!wide(o.knee(), c) && !wide(o.peak(), c), "knee " + o.knee() + " beside peak " + o.peak());
        }
    }

    /** Whether a probe's printed interval is wider than searchHalfWidth of its mean. */
    static boolean wide(Probe q, Scenario c) {
        return q.interval().present() && q.interval().halfWidthPct() > 100 * c.halfWidth() + 1e-9;
    }
}
