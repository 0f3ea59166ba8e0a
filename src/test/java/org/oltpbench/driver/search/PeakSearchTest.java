package org.oltpbench.driver.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.IntToDoubleFunction;
import org.junit.jupiter.api.Test;
import org.oltpbench.config.SearchParams;
import org.oltpbench.result.Fixtures;
import org.oltpbench.result.file.ResultFiles;
import org.oltpbench.result.repeat.usage.Usage;
import org.oltpbench.result.judge.spread.Spreads;
import org.oltpbench.result.level.LevelResult;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.repeat.analytics.Analytics;
import org.oltpbench.result.repeat.counted.TxnMetrics;
import org.oltpbench.result.run.RunResult;
import org.oltpbench.result.search.Probe;
import org.oltpbench.result.search.SearchOutcome;
import org.oltpbench.stats.Interval;

/**
 * threads=search's path on known curves. Each probe is three 10-s repeats at tps f, f(1 + d), f(1 - d): mean f, Student's
 * t interval over the repeats. With d = 1% the half-width is 4.302653 x 0.01 / sqrt(3) = 2.48% (narrow enough for ±3%),
 * and two such probes differ beyond noise when their ratio exceeds exp(4.302653 x sqrt(2) x 0.01/sqrt(3)) = 1.0358; with
 * d = 10% the ratio's interval is r x exp(±0.351317): within noise for r in [0.70377, 1.42093]. Every path below was
 * traced by hand from PeakSearch's rules (from 1, resolution 10%): doubling while rising, then the larger gap beside the
 * peak towards a neighbour that differs from it halved, then the gap below the knee.
 */
class PeakSearchTest {
    private static RepeatResult repeat(int k, int threads, double tps, double latencyMs) {
        long tx = Math.round(tps * 10);
        long[] lat = Fixtures.repeat(Math.round(latencyMs * 1000), 10);
        RepeatResult base = Fixtures.sysbench(k, threads, tx, RepeatResult.COMPLETED);
        return new RepeatResult(k, threads, RepeatResult.COMPLETED, null, new RepeatResult.Measured(base.window(), base.counts(),
                List.of(new TxnMetrics("event", tx, 0, 0, 0, Fixtures.hist(lat))), base.intervals()),
                new RepeatResult.PerThread(base.threadEvents(), base.threadLatencyNanos()), base.cpu(),
                RepeatResult.ServerChecks.of(base.serverCount()), RepeatResult.Topology.NONE, Usage.NONE, Analytics.NONE);
    }

    private static LevelResult probe(int threads, double tps, double d, double latencyMs) {
        List<RepeatResult> reps = new ArrayList<>();
        double[] f = {tps, tps * (1 + d), tps * (1 - d)};
        for (int k = 0; k < 3; k++) reps.add(repeat(k + 1, threads, f[k], latencyMs));
        return Spreads.onto(new LevelResult(threads, Map.of(), 0, reps), 95);
    }

    /** A probe whose repeats ran at the given tps, 10 s each. */
    static LevelResult repeats(int threads, double... tps) {
        List<RepeatResult> reps = new ArrayList<>();
        for (int k = 0; k < tps.length; k++) reps.add(repeat(k + 1, threads, tps[k], 2));
        return Spreads.onto(new LevelResult(threads, Map.of(), 0, reps), 95);
    }

    private record Run(List<Integer> path, SearchOutcome outcome) {
    }

    private static Run search(SearchParams p, IntToDoubleFunction tps, double d, IntToDoubleFunction latencyMs) {
        PeakSearch s = new PeakSearch(p);
        List<Integer> path = new ArrayList<>();
        List<LevelResult> levels = new ArrayList<>();
        for (int t = p.from(); t > 0; ) {
            LevelResult l = probe(t, tps.applyAsDouble(t), d, latencyMs.applyAsDouble(t));
            assertTrue(s.enough(l) || d > 0.03, "a ±2.48% probe is narrow enough after 3 repeats");
            path.add(t);
            levels.add(l);
            t = s.next(l);
        }
        assertEquals(s.outcome(), SearchReplay.of(p, null, 0, levels).outcome(), "a reader of result.json replays the same search");
        return new Run(path, s.outcome());
    }

    private static SearchParams params(int max, SearchParams.LatencyLimit limit) {
        return new SearchParams(1, max, 0.10, 0.03, 3, limit);
    }

    private static final IntToDoubleFunction FLAT_LATENCY = t -> 2;

