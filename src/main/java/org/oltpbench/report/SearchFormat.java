package org.oltpbench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.oltpbench.config.SearchParams;
import org.oltpbench.config.SearchParams.Axis;
import org.oltpbench.result.judge.conformance.Efficiency;
import org.oltpbench.result.level.LevelResult;
import org.oltpbench.result.search.Probe;
import org.oltpbench.result.search.SearchOutcome;
import org.oltpbench.result.run.RunResult;

/**
 * threads=search's answer, as every output prints it: the path of probes in the order they ran, then the peak, the
 * knee, the first level over the limit and what limited the peak and the knee: the answer the run recorded
 * ({@link RunResult#search}), so that report and compare print what the run decided.
 */
public final class SearchFormat {
    private SearchFormat() {
    }

    /** The path table's header: the level column is named by the search's axis. */
    public static List<String> header(RunResult run) {
        SearchParams s = run.params().sweep().search();
        List<String> h = new ArrayList<>(List.of("probe", s.axis() == Axis.RATE ? "rate (tps)" : s.axis().key()));
        if (s.axis() != Axis.THREADS) h.add("threads");
        h.addAll(List.of("tps (mean)", "95% CI", "latency(ms)"));
        if (s.axis() == Axis.WAREHOUSES) h.addAll(List.of("tpmC", "efficiency"));
        h.addAll(List.of("repeats", "step"));
        return h;
    }

    /**
     * The path as table rows under {@link #header}; the latency column is the limit's percentile (or "-"); a warehouses
     * search adds each probe's tpmC and its efficiency against the paced ceiling.
     */
    public static List<List<String>> rows(RunResult run, SearchOutcome o) {
        SearchParams s = run.params().sweep().search();
        List<List<String>> out = new ArrayList<>();
        int k = 1;
        for (Probe p : o.path()) {
            List<String> row = new ArrayList<>(List.of(String.valueOf(k++), String.valueOf(p.at())));
            if (s.axis() != Axis.THREADS) row.add(String.valueOf(p.threads()));
            row.addAll(List.of(Metric.format(p.tps()), limits(p.interval()),
                    Double.isNaN(p.latencyMs()) ? "-" : Metric.format(p.latencyMs())));
            if (s.axis() == Axis.WAREHOUSES) row.addAll(tpmC(run, p));
            row.addAll(List.of(String.valueOf(p.repeats()), p.stepText()));
            out.add(row);
        }
        return out;
    }

    /** A warehouses probe's tpmC and its level's efficiency ({@link Efficiency}). */
    private static List<String> tpmC(RunResult run, Probe p) {
        Efficiency e = efficiency(run, p);
        return e == null ? List.of("-", "-") : List.of(Metric.format(e.tpmC()), e.text());
    }

    /** A warehouses probe's level's efficiency, or null when the run has no such level. */
    public static Efficiency efficiency(RunResult run, Probe p) {
        LevelResult l = probe(run, p);
        return l == null ? null : Efficiency.of(run.workload(), l);
    }

    /** The console's block: a title line, the path's table, then the answer's lines. */
    public static List<String> lines(RunResult run) {
        SearchOutcome o = run.search();
        if (o == null) return List.of();
        SearchParams s = run.params().sweep().search();
        List<String> out = new ArrayList<>();
        String how = s.axis() == Axis.THREADS ? String.format(Locale.ROOT, "resolution %.0f%%, probes repeated to ±%.0f%%, at "
                + "most %d times", 100 * s.resolution(), 100 * s.halfWidth(), s.maxRepeats())
                : s.axis() == Axis.RATE ? String.format(Locale.ROOT, "resolution %.0f%%, one run per probe", 100 * s.resolution())
                : "to one warehouse, one run per probe, 10 paced terminals per warehouse";
        int repeats = o.path().stream().mapToInt(Probe::repeats).sum();
        out.add(String.format(Locale.ROOT, "%s (%s=search, searchLimit=%s, from %d, %s): %d probe%s, %d repeat%s%s",
                title(s), s.axis().key(), s.limit().text(), s.from(), how, o.path().size(), o.path().size() == 1 ? "" : "s",
                repeats, repeats == 1 ? "" : "s", took(run)));
        List<List<String>> table = new ArrayList<>(List.of(header(run)));
        table.addAll(rows(run, o));
        out.addAll(MarkdownTable.lines(table));
        out.addAll(answer(run, o));
        return out;
    }

    /** "Peak search" or "Capacity search", as the axis makes it. */
    public static String title(SearchParams s) {
        return s.axis() == Axis.THREADS ? "Peak search" : "Capacity search";
    }

    /** Each searched run's answer in one line, as compare prints it ("ob: peak 1300.03 tps at 4 threads [..], knee 4, ..."). */
    public static List<String> compared(List<LabeledRun> runs) {
        List<String> out = new ArrayList<>();
        for (LabeledRun r : runs) {
            SearchOutcome o = r.run().search();
            if (o == null) continue;
            out.add(r.label() + ": " + summary(r.run().params().sweep().search(), o)
                    + String.format(Locale.ROOT, " (%d probes)", o.path().size()));
        }
        return out;
    }

