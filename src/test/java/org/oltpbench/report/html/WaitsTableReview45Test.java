package org.oltpbench.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.oltpbench.result.judge.usage.WaitRules;
import org.oltpbench.result.repeat.server.WaitClass;
import org.oltpbench.result.repeat.server.Waits;

/** Reviewer's case (issue 45, branch rev45): report.html's table beside the [Waits] line. Fails on main 6c2f529. */
class WaitsTableReview45Test {

    /**
     * connections=2 with 8 terminals: the sampler records the pool's 2 sessions open, and the [Waits] line says
     * "1.8 of 2 sessions" (fixed on brk45: "of N" is the sessions open). report.html's table still divides by the
     * level's threads: "1.8 of 8", the pool that was full reads as a level a quarter busy.
     */
    @Test
    void theTableSaysOfAsManySessionsAsTheWaitsLine() {
        Waits pool = new Waits(100, Map.of(WaitClass.CPU, 180L), Map.of(), Map.of(), 20, 2);
        String line = WaitRules.sessions(pool, 8);
        List<List<String>> rows = WaitsTable.rows("8", pool, 8);
        assertEquals("1.8 of 2", rows.get(0).get(2), "the [Waits] line: " + line);
    }
}