    /** Rising to 24 threads, flat after: 10 probes (64, then 32, within noise of 24, are not halved towards), the peak and the knee at 24. */
    @Test
    void aCurveThatLevelsOffHasItsKneeFound() {
        Run r = search(params(1024, SearchParams.LatencyLimit.NONE), t -> 100.0 * Math.min(t, 24), 0.01, FLAT_LATENCY);
        assertEquals(List.of(1, 2, 4, 8, 16, 32, 64, 24, 20, 22), r.path());
        assertEquals(24, r.outcome().peak().threads());
        assertEquals(24, r.outcome().knee().threads());
        assertNull(r.outcome().firstBroken());
        assertEquals(Probe.Step.NO_RISE, r.outcome().path().get(6).step(), "64 against 32");
        assertEquals(List.of(), r.outcome().notes());
    }

    /** Rising to 4,000 tps at 40 threads, falling 50 tps a thread after: 12 probes, the peak at 40. */
    @Test
    void aCurveThatFallsHasItsPeakFound() {
        Run r = search(params(1024, SearchParams.LatencyLimit.NONE), t -> t <= 40 ? 100.0 * t : 4000 - 50.0 * (t - 40), 0.01,
                FLAT_LATENCY);
        assertEquals(List.of(1, 2, 4, 8, 16, 32, 64, 48, 40, 36, 44, 38), r.path());
        assertEquals(40, r.outcome().peak().threads());
        assertEquals(4000.0, r.outcome().peak().tps(), 1e-9);
        assertEquals(40, r.outcome().knee().threads(), "38 (3,800) is 95% of the peak, beyond noise below it");
    }

    /** Rising all the way: the doubling stops at searchMax and says so. */
    @Test
    void aCurveStillRisingAtTheCapSaysSo() {
        Run r = search(params(64, SearchParams.LatencyLimit.NONE), t -> 100.0 * t, 0.01, FLAT_LATENCY);
        assertEquals(List.of(1, 2, 4, 8, 16, 32, 64), r.path());
        assertEquals(64, r.outcome().peak().threads());
        assertEquals(List.of("reached searchMax=64 still rising: the peak may lie above it"), r.outcome().notes());
    }

    /** Falling from the start: 2 probes, the peak at 1. */
    @Test
    void aCurveFallingFromTheStartStopsAtOnce() {
        Run r = search(params(1024, SearchParams.LatencyLimit.NONE), t -> 1000.0 / t, 0.01, FLAT_LATENCY);
        assertEquals(List.of(1, 2), r.path());
        assertEquals(1, r.outcome().peak().threads());
    }

    /**
     * tps 100 a thread, p99 (t - 0.5) ms, searchLimit=p99<=20ms: 32, 24 and 22 break it; 12 probes; the peak is 20 threads
     * (19.5 ms), the first level that broke the limit 22.
     */
    @Test
    void theLatencyLimitBoundsThePeak() {
        Run r = search(params(1024, SearchParams.LatencyLimit.parse("p99<=20ms")), t -> 100.0 * t, 0.01, t -> t - 0.5);
        assertEquals(List.of(1, 2, 4, 8, 16, 32, 24, 12, 20, 18, 22, 19), r.path());
        assertEquals(20, r.outcome().peak().threads());
        assertEquals(22, r.outcome().firstBroken().threads());
        assertEquals(Probe.Step.BROKE, r.outcome().path().get(5).step());
        assertFalse(r.outcome().path().get(5).held());
    }

    /**
     * The flat curve with ±10% between repeats: 20 threads (83% of the peak) is within noise of it, so the knee's gap is
     * halved down from there while levels stay within noise (17 threads is 70.8% of the peak, above the interval's 70.4%):
     * 11 probes. 17 would be the knee, but it and the peak are ±24.8%, wider than the ±3% asked: the knee is too noisy to
     * decide (issue 42 §1.13), every noisy probe is noted, and the steps within noise of 32 say so.
     */
    @Test
    void noiseWidensTheKneeAndIsSaid() {
        Run r = search(params(1024, SearchParams.LatencyLimit.NONE), t -> 100.0 * Math.min(t, 24), 0.10, FLAT_LATENCY);
        assertEquals(List.of(1, 2, 4, 8, 16, 32, 64, 24, 20, 18, 17), r.path());
        assertEquals(24, r.outcome().peak().threads());
        assertNull(r.outcome().knee());
        assertEquals(List.of(17, 24), r.outcome().kneeTooNoisy().stream().map(Probe::threads).toList());
        assertEquals(Probe.Step.UNDECIDED, r.outcome().path().get(6).step(), "64 against 32: within noise, ±24.8%");
        assertEquals("too noisy to decide against 32", r.outcome().path().get(6).stepText());
        assertEquals(11, r.outcome().notes().size());
        assertTrue(r.outcome().notes().get(0).startsWith("1 threads: tps interval ±24.8% after 3 repeats, wider than ±3%"),
                r.outcome().notes().get(0));
    }

