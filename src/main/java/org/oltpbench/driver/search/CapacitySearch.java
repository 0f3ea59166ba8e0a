package org.oltpbench.driver.search;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.oltpbench.config.SearchParams.Axis;
import org.oltpbench.config.SearchParams;
import org.oltpbench.result.judge.conformance.Conformance;
import org.oltpbench.result.judge.conformance.Efficiency;
import org.oltpbench.result.level.LevelResult;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.repeat.counted.Histograms;
import org.oltpbench.result.repeat.counted.TxnMetrics;
import org.oltpbench.result.search.Probe;
import org.oltpbench.result.search.Probe.Step;
import org.oltpbench.result.search.SearchOutcome;
import org.oltpbench.result.workload.WorkloadInfo;
import org.oltpbench.stats.Interval;

/**
 * {@code rate=search} and {@code warehouses=search}: the highest level that passes, found as CockroachDB's tpccbench line
 * search finds it. The level doubles from searchFrom while each probe passes (up to searchMax); then the gap between the
 * highest level that passed and the lowest that failed is halved until it is within the resolution: searchResolution of
 * the passing level for a rate, one warehouse for warehouses. One repeat per probe: a probe is judged by its own pass or
 * fail, not by a ratio to its neighbours.
 *
 * <p>A rate probe passes while the limit's percentile of latency from the scheduled start (the arrival schedule's, so a
 * server that falls behind is charged the queue it builds) holds. A warehouses probe (10 paced terminals per warehouse)
 * passes when TPC-C's efficiency against the paced ceiling ({@link Conformance#pacedCeiling}) is at least 85%, every
 * type's 90th percentile is within 5.2.5.3's limits (Delivery's response ending at its queueing, 2.7.2), at most 10% of
 * deferred Deliveries took over 80 s, and searchLimit (when set) holds.
 *
 * <p>A first probe that already fails is told apart by what its threads could serve: a rate probe at most
 * {@link #COLD_SHARE} of its threads' unthrottled rate (threads over the mean service time) kept them mostly idle, so
 * its queue from the schedule came from a slow start (a cold server's caches, pool and plans), not from the rate: the
 * hint is to warm up (warmupSecs) before lowering searchFrom. A probe that ran without warm-up says so too.
 */
public final class CapacitySearch implements SearchDecisions {
    /** A warehouses probe's least efficiency: tpmC over the paced ceiling (tpccbench's and TPC-C practice's 85%). */
    public static final double MIN_EFFICIENCY = 0.85;
    /**
     * The share of its threads' unthrottled rate below which a failing first rate probe is called a cold start: at half
     * their capacity the threads are busy half the time, and a queue from the schedule that breaks the limit there (an
     * M/M/c queue at 50% utilisation waits about a service time) comes from something other than the rate.
     */
    public static final double COLD_SHARE = 0.5;

    private final SearchParams p;
    private final WorkloadInfo info;
    private final List<Probe> path = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();
    private Probe passed, failed;
    private boolean doubling = true, done;
    private final int warmupSecs;

    /** @param warmupSecs the seconds each probe ran before measuring (warmupSecs) */
    CapacitySearch(SearchParams p, WorkloadInfo info, int warmupSecs) {
        this.p = p;
        this.info = info;
        this.warmupSecs = warmupSecs;
    }

    @Override
    public boolean enough(LevelResult probe) {
        return true;
    }

    @Override
    public boolean over() {
        return done;
    }

    @Override
    public int next(LevelResult l) {
        Probe q = judge(l);
        path.add(q);
        if (q.step() == Step.ABORTED) return stop("the probe at " + level(q.at()) + " aborted: " + l.kept().reason());
        if (q.held()) {
            if (passed == null || q.at() > passed.at()) passed = q;
        } else if (failed == null || q.at() < failed.at()) {
            failed = q;
        }
        if (passed == null) return stop(firstFailed(l, q));
        if (doubling && q.held()) {
            if (q.at() >= p.max()) return stop("reached searchMax=" + p.max() + " still passing: the capacity may lie above it");
            return Math.min(2 * q.at(), p.max());
        }
        doubling = false;
        int lo = passed.at(), hi = failed.at();
        return hi - lo > gap(lo) ? (lo + hi) / 2 : stop(null);
    }

