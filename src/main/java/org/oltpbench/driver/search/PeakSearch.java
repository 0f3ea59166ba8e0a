package org.oltpbench.driver.search;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.oltpbench.config.SearchParams;
import org.oltpbench.result.level.LevelResult;
import org.oltpbench.result.search.Probe;
import org.oltpbench.result.search.Probe.Step;
import org.oltpbench.result.search.SearchOutcome;
import org.oltpbench.stats.Interval;

/**
 * {@code threads=search}'s decisions, from the probes' results alone, so that the sweep and a replay of a run's levels
 * ({@link SearchReplay}) reach the same path, peak and knee ({@link SearchOutcome}). The search doubles the level while
 * tps rises beyond noise over the last level that rose ({@link Standing}: its interval wholly above, or the ratio's
 * interval above 1) and the latency limit holds; it then halves the gaps beside the best level towards neighbours that
 * differ from it (beyond noise, or over the limit), and last the gap below the knee, each until it is within the
 * resolution. A probe repeats until its tps interval is narrow enough ({@link #enough}); one that ran out of repeats
 * first is too noisy to call a level within noise of it the same: such a step says so, and no knee rests on it.
 */
public final class PeakSearch implements SearchDecisions {
    private final SearchParams p;
    private final List<Probe> path = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();
    /** The last probe that rose beyond noise (or the first): what the next probe must rise above. */
    private Probe lo;
    /** Whether the levels still double (until a probe does not rise beyond noise within the limit). */
    private boolean doubling = true;
    private boolean done;

    public PeakSearch(SearchParams p) {
        this.p = p;
    }

    /**
     * Whether the probe has repeated enough: its tps interval's half-width is within searchHalfWidth of its mean, or it
     * ran searchMaxRepeats repeats, or its last repeat did not complete.
     */
    @Override
    public boolean enough(LevelResult l) {
        if (!l.kept().completed() || !l.repeats().get(l.repeats().size() - 1).completed()) return true;
        return narrow(l.spread().tps(), p) || l.repeats().size() >= p.maxRepeats();
    }

    @Override
    public boolean over() {
        return done;
    }

    /** Whether the interval's half-width is within searchHalfWidth of its mean. */
    static boolean narrow(Interval i, SearchParams p) {
        return i.present() && (i.upper() - i.lower()) / 2 <= p.halfWidth() * Math.abs(i.mean());
    }

    /**
     * Records a finished probe; returns the next level to probe, or 0 when the search is over. Doubling goes on while
     * each probe rises beyond noise within the limit. Then the peak is bracketed: the probe within the limit with the
     * highest tps (ties to fewer threads) and its probed neighbours below and above; the larger gap is halved until both
     * are within the resolution. Last the knee: the gap between the knee (the fewest threads within noise of the peak)
     * and the probe below it is halved the same way.
     */
    @Override
    public int next(LevelResult l) {
        Probe q = judge(l);
        int t = q.threads();
        path.add(q);
        if (q.step() == Step.ABORTED) return stop("the probe at " + t + " threads aborted: " + l.kept().reason());
        if (q.step() == Step.BROKE && lo == null) return stop("the first probe, " + t + " threads, already breaks " + p.limit().text());
        if (doubling && (q.step() == Step.FIRST || q.step() == Step.ROSE)) {
            lo = q;
            if (t >= p.max()) return stop("reached searchMax=" + p.max() + " still rising: the peak may lie above it");
            return Math.min(2 * t, p.max());
        }
        doubling = false;
        if (q.step() == Step.ROSE) lo = q;
        SearchOutcome o = outcome();
        int mid = bracket(o.peak());
        Probe knee = o.peak() == null ? null : kneeCandidate(o.peak());
        if (mid == 0 && knee != null) mid = kneeGap(knee.threads());
        return mid == 0 ? stop(null) : mid;
    }

    /**
     * The probe as the search saw it: its mean tps over its repeats (or its batches), which its interval is of (the kept
     * repeat's without one), and its step against the last level that rose.
     */
    private Probe judge(LevelResult l) {
        double ms = p.limit().present() ? l.kept().percentileMs(p.limit().percentile()) : Double.NaN;
        boolean held = p.limit().holds(ms);
        Interval ci = l.spread().tps();
        int t = l.threads();
        Probe q = new Probe(t, ci.present() ? ci.mean() : l.kept().tps(), ci, ms, held, null, l.repeats().size(),
                !narrow(ci, p), t);
        Step step = !l.kept().completed() ? Step.ABORTED : !held ? Step.BROKE : lo == null ? Step.FIRST : step(q, lo);
        return new Probe(t, q.tps(), ci, ms, held, step, q.repeats(), q.noisy(), t,
                step == Step.ABORTED || step == Step.BROKE || lo == null ? 0 : lo.threads());
    }

    /**
     * A probe's step against the last level that rose: a rise when it stands above it ({@link Standing}); too noisy to
     * decide when it stands within noise and either interval is wider than searchHalfWidth; else no rise.
     */
    private Step step(Probe q, Probe last) {
        if (!q.interval().present() || !last.interval().present()) {
            notes.add(String.format(Locale.ROOT, "%d threads against %d: no interval, decided on the figures (more than "
                    + "%.0f%% higher rises)", q.threads(), last.threads(), 100 * p.halfWidth()));
        }
        Standing s = Standing.of(q, last, p.halfWidth());
        if (s == Standing.ABOVE) return Step.ROSE;
        return s == Standing.WITHIN && (q.tooNoisy() || last.tooNoisy()) ? Step.UNDECIDED : Step.NO_RISE;
    }

