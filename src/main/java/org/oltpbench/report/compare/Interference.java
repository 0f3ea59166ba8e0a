package org.oltpbench.report.compare;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import org.oltpbench.config.TpccParams;
import org.oltpbench.report.LabeledRun;
import org.oltpbench.report.Metric;
import org.oltpbench.result.level.LevelResult;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.repeat.TpccMetrics;
import org.oltpbench.result.repeat.counted.Histograms;
import org.oltpbench.stats.Confidence;
import org.oltpbench.stats.Interval;

/**
 * CH-benCHmark's interference, as the HATtrick paper (SIGMOD 2022) measures it: what each side keeps of its throughput
 * beside the other. Per combination of terminals T and analytic streams N of CH runs (one run per N, as
 * {@code analyticStreams=0,2,4} makes them): tpmC(T, N) over tpmC(T, 0), the terminals alone, and QphH(T, N) over
 * QphH(0, N), the streams alone; each ratio with the log-scale interval of its two figures' intervals
 * ({@link Confidence#ratio}), "-" where a side has no figure alone to divide by.
 *
 * <p>A ratio stays within one target's runs: its divisor is the run's own level of that setting when it has one, else
 * the one level of that setting among the runs of the same target ({@link #target}: the same engine and settings but
 * for the streams and terminals); none there, or several, gives "-". Comparing two engines' sweeps thus divides each by
 * its own figures alone. N is the streams that ran at the level (a merged run's are its clients' together).
 */
public record Interference(List<Row> rows) {
    /**
     * One combination.
     *
     * @param run       the label of the run the level is of
     * @param tpmCAlone tpmC over the same terminals without streams ({@code null}: no such run or level)
     * @param qphHAlone QphH over the same streams without terminals ({@code null}: no such level)
     */
    public record Row(String run, int terminals, int streams, double tpmC, Comparison.Cell tpmCAlone, double qphH,
                      Comparison.Cell qphHAlone, double freshnessP95Secs) {
    }

    public static final List<String> HEADER = List.of("run", "terminals", "streams", "tpmC", "tpmC / no streams", "QphH",
            "QphH / no terminals", "freshness p95(s)");

    /** The runs' combinations; empty unless they are CH runs of which one has no streams or a level has no terminal. */
    public static Interference of(List<LabeledRun> runs) {
        List<Setting> settings = new ArrayList<>();
        Map<String, Integer> targets = new LinkedHashMap<>();
        for (LabeledRun r : runs) {
            if (!(r.run().params().workload() instanceof TpccParams t) || !t.ch()) return new Interference(List.of());
            int target = targets.computeIfAbsent(target(r), k -> targets.size());
            for (LevelResult l : r.run().levels()) settings.add(new Setting(r, target, l.threads(), streams(l, t), l));
        }
        settings.sort(Comparator.comparingInt(Setting::target).thenComparingInt(Setting::streams)
                .thenComparingInt(Setting::terminals));
        List<Row> rows = new ArrayList<>();
        for (Setting s : settings) {
            Setting oltp = alone(settings, s, s.terminals, 0), olap = alone(settings, s, 0, s.streams);
            rows.add(new Row(s.run.label(), s.terminals, s.streams, tpmC(s), ratio(s, oltp, Interference::tpmC,
                    l -> l.spread().tpmC()), qphH(s), ratio(s, olap, Interference::qphH, l -> l.spread().qphH()), freshness(s)));
        }
        boolean any = rows.stream().anyMatch(r -> r.tpmCAlone().value() != null || r.qphHAlone().value() != null);
        return new Interference(any ? rows : List.of());
    }

    /**
     * What makes runs one target's sweep: the engine and every setting but those a sweep of streams varies (the streams,
     * and the terminals, which a job without streams runs without 0).
     */
    static String target(LabeledRun r) {
        Map<String, String> s = new LinkedHashMap<>(RunSettings.of(r.run()));
        s.remove("threads");
        s.remove("workload.analytic.streams");
        return LabeledRun.engine(r.run()) + " " + s;
    }

    /** The streams that ran at the level (a merged level's clients' together); the run's setting where none recorded. */
    private static int streams(LevelResult l, TpccParams t) {
        var a = l.kept().analytics();
        return a.present() ? a.streams() : Math.max(0, t.analytic().streams());
    }

    public boolean present() {
        return !rows.isEmpty();
    }

    /** The rows as table cells, under {@link #HEADER}. */
    public List<List<String>> cells() {
        List<List<String>> out = new ArrayList<>();
        for (Row r : rows) {
            out.add(List.of(r.run(), String.valueOf(r.terminals()), String.valueOf(r.streams()), Metric.format(r.tpmC()),
                    r.tpmCAlone().text(), r.streams() > 0 ? Metric.format(r.qphH()) : "-", r.qphHAlone().text(),
                    Double.isNaN(r.freshnessP95Secs()) ? "-" : String.format(Locale.ROOT, "%.3f", r.freshnessP95Secs())));
        }
        return out;
    }

    /** What the table's ratios are, in one line. */
    public static final String NOTE = "Interference: tpmC beside N streams over tpmC of the same terminals alone, QphH "
            + "beside T terminals over QphH of the same streams alone, each within one target's runs (the run's own level, "
            + "else that target's other run of the setting; streams: those that ran), with its 95% interval; \""
            + Comparison.WITHIN_NOISE + "\": the interval holds 1.00, no cost shown.";

    private record Setting(LabeledRun run, int target, int terminals, int streams, LevelResult level) {
    }

    /**
     * The level {@code s} is divided by: the one of {@code terminals} and {@code streams} in {@code s}'s own run, else the
     * only one in its target's other runs; null when there is none or the choice is not one.
     */
    private static Setting alone(List<Setting> all, Setting s, int terminals, int streams) {
        List<Setting> own = new ArrayList<>(), target = new ArrayList<>();
        for (Setting a : all) {
            if (a.terminals != terminals || a.streams != streams || a.target != s.target) continue;
            (a.run == s.run ? own : target).add(a);
        }
        if (own.size() == 1) return own.get(0);
        return own.isEmpty() && target.size() == 1 ? target.get(0) : null;
    }

    /** The figure of {@code s} over that of {@code alone}, or a "-" cell where there is none to divide by. */
    private static Comparison.Cell ratio(Setting s, Setting alone, ToDoubleFunction<Setting> figure,
                                         Function<LevelResult, Interval> interval) {
        if (alone == null || alone == s || figure.applyAsDouble(alone) == 0) {
            return new Comparison.Cell(null, false, false);
        }
        RepeatResult k = s.level.kept(), b = alone.level.kept();
        Interval ci = Confidence.ratio(interval.apply(s.level), interval.apply(alone.level));
        return new Comparison.Cell(figure.applyAsDouble(s) / figure.applyAsDouble(alone), !k.completed() || !b.completed(),
                false, s.level.spread().trend().drifting() || alone.level.spread().trend().drifting(), ci,
                Comparison.Show.RATIO);
    }

    private static double tpmC(Setting s) {
        return TpccMetrics.tpmC(s.level.kept());
    }

    private static double qphH(Setting s) {
        return s.level.kept().analytics().qphH();
    }

    private static double freshness(Setting s) {
        var h = s.level.kept().analytics().freshnessHistogram();
        return h.getTotalCount() > 0 ? Histograms.percentileMs(h, 95) / 1000 : Double.NaN;
    }
}
