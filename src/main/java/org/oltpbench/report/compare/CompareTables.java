package org.oltpbench.report.compare;

import java.util.ArrayList;
import java.util.List;
import org.oltpbench.report.LabeledRun;
import org.oltpbench.report.files.Csv;
import org.oltpbench.report.html.Html;

/** A comparison as Markdown (compare.md, printed too), CSV (compare.csv) and an HTML fragment. */
public final class CompareTables {
    private CompareTables() {
    }

    public static String markdown(Comparison c) {
        StringBuilder b = new StringBuilder("## ").append(title(c)).append("\n\n");
        for (LabeledRun r : c.runs()) {
            b.append("- **").append(r.label()).append("**: ").append(LabeledRun.engine(r.run())).append(", started ")
                    .append(LabeledRun.when(r.run().startedAt())).append(", `").append(r.source()).append("`\n");
        }
        List<String> acid = AcidLines.of(c.runs());
        if (!acid.isEmpty()) {
            b.append("\n### ACID (TPC-C clause 3: isolation tests passed per level)\n\n");
            for (String a : acid) b.append("- ").append(a).append('\n');
        }
        List<String> verdicts = c.verdictLines();
        if (!verdicts.isEmpty()) {
            b.append("\n### Verdict\n\n");
            for (String v : verdicts) b.append("- ").append(v).append('\n');
        }
        List<String> differences = c.differences();
        if (!differences.isEmpty()) {
            b.append("\n### Differences between the runs\n\n");
            for (String d : differences) b.append("- ").append(d).append('\n');
        }
        for (int threads : c.levels()) {
            b.append("\n| ").append(workers(c)).append(' ').append(threads).append(" |");
            for (LabeledRun r : c.runs()) b.append(' ').append(r.label()).append(" |");
            b.append("\n|---|");
            b.append("---:|".repeat(c.runs().size())).append('\n');
            for (List<String> row : block(c, threads)) b.append("| ").append(String.join(" | ", row)).append(" |\n");
        }
        Interference htap = Interference.of(c.runs());
        if (htap.present()) {
            List<List<String>> rows = new ArrayList<>(List.of(Interference.HEADER));
            rows.addAll(htap.cells());
            b.append("\n### HTAP interference\n\n").append(String.join("\n", org.oltpbench.report.MarkdownTable.lines(rows)))
                    .append("\n\n").append(Interference.NOTE).append('\n');
        }
        List<String> searched = org.oltpbench.report.SearchFormat.compared(c.runs());
        if (!searched.isEmpty()) {
            b.append("\n### Search\n\n");
            for (String line : searched) b.append("- ").append(line).append('\n');
        }
        b.append('\n');
        for (String f : footnotes(c)) b.append(f.startsWith("*") ? "\\" + f : f).append("\n\n");
        return b.toString();
    }

    /**
     * The comparison for a terminal: the verdict lines first, then each level's block as an aligned table (labels left,
     * figures right), then the notes; compare.md keeps the same content as Markdown.
     */
    public static String text(Comparison c) {
        StringBuilder b = new StringBuilder(title(c)).append('\n');
        for (LabeledRun r : c.runs()) {
            b.append("  ").append(r.label()).append(": ").append(LabeledRun.engine(r.run())).append(", started ")
                    .append(LabeledRun.when(r.run().startedAt())).append(", ").append(r.source()).append('\n');
        }
        List<String> acid = AcidLines.of(c.runs());
        if (!acid.isEmpty()) b.append("\nACID (TPC-C clause 3: isolation tests passed per level):\n");
        for (String a : acid) b.append("  ").append(a).append('\n');
        List<String> verdicts = c.verdictLines();
        if (!verdicts.isEmpty()) b.append("\nVerdict:\n");
        for (String v : verdicts) b.append("  ").append(v).append('\n');
        List<String> differences = c.differences();
        if (!differences.isEmpty()) b.append("\nDifferences between the runs:\n");
        for (String d : differences) b.append("  - ").append(d).append('\n');
        for (int threads : c.levels()) {
            List<List<String>> rows = new ArrayList<>();
            List<String> header = new ArrayList<>(List.of(workers(c) + " " + threads));
            for (LabeledRun r : c.runs()) header.add(r.label());
            rows.add(header);
            rows.addAll(block(c, threads));
            b.append('\n').append(aligned(rows));
        }
        Interference htap = Interference.of(c.runs());
        if (htap.present()) {
            List<List<String>> rows = new ArrayList<>(List.of(Interference.HEADER));
            rows.addAll(htap.cells());
            b.append("\nHTAP interference:\n").append(aligned(rows)).append(Interference.NOTE).append('\n');
        }
        List<String> searched = org.oltpbench.report.SearchFormat.compared(c.runs());
        if (!searched.isEmpty()) b.append("\nSearch:\n");
        for (String line : searched) b.append("  ").append(line).append('\n');
        b.append('\n');
        for (String f : footnotes(c)) b.append(f).append('\n');
        return b.toString();
    }

