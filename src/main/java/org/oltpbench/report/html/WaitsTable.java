package org.oltpbench.report.html;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.oltpbench.report.Marks;
import org.oltpbench.report.Metric;
import org.oltpbench.result.level.LevelResult;
import org.oltpbench.result.repeat.server.WaitClass;
import org.oltpbench.result.repeat.server.Waits;
import org.oltpbench.result.run.RunResult;

/**
 * report.html's "Where the sessions' time went" (issue 45): per level's reported repeat whose server sessions were
 * sampled, a row of all its active sessions, then one per class of wait, the largest share first, with the engine's own
 * names for it and, for locks, the tables the engine named.
 */
final class WaitsTable {
    /** The engine's names shown per class, the most seen first. */
    static final int NAMES = 4;

    private WaitsTable() {
    }

    /** Whether any level's reported repeat was sampled. */
    static boolean present(RunResult run) {
        return run.levels().stream().anyMatch(l -> l.kept().usage().waits().sampled());
    }

    static String of(RunResult run) {
        List<List<String>> rows = new ArrayList<>();
        for (LevelResult l : run.levels()) {
            Waits w = l.kept().usage().waits();
            boolean serverFull = org.oltpbench.result.judge.usage.VerdictRules.serverFull(l.kept().usage());
            if (w.sampled()) rows.addAll(rows(Marks.threads(l), w, l.kept().threads(), serverFull));
        }
        return Html.pairs(List.of(run.workload().family().workers(), "where", "active sessions", "share",
                "the engine's names (share of the class)", "lock tables (share of the lock waits)"), rows)
                + Html.note("Sampled " + Waits.PER_SECOND + " times a second over the measured window: active sessions are the "
                + "benchmark's sessions inside a statement or a transaction, averaged over the samples; a class's share is "
                + "its part of the active session time. Sessions idle between transactions are not counted.");
    }

    /**
     * One level's rows: "all" with the average active sessions of those the server showed open (as the [Waits] line
     * says; {@code of}, the level's threads, where that is not known) and the samples, then each class seen,
     * by its session-samples over the samples and its share of them all.
     */
    static List<List<String>> rows(String level, Waits w, int of) {
        return rows(level, w, of, false);
    }

    /**
     * As {@link #rows(String, Waits, int)}; {@code serverFull} where the verdict found the server's CPU full: the
     * client's share is then partly statements waiting for a server thread, as the [Waits] line says.
     */
    static List<List<String>> rows(String level, Waits w, int of, boolean serverFull) {
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of(level, "all (" + w.samples() + " samples)", String.format(Locale.ROOT, "%.1f of %d", w.activeSessions(),
                w.sessions() > 0 ? w.sessions() : of), Metric.share(w.total() == 0 ? 0 : 1), "", ""));
        List<WaitClass> order = new ArrayList<>(w.classes().keySet());
        order.sort((a, b) -> Long.compare(w.count(b), w.count(a)));
        for (WaitClass c : order) {
            String names = shares(w.names(c), NAMES);
            if (serverFull && c == WaitClass.CLIENT) {
                names = (names.isEmpty() ? "" : names + "; ") + org.oltpbench.result.judge.usage.WaitRules.SERVER_FULL;
            }
            rows.add(List.of(level, c.label(), sessions((double) w.count(c) / w.samples()),
                    Metric.share(w.share(c)), names, c == WaitClass.LOCK ? shares(w.objects(), NAMES) : ""));
        }
        return rows;
    }

    /** The first {@code n} names of {@code counts} (most seen first), each with its share of all of them. */
    private static String shares(Map<String, Long> counts, int n) {
        long all = counts.values().stream().mapToLong(Long::longValue).sum();
        List<String> out = new ArrayList<>();
        for (var e : counts.entrySet()) {
            if (out.size() < n) out.add(e.getKey() + " " + Metric.share((double) e.getValue() / all));
        }
        return String.join(", ", out);
    }

    /** Active sessions to a tenth; "<0.1" for a class seen that would print as 0.0. */
    private static String sessions(double active) {
        return active > 0 && active < 0.05 ? "<0.1" : String.format(Locale.ROOT, "%.1f", active);
    }
}
