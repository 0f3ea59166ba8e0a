package org.oltpbench.driver.search;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.oltpbench.config.SearchParams;
import org.oltpbench.config.SweepParams;
import org.oltpbench.result.file.ResultFiles;
import org.oltpbench.result.level.LevelResult;
import org.oltpbench.result.run.RunResult;
import org.oltpbench.result.workload.WorkloadInfo;

/**
 * A search's answer reached again from the levels it ran, for a run that holds none ({@link RunResult#unanswered}):
 * a killed run's repeat rebuilt from the journal, clients' runs merged, a file of an older schema (its spreads
 * recomputed) or one written without {@code search}. The layer that builds such a run replays (cli's report and merge,
 * the API's readers), never result/. The decisions see only the levels, in the order they ran, so a replay of a run the
 * sweep recorded reaches the answer it recorded. The sweep itself replays only to judge a probe still repeating
 * ({@link #of}), never for a probe it has finished.
 */
public final class SearchReplay {
    private SearchReplay() {
    }

    /**
     * The search as a run made it: its probes fed in the order they ran; a probe without repeats yet is skipped, and
     * none is fed after the search ended.
     */
    public static SearchDecisions of(SearchParams p, WorkloadInfo info, int warmupSecs, List<LevelResult> probes) {
        SearchDecisions s = SearchDecisions.of(p, info, warmupSecs);
        for (LevelResult l : probes) if (!s.over() && !l.repeats().isEmpty()) s.next(l);
        return s;
    }

    /**
     * {@code run} with its search's answer: the one it holds when its levels hold every probe it names, or, where it
     * searched and holds none (or one its levels do not), replayed from its levels.
     */
    public static RunResult answered(RunResult run) {
        if (run.search() != null && !onItsLevels(run)) run = run.withSearch(null);
        if (!run.unanswered()) return run;
        SweepParams s = run.params().sweep();
        return run.withSearch(of(s.search(), run.workload(), s.warmupSecs(), run.levels()).outcome());
    }

    /**
     * Whether every probe the run's recorded answer names has its level among the run's levels. A file edited by hand
     * (a level taken out) may hold an answer its levels no longer give; it is replayed instead of shown.
     */
    private static boolean onItsLevels(RunResult run) {
        if (run.params() == null || !run.params().sweep().search().present()) return true;
        SearchParams.Axis axis = run.params().sweep().search().axis();
        for (org.oltpbench.result.search.Probe p : run.search().path()) {
            if (run.levels().stream().noneMatch(l -> l.threads() == p.threads() && l.at(axis) == p.at())) return false;
        }
        return true;
    }

    /** A result.json, or the one in a result directory, as every reader takes it: read, and {@link #answered}. */
    public static RunResult read(Path resultJsonOrDirectory) throws IOException {
        return answered(ResultFiles.read(resultJsonOrDirectory));
    }
}