    /**
     * PostgreSQL's first search here stopped at its doubling's last step, 8 threads: it did not rise beyond noise over 4,
     * yet came out highest, and nothing above it was probed. Now the doubling goes on from the best level. With ±10%
     * repeats, 1,000 tps a thread to 4, then 4,400 at 8 (1.1 x 4's: within noise) and 4,300 at 16: 16 is probed, within
     * noise of 8, so the peak stays 8; the knee's side: 3 (3,000, 68% of the peak: beyond noise). Six probes; the peak at
     * 8; 4 would be the knee, but 4 and 8 are ±24.8% (wider than ±3%): too noisy to decide.
     */
    @Test
    void aBestLevelWithNothingAboveItIsDoubledFrom() {
        Run r = search(params(1024, SearchParams.LatencyLimit.NONE), t -> t <= 4 ? 1000.0 * t : t <= 8 ? 4000 + 100.0 * (t - 4)
                : 4400 - 12.5 * (t - 8), 0.10, FLAT_LATENCY);
        assertEquals(List.of(1, 2, 4, 8, 16, 3), r.path());
        assertEquals(8, r.outcome().peak().threads());
        assertNull(r.outcome().knee());
        assertEquals(List.of(4, 8), r.outcome().kneeTooNoisy().stream().map(Probe::threads).toList());
    }

    /**
     * Issue 42 §1.13, PostgreSQL point selects with searchMaxRepeats=2: 1 thread's repeats 5,444 and 9,426 tps (mean
     * 7,435), 2 threads' 15,156 and 19,209 (mean 17,182.5). ade499c printed each interval as the bootstrap's [min, max]
     * of the two repeats, which holds the mean with probability 1/2, and said "no rise beyond noise" and "Knee: 1". The
     * printed intervals are now t's at 1 degree of freedom (12.706), cut at 0: 7,435 ± 12.706 x 1,991 = [0, 32,733.05]
     * and [0, 42,930.1]; Welch's test on the four repeats gives p = 0.075 (src/test/resources/expected/repeats_interval.py):
     * the two repeats of each probe are too far apart to tell a rise, and the search says so instead of naming a knee.
     */
    @Test
    void twoRepeatsTooFarApartAreTooNoisyToDecide() {
        LevelResult one = repeats(1, 5444, 9426), two = repeats(2, 15156, 19209);
        assertEquals(32733.05362972383, one.spread().tps().upper(), 1e-6, "t(1) x se over the two repeats");
        assertEquals(0.0, two.spread().tps().lower(), 1e-9);
        SearchDecisions capped = SearchReplay.of(new SearchParams(1, 2, 0.10, 0.03, 2, SearchParams.LatencyLimit.NONE),
                null, 0, List.of(one, two));
        assertEquals(Probe.Step.UNDECIDED, capped.outcome().path().get(1).step());
        assertNull(capped.outcome().knee(), "ade499c: 1");
    }

    /**
     * Issue 42 review: the latency percentile over two repeats (p95 10 and 14 ms) is Student's t of their mean, as
     * tps's is: 12 ± 12.706 x 2 = [0, 37.41] (cut at 0); 5640f9d printed the bootstrap's [10, 14] as its 95% interval.
     */
    @Test
    void aLatencyOverTwoRepeatsIsTsInterval() {
        LevelResult l = Spreads.onto(new LevelResult(1, Map.of(), 0, List.of(repeat(1, 1, 100, 10), repeat(2, 1, 100, 14))),
                95);
        assertEquals(Interval.Method.REPEATS, l.spread().latency().method());
        assertEquals(0.0, l.spread().latency().lower(), 1e-9);
        assertEquals(37.41, l.spread().latency().upper(), 0.1);
    }

