package org.oltpbench.properties;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.oltpbench.result.judge.stall.StallRule;
import org.oltpbench.result.repeat.client.Resources;
import org.oltpbench.result.repeat.counted.IntervalResult;
import org.oltpbench.result.repeat.usage.Stall;

/**
 * Issue 42 §2: a stall is judged against what was offered. Scenarios are levels of 1 s intervals built from generated
 * transactions ({@link Offered}): Poisson arrivals at 0.5 to 50 a second served at once, TPC-C-style paced terminals,
 * and the same arrivals with a server that answers nothing for 3 s or more.
 */
class StallProperties {

    /**
     * No stall where every offered transaction was served promptly: at 0.5-50 arrivals a second, an interval with none
     * has probability e^-rate (13.5% at 2), and one whose arrival's transaction runs over the edge ends none; neither
     * asked anything of the server that it did not serve. Before issue 42 such seconds were "below 10% of the median".
     */
    @Test
    void noStallWherePoissonArrivalsAreServedPromptly() {
        Prop.forAll(300, d -> noStallWherePoissonArrivalsAreServedPromptly(d.anyLong(), d.doubles(0.5, 50), d.ints(1, 64),
                d.ints(8, 60), d.doubles(0.1, 50)));
    }

    private static void noStallWherePoissonArrivalsAreServedPromptly(long seed, double rate, int terminals, int seconds,
                                                                     double serviceMs) {
        Offered o = Offered.poisson(seed, rate, terminals, seconds, serviceMs, 0, 0);
        Stall s = StallRule.of(o.intervals(Resources.NONE), o.latency(), seconds, seconds, 1);
        assertFalse(s.found(), s.evidence());
    }

    /**
     * No stall where paced terminals (TPC-C's keying and think times, mean 0.5 to 30 s) were served promptly: seconds in
     * which every terminal keyed or thought asked nothing. 10 terminals a warehouse at the spec's times end about 0.5
     * transactions a second: most seconds end none.
     */
    @Test
    void noStallWherePacedTerminalsAreServedPromptly() {
        Prop.forAll(300, d -> noStallWherePacedTerminalsAreServedPromptly(d.anyLong(), d.ints(1, 200), d.doubles(0.5, 30),
                d.ints(8, 60), d.doubles(0.1, 50)));
    }

    private static void noStallWherePacedTerminalsAreServedPromptly(long seed, int terminals, double pauseSecs, int seconds,
                                                                    double serviceMs) {
        Offered o = Offered.paced(seed, terminals, seconds, pauseSecs, serviceMs);
        Stall s = StallRule.of(o.intervals(Resources.NONE), o.latency(), seconds, seconds, 1);
        assertFalse(s.found(), s.evidence());
    }

    /**
     * The rule still sees a stall: the server answers nothing for 3 or more whole seconds (under a third of the
     * window) at any rate from 0.5 a second: a terminal waited through each of those seconds and none ended, where the
     * median pace (1 per service time waited, 20 or more a second) asked 20 or more.
     */
    @Test
    void aServerThatAnswersNothingForSecondsIsAStall() {
        Prop.forAll(200, d -> aServerThatAnswersNothingForSecondsIsAStall(d.anyLong(), d.doubles(0.5, 50), d.ints(1, 64),
                d.ints(12, 60), d.doubles(0.1, 50), d.ints(3, 20)));
    }

    private static void aServerThatAnswersNothingForSecondsIsAStall(long seed, double rate, int terminals, int seconds,
                                                                    double serviceMs, int stallSecs) {
        int length = Math.min(stallSecs, (seconds - 1) / 3);
        int from = 1 + (int) Math.floorMod(seed, seconds - length - 1);
        Offered o = Offered.poisson(seed, rate, terminals, seconds, serviceMs, from, length);
        List<IntervalResult> intervals = o.intervals(Resources.NONE);
        Stall s = StallRule.of(intervals, o.latency(), seconds, seconds, 1);
        assertTrue(s.found(), "a " + length + " s stall from " + from + " s: " + intervals.stream()
                .map(i -> i.transactions() + "/" + String.format("%.2f", i.terminals().dueSecs())).toList() + "; " + s.undecided());
        assertTrue(s.quiet().size() >= length - 1, s.evidence());
    }
}
