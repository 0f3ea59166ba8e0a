package org.oltpbench.report;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.oltpbench.driver.search.SearchReplay;
import org.oltpbench.result.Fixtures;
import org.oltpbench.result.judge.spread.Spreads;
import org.oltpbench.result.level.LevelResult;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.run.RunResult;

/**
 * threads=search's console block: each step names the level it was decided against, and a knee that would rest on
 * probes too noisy to decide is not named (issue 42 §1.13). Every probe is two 10-s repeats; two repeats' t interval
 * would reach below 0, so the interval printed is the bootstrap's, the two repeats' [min, max].
 */
class SearchFormatTest {
    private static LevelResult probe(int threads, long... tps) {
        List<RepeatResult> reps = new ArrayList<>();
        for (long t : tps) reps.add(Fixtures.sysbench(reps.size() + 1, threads, 10 * t, RepeatResult.COMPLETED));
        return Spreads.onto(new LevelResult(threads, Map.of(), 0, reps), 95);
    }

    private static String lines(LevelResult... levels) {
        RunResult base = Fixtures.run(List.of(levels));
        RunResult run = SearchReplay.answered(new RunResult(base.schemaVersion(), base.oltpbenchVersion(), base.workload(),
                Fixtures.params("db=mariadb", "threads=search", "searchMax=2", "searchMaxRepeats=2", "time=10"), base.server(),
                base.client(), base.terms(), base.startedAt(), base.endedAt(), List.of(), List.of(levels)));
        return String.join("\n", SearchFormat.lines(run)).replaceAll(" +", " "); // the table's padding as one space
    }

    /**
     * Disjoint printed intervals are printed as a rise: 7,430 and 7,440 tps [7,371.47, 7,498.53], then 17,180 and 17,185
     * [17,150.73, 17,214.27] (t(1) = 12.706), and 2 threads the knee. (§1.13's repeats, 5,444 and 9,426, are too far
     * apart to decide: PeakSearchTest.twoRepeatsTooFarApartAreTooNoisyToDecide.)
     */
    @Test
    void disjointIntervalsArePrintedAsARise() {
        String out = lines(probe(1, 7430, 7440), probe(2, 17180, 17185));
        assertTrue(out.contains("| 2 | 2 | 17182.50 | [17150.73, 17214.27] | - | 2 | rose beyond noise over 1 |"), out);
        assertTrue(out.contains("\nKnee: 2 threads, 17182.50 tps, the fewest within noise of the peak"), out);
    }

    /**
     * Repeats 9,000 and 11,000, then 9,500 and 11,500: 10,000 ± 12.706 x 1,000 = [0, 22,706.20] (cut at 0; ±113.5% of
     * the printed width) and 10,500 [0, 23,206.20]: within noise, both wider than ±3%: the step and the knee say they are
     * too noisy to decide.
     */
    @Test
    void aKneeOnNoisyProbesIsNotNamed() {
        String out = lines(probe(1, 9000, 11000), probe(2, 9500, 11500));
        assertTrue(out.contains("| 2 | 2 | 10500.00 | [0.00, 23206.20] | - | 2 | too noisy to decide against 1 |"), out);
        assertTrue(out.contains("\nKnee: too noisy to decide (1 threads ±113.5% after 2 repeats; 2 threads ±110.5% after 2 "
                + "repeats, wider than ±3%); raise searchMaxRepeats or the time of a probe"), out);
    }
}
