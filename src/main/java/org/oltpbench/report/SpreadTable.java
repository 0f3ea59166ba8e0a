package org.oltpbench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.oltpbench.result.judge.spread.Spreads;
import org.oltpbench.result.level.LevelResult;
import org.oltpbench.result.level.Spread;
import org.oltpbench.result.repeat.counted.IntervalResult;
import org.oltpbench.result.run.RunResult;
import org.oltpbench.stats.Interval;

/**
 * The console's table of 95% confidence intervals under the sweep table: per level, the mean and limits of the
 * throughput figures and of the latency percentile, with the method and sample count they came from.
 */
public final class SpreadTable {
    /** Intervals up to this many times intervalSecs long on average count as on time in the no-interval hint. */
    static final double ON_TIME = 1.25;

    private SpreadTable() {
    }

    /**
     * The table's lines; when no level has an interval (one repeat with fewer than 8 measured intervals), one line
     * saying how to get them ({@link #noIntervals}).
     */
    public static List<String> lines(RunResult run) {
        if (run.levels().stream().noneMatch(l -> l.spread().tps().present())) return List.of(noIntervals(run));
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

    /**
     * Why no level has an interval, in the terms of what the run had: the longest level's measured seconds and its
     * intervals' mean length (late reports make them longer than intervalSecs, so the time asked for is 8 of those,
     * never less than the run already had when it fell short).
     */
    static String noIntervals(RunResult run) {
        int need = 2 * Spreads.MIN_BATCHES, step = run.params().sweep().intervalSecs();
        String head = "no confidence intervals: each level ran once and recorded fewer than " + need
                + " measured intervals, which batch means need";
        if (step == 0) return head + " (intervalSecs=0 records none); use repeat=3, or intervalSecs=1 with time=" + need + " or more";
        double secs = 0, each = step;
        for (LevelResult l : run.levels()) {
            List<IntervalResult> m = Spreads.measured(l.kept().intervals());
            double s = m.stream().mapToDouble(IntervalResult::seconds).sum();
            if (s <= secs) continue;
            secs = s;
            each = s / m.size();
        }
        // intervals within a quarter of intervalSecs are on time (a reporter a few ms late moves no advice)
        double length = each > ON_TIME * step ? each : step;
        return head + String.format(Locale.ROOT, " (the longest level measured %.1f s in intervals of %.1f s on average, at "
                + "intervalSecs=%d); use repeat=3, or time=%d or more", secs, each, step, (long) Math.ceil(need * length));
    }

    /** "1234.56 [1200.00, 1269.12]", or "-" without an interval. */
    static String cell(Interval i) {
        if (!i.present()) return "-";
        return Metric.format(i.mean()) + " [" + Metric.format(i.lower()) + ", " + Metric.format(i.upper()) + "]";
    }
}
