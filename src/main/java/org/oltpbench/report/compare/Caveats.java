package org.oltpbench.report.compare;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.oltpbench.result.level.LevelResult;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.repeat.usage.Verdict;
import org.oltpbench.result.run.RunResult;
import org.oltpbench.stats.Interval;

/**
 * What undermines a verdict between two levels, printed on the verdict's own line. "Beyond noise" needs both levels'
 * intervals over repeats (batch means within one run cannot see the swings from one run to the next) and both levels
 * clean (no repeat whose bottleneck verdict is other processes, a shared host or a starved client: each says the figure
 * measures this host rather than the server); a drift, or runs that were not
 * interleaved (their spans do not overlap: what changed between them is in the ratio), are said but do not withhold it.
 *
 * @param repeated both intervals are over repeats
 * @param clean    no repeat of either level was held up by other processes, a shared host or a starved client
 * @param reasons  each undermining condition, in words; empty when none
 */
public record Caveats(boolean repeated, boolean clean, List<String> reasons) {
    /**
     * The caveats of one level against another: {@code run}'s level {@code rl}, whose figure has interval {@code ri},
     * against {@code base}'s; each named by its label.
     */
    static Caveats of(String run, LevelResult rl, Interval ri, String base, LevelResult bl, Interval bi) {
        List<String> reasons = new ArrayList<>();
        boolean repeated = overRepeats(ri) && overRepeats(bi);
        if (!repeated) {
            reasons.add("single runs (an interval of batch means within one run cannot see the swings from run to run)");
        }
        boolean clean = true;
        for (var side : List.of(new Side(run, rl), new Side(base, bl))) {
            Verdict.Limit dirty = unclean(side.level);
            if (dirty != null) {
                reasons.add(side.label + "'s level not clean (" + switch (dirty) {
                    case OTHERS -> "other processes held the host";
                    case STARVED -> "the client was starved of CPU";
                    default -> "a server shared the client's busy host";
                } + ")");
            }
            clean &= dirty == null;
            if (side.level.spread().trend().drifting()) reasons.add(side.label + " drifting");
        }
        return new Caveats(repeated, clean, List.copyOf(reasons));
    }

    private record Side(String label, LevelResult level) {
    }

    /** These caveats, and that the runs were not interleaved when their spans do not overlap ({@link #interleaved}). */
    Caveats apart(RunResult a, RunResult b) {
        if (interleaved(a, b)) return this;
        List<String> more = new ArrayList<>(reasons);
        more.add("runs not interleaved");
        return new Caveats(repeated, clean, List.copyOf(more));
    }

    /** Whether "beyond noise" may be said: repeated and clean. */
    public boolean judgeNoise() {
        return repeated && clean;
    }

    /** The reasons in one phrase: "single runs (...), a drifting". */
    public String text() {
        return String.join(", ", reasons);
    }

    /** "; runs not interleaved" or "": the caveats after a verdict that stands. */
    String suffix() {
        return reasons.isEmpty() ? "" : "; " + text();
    }

    private static boolean overRepeats(Interval i) {
        return i.method() == Interval.Method.REPEATS || i.method() == Interval.Method.BOOTSTRAP_REPEATS;
    }

    /** Other processes, a shared host or a starved client, where a repeat of the level was held up so (its verdict or a caveat on it); null when none was. */
    private static Verdict.Limit unclean(LevelResult l) {
        for (RepeatResult r : l.repeats()) {
            Verdict.Limit limit = r.usage().verdict().unclean();
            if (limit != null) return limit;
        }
        return null;
    }

    /** Whether the two runs' spans overlap, as interleaved runs' do; false where a span is not recorded. */
    static boolean interleaved(RunResult a, RunResult b) {
        try {
            return a == b || Instant.parse(a.startedAt()).isBefore(Instant.parse(b.endedAt()))
                    && Instant.parse(b.startedAt()).isBefore(Instant.parse(a.endedAt()));
        } catch (RuntimeException unrecorded) {
            return false;
        }
    }
}