    /**
     * Twice the peak when nothing above it was probed; else the middle of the larger gap beside the peak that still needs
     * halving, or 0: a gap needs it while it is wider than
     * the resolution and the probe at its far end differs from the peak (beyond noise, or over the limit). A neighbour
     * within noise of the peak is the same plateau: halving towards it would find nothing the knee's gap does not.
     */
    private int bracket(Probe peak) {
        Probe below = null, above = null;
        for (Probe q : path) {
            if (q.threads() < peak.threads() && (below == null || q.threads() > below.threads())) below = q;
            if (q.threads() > peak.threads() && (above == null || q.threads() < above.threads())) above = q;
        }
        // nothing probed above the best level (the doubling's last step did not rise beyond noise, yet came out highest):
        // the curve may still rise, so the doubling goes on from it
        if (above == null && peak.threads() < p.max()) return unprobed(Math.min(2 * peak.threads(), p.max()));
        boolean down = below != null && differs(below, peak) && wide(below.threads(), peak.threads());
        boolean up = above != null && differs(above, peak) && wide(peak.threads(), above.threads());
        if (down && (!up || peak.threads() - below.threads() >= above.threads() - peak.threads())) {
            return unprobed((below.threads() + peak.threads()) / 2);
        }
        return up ? unprobed((peak.threads() + above.threads()) / 2) : 0;
    }

    /** Whether {@code q} is not the peak's plateau: over the limit, aborted, or beyond noise of its tps. */
    private boolean differs(Probe q, Probe peak) {
        return !plateau(q, peak);
    }

    /** The middle between the knee and the probe below it, or 0 when that gap is within the resolution. */
    private int kneeGap(int knee) {
        int below = 0;
        for (Probe q : path) if (q.threads() < knee) below = Math.max(below, q.threads());
        return below > 0 && wide(below, knee) ? unprobed((below + knee) / 2) : 0;
    }

    /** Whether levels a < b are further apart than the resolution allows (and than one thread). */
    private boolean wide(int a, int b) {
        return b - a > Math.max(1, p.resolution() * a);
    }

    /** {@code t}, or 0 when it was probed already. */
    private int unprobed(int t) {
        for (Probe q : path) if (q.threads() == t) return 0;
        return t;
    }

    private int stop(String why) {
        if (why != null) notes.add(why);
        done = true;
        return 0;
    }

    /**
     * The peak: the probe within the limit with the highest tps. The knee: the fewest threads within the limit whose tps
     * is within noise of the peak's ({@link Standing#WITHIN}) and that no probe with more threads stands above (a level
     * whose interval lies wholly above it rose after it); named only when neither it nor the peak is too noisy to
     * decide ({@link Probe#tooNoisy}). The first level that broke the limit, by threads.
     */
    @Override
    public SearchOutcome outcome() {
        Probe peak = null, broken = null;
        for (Probe q : path) {
            if (q.step() == Step.ABORTED) continue;
            if (!q.held() && (broken == null || q.threads() < broken.threads())) broken = q;
            if (q.held() && (peak == null || q.tps() > peak.tps() || q.tps() == peak.tps() && q.threads() < peak.threads())) peak = q;
        }
        Probe knee = peak == null ? null : kneeCandidate(peak);
        List<Probe> tooNoisy = new ArrayList<>();
        if (knee != null && knee != peak) for (Probe q : List.of(knee, peak)) if (q.tooNoisy()) tooNoisy.add(q);
        List<String> all = new ArrayList<>(notes);
        for (Probe q : path) if (q.tooNoisy() && q.step() != Step.ABORTED) all.add(noisyNote(q));
        return new SearchOutcome(List.copyOf(path), peak, tooNoisy.isEmpty() ? knee : null, broken, all,
                SearchParams.Axis.THREADS, List.copyOf(tooNoisy));
    }

    /** What a probe too noisy to decide carries: how wide its interval came out after its repeats. */
    private String noisyNote(Probe q) {
        return String.format(Locale.ROOT, "%d threads: tps interval ±%.1f%% after %d repeat%s, wider than ±%.0f%%: too noisy to "
                + "call a level within noise of it the same", q.threads(), q.interval().halfWidthPct(), q.repeats(),
                q.repeats() == 1 ? "" : "s", 100 * p.halfWidth());
    }

    /** The fewest threads within the limit within noise of the peak that no probe with more threads stands above. */
    private Probe kneeCandidate(Probe peak) {
        Probe knee = null;
        for (Probe q : path) {
            if (!plateau(q, peak) || risesAfter(q)) continue;
            if (knee == null || q.threads() < knee.threads()) knee = q;
        }
        return knee;
    }

    /** Whether a probe with more threads, within the limit, stands above {@code q}: the curve rose after it. */
    private boolean risesAfter(Probe q) {
        for (Probe r : path) {
            if (r.threads() > q.threads() && r.held() && r.step() != Step.ABORTED
                    && Standing.of(r, q, p.halfWidth()) == Standing.ABOVE) return true;
        }
        return false;
    }

    /** Whether {@code q} is on the peak's plateau: within the limit, not aborted, within noise of the peak's tps. */
    private boolean plateau(Probe q, Probe peak) {
        return q.held() && q.step() != Step.ABORTED && (q == peak || Standing.of(q, peak, p.halfWidth()) == Standing.WITHIN);
    }
}
