package org.oltpbench.result.judge.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.oltpbench.result.Fixtures;
import org.oltpbench.result.PacedTpcc;
import org.oltpbench.result.file.ResultFiles;
import org.oltpbench.result.judge.conformance.Conformance.Verdict;
import org.oltpbench.result.level.LevelResult;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.repeat.client.ClientCpu;
import org.oltpbench.result.repeat.counted.Counts;
import org.oltpbench.result.repeat.counted.TxnMetrics;
import org.oltpbench.result.repeat.counted.Window;
import org.oltpbench.result.repeat.server.ServerCount;
import org.oltpbench.result.repeat.usage.Usage;
import org.oltpbench.result.run.RunResult;
import org.oltpbench.result.workload.Family;
import org.oltpbench.result.workload.TxnType;
import org.oltpbench.result.workload.WorkloadInfo;
import org.oltpbench.stats.Trend;

/**
 * Each TPC-C run rule on hand-made repeats whose figures sit just either side of the spec's limits; the expected
 * percentages and means are worked out in the comments.
 */
class ConformanceTest {

    /** Counts per type (NO, P, OS, D, SL), each type's latencies all at {@code micros}, pacing sums in seconds. */
    private static RepeatResult repeat(long[] counts, long[] micros, double[] keyingSecs, double[] thinkSecs, double seconds,
                                       RepeatResult.Consistency checked) {
        String[] names = {"NEW_ORDER", "PAYMENT", "ORDER_STATUS", "DELIVERY", "STOCK_LEVEL"};
        List<TxnMetrics> types = new java.util.ArrayList<>();
        long all = 0;
        for (int k = 0; k < 5; k++) {
            types.add(new TxnMetrics(names[k], counts[k], 0, 0, 0, Fixtures.hist(Fixtures.repeat(micros[k], counts[k])), null,
                    null, (long) (keyingSecs[k] * 1e9), (long) (thinkSecs[k] * 1e9)));
            all += counts[k];
        }
        Counts c = new Counts(all, 0, 0, 0, 0, 0, 0, 0, 0, 0);
        return new RepeatResult(1, 10, RepeatResult.COMPLETED, null, new RepeatResult.Measured(new Window("a", "b", seconds), c, types, List.of()),
                new RepeatResult.PerThread(List.of(), List.of()), new ClientCpu(0, 0, 2, 0), new RepeatResult.ServerChecks(ServerCount.none("test", 0), checked), RepeatResult.Topology.NONE, Usage.NONE, org.oltpbench.result.repeat.analytics.Analytics.NONE);
    }

    private static final long[] MIX = {4500, 4300, 400, 400, 400}; // 10,000: exactly 45/43/4/4/4 %
    private static final long[] FAST = {100_000, 50_000, 20_000, 800_000, 900_000};
    private static final double[] NONE = {0, 0, 0, 0, 0};

    private static WorkloadInfo info(double keyingScale, double thinkScale) {
        long[] keying = {18000, 3000, 2000, 2000, 2000}, think = {12000, 12000, 10000, 5000, 5000};
        String[] names = {"NEW_ORDER", "PAYMENT", "ORDER_STATUS", "DELIVERY", "STOCK_LEVEL"};
        List<TxnType> t = new java.util.ArrayList<>();
        for (int k = 0; k < 5; k++) {
            t.add(new TxnType(names[k], MIX[k] / 100.0, Math.round(keying[k] * keyingScale), Math.round(think[k] * thinkScale), k == 0));
        }
        return new WorkloadInfo("tpcc", Family.TPCC, t, WorkloadInfo.Scale.warehouses(100));
    }

    /**
     * 10,000 transactions: a 4% minimum has a binomial standard error of √(10,000 x 0.04 x 0.96) = 19.596, so its floor
     * is 400 − 58.788 = 341.212 (342 passes, 341 fails); Payment's is 4,300 − 3 x √2,451 = 4,300 − 148.523 = 4,151.477.
     */
    @Test
    void mixPassesWithinItsSamplingErrorAndFailsBelow() {
        assertEquals(Verdict.PASS, Conformance.mix(info(1, 1), repeat(MIX, FAST, NONE, NONE, 60, null)).verdict());
        assertEquals(Verdict.PASS, Conformance.mix(info(1, 1),
                repeat(new long[] {4558, 4300, 400, 400, 342}, FAST, NONE, NONE, 60, null)).verdict(), "342 >= 341.212");
        Conformance.Rule r = Conformance.mix(info(1, 1), repeat(new long[] {4559, 4300, 400, 400, 341}, FAST, NONE, NONE, 60, null));
        assertEquals(Verdict.FAIL, r.verdict());
        assertTrue(r.detail().contains("Stock-Level 3.410% (min 4%, 341 of 10000 against a floor of 341.2)"), r.detail());
        assertEquals(Verdict.PASS, Conformance.mix(info(1, 1),
                repeat(new long[] {4648, 4152, 400, 400, 400}, FAST, NONE, NONE, 60, null)).verdict(), "4152 >= 4151.477");
        assertEquals(Verdict.FAIL, Conformance.mix(info(1, 1),
                repeat(new long[] {4649, 4151, 400, 400, 400}, FAST, NONE, NONE, 60, null)).verdict(), "4151 < 4151.477");
    }

