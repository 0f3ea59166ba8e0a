package org.oltpbench.result.judge.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.oltpbench.result.Fixtures;
import org.oltpbench.result.judge.conformance.Conformance.Rule;
import org.oltpbench.result.judge.conformance.Conformance.Verdict;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.repeat.client.ClientCpu;
import org.oltpbench.result.repeat.counted.Counts;
import org.oltpbench.result.repeat.counted.TxnMetrics;
import org.oltpbench.result.repeat.counted.Window;
import org.oltpbench.result.repeat.server.ServerCount;
import org.oltpbench.result.repeat.usage.Usage;

/**
 * The audit's ranges widened by 3 standard errors, each placed either side by hand:
 * <ul>
 *   <li>1% of 10,000: SE = √(0.01 x 0.99 / 10,000) = 0.000995, 3 SE = 0.2985%: shares in [0.6015%, 1.3985%] pass;</li>
 *   <li>order lines, 1,000 orders: SE = √(10 / 1,000) = 0.1, so means in [9.2, 10.8] pass;</li>
 *   <li>skipped districts of 1,000 Deliveries (10,000 districts): at most 1% + 0.2985% = 1.2985%, so 129 pass, 130 fail.</li>
 * </ul>
 */
class AuditTest {
    private static Rule share(String clause, double low, double high, double p, long x, long n) {
        return Audit.share(new Audit.Item(clause, "x", low, high, p), x, n);
    }

    @Test
    void newOrderRollbacksWithinTheirSamplingError() {
        assertEquals(Verdict.PASS, share("2.4.1.4", 0.009, 0.011, 0.01, 100, 10_000).verdict());
        assertEquals(Verdict.PASS, share("2.4.1.4", 0.009, 0.011, 0.01, 61, 10_000).verdict(), "0.61% >= 0.6015%");
        assertEquals(Verdict.FAIL, share("2.4.1.4", 0.009, 0.011, 0.01, 60, 10_000).verdict(), "0.60% < 0.6015%");
        assertEquals(Verdict.PASS, share("2.4.1.4", 0.009, 0.011, 0.01, 139, 10_000).verdict(), "1.39% <= 1.3985%");
        Rule high = share("2.4.1.4", 0.009, 0.011, 0.01, 140, 10_000);
        assertEquals(Verdict.FAIL, high.verdict());
        assertEquals("1.400% (140 of 10000; range 0.9-1.1%, 3 standard errors 0.298%)", high.detail());
    }

    @Test
    void orderLinesPerOrderAroundTen() {
        assertEquals(Verdict.PASS, Audit.linesPerOrder(9_200, 1_000).verdict());
        assertEquals(Verdict.FAIL, Audit.linesPerOrder(9_199, 1_000).verdict());
        assertEquals(Verdict.PASS, Audit.linesPerOrder(10_800, 1_000).verdict());
        assertEquals(Verdict.FAIL, Audit.linesPerOrder(10_801, 1_000).verdict());
        assertEquals(Verdict.NOT_APPLICABLE, Audit.linesPerOrder(0, 0).verdict());
    }

    @Test
    void skippedDeliveriesAtMostOnePercent() {
        assertEquals(Verdict.PASS, share("2.7.4.2", 0, 0.01, 0.01, 0, 10_000).verdict());
        assertEquals(Verdict.PASS, share("2.7.4.2", 0, 0.01, 0.01, 129, 10_000).verdict());
        assertEquals(Verdict.FAIL, share("2.7.4.2", 0, 0.01, 0.01, 130, 10_000).verdict());
    }

