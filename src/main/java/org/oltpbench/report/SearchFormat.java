package org.oltpbench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.oltpbench.config.SearchParams;
import org.oltpbench.result.LevelResult;
import org.oltpbench.result.PeakSearch;
import org.oltpbench.result.RunResult;

/**
 * threads=search's answer, as every output prints it: the path of probes in the order they ran, then the peak, the
 * knee, the first level over the limit and what limited the peak and the knee. Replayed from the run's levels
 * ({@link PeakSearch#replay}), so that report and compare print what the run decided.
 */
public final class SearchFormat {
    private SearchFormat() {
    }

    public static final List<String> HEADER = List.of("probe", "threads", "tps (mean)", "95% CI", "latency(ms)", "repeats",
            "step");

    /** The path as table rows under {@link #HEADER}; the latency column is the limit's percentile (or "-"). */
    public static List<List<String>> rows(PeakSearch.Outcome o) {
        List<List<String>> out = new ArrayList<>();
        int k = 1;
        for (PeakSearch.Probe p : o.path()) {
            out.add(List.of(String.valueOf(k++), String.valueOf(p.threads()), Metric.format(p.tps()), limits(p.interval()),
                    Double.isNaN(p.latencyMs()) ? "-" : Metric.format(p.latencyMs()), String.valueOf(p.repeats()), p.step().words()));
        }
        return out;
    }

    /** The console's block: a title line, the path's table, then the answer's lines. */
    public static List<String> lines(RunResult run) {
        PeakSearch.Outcome o = run.search();
        if (o == null) return List.of();
        SearchParams s = run.params().sweep().search();
        List<String> out = new ArrayList<>();
        out.add(String.format(Locale.ROOT, "Peak search (threads=search, searchLimit=%s, from %d, resolution %.0f%%, probes "
                + "repeated to ±%.0f%%, at most %d times): %d probes, %d repeats%s", s.limit().text(), s.from(),
                100 * s.resolution(), 100 * s.halfWidth(), s.maxRepeats(), o.path().size(),
                o.path().stream().mapToInt(PeakSearch.Probe::repeats).sum(), took(run)));
        List<List<String>> table = new ArrayList<>(List.of(HEADER));
        table.addAll(rows(o));
        out.addAll(MarkdownTable.lines(table));
        out.addAll(answer(run, o));
        return out;
    }

    /** Each searched run's answer in one line, as compare prints it ("ob: peak 1300.03 tps at 4 threads [..], knee 4, ..."). */
    public static List<String> compared(List<LabeledRun> runs) {
        List<String> out = new ArrayList<>();
        for (LabeledRun r : runs) {
            PeakSearch.Outcome o = r.run().search();
            if (o == null) continue;
            SearchParams s = r.run().params().sweep().search();
            out.add(r.label() + ": " + (o.peak() == null ? "no probe within " + s.limit().text()
                    : String.format(Locale.ROOT, "peak %s tps at %d threads %s, knee %d threads", Metric.format(o.peak().tps()),
                    o.peak().threads(), limits(o.peak().interval()), o.knee().threads()))
                    + (o.firstBroken() == null ? "" : ", " + s.limit().text() + " first broken at " + o.firstBroken().threads())
                    + String.format(Locale.ROOT, " (%d probes)", o.path().size()));
        }
        return out;
    }

    /** The answer's lines: peak, knee, first over the limit, notes. */
    public static List<String> answer(RunResult run, PeakSearch.Outcome o) {
        List<String> out = new ArrayList<>();
        SearchParams s = run.params().sweep().search();
        if (o.peak() == null) {
            out.add("Peak: none within " + s.limit().text());
        } else {
            out.add(String.format(Locale.ROOT, "Peak: %s tps at %d threads %s; limited by: %s", Metric.format(o.peak().tps()),
                    o.peak().threads(), limits(o.peak().interval()), limit(run, o.peak().threads())));
            out.add(String.format(Locale.ROOT, "Knee: %d threads, %s tps, the fewest within noise of the peak; limited by: %s",
                    o.knee().threads(), Metric.format(o.knee().tps()), limit(run, o.knee().threads())));
        }
        if (s.limit().present()) {
            out.add(o.firstBroken() == null ? "Limit " + s.limit().text() + ": held at every probe"
                    : String.format(Locale.ROOT, "Limit %s: first broken at %d threads (%s ms)", s.limit().text(),
                    o.firstBroken().threads(), Metric.format(o.firstBroken().latencyMs())));
        }
        for (String n : o.notes()) out.add("note: " + n);
        return out;
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

    /** What limited the level at {@code threads}: its bottleneck verdict, or "-" without resources. */
    private static String limit(RunResult run, int threads) {
        LevelResult l = run.level(threads);
        if (l == null || !l.kept().usage().recorded()) return "-";
        return l.kept().usage().verdict().limit().toString();
    }
}
