package org.oltpbench.report.compare;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import org.oltpbench.report.LabeledRun;
import org.oltpbench.result.level.LevelResult;
import org.oltpbench.result.repeat.server.WaitClass;
import org.oltpbench.result.repeat.server.Waits;
import org.oltpbench.stats.Interval;

/**
 * A level's "where the time went" rows (issue 45), one column per run: the average active server sessions of the
 * level's open ones over the measured window, then each class's share of the active session time, a row for each class
 * any run saw there, in {@link WaitClass}'s order. They are neither better nor worse (no mark): they say why one run is
 * slower. A run without the level, or whose level was not sampled, shows "-"; no row when no run was sampled.
 */
final class WaitRows {
    /** What the rows' note says they are. */
    static final String NOTE = "where the time went: the benchmark's server sessions sampled " + Waits.PER_SECOND + " times a second over "
            + "the measured window, their average active sessions (inside a statement or a transaction) and each class of "
            + "wait's share of that active time; - where a run was not sampled.";

    /** The note for a marked client share, where a run's server CPU was full at the level. */
    static final String SERVER_FULL_NOTE = Comparison.SERVER_FULL + " beside a share of time waiting for the client: "
            + org.oltpbench.result.judge.usage.WaitRules.SERVER_FULL + ".";

    /** Before each class's label in its row: alone, "CPU 22%" would read as a resource used. */
    static final String SHARE = "share of active time: ";

    private WaitRows() {
    }

    static List<Comparison.Row> of(List<LabeledRun> runs, int threads) {
        List<Waits> waits = new ArrayList<>();
        List<Boolean> full = new ArrayList<>();
        EnumSet<WaitClass> seen = EnumSet.noneOf(WaitClass.class);
        for (LabeledRun r : runs) {
            LevelResult l = r.run().level(threads);
            Waits w = l == null ? Waits.NONE : l.kept().usage().waits();
            waits.add(w);
            full.add(l != null && org.oltpbench.result.judge.usage.VerdictRules.serverFull(l.kept().usage()));
            seen.addAll(w.classes().keySet());
        }
        if (waits.stream().noneMatch(Waits::sampled)) return List.of();
        List<Comparison.Row> rows = new ArrayList<>();
        rows.add(new Comparison.Row("where the time went: active sessions (" + threads + " threads)",
                cells(waits, full, false, Comparison.Show.FIGURE, Waits::activeSessions)));
        for (WaitClass c : seen) {
            rows.add(new Comparison.Row(SHARE + c.label(), cells(waits, full, c == WaitClass.CLIENT, Comparison.Show.SHARE,
                    w -> w.share(c))));
        }
        return rows;
    }

    /** Whether a row of the level marks a run's client share because its server's CPU was full. */
    static boolean marked(List<Comparison.Row> rows) {
        return rows.stream().flatMap(r -> r.cells().stream()).anyMatch(Comparison.Cell::serverFull);
    }

    private static List<Comparison.Cell> cells(List<Waits> waits, List<Boolean> full, boolean mark, Comparison.Show show,
                                               java.util.function.ToDoubleFunction<Waits> figure) {
        List<Comparison.Cell> cells = new ArrayList<>();
        for (int i = 0; i < waits.size(); i++) {
            Waits w = waits.get(i);
            cells.add(new Comparison.Cell(w.sampled() ? figure.applyAsDouble(w) : null, false, false, false, Interval.NONE, show,
                    mark && full.get(i) && !w.noneSeen() && w.count(WaitClass.CLIENT) > 0));
        }
        return cells;
    }
}
