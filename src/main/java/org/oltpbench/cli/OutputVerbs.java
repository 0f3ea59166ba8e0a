package org.oltpbench.cli;

import org.oltpbench.result.judge.Rebuilt;
import org.oltpbench.result.judge.usage.Usages;
import org.oltpbench.run.Job;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.oltpbench.config.ConfigException;
import org.oltpbench.driver.search.SearchReplay;
import org.oltpbench.report.LabeledRun;
import org.oltpbench.report.chart.RunCharts;
import org.oltpbench.report.compare.CompareTables;
import org.oltpbench.report.compare.Comparison;
import org.oltpbench.report.compare.Gate;
import org.oltpbench.report.compare.GateReport;
import org.oltpbench.report.files.ReportFiles;
import org.oltpbench.report.html.Html;
import org.oltpbench.result.file.Merge;
import org.oltpbench.result.file.ResultFiles;
import org.oltpbench.result.run.RunResult;

/** The verbs that read result directories and write outputs: report, compare, merge. No database is touched. */
final class OutputVerbs {
    private OutputVerbs() {
    }

    /** Regenerates summary.csv, the charts and report.html of a result directory from its result.json. */
    static int report(Path dir, PrintStream out) throws IOException {
        RunResult run = SearchReplay.read(dir);
        Path resultDir = dir.toFile().isDirectory() ? dir : dir.toAbsolutePath().getParent();
        // a repeat the run was killed in: rebuilt from the journal up to its last interval (a search's answer replayed
        // over the levels with it), and kept in result.json
        var entries = org.oltpbench.result.file.Journal.read(resultDir);
        RunResult rebuilt = SearchReplay.answered(org.oltpbench.result.file.Journal.rebuild(run, entries, Rebuilt::judged));
        if (!rebuilt.equals(run)) {
            for (var e : entries) {
                if (!e.ended() && !e.intervals().isEmpty()) out.printf("rebuilt from the journal: %d threads, repeat %d, %d intervals%n",
                        e.started().threads(), e.started().repeat(), e.intervals().size());
            }
            run = rebuilt;
            ResultFiles.write(resultDir, run);
        }
        for (Path p : ReportFiles.write(resultDir, run, out)) out.println("wrote " + p);
        return Job.OK;
    }

    /**
     * Prints the comparison as aligned text and writes compare.md, compare.csv, compare.html and the trend charts into {@code outDir}.
     *
     * @param labels label -> directory; a labelled directory not among {@code dirs} is added after them
     */
    /** compare's regression gates as given (FIGURE:LOSS%) and where their JUnit XML goes (null: nowhere). */
    record Gating(List<String> gates, Path junit) {
        static final Gating NONE = new Gating(List.of(), null);
    }

    static int compare(List<Path> dirs, Map<String, Path> labels, String baseline, boolean force, Path outDir,
                       PrintStream out) throws IOException {
        return compare(dirs, labels, baseline, force, outDir, out, Gating.NONE);
    }

