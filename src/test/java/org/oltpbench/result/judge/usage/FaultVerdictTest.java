package org.oltpbench.result.judge.usage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.oltpbench.result.judge.stall.StallRule;
import org.oltpbench.result.judge.stall.StallRuleTest;
import org.oltpbench.result.repeat.usage.Stall;
import org.oltpbench.result.repeat.usage.Verdict;
import org.oltpbench.result.repeat.usage.Verdict.Limit;
import org.oltpbench.result.repeat.counted.Histograms;

/**
 * A stall the fault plan made: its first quiet interval ended after the fault's command started, none before, so the
 * user's fault held throughput up (FAULT), never "look at what the server did then". A stall that began before the
 * fault is judged as any stall; a stall without quiet intervals (a tail) is not judged the fault's, and says the fault
 * ran. Seven 1-s intervals, (3,4] and (4,5] quiet; the servers idle (a stall whose host held nothing).
 */
class FaultVerdictTest {
    private static final Stall QUIET_3_TO_5 = StallRule.of(StallRuleTest.intervals(0, 100, 100, 100, 0, 0, 100, 100),
            Histograms.empty(), 7, 7, 1);

    private static Verdict verdict(Stall stall, double faultAt) {
        var in = new VerdictRules.Inputs(0, 0, 0, 1000, stall).withFault(faultAt);
        return VerdictRulesTest.usage(1, 2, 4, List.of(VerdictRulesTest.local(2)), in).verdict();
    }

    @Test
    void aStallFromTheFaultOnIsTheFaults() {
        assertEquals(List.of(3.0, 4.0), List.of(QUIET_3_TO_5.quiet().get(0)[0], QUIET_3_TO_5.quiet().get(0)[1]), QUIET_3_TO_5.toString());
        Verdict v = verdict(QUIET_3_TO_5, 3.0);
        assertEquals(Limit.FAULT, v.limit(), v.evidence());
        assertTrue(v.evidence().startsWith("stalled: " + QUIET_3_TO_5.evidence() + ": from the fault plan's command at 3.0 s on"),
                v.evidence());
        assertTrue(v.isTheStall());
        // a fault inside the first quiet interval (a kill at 3.5 s that the interval (3,4] already shows)
        assertEquals(Limit.FAULT, verdict(QUIET_3_TO_5, 3.5).limit());
    }

    @Test
    void aStallThatBeganBeforeTheFaultIsJudgedAsAnyStall() {
        Verdict v = verdict(QUIET_3_TO_5, 4.0);
        assertEquals(Limit.STALL, v.limit(), v.evidence());
        assertTrue(v.evidence().contains("look at what the server did then"), v.evidence());
        assertEquals(Limit.STALL, verdict(QUIET_3_TO_5, -1).limit(), "no fault plan");
    }

    @Test
    void aTailStallBesideAFaultSaysTheFaultRanWithoutJudgingItTheCause() {
        Stall tail = new Stall(List.of(), 100, 5000, 20, 0.001, 7, 7, "the slowest transaction took 5000 ms, 250 times the p99");
        Verdict v = verdict(tail, 3.0);
        assertEquals(Limit.STALL, v.limit(), v.evidence());
        assertTrue(v.evidence().contains("the fault plan's command ran at 3.0 s, inside the window"), v.evidence());
    }
}
