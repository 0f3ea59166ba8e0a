package org.oltpbench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.oltpbench.result.LevelResult;
import org.oltpbench.result.RunResult;
import org.oltpbench.result.Spread;
import org.oltpbench.result.Spreads;
import org.oltpbench.stats.Interval;

/**
 * The console's table of 95% confidence intervals under the sweep table: per level, the mean and limits of the
 * throughput figures and of the latency percentile, with the method and sample count they came from.
 */
public final class SpreadTable {
    private SpreadTable() {
    }

    /**
     * The table's lines; when no level has an interval (one repeat with fewer than 8 report intervals), one line
     * saying how to get them.
     */
    public static List<String> lines(RunResult run) {
        if (run.levels().stream().noneMatch(l -> l.spread().tps().present())) {
            return List.of("no confidence intervals: each level ran once with fewer than " + 2 * Spreads.MIN_BATCHES
                    + " recorded intervals; use repeat=3, or a time of at least " + 2 * Spreads.MIN_BATCHES
                    + " intervals (" + 2 * Spreads.MIN_BATCHES + " s at intervalSecs=1)");
        }
        boolean tpcc = run.workload().family().perType();
        String p = "p" + run.percentile() + "(ms)";
        List<String> out = new ArrayList<>();
        out.add("95% confidence intervals of the mean, mean [low, high]:");
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of(run.workload().family().workers(), tpcc ? "tpmC" : "tps", tpcc ? "tps" : "qps", p + ", all types",
                "method"));
        for (LevelResult l : run.levels()) {
            Spread s = l.spread();
            rows.add(List.of(Marks.threads(l), cell(tpcc ? s.tpmC() : s.tps()), cell(tpcc ? s.tps() : s.qps()),
                    cell(s.latency()), s.describe()));
        }
        out.addAll(MarkdownTable.lines(rows));
        return out;
    }

    /** "1234.56 [1200.00, 1269.12]", or "-" without an interval. */
    static String cell(Interval i) {
        if (!i.present()) return "-";
        return Metric.format(i.mean()) + " [" + Metric.format(i.lower()) + ", " + Metric.format(i.upper()) + "]";
    }
}
