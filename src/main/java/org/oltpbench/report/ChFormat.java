package org.oltpbench.report;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.HdrHistogram.Histogram;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.repeat.TpccMetrics;
import org.oltpbench.result.repeat.analytics.Analytics;
import org.oltpbench.result.repeat.analytics.QueryMetrics;
import org.oltpbench.result.repeat.counted.Histograms;

/**
 * CH-benCHmark's lines at a repeat's end: go-tpc ch's per-query {@code [Summary]} lines and its QphH line, then one
 * HTAP line (tpmC beside QphH and freshness) and the per-query table.
 */
public final class ChFormat {
    private ChFormat() {
    }

    public static void summary(PrintStream out, RepeatResult r) {
        Analytics a = r.analytics();
        if (!a.present()) return;
        for (String line : goTpcLines(a)) out.println(line);
        out.println(htapLine(r));
        for (String line : table(a)) out.println(line);
        out.println();
    }

    /**
     * go-tpc ch's lines: {@code [Summary] Q1     - Count: N, Sum(ms): S, Avg(ms): A} for each query that completed, in
     * its order (by name), then {@code QphH: X}. go-tpc's QphH divides by the seconds since its run began (warm-up
     * included); this one by the measured window.
     */
    static List<String> goTpcLines(Analytics a) {
        List<QueryMetrics> byName = new ArrayList<>(a.queries());
        byName.sort(java.util.Comparator.comparing(QueryMetrics::name));
        List<String> out = new ArrayList<>();
        for (QueryMetrics q : byName) {
            Histogram h = q.histogram();
            if (q.completed() == 0) continue;
            out.add(String.format(Locale.ROOT, "[Summary] %-6s - Count: %d, Sum(ms): %.1f, Avg(ms): %.1f", q.name(),
                    q.completed(), Histograms.meanMs(h) * h.getTotalCount(), Histograms.meanMs(h)));
        }
        out.add(String.format(Locale.ROOT, "QphH: %.1f", a.qphH()));
        return out;
    }

    /** tpmC under the analytic load, QphH over every stream, and how stale the analytic reads were. */
    public static String htapLine(RepeatResult r) {
        Analytics a = r.analytics();
        String cut = (a.cancelled() + a.timedOut() + a.errors()) == 0 ? ""
                : String.format(Locale.ROOT, "; %d cancelled at the end, %d timed out, %d failed", a.cancelled(), a.timedOut(),
                a.errors());
        return String.format(Locale.ROOT, "[HTAP] %d terminals, %d analytic stream%s on %s: tpmC %.2f, QphH %.1f (%d queries "
                        + "in %.1f s%s); %s", r.threads(), a.streams(), a.streams() == 1 ? "" : "s", a.where(), TpccMetrics.tpmC(r),
                a.qphH(), a.completed(), a.seconds(), cut, freshness(a));
    }

    /** After the sweep's table, one row per level of the analytic side: streams, QphH, queries and freshness. */
    public static void sweepTable(PrintStream out, org.oltpbench.result.run.RunResult run) {
        if (run.levels().stream().noneMatch(l -> l.kept().analytics().present())) return;
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("terminals", "streams", "QphH", "completed", "cancelled", "timed out", "freshness p50(s)",
                "freshness p95(s)"));
        for (org.oltpbench.result.level.LevelResult l : run.levels()) {
            Analytics a = l.kept().analytics();
            Histogram f = a.freshnessHistogram();
            boolean seen = f.getTotalCount() > 0;
            rows.add(List.of(Marks.threads(l), Integer.toString(a.streams()), String.format(Locale.ROOT, "%.1f", a.qphH()),
                    Long.toString(a.completed()), Long.toString(a.cancelled()), Long.toString(a.timedOut()),
                    seen ? String.format(Locale.ROOT, "%.3f", Histograms.percentileMs(f, 50) / 1000) : "-",
                    seen ? String.format(Locale.ROOT, "%.3f", Histograms.percentileMs(f, 95) / 1000) : "-"));
        }
        out.println();
        for (String line : MarkdownTable.lines(rows)) out.println(line);
    }

    /** Freshness as p50, p95 and max in seconds, or why there is none. */
    static String freshness(Analytics a) {
        Histogram h = a.freshnessHistogram();
        if (h.getTotalCount() == 0) return "freshness not measured (no completed query read the heartbeat)";
        String unseen = a.unseen() == 0 ? "" : String.format(Locale.ROOT, ", %d queries saw no heartbeat", a.unseen());
        return String.format(Locale.ROOT, "freshness p50 %.3f s, p95 %.3f s, max %.3f s%s",
                Histograms.percentileMs(h, 50) / 1000, Histograms.percentileMs(h, 95) / 1000, Histograms.maxMs(h) / 1000, unseen);
    }

    /** One row per query: how its runs ended, their latency and the rows the last one returned. */
    static List<String> table(Analytics a) {
        List<List<String>> rows = new ArrayList<>();
        rows.add(HEADER);
        rows.addAll(rows(a));
        return MarkdownTable.lines(rows);
    }

    /** The per-query table's columns. */
    public static final List<String> HEADER = List.of("query", "completed", "cancelled", "timed out", "errors", "mean(ms)",
            "p50(ms)", "p95(ms)", "max(ms)", "rows");

    /** The per-query table's rows, Q1 first: the console's and report.html's. */
    public static List<List<String>> rows(Analytics a) {
        List<List<String>> rows = new ArrayList<>();
        for (QueryMetrics q : a.queries()) {
            Histogram h = q.histogram();
            boolean any = h.getTotalCount() > 0;
            rows.add(List.of(q.name(), Long.toString(q.completed()), Long.toString(q.cancelled()), Long.toString(q.timedOut()),
                    Long.toString(q.errors()), ms(any, Histograms.meanMs(h)), ms(any, Histograms.percentileMs(h, 50)),
                    ms(any, Histograms.percentileMs(h, 95)), ms(any, Histograms.maxMs(h)),
                    q.rows() < 0 ? "-" : Long.toString(q.rows())));
        }
        return rows;
    }

    private static String ms(boolean any, double v) {
        return any ? String.format(Locale.ROOT, "%.1f", v) : "-";
    }
}
