package org.oltpbench.result.judge.usage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.oltpbench.result.judge.fault.Outages;
import org.oltpbench.result.judge.stall.StallRule;
import org.oltpbench.result.judge.stall.StallRuleTest;
import org.oltpbench.result.repeat.counted.Histograms;
import org.oltpbench.result.repeat.counted.IntervalResult;
import org.oltpbench.result.repeat.topology.Fault;
import org.oltpbench.result.repeat.usage.Stall;
import org.oltpbench.result.repeat.usage.Verdict;
import org.oltpbench.result.repeat.usage.Verdict.Limit;

/**
 * A stall the fault plan made (FaultCause): its command exited 0, the stall's first quiet interval began in the
 * fault's interval or the next (at most a tenth of it before the command), and the outage held every quiet interval.
 * Then the verdict is FAULT, never "look at what the server did then"; each precondition that fails is said on the
 * stall's line instead. The stall's measured causes (the client's own work, other processes, a starved client) come
 * first and keep their verdicts and caveats. Intervals are 1 s; the outage is measured on them as the run measures it.
 */
class FaultVerdictTest {

    /** 1-s intervals of {@code tx} transactions each, the host and server idle (nothing but the stall to judge). */
    private static List<IntervalResult> seconds(long... tx) {
        List<IntervalResult> out = new ArrayList<>();
        for (int k = 0; k < tx.length; k++) out.add(VerdictRulesTest.second(k + 1, tx[k], 0.3, 0.6, 1.1));
        return out;
    }

    private static Verdict verdict(List<IntervalResult> w, double faultAt, int exit) {
        long n = w.stream().mapToLong(IntervalResult::transactions).sum();
        Stall stall = StallRule.of(w, StallRuleTest.latency(n, 1000, 0, 0), w.size(), w.size(), 1);
        Fault f = faultAt < 0 ? Fault.NONE : Outages.fault(faultAt, exit, exit < 0 ? -1 : faultAt, -1, -1, -1, w);
        return Usages.of(w, n, 2, new VerdictRules.Inputs(0, 0, 0, n, stall).withFault(f)).verdict();
    }

    /** 100 tps, (3,4] and (4,5] quiet, back at 5. */
    private static final List<IntervalResult> QUIET_3_TO_5 = seconds(100, 100, 100, 0, 0, 100, 100);

    @Test
    void aStallFromTheFaultOnIsTheFaults() {
        Verdict v = verdict(QUIET_3_TO_5, 3.0, 0);
        assertEquals(Limit.FAULT, v.limit(), v.evidence());
        assertTrue(v.evidence().contains(": the fault plan's command at 3.0 s held throughput up until throughput was back at "
                + "5.0 s, as planned (its outage: the [Outage] line), not a resource"), v.evidence());
        assertTrue(v.isTheStall());
        // a tenth of the first quiet interval before the command may be the fault's (a kill at 3.1 s, (3,4] quiet)
        assertEquals(Limit.FAULT, verdict(QUIET_3_TO_5, 3.1, 0).limit());
        // the interval after the fault's may be its first quiet one (a cluster that stops committing a second later)
        assertEquals(Limit.FAULT, verdict(QUIET_3_TO_5, 2.0, 0).limit());
    }

    @Test
    void aStallThatBeganBeforeTheFaultIsJudgedAsAnyStall() {
        for (double at : new double[] {3.5, 3.9, 4.0}) {
            Verdict v = verdict(QUIET_3_TO_5, at, 0);
            assertEquals(Limit.STALL, v.limit(), v.evidence());
            assertTrue(v.evidence().contains("; the stall began at 3.0 s, before it: not judged the fault's)")
                    && v.evidence().contains("look at what the server did then"), v.evidence());
        }
        Verdict none = verdict(QUIET_3_TO_5, -1, 0);
        assertEquals(Limit.STALL, none.limit());
        assertTrue(!none.evidence().contains("fault"), none.evidence());
    }

    /** 20 s at 100 tps, the fault at 2 s did nothing visible, a stall at 14-16 s: not the fault's (review). */
    @Test
    void aStallLongAfterTheFaultIsNotTheFaults() {
        long[] tx = new long[20];
        Arrays.fill(tx, 100);
        tx[14] = 0;
        tx[15] = 0;
        Verdict v = verdict(seconds(tx), 2.0, 0);
        assertEquals(Limit.STALL, v.limit(), v.evidence());
        assertTrue(v.evidence().contains("the stall began at 14.0 s, more than an interval after it"), v.evidence());
    }

