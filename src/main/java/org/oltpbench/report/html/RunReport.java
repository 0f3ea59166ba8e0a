package org.oltpbench.report.html;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.oltpbench.report.LabeledRun;
import org.oltpbench.report.Marks;
import org.oltpbench.report.Metric;
import org.oltpbench.report.chart.RunCharts;
import org.oltpbench.result.level.LevelResult;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.repeat.TpccMetrics;
import org.oltpbench.result.repeat.counted.Histograms;
import org.oltpbench.result.repeat.counted.TxnMetrics;
import org.oltpbench.result.run.ClientInfo;
import org.oltpbench.result.run.Flat;
import org.oltpbench.result.run.RunResult;

/**
 * report.html: one self-contained page from a result.json: the results per level, per transaction type for TPC-C,
 * the charts inline, the run's config (no password), the server's variables and the client machine.
 */
public final class RunReport {
    private RunReport() {
    }

    /** @param charts the run's charts; empty when this machine cannot draw them (the page says so) */
    public static String render(RunResult run, List<RunCharts.Chart> charts, String chartsMissing) {
        return render(run, charts, chartsMissing, List.of());
    }

    /**
     * As {@link #render(RunResult, List, String)}, with the acid verb's outcomes on this run's database (acid.json beside
     * result.json; rows of clause, test, level, outcome, evidence), in a section of their own when there are any.
     */
    public static String render(RunResult run, List<RunCharts.Chart> charts, String chartsMissing, List<List<String>> acid) {
        String title = "oltpbench: " + run.workload().name() + " on " + LabeledRun.engine(run);
        StringBuilder b = new StringBuilder();
        b.append(Html.pairs(List.of("run", ""), identity(run)));
        b.append("<h2>Results by level of ").append(run.workload().family().workers()).append("</h2>\n").append(levels(run));
        var searched = run.search();
        if (searched != null) {
            b.append("<h2>").append(org.oltpbench.report.SearchFormat.title(run.params().sweep().search())).append("</h2>\n")
                    .append(Html.table(org.oltpbench.report.SearchFormat.header(run), org.oltpbench.report.SearchFormat.rows(run,
                            searched)));
            for (String line : org.oltpbench.report.SearchFormat.answer(run, searched)) b.append(Html.note(line));
        }
        if (run.workload().family().perType()) b.append("<h2>Transactions by type</h2>\n").append(transactions(run));
        if (run.levels().stream().anyMatch(l -> l.kept().analytics().present())) {
            b.append("<h2>Analytic queries (CH-benCHmark)</h2>\n").append(analytics(run));
        }
        if (run.levels().stream().anyMatch(l -> !l.kept().counts().errorCodes().isEmpty())) {
            b.append("<h2>Errors by code</h2>\n").append(errors(run));
        }
        if (run.levels().stream().anyMatch(l -> l.kept().usage().recorded())) {
            b.append("<h2>Resources and the bottleneck</h2>\n").append(resources(run));
        }
        if (WaitsTable.present(run)) b.append("<h2>Where the sessions' time went</h2>\n").append(WaitsTable.of(run));
        if (run.levels().stream().anyMatch(l -> l.kept().failover().frontEnds().size() > 1)) {
            b.append("<h2>Front ends</h2>\n").append(frontEnds(run));
        }
        if (run.levels().stream().anyMatch(l -> l.repeats().stream().anyMatch(r -> r.fault().happened()))) {
            b.append("<h2>Fault and outage</h2>\n").append(faults(run));
        }
        for (org.oltpbench.result.judge.conformance.Conformance c : run.conformance()) {
            b.append("<h2>TPC-C run rules, ").append(c.threads()).append(" terminals (repeat ").append(c.repeat())
                    .append(")</h2>\n").append(conformance(c));
        }
        if (!acid.isEmpty()) {
            b.append("<h2>ACID (TPC-C clause 3, acid.json)</h2>\n")
                    .append(Html.table(List.of("clause", "test", "level", "outcome", "evidence"), acid));
        }
        b.append("<h2>Charts</h2>\n");
        b.append(charts.isEmpty() ? Html.note("charts not drawn: " + chartsMissing) : Html.images(charts));
        b.append("<h2>Configuration</h2>\n").append(Html.pairs(List.of("key", "value"), pairs(Flat.of(run.params()))));
        b.append("<h2>Server</h2>\n").append(Html.pairs(List.of("fact", "value"), pairs(run.server().facts())));
        return Html.page(title, b.toString());
    }