    static int compare(List<Path> dirs, Map<String, Path> labels, String baseline, boolean force, Path outDir,
                       PrintStream out, Gating gating) throws IOException {
        if (gating.junit() != null && gating.gates().isEmpty()) {
            throw new ConfigException("--junit writes the gates' verdicts; give at least one --gate FIGURE:LOSS%, e.g. tps:-2.5%");
        }
        List<Path> all = new ArrayList<>(dirs);
        for (Path p : labels.values()) if (!contains(all, p)) all.add(p);
        if (all.isEmpty()) throw new ConfigException("compare needs result directories: oltpbench compare DIR DIR...");
        List<LabeledRun> runs = new ArrayList<>();
        for (Path p : all) runs.add(new LabeledRun(null, p, SearchReplay.read(p)));
        runs = label(runs, labels);
        Comparison c = new Comparison(runs, baseline, force);
        if (!gating.gates().isEmpty() && c.runs().size() < 2) {
            throw new ConfigException("--gate compares a run against a base: give two result directories, BASE then NEW");
        }
        int percentile = c.baseline().run().percentile();
        List<Gate> gates = new ArrayList<>();
        for (String g : gating.gates()) gates.add(Gate.parse(g, percentile));
        GateReport gated = GateReport.of(c, gates);
        Path dir = outDir != null ? outDir : Path.of("results", "compare-"
                + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
        String md = CompareTables.markdown(c) + gatesMarkdown(gated);
        out.print(CompareTables.text(c));
        if (gated.present()) {
            out.println();
            out.println("Gates (a run fails when the whole 95% interval of its ratio to the baseline lies beyond the tolerance; "
                    + "each line says what undermines it):");
            for (GateReport.Entry e : gated.entries()) out.println("  " + e.line());
            out.println(gated.summary());
        }
        List<Path> files = new ArrayList<>();
        files.add(ReportFiles.writeFile(dir.resolve("compare.md"), md.getBytes(StandardCharsets.UTF_8)));
        files.add(ReportFiles.writeFile(dir.resolve("compare.csv"), CompareTables.csv(c).getBytes(StandardCharsets.UTF_8)));
        List<LabeledRun> labelled = runs;
        List<RunCharts.Chart> charts = ReportFiles.draw(() -> RunCharts.forCompare(labelled), out).charts();
        for (RunCharts.Chart ch : charts) files.add(ReportFiles.writeFile(dir.resolve(ch.file()), ch.png()));
        String page = Html.page("oltpbench compare: " + CompareTables.title(c), CompareTables.html(c) + gatesHtml(gated)
                + Html.images(charts));
        files.add(ReportFiles.writeFile(dir.resolve("compare.html"), page.getBytes(StandardCharsets.UTF_8)));
        if (gating.junit() != null) files.add(ReportFiles.writeFile(gating.junit(), gated.junit().getBytes(StandardCharsets.UTF_8)));
        out.println();
        for (Path p : files) out.println("wrote " + p);
        return gated.exitCode();
    }

    private static String gatesMarkdown(GateReport g) {
        if (!g.present()) return "";
        StringBuilder b = new StringBuilder("\n### Gates\n\n");
        for (GateReport.Entry e : g.entries()) b.append("- ").append(e.line()).append('\n');
        return b.append('\n').append(g.summary()).append('\n').toString();
    }

    private static String gatesHtml(GateReport g) {
        if (!g.present()) return "";
        StringBuilder b = new StringBuilder("<h2>Gates</h2>\n<ul>\n");
        for (GateReport.Entry e : g.entries()) b.append("<li>").append(Html.esc(e.line())).append("</li>\n");
        return b.append("</ul>\n").append(Html.note(g.summary())).toString();
    }

    /** Joins the result directories of several clients into {@code outDir}: result.json and every report file. */
    static int merge(List<Path> dirs, Path outDir, PrintStream out) throws IOException {
        if (outDir == null) throw new ConfigException("merge needs --out DIR, the directory the merged result goes to");
        List<RunResult> runs = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (Path p : dirs) {
            runs.add(SearchReplay.read(p));
            names.add(p.toString());
        }
        RunResult merged = Merge.merge(runs, names, Usages::waitsOnly); // refuses runs that searched (a search runs on one client)
        out.println("wrote " + ResultFiles.write(outDir, merged));
        for (Path p : ReportFiles.write(outDir, merged, out)) out.println("wrote " + p);
        return Job.OK;
    }

    /** Labels from --label; the rest get their engine's name, or their directory's name when engines repeat. */
    private static List<LabeledRun> label(List<LabeledRun> runs, Map<String, Path> labels) {
        List<String> derived = org.oltpbench.report.compare.RunSettings.labels(runs.stream().map(LabeledRun::run).toList());
        List<LabeledRun> out = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            LabeledRun r = runs.get(i);
            String label = derived.get(i);
            for (Map.Entry<String, Path> e : labels.entrySet()) if (same(e.getValue(), r.source())) label = e.getKey();
            out.add(new LabeledRun(label, r.source(), r.run()));
        }
        return out;
    }

    /** --label name=DIR, in order given. */
    static Map<String, Path> parseLabels(List<String> specs) {
        Map<String, Path> out = new LinkedHashMap<>();
        for (String s : specs) {
            int eq = s.indexOf('=');
            if (eq <= 0 || eq == s.length() - 1) {
                throw new ConfigException("bad --label '" + s + "'; allowed: --label NAME=DIR, e.g. --label \"OB 4C8G\"=results/ob");
            }
            out.put(s.substring(0, eq), Path.of(s.substring(eq + 1)));
        }
        return out;
    }

    private static boolean contains(List<Path> dirs, Path p) {
        for (Path d : dirs) if (same(d, p)) return true;
        return false;
    }

    private static boolean same(Path a, Path b) {
        return a.toAbsolutePath().normalize().equals(b.toAbsolutePath().normalize());
    }
}
