package org.oltpbench.report.compare;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.oltpbench.acid.AcidOutcome;
import org.oltpbench.acid.AcidOutcome.Verdict;
import org.oltpbench.acid.AcidRun;
import org.oltpbench.report.LabeledRun;

/**
 * compare's ACID block (issue 61): beside each run's figures, what the acid verb found on its database, from the
 * acid.json in the run's directory (acid with resultDirectory= that directory writes it there). Per level: how many of
 * the nine isolation tests passed and the phenomena of the rest; atomicity and consistency in one word. A run without
 * acid.json says so, since a tpmC beside another engine's is only comparable under the guarantees each gave.
 */
final class AcidLines {
    private AcidLines() {
    }

    /** One line per run; none when no run has an acid.json. */
    static List<String> of(List<LabeledRun> runs) {
        List<String> out = new ArrayList<>();
        boolean any = false;
        for (LabeledRun r : runs) {
            Path dir = r.source() == null ? null : Files.isDirectory(r.source()) ? r.source() : r.source().getParent();
            boolean present = dir != null && Files.isRegularFile(dir.resolve("acid.json"));
            List<AcidOutcome> acid = present ? AcidRun.read(dir) : List.of();
            any |= present;
            out.add(r.label() + ": " + (!present ? "not tested (no acid.json in its directory: run acid with resultDirectory= "
                    + "that directory)" : acid.isEmpty() ? "its acid.json could not be read (damaged, or written by a newer "
                    + "version: a verdict this one does not know)" : summary(acid, runLevel(r))));
        }
        return any ? out : List.of();
    }

    /**
     * The isolation level the run's sessions ran at, as acidIsolation names it: its isolation key ("server" when left to
     * the engine) or, where it set one, the level; null when the result does not say.
     */
    static String runLevel(LabeledRun r) {
        if (r.run() == null || r.run().params() == null || r.run().params().target() == null) return null;
        return r.run().params().target().session().isolation();
    }

    /**
     * "repeatable-read 9 of 9; read-committed 6 of 9 (3.4.2.7 non-repeatable read, ...); atomicity and consistency held",
     * the level the run itself ran at ({@code runLevel}) marked.
     */
    static String summary(List<AcidOutcome> acid, String runLevel) {
        Map<String, List<AcidOutcome>> levels = new LinkedHashMap<>();
        Map<String, List<String>> failed = new LinkedHashMap<>();
        for (AcidOutcome t : acid) {
            if (!t.clause().startsWith("3.4.2")) continue;
            levels.computeIfAbsent(t.level(), k -> new ArrayList<>()).add(t);
            if (t.verdict() == Verdict.FAILED) {
                failed.computeIfAbsent(t.level(), k -> new ArrayList<>()).add(t.clause() + " " + phenomenon(t.evidence()));
            }
        }
        List<String> parts = new ArrayList<>();
        levels.forEach((level, ts) -> parts.add(level + (level.equals(runLevel) ? " (the run's level)" : "") + " "
                + AcidRun.Tally.of(ts).words("") + (failed.containsKey(level) ? " (" + String.join(", ", failed.get(level)) + ")" : "")));
        parts.add("atomicity and consistency " + AcidRun.atomicityAndConsistency(acid));
        parts.add("durability " + AcidRun.durability(acid));
        return String.join("; ", parts);
    }

    /** The phenomenon a failed test's evidence names first ("dirty read: ..." gives "dirty read"). */
    private static String phenomenon(String evidence) {
        int colon = evidence.indexOf(':');
        return colon > 0 ? evidence.substring(0, colon) : "failed";
    }
}