    /** A weight configured below its minimum fails whatever the counts: the deck deals exactly what it was given. */
    @Test
    void aWeightBelowItsMinimumFails() {
        WorkloadInfo low = new WorkloadInfo("tpcc", Family.TPCC, List.of(new TxnType("NEW_ORDER", 45.01, 0, 0, true),
                new TxnType("PAYMENT", 43, 0, 0, false), new TxnType("ORDER_STATUS", 4, 0, 0, false),
                new TxnType("DELIVERY", 4, 0, 0, false), new TxnType("STOCK_LEVEL", 3.99, 0, 0, false)),
                WorkloadInfo.Scale.warehouses(100));
        Conformance.Rule r = Conformance.mix(low, repeat(MIX, FAST, NONE, NONE, 60, null));
        assertEquals(Verdict.FAIL, r.verdict());
        assertTrue(r.detail().startsWith("configured below the minimum: Stock-Level weight 3.99"), r.detail());
    }

    /** 2.7.2: under pacing at most 10% of the completed deferred Deliveries may take over 80 s: 10 of 100 pass, 11 fail. */
    @Test
    void deferredDeliveriesWithinEightySeconds() {
        RepeatResult base = repeat(MIX, FAST, NONE, NONE, 60, null);
        java.util.function.LongFunction<RepeatResult> late = n -> new RepeatResult(1, 10, RepeatResult.COMPLETED, null, new RepeatResult.Measured(base.window(), new Counts(10_000, 0, 0, 0, 0, 0, 0, 0, 0, 0, Map.of("deliveryQueued", 103L,
                "deliveryCompleted", 100L, "deliveryOver80s", n)), base.transactions(), List.of()),
                new RepeatResult.PerThread(List.of(), List.of()), base.cpu(), RepeatResult.ServerChecks.of(base.serverCount()), RepeatResult.Topology.NONE, Usage.NONE, org.oltpbench.result.repeat.analytics.Analytics.NONE);
        Conformance.Rule ten = Conformance.deferredDelivery(late.apply(10), true);
        assertEquals(Verdict.PASS, ten.verdict());
        assertEquals("10 of 100 completed more than 80 s after their queuing (10.0%; at most 10%); 103 queued, 3 still "
                + "queued when the level ended", ten.detail());
        assertEquals(Verdict.FAIL, Conformance.deferredDelivery(late.apply(11), true).verdict());
        assertEquals(Verdict.NOT_APPLICABLE, Conformance.deferredDelivery(late.apply(0), false).verdict(), "inline without pacing");
        assertEquals(Verdict.NOT_APPLICABLE, Conformance.deferredDelivery(base, true).verdict(), "no tallies");
    }

    /** 4.2.2: the repeats here run 10 terminals: right for 1 warehouse with fixed homes, wrong for 2 or drawn homes. */
    @Test
    void tenTerminalsPerWarehouseWithFixedHomes() {
        RepeatResult r = repeat(MIX, FAST, NONE, NONE, 60, null);
        assertEquals(Verdict.PASS, Conformance.terminals(r, 1, true).verdict());
        Conformance.Rule two = Conformance.terminals(r, 2, true);
        assertEquals(Verdict.FAIL, two.verdict());
        assertTrue(two.detail().endsWith("set terminals=20 and terminalWarehouseFixed=true"), two.detail());
        assertEquals(Verdict.FAIL, Conformance.terminals(r, 1, false).verdict());
    }

