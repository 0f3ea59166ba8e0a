package org.oltpbench.result.judge.usage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.oltpbench.result.repeat.client.ResourceSource;
import org.oltpbench.result.repeat.client.Resources;
import org.oltpbench.result.repeat.counted.IntervalResult;
import org.oltpbench.result.repeat.counted.Schedule;
import org.oltpbench.result.repeat.server.WaitClass;
import org.oltpbench.result.repeat.server.Waits;
import org.oltpbench.result.repeat.usage.Stall;
import org.oltpbench.result.repeat.usage.Usage;
import org.oltpbench.result.repeat.usage.Verdict;
import org.oltpbench.result.repeat.usage.Verdict.Limit;

/** Reviewer's cases (issue 45, branch rev45): the stall's wait evidence and the rule's pick. Fail on main 6c2f529. */
class StallWaitsReview45Test {

    /**
     * A stall found by the tail rule (max latency 10x the p99) or by a window that ran long has no quiet interval, so
     * Usage.of passes the whole window as "during". The evidence then reads "while it stalled, 8.0 sessions in
     * transactions: CPU 97%, row and table locks 3%": the window's waits over 30 s, presented as what the sessions did
     * during a stall of a few seconds (whose lock waits, if any, are diluted 10 to 1).
     */
    @Test
    void aStallWithoutQuietIntervalsDoesNotPresentTheWindowsWaitsAsTheStalls() {
        Waits healthy = WaitRulesTest.waits(80, WaitClass.CPU, 640);
        Waits withTheStall = WaitRulesTest.waits(80, WaitClass.CPU, 580, WaitClass.LOCK, 60);
        Stall tail = new Stall(List.of(), 100, 9_000, 800, 0.002, 30, 30,
                "max latency 9,000 ms is 11x the p99 (800.0 ms) and 0.20% of transactions took a second or more");
        List<IntervalResult> window = List.of(WaitFixtures.interval(10, healthy), WaitFixtures.interval(20, withTheStall), WaitFixtures.interval(30, healthy));
        Verdict v = Usages.of(window, 3000, 2, new VerdictRules.Inputs(0, 0, 0, 3000, tail)).verdict();
        assertEquals(Limit.STALL, v.limit());
        assertFalse(v.evidence().contains("while it stalled, "), v.evidence());
    }

    /**
     * Locks and commit each 40% of the active time: the rule picks the first in the enum's order (a strict ">" over
     * LOCK, COMMIT, IO, ...), so the verdict is LOCKS with "more warehouses, fewer terminals per warehouse", though the
     * commit held as much of the time; the next level, one session-sample more for commit, says COMMIT. A tie (or a
     * gap within the samples' error) should name both, or neither.
     */
    @Test
    void locksAndCommitTiedAreNotCalledLocks() {
        Waits tie = WaitRulesTest.waits(100, WaitClass.CPU, 160, WaitClass.LOCK, 320, WaitClass.COMMIT, 320);
        Verdict v = WaitRulesTest.verdict(tie);
        assertFalse(v.limit() == Limit.LOCKS && !v.evidence().contains("commit is"), v.limit() + ": " + v.evidence());
    }
}