    /** A second stall after throughput was back (at 4.0 s): not the fault's outage. */
    @Test
    void aStallThatOutlastsTheOutageIsNotTheFaults() {
        Verdict v = verdict(seconds(100, 100, 100, 0, 100, 100, 0, 100), 3.0, 0);
        assertEquals(Limit.STALL, v.limit(), v.evidence());
        assertTrue(v.evidence().contains("the stall's quiet intervals are not one run from it (throughput rose between 4.0 s "
                + "and 6.0 s)"), v.evidence());
    }

    /** A command that failed (127: not found) or still ran at the end did not show it did anything (review). */
    @Test
    void aFailedOrUnfinishedCommandIsNotTheStallsCause() {
        Verdict failed = verdict(QUIET_3_TO_5, 3.0, 127);
        assertEquals(Limit.STALL, failed.limit(), failed.evidence());
        assertTrue(failed.evidence().contains("(the fault plan's command ran at 3.0 s and failed with exit 127: not judged the fault's)"),
                failed.evidence());
        Verdict running = verdict(QUIET_3_TO_5, 3.0, -1);
        assertEquals(Limit.STALL, running.limit());
        assertTrue(running.evidence().contains("and still ran at the level's end"), running.evidence());
    }

    /** A tail stall beside a fault: when it began is unknown, said, with the sampled waits too (review). */
    @Test
    void aTailStallBesideAFaultSaysTheFaultRanWithoutJudgingItTheCause() {
        var healthy = WaitRulesTest.waits(80, org.oltpbench.result.repeat.server.WaitClass.CPU, 640);
        Stall tail = new Stall(List.of(), 100, 9_000, 800, 0.002, 30, 30,
                "max latency 9,000 ms is 11x the p99 (800.0 ms) and 0.20% of transactions took a second or more");
        List<IntervalResult> window = List.of(WaitFixtures.interval(10, healthy), WaitFixtures.interval(20, healthy),
                WaitFixtures.interval(30, healthy));
        Fault f = Outages.fault(12.0, 0, 12.0, -1, -1, -1, window);
        Verdict v = Usages.of(window, 3000, 2, new VerdictRules.Inputs(0, 0, 0, 3000, tail).withFault(f)).verdict();
        assertEquals(Limit.STALL, v.limit());
        assertTrue(v.evidence().contains("the fault plan's command ran at 12.0 s; a tail or a long window does not say when the "
                + "stall began: not judged the fault's"), v.evidence());
    }

    /**
     * The stall's measured causes come first (review): other processes that held the host while it stalled stay OTHERS
     * (compare's "not a clean measurement"), the client's own work stays CLIENT; each line says the fault's outage held
     * it too. VerdictRulesTest's fixtures, 10 s, 100 tps but none in 5-8 s, the fault at 4.0 s.
     */
    @Test
    void theStallsMeasuredCausesComeFirstAndSayTheFault() {
        List<IntervalResult> others = new ArrayList<>(), client = new ArrayList<>();
        for (int at = 1; at <= 10; at++) {
            boolean held = at >= 5 && at <= 8;
            others.add(held ? VerdictRulesTest.second(at, 0, 0.21, 0.20, 1.92) : VerdictRulesTest.second(at, 100, 0.30, 0.60, 1.10));
            client.add(held ? VerdictRulesTest.second(at, 0, 1.0, 0.20, 1.30) : VerdictRulesTest.second(at, 100, 0.30, 0.60, 1.10));
        }
        for (var w : List.of(others, client)) {
            Stall stall = StallRule.of(w, StallRuleTest.latency(600, 1000, 0, 0), 10, 10, 1);
            Fault f = Outages.fault(4.0, 0, 4.0, -1, -1, -1, w);
            Verdict with = Usages.of(w, 600, 2, new VerdictRules.Inputs(0, 0, 0, 600, stall).withFault(f)).verdict();
            Verdict without = Usages.of(w, 600, 2, new VerdictRules.Inputs(0, 0, 0, 600, stall)).verdict();
            assertEquals(without.limit(), with.limit(), with.evidence());
            assertEquals(without.unclean(), with.unclean());
            assertTrue(with.evidence().contains("(inside the outage of the fault plan's command at 4.0 s)"), with.evidence());
        }
        assertEquals(Limit.OTHERS, Usages.of(others, 600, 2, new VerdictRules.Inputs(0, 0, 0, 600,
                StallRule.of(others, StallRuleTest.latency(600, 1000, 0, 0), 10, 10, 1))).verdict().limit());
    }