    private static List<List<String>> identity(RunResult run) {
        ClientInfo c = run.client();
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("workload", run.workload().name() + " (" + run.workload().scale() + ")"));
        rows.add(List.of("server", LabeledRun.engine(run)));
        rows.add(List.of("client host", c.host() + ", " + c.cores() + " cores" + (c.memoryBytes() > 0
                ? ", " + Math.round(c.memoryBytes() / (double) (1L << 30)) + " GiB" : "")));
        rows.add(List.of("client software", "oltpbench " + run.oltpbenchVersion() + ", " + c.jvm() + ", " + c.driverName() + " "
                + c.driverVersion()));
        rows.add(List.of("client os", c.os()));
        rows.add(List.of("started", LabeledRun.when(run.startedAt())));
        rows.add(List.of("ended", run.endedAt() == null ? "(did not end: the run was killed; finished levels shown)" : LabeledRun.when(run.endedAt())));
        rows.add(List.of("status", run.completed() ? "completed" : "aborted (see the flagged levels)"));
        rows.add(List.of("repeats", "kept by " + run.repeatPick() + " tps"));
        return rows;
    }

    private static String levels(RunResult run) {
        boolean tpcc = run.workload().family().perType();
        List<String> header = new ArrayList<>(List.of(run.workload().family().workers()));
        for (Metric m : Metric.table(run.workload())) header.add(m.label());
        if (!tpcc) header.addAll(List.of("99th percentile(ms)", "errors"));
        header.addAll(List.of("reconnects", "client cpu (cores/host)"));
        List<List<String>> rows = new ArrayList<>();
        StringBuilder notes = new StringBuilder();
        for (LevelResult l : run.levels()) {
            RepeatResult r = l.kept();
            List<String> row = new ArrayList<>(List.of(Marks.threads(l)));
            for (Metric m : Metric.table(run.workload(), l)) row.add(m.cell(r));
            if (!tpcc) row.addAll(List.of(Metric.format(Metric.P99.of(r)), String.valueOf(r.counts().errors() + r.counts().ignoredErrors())));
            row.addAll(List.of(String.valueOf(r.counts().reconnects()), Marks.cpu(r)));
            rows.add(row);
            if (l.repeats().size() > 1) notes.append(Html.note(Marks.repeats(l, run.repeatPick())));
            if (!r.completed()) notes.append(Html.note("* " + run.workload().family().workers(l.threads()) + " aborted: " + r.reason()));
            if (r.cpu().saturated()) {
                notes.append(Html.note("! " + run.workload().family().workers(l.threads()) + ": "
                        + org.oltpbench.result.repeat.client.ClientCpu.SATURATED_NOTE));
            }
        }
        return Html.table(header, rows) + notes;
    }

    private static String transactions(RunResult run) {
        StringBuilder b = new StringBuilder();
        for (LevelResult l : run.levels()) {
            RepeatResult r = l.kept();
            List<List<String>> rows = new ArrayList<>();
            for (TxnMetrics t : r.transactions()) {
                Histogram h = t.histogram();
                List<String> row = new ArrayList<>(List.of(t.name(), String.valueOf(t.completed()),
                        Metric.format(TpccMetrics.perMinute(r, t.completed())), String.valueOf(t.rollbacks()),
                        String.valueOf(t.retries()), String.valueOf(t.errors())));
                // a type that never ran has no latency: "-", not 0.00 ms
                boolean timed = h.getTotalCount() > 0;
                for (double p : new double[] {-1, 90, 95, 99, 100}) {
                    row.add(!timed ? "-" : Metric.format(p < 0 ? Histograms.meanMs(h) : p == 100 ? Histograms.maxMs(h) : Histograms.percentileMs(h, p)));
                }
                rows.add(row);
            }
            b.append("<p>").append(Html.esc(Marks.threads(l))).append(" terminals</p>\n");
            b.append(Html.table(List.of("type", "count", "per minute", "rollbacks", "retries", "errors", "avg(ms)", "90th(ms)",
                    "95th(ms)", "99th(ms)", "max(ms)"), rows));
            // HammerDB's line, as the console prints it (issue 58 §4): the server's own counts over the window
            var w = r.server().window();
            if (w.dataPerMinute() >= 0 || w.tpm() >= 0) b.append(Html.note(org.oltpbench.report.TpccFormat.nopmLine(w)));
        }
        return b.toString();
    }

    /** Per level's reported repeat with analytic streams: the HTAP line, then one row per query. */
    private static String analytics(RunResult run) {
        StringBuilder b = new StringBuilder();
        for (LevelResult l : run.levels()) {
            RepeatResult r = l.kept();
            if (!r.analytics().present()) continue;
            b.append("<p>").append(Html.esc(org.oltpbench.report.ChFormat.htapLine(r))).append("</p>\n");
            b.append(Html.table(org.oltpbench.report.ChFormat.HEADER, org.oltpbench.report.ChFormat.rows(r.analytics())));
        }
        return b.toString();
    }

    /** Per level's reported repeat, its errors by kind, type, code and SQLState, the most frequent first. */
    private static String errors(RunResult run) {
        List<List<String>> rows = new ArrayList<>();
        for (LevelResult l : run.levels()) {
            for (org.oltpbench.result.repeat.counted.ErrorCount e : l.kept().counts().errorCodes()) {
                rows.add(List.of(Marks.threads(l), e.type(), e.kind().toString(), e.code() == 0 ? "-" : String.valueOf(e.code()),
                        e.sqlState().isEmpty() ? "-" : e.sqlState(), String.valueOf(e.count()), e.sample()));
            }
        }
        return Html.pairs(List.of(run.workload().family().workers(), "type", "led to", "code", "SQLState", "count", "first message"), rows);
    }

    /**
     * Per level's reported repeat: the client's and each server's cores, memory and I/O, the network, the efficiency,
     * and the bottleneck with its evidence.
     */
    private static String resources(RunResult run) {
        List<List<String>> rows = new ArrayList<>();
        org.oltpbench.result.workload.Family family = run.workload().family();
        String per = family.headline() == org.oltpbench.result.workload.Family.Headline.TPMC ? "tpmC" : "tps";
        for (LevelResult l : run.levels()) {
            RepeatResult r = l.kept();
            org.oltpbench.result.repeat.usage.Usage u = r.usage();
            if (!u.recorded()) continue;
            rows.add(List.of(Marks.threads(l), "client", org.oltpbench.result.repeat.usage.Usage.cores(u.clientCores()) + " of " + u.clientCoresAvailable(), "", u.netInMBps() < 0 ? "-" : String.format(java.util.Locale.ROOT,
                    "%s %.1f in, %.1f out", u.netInterface(), u.netInMBps(), u.netOutMBps()),
                    r.counts().transactions() == 0 ? "-" : Metric.format(u.clientMicrosPerTransaction()) + " µs/txn"));
            for (org.oltpbench.result.repeat.usage.Usage.ServerCores s : u.servers()) {
                rows.add(List.of(Marks.threads(l), s.name(), org.oltpbench.result.repeat.usage.Usage.cores(s.cores())
                        + (s.hostCores() > 0 ? " of " + s.hostCores() : ""), s.rssBytes() < 0 ? "-" : s.rssBytes() / 1_000_000 + " MB",
                        s.readMBps() < 0 ? "-" : String.format(java.util.Locale.ROOT, "disk %.1f read, %.1f written", s.readMBps(),
                                s.writeMBps()), ""));
            }
            double e = org.oltpbench.result.judge.spread.Spreads.perServerCore(r);
            rows.add(List.of(Marks.threads(l), "bottleneck: " + u.verdict().limit(), "", "", u.verdict().evidence(),
                    Double.isNaN(e) ? "" : Metric.format(e) + " " + per + " per server core"));
            if (u.stall().found() && !u.verdict().isTheStall()) {
                rows.add(List.of(Marks.threads(l), "stall", "", "", u.stall().evidence(), ""));
            }
        }
        return Html.pairs(List.of(run.workload().family().workers(), "who", "cores busy", "memory", "I/O (MB/s)", "efficiency"), rows);
    }

    /** Per level's reported repeat and front end: connected thread-seconds, transactions, errors, and whether it was down. */
    private static String frontEnds(RunResult run) {
        List<List<String>> rows = new ArrayList<>();
        for (LevelResult l : run.levels()) {
            RepeatResult r = l.kept();
            for (org.oltpbench.result.repeat.topology.FrontEndUse u : r.failover().frontEnds()) {
                rows.add(List.of(Marks.threads(l), u.frontEnd(), Metric.format(u.threadSeconds()), String.valueOf(u.transactions()),
                        String.valueOf(u.errors()), u.downAtEnd() ? "down at the end" : "up"));
            }
            if (r.failover().disconnectedThreadSeconds() > 0) {
                rows.add(List.of(Marks.threads(l), "(reconnecting)", Metric.format(r.failover().disconnectedThreadSeconds()), "", "", ""));
            }
        }
        return Html.pairs(List.of(run.workload().family().workers(), "front end", "thread-seconds connected", "transactions", "errors", "state"), rows);
    }

    /** Per repeat that ran a fault plan: when its commands ran, and the outage in the console's words. */
    private static String faults(RunResult run) {
        List<List<String>> rows = new ArrayList<>();
        for (LevelResult l : run.levels()) {
            for (RepeatResult r : l.repeats()) {
                List<String> lines = org.oltpbench.report.FaultLines.lines(r);
                if (lines.isEmpty()) continue;
                rows.add(List.of(Marks.threads(l), String.valueOf(r.repeat()), lines.get(0).substring("[Fault] ".length()),
                        lines.get(1).substring("[Outage] ".length())));
            }
        }
        return Html.pairs(List.of(run.workload().family().workers(), "repeat", "commands", "outage"), rows);
    }

    /** One row per rule: clause (TPC-C 5.11), rule, verdict, figures. */
    private static String conformance(org.oltpbench.result.judge.conformance.Conformance c) {
        List<List<String>> rows = new java.util.ArrayList<>();
        for (org.oltpbench.result.judge.conformance.Conformance.Rule r : c.rules()) {
            rows.add(List.of(r.clause(), r.rule(), r.verdict().toString(), r.detail()));
        }
        return Html.pairs(List.of("clause", "rule", "verdict", "measured"), rows);
    }

    private static List<List<String>> pairs(Map<String, Object> map) {
        List<List<String>> rows = new ArrayList<>();
        for (Map.Entry<String, Object> e : map.entrySet()) rows.add(List.of(e.getKey(), String.valueOf(e.getValue())));
        return rows;
    }
}