    /**
     * 4.1.3's floor for 100 warehouses is 900 tpmC. 4,300 New-Orders in 300 s are 860 tpmC, above 900 x (1 − 3/√4300) =
     * 858.825: within its noise, passes; 4,290 are 858.0 tpmC against 900 x (1 − 3/√4290) = 858.78: fails.
     */
    @Test
    void throughputFloorOfNinePerWarehouse() {
        assertEquals(Verdict.PASS, Conformance.floor(repeat(new long[] {4500, 4300, 400, 400, 400}, FAST, NONE, NONE, 300, null),
                100, true).verdict(), "900.00 exactly");
        Conformance.Rule within = Conformance.floor(repeat(new long[] {4300, 4300, 400, 400, 400}, FAST, NONE, NONE, 300, null),
                100, true);
        assertEquals(Verdict.PASS, within.verdict(), within.detail());
        assertTrue(within.detail().contains("(858.83 for 4300 New-Orders)"), within.detail());
        assertEquals(Verdict.FAIL, Conformance.floor(repeat(new long[] {4290, 4300, 400, 400, 400}, FAST, NONE, NONE, 300, null),
                100, true).verdict());
        assertEquals(Verdict.NOT_APPLICABLE, Conformance.floor(repeat(MIX, FAST, NONE, NONE, 300, null), 100, false).verdict());
    }

    @Test
    void ninetiethPercentileLimitsAreFiveSecondsAndTwentyForStockLevel() {
        // Stock-Level at 19.9 s passes (its limit is 20 s); New-Order at 5.1 s fails (5 s)
        long[] slow = {100_000, 50_000, 20_000, 800_000, 19_900_000};
        assertEquals(Verdict.PASS, Conformance.responseTimes(repeat(MIX, slow, NONE, NONE, 60, null)).verdict());
        long[] late = {5_100_000, 50_000, 20_000, 800_000, 900_000};
        Conformance.Rule r = Conformance.responseTimes(repeat(MIX, late, NONE, NONE, 60, null));
        assertEquals(Verdict.FAIL, r.verdict());
        // 3 significant digits: 5,100,000 µs falls in the 4,096 µs wide bucket [5,099,520, 5,103,616), reported as its
        // highest equivalent value 5,103,615 µs
        assertTrue(r.detail().startsWith("New-Order 5.104 s (max 5 s)"), r.detail());
    }

    @Test
    void keyingMeansAtTheSpecPassAndAMultiplierBelowOneFails() {
        // 4500 New-Orders x 18 s = 81,000 s; 4300 Payments x 3 s = 12,900 s; 400 x 2 s = 800 s each for the others
        double[] keying = {81_000, 12_900, 800, 800, 800};
        double[] think = {54_000, 51_600, 4_000, 2_000, 2_000}; // means 12, 12, 10, 5, 5 s
        RepeatResult r = repeat(MIX, FAST, keying, think, 7200, null);
        assertEquals(Verdict.PASS, Conformance.keying(info(1, 1), r, true).verdict());
        assertEquals(Verdict.PASS, Conformance.thinking(info(1, 1), r, true).verdict());
        Conformance.Rule scaled = Conformance.keying(info(0.01, 1), r, true);
        assertEquals(Verdict.FAIL, scaled.verdict());
        assertTrue(scaled.detail().startsWith("scaled by 0.0100 below the spec's"), scaled.detail());
        assertEquals(Verdict.NOT_APPLICABLE, Conformance.keying(info(0, 0), r, false).verdict());
    }

    @Test
    void thinkMeanBelowTheSpecPassesOnlyWithinThreeStandardErrors() {
        // Delivery: 400 draws, standard error 5/sqrt(400) = 0.25 s: 3 standard errors allow a mean down to 4.25 s
        double[] within = {54_000, 51_600, 4_000, 400 * 4.30, 2_000};
        double[] below = {54_000, 51_600, 4_000, 400 * 4.20, 2_000};
        assertEquals(Verdict.PASS, Conformance.thinking(info(1, 1), repeat(MIX, FAST, NONE, within, 7200, null), true).verdict());
        assertEquals(Verdict.FAIL, Conformance.thinking(info(1, 1), repeat(MIX, FAST, NONE, below, 7200, null), true).verdict());
    }

    /** The efficiency at the spec's pacing of the repeat over {@code seconds} at 100 warehouses. */
    private static Efficiency spec(double seconds) {
        return Efficiency.of(PacedTpcc.info(1), repeat(MIX, FAST, NONE, NONE, seconds, null), 100);
    }