    /**
     * Review: a cluster that lost a node settles at 85% (never back at 90%: not recovered); a stall 25 s later is not
     * the fault's, though the outage never ended: the quiet intervals must be one run from the fault's.
     */
    @Test
    void aSecondStallAfterAnUnrecoveredOutageIsNotTheFaults() {
        long[] tx = new long[40];
        for (int k = 0; k < 40; k++) tx[k] = k < 3 ? 100 : k < 5 ? 0 : 85;
        tx[30] = 0;
        tx[31] = 0;
        Verdict v = verdict(seconds(tx), 3.0, 0);
        assertEquals(Limit.STALL, v.limit(), v.evidence());
        assertTrue(v.evidence().contains("the stall's quiet intervals are not one run from it (throughput rose between 5.0 s "
                + "and 30.0 s)"), v.evidence());
        // the same stall alone, with no second: the fault's, to the level's end
        long[] one = tx.clone();
        one[30] = 85;
        one[31] = 85;
        Verdict alone = verdict(seconds(one), 3.0, 0);
        assertEquals(Limit.FAULT, alone.limit(), alone.evidence());
        assertTrue(alone.evidence().contains("held throughput up to the level's end"), alone.evidence());
    }

    /** Review: a repeat rebuilt from the journal has no exit status; said as such, never "still ran". */
    @Test
    void aRebuiltRepeatSaysItsExitIsNotRecorded() {
        Verdict v = verdict(QUIET_3_TO_5, 3.0, Fault.EXIT_NOT_RECORDED);
        assertEquals(Limit.STALL, v.limit());
        assertTrue(v.evidence().contains("(the fault plan's command ran at 3.0 s, its exit not recorded (a repeat rebuilt from "
                + "the journal): not judged the fault's)"), v.evidence());
    }

    /** Review: an outage that could not be measured, or never happened, is said in words. */
    @Test
    void anUnmeasuredOrAbsentOutageIsSaidInWords() {
        Verdict noBaseline = verdict(seconds(0, 0, 100, 100, 100, 100, 100), 0.0, 0);
        assertEquals(Limit.STALL, noBaseline.limit());
        assertTrue(noBaseline.evidence().contains("no measured interval ended before it to measure its outage against"),
                noBaseline.evidence());
    }

    /**
     * CI's Galera run: the eviction's stall from the kill (3-5 s here), throughput back, then a pause while the node
     * rejoined (8-9 s) inside the recover command's run (6.0-9.5 s): both the fault plan's. The same pause with no
     * recover command, or after it returned, is another's.
     */
    @Test
    void aPauseWhileTheRecoverCommandRanIsTheFaultPlans() {
        List<IntervalResult> w = seconds(100, 100, 100, 0, 0, 100, 100, 100, 0, 100, 100, 100, 100);
        long n = w.stream().mapToLong(IntervalResult::transactions).sum();
        Stall stall = StallRule.of(w, StallRuleTest.latency(n, 1000, 0, 0), w.size(), w.size(), 1);
        Fault planned = Outages.fault(3.0, 0, 3.0, 6.0, 0, 9.5, w);
        Verdict v = Usages.of(w, n, 2, new VerdictRules.Inputs(0, 0, 0, n, stall).withFault(planned)).verdict();
        assertEquals(Limit.FAULT, v.limit(), v.evidence());
        assertTrue(v.evidence().contains("until throughput was back at 5.0 s, and its recovery (6.0-9.5 s) from 8.0 s, as planned"),
                v.evidence());
        Fault quickRecovery = Outages.fault(3.0, 0, 3.0, 6.0, 0, 6.5, w);
        Verdict later = Usages.of(w, n, 2, new VerdictRules.Inputs(0, 0, 0, n, stall).withFault(quickRecovery)).verdict();
        assertEquals(Limit.STALL, later.limit(), later.evidence());
        assertTrue(later.evidence().contains("and the later ones not in its recovery (6.0-6.5 s)"), later.evidence());
        Fault failedRecovery = Outages.fault(3.0, 0, 3.0, 6.0, 1, 9.5, w);
        assertEquals(Limit.STALL, Usages.of(w, n, 2, new VerdictRules.Inputs(0, 0, 0, n, stall).withFault(failedRecovery))
                .verdict().limit());
    }
}
