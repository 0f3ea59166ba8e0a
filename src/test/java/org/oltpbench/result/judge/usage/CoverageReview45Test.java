package org.oltpbench.result.judge.usage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.oltpbench.result.repeat.client.ResourceSource;
import org.oltpbench.result.repeat.client.Resources;
import org.oltpbench.result.repeat.counted.IntervalResult;
import org.oltpbench.result.repeat.counted.Schedule;
import org.oltpbench.result.repeat.server.WaitClass;
import org.oltpbench.result.repeat.server.Waits;
import org.oltpbench.result.repeat.usage.Verdict.Limit;

/** Reviewer's cases (issue 45, branch rev45): what the samples cover, over a window and over merged clients. */
class CoverageReview45Test {

    /**
     * merge of two clients of 8 terminals, one sampled (waits=on) and one not (waits=off, or an engine view it could
     * not read): Waits.alongside keeps the sampled client's counts as the merged level's, so report.html says
     * "7.6 of 16" and compare's row "where the time went: active sessions of 16" shows 7.6 for a level whose 16
     * sessions were all busy (and the [Waits]-style text, which reads sessions(), "7.6 of 8"); its shares are one
     * client's, with nothing saying so. Half the level unsampled is not the level sampled.
     */
    @Test
    void aSampledClientMergedWithAnUnsampledOneIsNotTheLevelsWaits() {
        Waits sampled = new Waits(80, java.util.Map.of(WaitClass.CPU, 608L), java.util.Map.of(), java.util.Map.of(), 0, 8);
        Waits merged = sampled.alongside(Waits.NONE);
        assertFalse(merged.sampled() && merged.sessions() == 8, "merged waits of a 16-terminal level: " + merged
                + ", active " + merged.activeSessions());
    }
}