    /** Rows as columns padded to their widest cell: the first left-aligned, the others right-aligned. */
    static String aligned(List<List<String>> rows) {
        int[] width = new int[rows.get(0).size()];
        for (List<String> r : rows) for (int i = 0; i < r.size() && i < width.length; i++) width[i] = Math.max(width[i], r.get(i).length());
        StringBuilder b = new StringBuilder();
        for (List<String> r : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < r.size() && i < width.length; i++) {
                String cell = r.get(i);
                String pad = " ".repeat(width[i] - cell.length());
                line.append(i == 0 ? cell + pad : "  " + pad + cell);
            }
            b.append(line.toString().stripTrailing()).append('\n');
        }
        return b.toString();
    }

    /**
     * One level's rows as cells, label first: the figures, intervals and ratios, then the verdicts, then where the
     * sessions' time went. Every form prints these.
     */
    static List<List<String>> block(Comparison c, int threads) {
        List<List<String>> rows = new ArrayList<>();
        for (Comparison.Row row : c.rows(threads)) rows.add(cells(row));
        for (Comparison.VerdictRow row : c.verdicts(threads)) {
            List<String> line = new ArrayList<>(List.of(row.label()));
            line.addAll(row.verdicts());
            rows.add(line);
        }
        for (Comparison.Row row : WaitRows.of(c.runs(), threads)) rows.add(cells(row));
        return rows;
    }

    private static List<String> cells(Comparison.Row row) {
        List<String> line = new ArrayList<>(List.of(row.label()));
        for (Comparison.Cell cell : row.cells()) line.add(cell.text());
        return line;
    }

    /** What the levels are called in the tables: terminals for TPC-C, threads otherwise. */
    private static String workers(Comparison c) {
        return c.runs().get(0).run().workload().family().workers();
    }

    /** One row per level and figure: threads, figure, then one column per run. */
    public static String csv(Comparison c) {
        List<Object> header = new ArrayList<>(List.of("threads", "metric"));
        for (LabeledRun r : c.runs()) header.add(r.label());
        StringBuilder b = new StringBuilder(Csv.row(header)).append('\n');
        for (int threads : c.levels()) {
            for (List<String> row : block(c, threads)) {
                List<Object> line = new ArrayList<>(List.of(threads));
                line.addAll(row);
                b.append(Csv.row(line)).append('\n');
            }
        }
        return b.toString();
    }

    public static String html(Comparison c) {
        StringBuilder b = new StringBuilder();
        List<List<String>> runs = new ArrayList<>();
        for (LabeledRun r : c.runs()) {
            runs.add(List.of(r.label(), LabeledRun.engine(r.run()), LabeledRun.when(r.run().startedAt()), r.source().toString()));
        }
        b.append(Html.pairs(List.of("run", "engine", "started", "result directory"), runs));
        List<String> verdicts = c.verdictLines();
        if (!verdicts.isEmpty()) {
            b.append("<h2>Verdict</h2>\n<ul>\n");
            for (String v : verdicts) b.append("<li>").append(Html.esc(v)).append("</li>\n");
            b.append("</ul>\n");
        }
        List<String> differences = c.differences();
        if (!differences.isEmpty()) {
            b.append("<h2>Differences between the runs</h2>\n<ul>\n");
            for (String d : differences) b.append("<li>").append(Html.esc(d)).append("</li>\n");
            b.append("</ul>\n");
        }
        for (int threads : c.levels()) {
            List<String> header = new ArrayList<>(List.of(workers(c) + " " + threads));
            for (LabeledRun r : c.runs()) header.add(r.label());
            List<List<String>> rows = new ArrayList<>();
            rows.addAll(block(c, threads));
            b.append(Html.table(header, rows));
        }
        Interference htap = Interference.of(c.runs());
        if (htap.present()) {
            b.append("<h2>HTAP interference</h2>\n").append(Html.table(Interference.HEADER, htap.cells()))
                    .append(Html.note(Interference.NOTE));
        }
        List<String> searched = org.oltpbench.report.SearchFormat.compared(c.runs());
        if (!searched.isEmpty()) {
            b.append("<h2>Search</h2>\n<ul>\n");
            for (String line : searched) b.append("<li>").append(Html.esc(line)).append("</li>\n");
            b.append("</ul>\n");
        }
        for (String f : footnotes(c)) b.append(Html.note(f));
        return b.toString();
    }

    public static String title(Comparison c) {
        List<String> labels = new ArrayList<>();
        for (LabeledRun r : c.runs()) labels.add(r.label());
        return c.runs().get(0).run().workload().name() + ": " + String.join(" vs ", labels);
    }

    static List<String> footnotes(Comparison c) {
        List<String> notes = new ArrayList<>();
        boolean aborted = false, saturated = false, intervals = false, drifting = false;
        for (int threads : c.levels()) {
            List<Comparison.Row> rows = c.rows(threads);
            for (Comparison.Cell cell : rows.get(0).cells()) {
                aborted |= cell.aborted();
                saturated |= cell.saturated();
                drifting |= cell.drifting();
            }
            for (Comparison.Row row : rows) for (Comparison.Cell cell : row.cells()) intervals |= cell.interval().present();
        }
        if (aborted) notes.add("* aborted: that run's level did not complete; its figures are partial.");
        if (saturated) notes.add("! client saturated: in that run " + org.oltpbench.result.repeat.client.ClientCpu.SATURATED_NOTE + ".");
        if (drifting) {
            notes.add(Comparison.DRIFTING + " drifting: that run's throughput still rose or fell over the measured window "
                    + "(a slope whose 95% interval excludes 0, worth 5% or more over the window); its figures are averages over a "
                    + "moving target, and a longer warmupSecs may help.");
        }
        if (c.runs().size() > 1) notes.add("Ratios divide each run's figure by " + c.baseline().label() + "'s at the same level.");
        notes.add("↑ higher is better; ↓ lower is better; unmarked rows (resources used) are neither.");
        if (intervals) {
            notes.add("[low, high]: 95% confidence interval of the figure, by Student's t over the level's repeats (cut at 0), or over batch "
                    + "means of its recorded intervals when it ran once (a percentile bootstrap for latency percentiles, and where t "
                    + "would reach below 0); a ratio's interval is the log-scale delta method's, from the two runs' intervals, "
                    + "and belongs to the ratio of the means (shown beside the ratio when the repeat picked differs). \""
                    + Comparison.WITHIN_NOISE + "\": the ratio's interval contains 1.00, so these runs do not "
                    + "show a difference.");
        }
        if (c.levels().stream().anyMatch(t -> !WaitRows.of(c.runs(), t).isEmpty())) notes.add(WaitRows.NOTE);
        if (c.levels().stream().anyMatch(t -> WaitRows.marked(WaitRows.of(c.runs(), t)))) notes.add(WaitRows.SERVER_FULL_NOTE);
        if (c.unequalTerms()) {
            notes.add(Comparison.UNEQUAL + " the runs differ in statement protocol, isolation, tuning or TLS (see Differences between the runs): "
                    + "these ratios compare the clients' settings as well as the engines.");
        }
        return notes;
    }
}
