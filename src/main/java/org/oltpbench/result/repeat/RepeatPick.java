package org.oltpbench.result.repeat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Which repeat of a level is reported (repeatPick). Only completed repeats are candidates: a repeat that
 * aborted or hit an error that was not ignored is never reported as the level's figure.
 * {@code max} is the seeds' "best of 3"; {@code median} the middle one by tps (the lower middle for an even count).
 */
public final class RepeatPick {
    private RepeatPick() {
    }

    /** @return the index of the reported repeat, or -1 when none completed */
    public static int pick(List<RepeatResult> repeats, String rule) {
        List<Integer> candidates = new ArrayList<>();
        for (int i = 0; i < repeats.size(); i++) if (repeats.get(i).completed()) candidates.add(i);
        if (candidates.isEmpty()) return -1;
        candidates.sort(Comparator.comparingDouble(i -> repeats.get(i).tps()));
        return switch (rule) {
            case "max" -> candidates.get(candidates.size() - 1);
            case "median" -> candidates.get((candidates.size() - 1) / 2);
            default -> throw new IllegalArgumentException("repeatPick " + rule);
        };
    }
}
