package org.oltpbench.cli;

import java.util.Collection;
import org.oltpbench.config.ConfigLoader;
import org.oltpbench.config.Key;

/**
 * The name a mistyped word most likely meant, among the names a peer's form accepts: the nearest by edit distance,
 * case, '-' and '_' aside (as keys are looked up), when it is within a typo's reach (2 edits, 3 for words of 9 letters
 * or more): {@code table-sise} is table-size, {@code oltp_raed_write} is oltp_read_write, {@code rnu} is run.
 */
final class Nearest {
    private Nearest() {
    }

    /** The name of {@code names} nearest to {@code word}, in its own spelling, or null when none is near. */
    static String of(String word, Collection<String> names) {
        String w = Key.normalize(word);
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String n : names) {
            int d = ConfigLoader.distance(w, Key.normalize(n));
            if (d < bestDistance) {
                bestDistance = d;
                best = n;
            }
        }
        return bestDistance <= Math.max(2, Math.min(3, w.length() / 3)) ? best : null;
    }

    /** {@code "; did you mean 'NAME'?"} for the nearest name with {@code prefix} before it, or "" when none is near. */
    static String hint(String word, Collection<String> names, String prefix) {
        String n = of(word, names);
        return n == null ? "" : "; did you mean '" + prefix + n + "'?";
    }
}
