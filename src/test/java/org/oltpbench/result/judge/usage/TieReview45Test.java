package org.oltpbench.result.judge.usage;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.oltpbench.result.repeat.server.WaitClass;
import org.oltpbench.result.repeat.usage.Verdict;

/**
 * Reviewer's case (rev45b, on main 9bed1a8): the tie rule names the top class and the next one only. Locks, commit and
 * data reads at 33% each (264 of 800 session-samples, CPU 1%): the verdict says "row and table locks and commit / log
 * flush held equal shares, so either may be the limit", leaving out data reads at the same printed 33%; the limit
 * recorded (LOCKS) is the first in the enum's order.
 */
class TieReview45Test {
    @Test
    void aThreeWayTieNamesAllThree() {
        Verdict v = WaitRulesTest.verdict(WaitRulesTest.waits(100, WaitClass.CPU, 8, WaitClass.LOCK, 264,
                WaitClass.COMMIT, 264, WaitClass.IO, 264));
        assertTrue(v.evidence().contains("3 classes held equal shares as printed, so any of them may be the limit"), v.evidence());
        String advice = v.evidence().substring(v.evidence().indexOf("held equal shares"));
        assertTrue(advice.contains(WaitClass.IO.label()), "data reads at the same 33% not named: " + v.evidence());
    }
}
