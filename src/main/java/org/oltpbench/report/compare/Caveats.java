package org.oltpbench.report.compare;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.oltpbench.report.LabeledRun;
import org.oltpbench.result.LevelResult;
import org.oltpbench.result.RepeatResult;
import org.oltpbench.result.RunResult;
import org.oltpbench.result.Verdict;
import org.oltpbench.stats.Interval;

/**
 * What undermines a verdict between two runs at one level, printed on the verdict's own line. "Beyond noise" needs both
 * runs' intervals over repeats (batch means within one run cannot see the swings from one run to the next) and both
 * levels clean (no repeat whose bottleneck verdict is other processes or a shared host); a drift, or runs that were not
 * interleaved (their spans do not overlap: what changed between them is in the ratio), are said but do not withhold it.
 *
 * @param repeated both intervals are over repeats
 * @param clean    no repeat of either level was held up by other processes or a shared host
 * @param reasons  each undermining condition, in words; empty when none
 */
record Caveats(boolean repeated, boolean clean, List<String> reasons) {
    /** The caveats of {@code run}'s level against {@code base}'s, whose figures have intervals {@code ri} and {@code bi}. */
    static Caveats of(LabeledRun run, LevelResult rl, Interval ri, LabeledRun base, LevelResult bl, Interval bi) {
        List<String> reasons = new ArrayList<>();
        boolean repeated = overRepeats(ri) && overRepeats(bi);
        if (!repeated) {
            reasons.add("single runs (an interval of batch means within one run cannot see the swings from run to run)");
        }
        boolean clean = true;
        for (var side : List.of(new Side(run, rl), new Side(base, bl))) {
            Verdict.Limit dirty = unclean(side.level);
            if (dirty != null) {
                reasons.add(side.run.label() + "'s level not clean (" + (dirty == Verdict.Limit.OTHERS ? "other processes held "
                        + "the host" : "a server shared the client's busy host") + ")");
            }
            clean &= dirty == null;
            if (side.level.spread().trend().drifting()) reasons.add(side.run.label() + " drifting");
        }
        if (!interleaved(run.run(), base.run())) reasons.add("runs not interleaved");
        return new Caveats(repeated, clean, List.copyOf(reasons));
    }

    private record Side(LabeledRun run, LevelResult level) {
    }

    /** Whether "beyond noise" may be said: repeated and clean. */
    boolean judgeNoise() {
        return repeated && clean;
    }

    /** "; runs not interleaved" or "": the caveats after a verdict that stands. */
    String suffix() {
        return reasons.isEmpty() ? "" : "; " + String.join(", ", reasons);
    }

    private static boolean overRepeats(Interval i) {
        return i.method() == Interval.Method.REPEATS || i.method() == Interval.Method.BOOTSTRAP_REPEATS;
    }

    /** Other processes or a shared host, where a repeat of the level was held up by them; null when none was. */
    private static Verdict.Limit unclean(LevelResult l) {
        for (RepeatResult r : l.repeats()) {
            Verdict.Limit limit = r.usage().verdict().limit();
            if (limit == Verdict.Limit.OTHERS || limit == Verdict.Limit.HOST) return limit;
        }
        return null;
    }

    /** Whether the two runs' spans overlap, as interleaved runs' do; false where a span is not recorded. */
    static boolean interleaved(RunResult a, RunResult b) {
        try {
            if (a == b) return true;
            return Instant.parse(a.startedAt()).isBefore(Instant.parse(b.endedAt()))
                    && Instant.parse(b.startedAt()).isBefore(Instant.parse(a.endedAt()));
        } catch (RuntimeException unrecorded) {
            return false;
        }
    }
}