    /**
     * What a failing first probe says: a rate probe far below what its threads serve unthrottled (at most
     * {@link #COLD_SHARE} of threads x 1,000 / the mean service ms) failed on a slow start, so warm up; else lower
     * searchFrom, and warm up when no warm-up ran.
     */
    private String firstFailed(LevelResult l, Probe q) {
        String failed = "the first probe, " + level(q.at()) + ", already fails";
        String warm = warmupSecs == 0 ? "set warmupSecs (no warm-up ran)" : "raise warmupSecs (" + warmupSecs + " s ran)";
        double serviceMs = meanServiceMs(l.kept()), unthrottled = l.threads() * 1000 / serviceMs;
        if (p.axis() == Axis.RATE && serviceMs > 0 && q.at() <= COLD_SHARE * unthrottled) {
            return String.format(Locale.ROOT, "%s far below what its %d threads serve unthrottled (about %.0f tps at %.3f ms "
                    + "mean service time): the queue built up on a slow start (a cold server), not at this rate; %s, then "
                    + "lower searchFrom if it still fails", failed, l.threads(), unthrottled, serviceMs, warm);
        }
        return failed + ": lower searchFrom" + (warmupSecs == 0 ? ", or " + warm + " if the server was cold" : "");
    }

    /** The mean service time (from each transaction's actual start) over every type, in ms; NaN without service times. */
    private static double meanServiceMs(RepeatResult r) {
        double sum = 0;
        long n = 0;
        for (TxnMetrics t : r.transactions()) {
            org.HdrHistogram.Histogram h = t.serviceHistogram();
            if (h == null) return Double.NaN;
            sum += Histograms.meanMs(h) * h.getTotalCount();
            n += h.getTotalCount();
        }
        return n > 0 ? sum / n : Double.NaN;
    }

    /** How far apart the passing and failing levels may end: one warehouse, or searchResolution of the rate. */
    private int gap(int lo) {
        return p.axis() == Axis.WAREHOUSES ? 1 : (int) Math.max(1, Math.floor(p.resolution() * lo));
    }

    private int stop(String why) {
        if (why != null) notes.add(why);
        done = true;
        return 0;
    }

    /** The probe as the search judges it: its level, figures, and whether it passed. */
    private Probe judge(LevelResult l) {
        RepeatResult r = l.kept();
        int at = l.at(p.axis());
        double ms = p.limit().present() ? r.percentileMs(p.limit().percentile()) : Double.NaN;
        Interval ci = l.spread().tps();
        double tps = ci.present() ? ci.mean() : r.tps();
        if (!r.completed()) return new Probe(l.threads(), tps, ci, ms, false, Step.ABORTED, 1, false, at);
        String failure = p.axis() == Axis.RATE ? (p.limit().holds(ms) ? "" : p.limit().text() + " broken")
                : warehousesFailure(l, ms);
        if (!failure.isEmpty() && p.axis() == Axis.WAREHOUSES) notes.add(level(at) + " failed: " + failure);
        Step step = failure.isEmpty() ? Step.PASSED
                : p.axis() == Axis.RATE ? Step.BROKE : Step.FAILED;
        return new Probe(l.threads(), tps, ci, ms, failure.isEmpty(), step, l.repeats().size(), false, at);
    }

    /** What a warehouses probe failed, or empty when it passed. */
    private String warehousesFailure(LevelResult l, double ms) {
        RepeatResult r = l.kept();
        List<String> why = new ArrayList<>();
        Efficiency eff = Efficiency.of(info, l);
        if (!(eff.percent() >= 100 * MIN_EFFICIENCY)) {
            why.add(String.format(Locale.ROOT, "efficiency %s (tpmC %.1f of the paced ceiling %.1f), below %.0f%%", eff.text(),
                    eff.tpmC(), eff.ceiling(), 100 * MIN_EFFICIENCY));
        }
        Conformance.Rule rt = Conformance.responseTimes(r, true);
        if (rt.verdict() != Conformance.Verdict.PASS) why.add("90th percentiles " + rt.detail());
        Conformance.Rule dd = Conformance.deferredDelivery(r, true);
        if (dd.verdict() == Conformance.Verdict.FAIL) why.add("deferred Delivery " + dd.detail());
        if (!p.limit().holds(ms)) why.add(p.limit().text() + " broken (" + String.format(Locale.ROOT, "%.1f ms", ms) + ")");
        return String.join("; ", why);
    }

    private String level(int at) {
        return p.axis() == Axis.RATE ? at + " tps" : at + (at == 1 ? " warehouse" : " warehouses");
    }

    @Override
    public SearchOutcome outcome() {
        Probe broken = null;
        if (passed != null) {
            for (Probe q : path) {
                if (!q.held() && q.step() != Step.ABORTED && q.at() > passed.at()
                        && (broken == null || q.at() < broken.at())) broken = q;
            }
        } else {
            broken = failed;
        }
        return new SearchOutcome(List.copyOf(path), passed, null, broken, List.copyOf(notes), p.axis());
    }
}
