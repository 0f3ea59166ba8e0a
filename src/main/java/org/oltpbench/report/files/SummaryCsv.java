package org.oltpbench.report.files;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.HdrHistogram.Histogram;
import org.oltpbench.report.Metric;
import org.oltpbench.result.level.LevelResult;
import org.oltpbench.result.level.Spread;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.repeat.counted.Histograms;
import org.oltpbench.result.run.RunResult;
import org.oltpbench.stats.Interval;

/**
 * summary.csv: one row per thread level, the reported repeat of each (as the console table), every figure from
 * result.json. Latencies in ms; rates per second (TPC-C's per minute); flags as the words "aborted" and "saturated".
 * The last columns are the level's 95% confidence intervals (mean, low, high; empty where there is none).
 */
public final class SummaryCsv {
    public static final String FILE = "summary.csv";

    private SummaryCsv() {
    }

    public static String render(RunResult run) {
        boolean tpcc = run.workload().family().perType();
        List<String> header = new ArrayList<>(List.of("threads", "repeat", "status", "seconds", "transactions", "tps", "qps",
                "reads_per_s", "writes_per_s", "other_per_s", "avg_ms", "min_ms", "p50_ms", "p90_ms", "p95_ms", "p99_ms",
                "p999_ms", "max_ms", "errors", "ignored_errors", "reconnects", "client_cpu_cores", "client_saturated"));
        if (tpcc) header.addAll(List.of("tpmC", "tpmC_committed", "tpmTOTAL", "neworder_p95_ms", "neworder_p99_ms", "efficiency_pct"));
        String p = "p" + run.percentile();
        header.addAll(List.of("ci_method", "ci_n", "tps_mean", "tps_ci_low", "tps_ci_high", "qps_mean", "qps_ci_low",
                "qps_ci_high", p + "_mean_ms", p + "_ci_low_ms", p + "_ci_high_ms"));
        if (tpcc) header.addAll(List.of("tpmC_mean", "tpmC_ci_low", "tpmC_ci_high"));
        boolean ch = run.workload().name().equals("ch");
        if (ch) header.addAll(ANALYTIC);
        StringBuilder b = new StringBuilder(String.join(",", header)).append('\n');
        for (LevelResult l : run.levels()) {
            RepeatResult r = l.kept();
            Histogram h = r.histogram();
            var c = r.counts();
            List<Object> row = new ArrayList<>(List.of(l.threads(), r.repeat(), r.status(), num(r.seconds()),
                    c.transactions(), num(r.tps()), num(r.qps()), num(r.rate(c.reads())), num(r.rate(c.writes())),
                    num(r.rate(c.other())), num(r.avgMs()), num(Histograms.minMs(h)), pct(h, 50), pct(h, 90), pct(h, 95),
                    pct(h, 99), pct(h, 99.9), num(Histograms.maxMs(h)), c.errors(), c.ignoredErrors(), c.reconnects(),
                    num(r.cpu().cores()), r.cpu().saturated()));
            if (tpcc) {
                for (Metric m : Metric.table(run.workload(), l)) {
                    double v = m.of(r);
                    row.add(Double.isNaN(v) ? m.cell(r) : num(v)); // a figure that is a word ("unpaced") is the word
                }
            }
            Spread s = l.spread();
            row.add(s.tps().method().name().toLowerCase(Locale.ROOT));
            row.add(s.tps().n());
            for (Interval i : tpcc ? List.of(s.tps(), s.qps(), s.latency(), s.tpmC()) : List.of(s.tps(), s.qps(), s.latency())) {
                row.addAll(i.present() ? List.of(num(i.mean()), num(i.lower()), num(i.upper())) : List.of("", "", ""));
            }
            if (ch) row.addAll(analytic(r, s.qphH()));
            b.append(Csv.row(row)).append('\n');
        }
        return b.toString();
    }

    /** CH-benCHmark's columns, last (workload=ch only): the analytic side of the reported repeat, QphH's interval. */
    static final List<String> ANALYTIC = List.of("analytic_streams", "qphh", "queries_completed", "queries_cancelled",
            "queries_timed_out", "query_errors", "freshness_p50_s", "freshness_p95_s", "freshness_max_s", "qphh_mean",
            "qphh_ci_low", "qphh_ci_high");

    private static List<Object> analytic(RepeatResult r, Interval qphH) {
        var a = r.analytics();
        Histogram f = a.freshnessHistogram();
        boolean fresh = f.getTotalCount() > 0;
        List<Object> out = new ArrayList<>(List.of(a.streams(), num(a.qphH()), a.completed(), a.cancelled(), a.timedOut(),
                a.errors(), fresh ? num(Histograms.percentileMs(f, 50) / 1000) : "", fresh ? num(Histograms.percentileMs(f, 95) / 1000) : "",
                fresh ? num(Histograms.maxMs(f) / 1000) : ""));
        out.addAll(qphH.present() ? List.of(num(qphH.mean()), num(qphH.lower()), num(qphH.upper())) : List.of("", "", ""));
        return out;
    }

    private static String pct(Histogram h, double p) {
        return num(Histograms.percentileMs(h, p));
    }

    static String num(double v) {
        return String.format(Locale.ROOT, "%.3f", v);
    }
}