    /** A whole repeat: the tallies by name, one warehouse (no remote lines or payments to audit). */
    @Test
    void aRepeatsTalliesBecomeAuditLines() {
        TxnMetrics no = new TxnMetrics("NEW_ORDER", 990, 10, 0, 0, Fixtures.hist(1000));
        TxnMetrics pay = new TxnMetrics("PAYMENT", 1000, 0, 0, 0, Fixtures.hist(1000));
        Counts c = new Counts(2000, 10, 0, 0, 0, 0, 0, 0, 0, 0, java.util.Map.of("newOrderLines", 10_000L,
                "newOrderRemoteLines", 0L, "paymentRemote", 0L, "paymentByName", 600L, "orderStatusByName", 0L,
                "deliverySkippedDistricts", 0L));
        RepeatResult r = new RepeatResult(1, 10, RepeatResult.COMPLETED, null, new RepeatResult.Measured(new Window("a", "b", 60), c, List.of(no, pay), List.of()),
                new RepeatResult.PerThread(List.of(), List.of()), new ClientCpu(0, 0, 2, 0), RepeatResult.ServerChecks.of(ServerCount.none("test", 0)), RepeatResult.Topology.NONE, Usage.NONE, org.oltpbench.result.repeat.analytics.Analytics.NONE);
        List<Rule> rules = Audit.rules(r, 1);
        assertEquals(7, rules.size());
        assertEquals(List.of(Verdict.PASS, Verdict.PASS, Verdict.NOT_APPLICABLE, Verdict.NOT_APPLICABLE, Verdict.PASS,
                Verdict.NOT_APPLICABLE, Verdict.NOT_APPLICABLE), rules.stream().map(Rule::verdict).toList());
        assertTrue(rules.get(1).detail().startsWith("10.000 (10000 lines of 1000 orders"), rules.get(1).detail());
    }

    /**
     * HammerDB's NEWORD draws the supply warehouses itself: on two warehouses the remote-line share is not applicable,
     * with the count the routine drew, never a FAIL from the client's zero.
     */
    @Test
    void linesARoutineDrewAreNotAudited() {
        TxnMetrics no = new TxnMetrics("NEW_ORDER", 990, 10, 0, 0, Fixtures.hist(1000));
        Counts c = new Counts(1000, 10, 0, 0, 0, 0, 0, 0, 0, 0, java.util.Map.of("newOrderLines", 10_000L,
                "newOrderRemoteLines", 0L, "newOrderLinesDrawnByRoutine", 10_000L));
        RepeatResult r = new RepeatResult(1, 10, RepeatResult.COMPLETED, null, new RepeatResult.Measured(new Window("a", "b", 60), c, List.of(no), List.of()),
                new RepeatResult.PerThread(List.of(), List.of()), new ClientCpu(0, 0, 2, 0), RepeatResult.ServerChecks.of(ServerCount.none("test", 0)), RepeatResult.Topology.NONE, Usage.NONE, org.oltpbench.result.repeat.analytics.Analytics.NONE);
        Rule remote = Audit.rules(r, 2).get(2);
        assertEquals("2.4.1.5", remote.clause());
        assertEquals(Verdict.NOT_APPLICABLE, remote.verdict());
        assertTrue(remote.detail().contains("drew the supply warehouses of 10000 of the 10000 lines"), remote.detail());
        // the client's own lines: the share is audited, and 0 of 10,000 fails
        Counts own = new Counts(1000, 10, 0, 0, 0, 0, 0, 0, 0, 0, java.util.Map.of("newOrderLines", 10_000L, "newOrderRemoteLines", 0L));
        RepeatResult r2 = new RepeatResult(1, 10, RepeatResult.COMPLETED, null, new RepeatResult.Measured(new Window("a", "b", 60), own, List.of(no), List.of()),
                new RepeatResult.PerThread(List.of(), List.of()), new ClientCpu(0, 0, 2, 0), RepeatResult.ServerChecks.of(ServerCount.none("test", 0)), RepeatResult.Topology.NONE, Usage.NONE, org.oltpbench.result.repeat.analytics.Analytics.NONE);
        assertEquals(Verdict.FAIL, Audit.rules(r2, 2).get(2).verdict());
    }
}