    @Test
    void efficiencyIsTpmCAgainstTwelvePointEightSixPerWarehouse() {
        // 100 warehouses: ceiling 1,286 tpmC. 4500 New-Orders in 210 s = 1,285.71 tpmC (99.98%): pass. Their count's
        // standard error is sqrt(4500) = 67.08, 1.491%: 3 of them allow 1,286 x 1.04472 = 1,343.51 tpmC. In 205 s,
        // 1,317.07 passes within that; in 200 s, 1,350.00 fails
        Conformance.Rule under = Conformance.efficiency(repeat(MIX, FAST, NONE, NONE, 210, null), spec(210));
        assertEquals(Verdict.PASS, under.verdict());
        assertTrue(under.detail().equals("tpmC 1285.71 against 1286.00 (12.86 x 100 warehouses): 99.98%"), under.detail());
        Conformance.Rule noise = Conformance.efficiency(repeat(MIX, FAST, NONE, NONE, 205, null), spec(205));
        assertEquals(Verdict.PASS, noise.verdict());
        assertTrue(noise.detail().endsWith("within 3 standard errors of the ceiling (1343.51 for 4500 New-Orders)"), noise.detail());
        assertEquals(Verdict.FAIL, Conformance.efficiency(repeat(MIX, FAST, NONE, NONE, 200, null), spec(200)).verdict());
        assertEquals(Verdict.NOT_APPLICABLE, Conformance.efficiency(repeat(MIX, FAST, NONE, NONE, 200, null), Efficiency.of(PacedTpcc.info(0), repeat(MIX, FAST, NONE, NONE, 200, null), 100)).verdict());
    }

    @Test
    void consistencyFollowsTheChecksAfterTheRun() {
        assertEquals(Verdict.PASS, Conformance.consistency(repeat(MIX, FAST, NONE, NONE, 60, RepeatResult.Consistency.PASSED)).verdict());
        assertEquals(Verdict.FAIL, Conformance.consistency(repeat(MIX, FAST, NONE, NONE, 60, RepeatResult.Consistency.FAILED)).verdict());
        Conformance.Rule none = Conformance.consistency(repeat(MIX, FAST, NONE, NONE, 60, null));
        assertEquals(Verdict.NOT_APPLICABLE, none.verdict());
        assertTrue(none.detail().contains("checkAfterRun=true"), none.detail());
    }

    @Test
    void measurementIntervalNeedsTwoHoursWithoutDrift() {
        assertEquals(Verdict.PASS, Conformance.interval(repeat(MIX, FAST, NONE, NONE, 7200, null), Trend.NONE).verdict());
        Conformance.Rule short_ = Conformance.interval(repeat(MIX, FAST, NONE, NONE, 7199, null), Trend.NONE);
        assertEquals(Verdict.FAIL, short_.verdict());
        assertEquals("119.98 min measured (min 120 min)", short_.detail());
        Trend rising = new Trend(2.0, 1.0, 3.0, 240, true);
        assertEquals(Verdict.FAIL, Conformance.interval(repeat(MIX, FAST, NONE, NONE, 7200, null), rising).verdict());
        assertEquals("120 min measured (min 120 min); not in steady state: tps drifted +2.0%/min",
                Conformance.interval(repeat(MIX, FAST, NONE, NONE, 7200, null), rising).detail());
        Trend stopped = Trend.fit(new double[] {10, 30, 50, 70, 90, 110}, new double[] {50, 51, 0, 49, 50, 52});
        assertEquals("120 min measured (min 120 min); not in steady state: tps was 0 in 1 of 6 batches",
                Conformance.interval(repeat(MIX, FAST, NONE, NONE, 7200, null), stopped).detail());
    }

    @Test
    void aTpccRunCarriesOneVerdictPerLevelInItsResultFile() throws Exception {
        RepeatResult r = repeat(MIX, FAST, NONE, NONE, 60, null);
        RunResult run = Fixtures.with(Fixtures.run(List.of(new LevelResult(10, Map.of(), 0, List.of(r)))), info(0, 0));
        assertEquals(1, run.conformance().size());
        assertEquals(11, run.conformance().get(0).rules().size(),
                "5.2.3, 5.2.5.3, 2.7.2, 5.2.5.2, 5.2.5.4, 4.2.2, 4.1.3 twice, 3.3.2, 5.5, and the audit (n/a: no tallies)");
        String json = ResultFiles.toJson(run);
        assertTrue(json.contains("\"clause\" : \"5.2.5.3\""), json.substring(0, Math.min(400, json.length())));
        assertTrue(Fixtures.run(List.of(new LevelResult(10, Map.of(), 0, List.of(r)))).conformance().isEmpty(), "sysbench: none");
    }
}