    /**
     * Two repeats close together: 7,430 and 7,440 tps at 1 thread = 7,435 ± 12.706 x 5 = [7,371.47, 7,498.53]; 17,180
     * and 17,185 at 2 = [17,150.73, 17,214.27]; disjoint, a rise, and a search capped at 2 names 2 its knee.
     */
    @Test
    void disjointIntervalsAreARise() {
        LevelResult one = repeats(1, 7430, 7440), two = repeats(2, 17180, 17185);
        assertEquals(7498.53, one.spread().tps().upper(), 0.01);
        PeakSearch s = new PeakSearch(new SearchParams(1, 1024, 0.10, 0.03, 2, SearchParams.LatencyLimit.NONE));
        assertEquals(2, s.next(one));
        assertEquals(4, s.next(two));
        assertEquals(Probe.Step.ROSE, s.outcome().path().get(1).step());
        assertEquals("rose beyond noise over 1", s.outcome().path().get(1).stepText());
        SearchDecisions capped = SearchReplay.of(new SearchParams(1, 2, 0.10, 0.03, 2, SearchParams.LatencyLimit.NONE),
                null, 0, List.of(one, two));
        assertEquals(2, capped.outcome().knee().threads());
    }

    @Test
    void aProbeRepeatsUntilNarrowOrOutOfRepeats() {
        SearchParams five = new SearchParams(1, 64, 0.1, 0.03, 5, SearchParams.LatencyLimit.NONE);
        PeakSearch s = new PeakSearch(five);
        assertTrue(s.enough(probe(4, 400, 0.01, 2)), "±2.48%");
        assertFalse(s.enough(probe(4, 400, 0.10, 2)), "±24.8% after 3 of 5 repeats");
        LevelResult one = Spreads.onto(new LevelResult(4, Map.of(), 0, List.of(repeat(1, 4, 400, 2))), 95);
        assertFalse(s.enough(one), "one repeat of one interval has no interval");
    }

    /**
     * result.json carries the search's settings and the answer the decisions recorded, read back as written. A run built
     * without the sweep (merge, a journal's rebuild: a level added or replaced) or read from an older schema (its spreads
     * recomputed) holds none and is never written so; its reader's replay of the levels reaches the recorded answer.
     */
    @Test
    void resultJsonCarriesTheRecordedAnswerAndAReplayReachesIt() {
        SearchParams p = params(1024, SearchParams.LatencyLimit.parse("p99<=20ms"));
        PeakSearch s = new PeakSearch(p);
        List<LevelResult> levels = new ArrayList<>();
        for (int t = 1; t > 0; ) {
            LevelResult l = probe(t, 100.0 * t, 0.01, t - 0.5);
            levels.add(l);
            t = s.next(l);
        }
        RunResult base = Fixtures.run(levels);
        RunResult built = new RunResult(base.schemaVersion(), base.oltpbenchVersion(), base.workload(),
                Fixtures.params("db=mariadb", "threads=search", "searchLimit=p99<=20ms", "time=10"), base.server(), base.client(),
                base.terms(), base.startedAt(), base.endedAt(), List.of(), levels);
        assertTrue(built.unanswered(), "built without the sweep: no answer yet");
        assertThrows(IllegalStateException.class, () -> ResultFiles.toJson(built), "never written without its answer");
        RunResult run = built.withSearch(s.outcome());
        assertEquals(run, SearchReplay.answered(built), "the replay reaches the answer the decisions recorded");
        assertSame(run, SearchReplay.answered(run), "an answer held is kept");
        String json = ResultFiles.toJson(run);
        assertTrue(json.contains("\"search\" : {"), "the settings and the answer");
        assertTrue(json.contains("\"firstBroken\""), json);
        RunResult back = ResultFiles.fromJson(json, "test");
        assertEquals(run.params().sweep().search(), back.params().sweep().search());
        assertEquals(run.search(), back.search(), "read back as written");
        assertEquals(20, back.search().peak().threads());
        assertTrue(run.withLevel(levels.get(0)).unanswered(), "a level replaced: the answer is decided again");
        assertEquals(run.search(), run.ended("2026-01-01T00:00:00Z").search(), "kept when the run ends");
        RunResult older = ResultFiles.fromJson(json.replace("\"schemaVersion\" : \"" + RunResult.SCHEMA_VERSION + "\"",
                "\"schemaVersion\" : \"3.10\""), "test");
        assertTrue(older.unanswered(), "an older schema's answer was decided on spreads recomputed here");
        assertEquals(run.search(), SearchReplay.answered(older).search());
        assertNull(Fixtures.run(levels).search(), "listed levels have no search");
        assertFalse(Fixtures.run(levels).unanswered());
    }
}