    /** The answer in one line: the peak and knee, or the capacity, and the first level that broke the limit or failed. */
    public static String summary(SearchParams s, SearchOutcome o) {
        if (o.capacity()) {
            return (o.peak() == null ? "no " + s.axis().key() + " passed" : "capacity " + level(s, o.peak().at()))
                    + (o.firstBroken() == null ? "" : ", first failed at " + o.firstBroken().at());
        }
        return (o.peak() == null ? "no probe within " + s.limit().text()
                : String.format(Locale.ROOT, "peak %s tps at %d threads %s, %s", Metric.format(o.peak().tps()),
                o.peak().threads(), limits(o.peak().interval()), o.knee() == null ? "knee too noisy to decide"
                        : "knee " + o.knee().threads() + " threads"))
                + (o.firstBroken() == null ? "" : ", " + s.limit().text() + " first broken at " + o.firstBroken().threads());
    }

    /** A level on the search's axis with its unit: "8 threads", "1200 tps arrival rate", "6 warehouses". */
    private static String level(SearchParams s, int at) {
        return at + " " + (s.axis() == Axis.WAREHOUSES && at == 1 ? "warehouse" : s.axis().unit());
    }

    /** The answer's lines: peak, knee, first over the limit, notes; or the capacity and the first level that failed. */
    public static List<String> answer(RunResult run, SearchOutcome o) {
        SearchParams s = run.params().sweep().search();
        if (o.capacity()) return capacity(run, s, o);
        List<String> out = new ArrayList<>();
        if (o.peak() == null) {
            out.add("Peak: none within " + s.limit().text());
        } else {
            out.add(String.format(Locale.ROOT, "Peak: %s tps at %d threads %s; limited by: %s", Metric.format(o.peak().tps()),
                    o.peak().threads(), limits(o.peak().interval()), limit(probe(run, o.peak()))));
            out.add(o.knee() == null ? undecidedKnee(s, o) : String.format(Locale.ROOT, "Knee: %d threads, %s tps, the fewest "
                    + "within noise of the peak; limited by: %s", o.knee().threads(), Metric.format(o.knee().tps()),
                    limit(probe(run, o.knee()))));
        }
        if (s.limit().present()) {
            out.add(o.firstBroken() == null ? "Limit " + s.limit().text() + ": held at every probe"
                    : String.format(Locale.ROOT, "Limit %s: first broken at %d threads (%s ms)", s.limit().text(),
                    o.firstBroken().threads(), Metric.format(o.firstBroken().latencyMs())));
        }
        for (String n : o.notes()) out.add("note: " + n);
        return out;
    }

    /** The knee's line when it would rest on probes too noisy to decide: which, and how wide their intervals are. */
    private static String undecidedKnee(SearchParams s, SearchOutcome o) {
        List<String> wide = new ArrayList<>();
        for (Probe q : o.kneeTooNoisy()) {
            wide.add(String.format(Locale.ROOT, "%d threads ±%.1f%% after %d repeat%s", q.threads(), q.interval().halfWidthPct(),
                    q.repeats(), q.repeats() == 1 ? "" : "s"));
        }
        return String.format(Locale.ROOT, "Knee: too noisy to decide (%s, wider than ±%.0f%%); raise searchMaxRepeats or the "
                + "time of a probe", String.join("; ", wide), 100 * s.halfWidth());
    }

    /** A capacity search's answer: the highest level that passed, what limited it, and the lowest above it that failed. */
    private static List<String> capacity(RunResult run, SearchParams s, SearchOutcome o) {
        List<String> out = new ArrayList<>();
        String pct = s.limit().text().replaceAll("<=.*", "");
        if (o.peak() == null) {
            out.add("Capacity: none; no " + s.axis().key() + " probe passed");
        } else {
            out.add(String.format(Locale.ROOT, "Capacity: %s (%s tps achieved%s); limited by: %s", level(s, o.peak().at()),
                    Metric.format(o.peak().tps()), Double.isNaN(o.peak().latencyMs()) ? ""
                            : ", " + pct + " " + Metric.format(o.peak().latencyMs()) + " ms"
                            + (s.axis() == Axis.RATE ? " from the scheduled start" : ""), limit(probe(run, o.peak()))));
        }
        if (o.firstBroken() != null) {
            out.add(String.format(Locale.ROOT, "%s: %s (%s tps achieved%s); limited by: %s",
                    o.peak() == null ? "Failed" : "First failed above it",
                    level(s, o.firstBroken().at()), Metric.format(o.firstBroken().tps()), Double.isNaN(o.firstBroken().latencyMs())
                            ? "" : ", " + pct + " " + Metric.format(o.firstBroken().latencyMs()) + " ms",
                    limit(probe(run, o.firstBroken()))));
        }
        for (String n : o.notes()) out.add("note: " + n);
        return out;
    }

    /** The run's level a probe was. */
    private static LevelResult probe(RunResult run, Probe p) {
        SearchParams.Axis axis = run.params().sweep().search().axis();
        for (LevelResult l : run.levels()) if (l.at(axis) == p.at()) return l;
        return null;
    }

    /** "[low, high]", or "-" without an interval. */
    private static String limits(org.oltpbench.stats.Interval i) {
        return i.present() ? Metric.limits(i) : "-";
    }

    /** ", in 4 min 38 s" from the run's start to its end, or nothing while it runs. */
    private static String took(RunResult run) {
        try {
            long secs = java.time.Duration.between(java.time.Instant.parse(run.startedAt()), java.time.Instant.parse(run.endedAt()))
                    .toSeconds();
            return String.format(Locale.ROOT, ", in %d min %d s", secs / 60, secs % 60);
        } catch (RuntimeException unknown) { // not ended, or a time this reader cannot parse
            return "";
        }
    }

    /** What limited a level: its bottleneck verdict, or "-" without resources. */
    private static String limit(LevelResult l) {
        if (l == null || !l.kept().usage().recorded()) return "-";
        return l.kept().usage().verdict().headline();
    }
}
