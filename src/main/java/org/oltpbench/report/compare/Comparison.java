package org.oltpbench.report.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;
import org.oltpbench.config.ConfigException;
import org.oltpbench.report.LabeledRun;
import org.oltpbench.report.Metric;
import org.oltpbench.result.level.LevelResult;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.run.Terms;
import org.oltpbench.result.workload.WorkloadInfo;
import org.oltpbench.stats.Confidence;
import org.oltpbench.stats.Interval;

/**
 * Several runs side by side, as the seeds print them: per thread level, one column per run, the style's rows
 * (sysbench: tps, qps, avg, max, p95; TPC-C: tpmC both ways, tpmTOTAL, NewOrder p95/p99), then ratio rows against
 * the baseline run. Runs of different workloads or scales are refused unless forced.
 */
public final class Comparison {
    /** The keys that fix a run's scale: differing values make the numbers incomparable. */

    private final List<LabeledRun> runs;
    private final int baseline;
    private final WorkloadInfo workload;

    /**
     * One cell: the figure, or null where the run has no such level, with the run's flags for that level and the
     * figure's 95% confidence interval, shown as {@code show} says.
     */
    public record Cell(Double value, boolean aborted, boolean saturated, boolean drifting, Interval interval, Show show,
                       boolean serverFull) {
        public Cell(Double value, boolean aborted, boolean saturated) {
            this(value, aborted, saturated, false, Interval.NONE, Show.FIGURE);
        }

        public Cell(Double value, boolean aborted, boolean saturated, boolean drifting, Interval interval, Show show) {
            this(value, aborted, saturated, drifting, interval, show, false);
        }

        public String text() {
            if (value == null) return "-";
            String flags = (aborted ? " *" : "") + (saturated ? " !" : "") + (drifting ? " " + DRIFTING : "")
                    + (serverFull ? " " + SERVER_FULL : "");
            return switch (show) {
                case FIGURE -> Metric.format(value) + flags;
                case COUNT -> String.format(java.util.Locale.ROOT, "%.0f", value) + flags;
                case SHARE -> Metric.share(value) + flags;
                case INTERVAL -> !interval.present() ? "-" : centre() + Metric.format(interval.mean()) + " " + limits(interval);
                case RATIO -> Metric.format(value) + (!interval.present() ? "" : centred() ? " " + limits(interval)
                        : " (means " + Metric.format(interval.mean()) + " " + limits(interval) + ")")
                        + (withinNoise() ? " " + WITHIN_NOISE : "") + flags;
            };
        }

        /**
         * What an interval cell names before its limits (issue 43: a cell of bare limits left the figure they belong to
         * unsaid): "mean " over repeats, nothing for one run's batches, whose interval is centred on the figure itself.
         */
        private String centre() {
            return interval.method() == Interval.Method.REPEATS || interval.method() == Interval.Method.BOOTSTRAP_REPEATS
                    ? "mean " : "";
        }

        /**
         * Whether the interval is centred on the figure shown: not so when repeatPick picks one repeat of several and
         * the interval is of the mean over them; then the cell names the mean the interval belongs to, unless both print alike.
         */
        private boolean centred() {
            return Math.abs(interval.mean() - value) <= 1e-9 * Math.max(1, Math.abs(value))
                    || Metric.format(interval.mean()).equals(Metric.format(value)); // the same as printed: nothing to name
        }

        /** A ratio whose 95% interval holds 1.0: the runs are not shown to differ. */
        public boolean withinNoise() {
            return show == Show.RATIO && interval.contains(1.0);
        }

        private static String limits(Interval i) {
            return Metric.limits(i);
        }
    }

    /** What a cell shows: the figure, its interval's limits, a ratio with its interval, a count, or a share (0..1) in percent. */
    public enum Show { FIGURE, INTERVAL, RATIO, COUNT, SHARE }

    /** The mark of a level whose throughput still drifted over its measured window. */
    public static final String DRIFTING = "~";

    /** Marks a "waiting for the client" share of a run whose server's CPU was full at the level (WaitRows' note). */
    public static final String SERVER_FULL = "‡";

    /** The mark of a ratio whose interval contains 1.0. */
    public static final String WITHIN_NOISE = "within noise";

    /** A row of the table: its label and one cell per run. */
    public record Row(String label, List<Cell> cells) {
    }

    public Comparison(List<LabeledRun> runs, String baselineLabel, boolean force) {
        if (runs.isEmpty()) throw new ConfigException("compare needs at least one result directory");
        this.runs = List.copyOf(runs);
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (LabeledRun r : runs) {
            if (!seen.add(r.label())) {
                throw new ConfigException("two runs are labelled " + r.label() + " (the same directory twice, or the same "
                        + "engine in directories of one name); give each its own --label NAME=DIR");
            }
        }
        this.baseline = baselineIndex(baselineLabel);
        this.workload = runs.get(0).run().workload();
        if (!force) {
            String why = mismatch();
            if (why != null) throw new ConfigException(why + "; compare runs of one workload and scale, or add --force");
        }
    }

    public List<LabeledRun> runs() {
        return runs;
    }

    public LabeledRun baseline() {
        return runs.get(baseline);
    }

    /** The first run's workload: its family decides the rows. */
    public WorkloadInfo workload() {
        return workload;
    }

    /**
     * Every recorded setting in which the runs differ, one line each ("statement protocol: a server-side prepared;
     * b client-side text"): the server versions and client hosts, the terms the sessions ran on, and every parameter
     * but the result directory. Empty for a single run or runs on equal terms.
     */
    public List<String> differences() {
        List<String> out = new ArrayList<>();
        differ(out, "server", r -> LabeledRun.engine(r.run()));
        differ(out, "client host", r -> r.run().client().host() + " (" + r.run().client().cores() + " cores)");
        for (String term : runs.get(0).run().terms().asLines().keySet()) differ(out, term, r -> r.run().terms().asLines().get(term));
        differInDriverProperties(out);
        java.util.Map<LabeledRun, java.util.Map<String, String>> settings = new java.util.IdentityHashMap<>();
        java.util.Set<String> keys = new java.util.LinkedHashSet<>();
        for (LabeledRun r : runs) keys.addAll(settings.computeIfAbsent(r, x -> RunSettings.of(x.run())).keySet());
        for (String key : keys) differ(out, key, r -> settings.get(r).getOrDefault(key, "(none)"));
        return out;
    }

    /**
     * The driver properties in which the runs that recorded them (3.14 on) differ, each run's values of those alone; a
     * run that did not record them says so. None where the drivers differ: the driver's own line says that.
     */
    private void differInDriverProperties(List<String> out) {
        List<Terms> recorded = runs.stream().map(r -> r.run().terms()).filter(t -> !t.driverProperties().isEmpty()).toList();
        if (recorded.size() < 2 || recorded.stream().map(Terms::driver).distinct().count() > 1) return;
        java.util.Set<String> names = new java.util.TreeSet<>();
        for (Terms a : recorded) for (Terms b : recorded) names.addAll(a.driverPropertiesDifferingFrom(b));
        if (names.isEmpty()) return;
        differ(out, "driver properties", r -> r.run().terms().driverProperties().isEmpty() ? "(not recorded)"
                : r.run().terms().driverProperties(names));
    }

    /** Whether ratios are taken across runs whose statement protocol, isolation, tuning or TLS differ: they carry a mark. */
    public boolean unequalTerms() {
        Terms first = runs.get(0).run().terms();
        for (LabeledRun r : runs) {
            Terms t = r.run().terms();
            if (t.protocol() != first.protocol() || !t.tuning().equals(first.tuning())
                    || !t.isolation().equals(first.isolation()) || encrypted(t) != encrypted(first)) return true;
        }
        return false;
    }

    /** Whether a run's sessions were encrypted; unrecorded and unknown count as its peers' (no mark). */
    private static boolean encrypted(Terms t) {
        return !t.tls().isEmpty() && !t.tls().equals("off") && !t.tls().equals("unknown");
    }

    /** The mark of ratio rows taken across unequal terms. */
    public static final String UNEQUAL = "†";

    private void differ(List<String> out, String name, java.util.function.Function<LabeledRun, String> value) {
        java.util.Set<String> seen = new java.util.HashSet<>();
        List<String> parts = new ArrayList<>();
        for (LabeledRun r : runs) {
            String v = value.apply(r);
            seen.add(v);
            parts.add(r.label() + " " + (v.isEmpty() ? "(none)" : v));
        }
        if (seen.size() > 1) out.add(name + ": " + String.join("; ", parts));
    }

    /** Every thread level any run has, ascending. */
    public List<Integer> levels() {
        TreeSet<Integer> all = new TreeSet<>();
        for (LabeledRun r : runs) for (LevelResult l : r.run().levels()) all.add(l.threads());
        return new ArrayList<>(all);
    }

    /**
     * The rows of one level's block: the figures, their 95% intervals (where a run has one), then (with two runs or
     * more) the ratios to the baseline, each with its log-scale interval when both runs have intervals.
     */
    public List<Row> rows(int threads) {
        List<Row> rows = new ArrayList<>();
        List<Metric> table = new ArrayList<>(Metric.compared(workload));
        if (analyticsAt(threads)) table.addAll(Metric.HTAP);
        if (resourcesAt(threads)) table.addAll(Metric.resources(workload.family()));
        if (workload.family().headline() == org.oltpbench.result.workload.Family.Headline.TPMC) table.addAll(Metric.TPCC_WIRE);
        for (Metric m : table) rows.add(new Row(m.label() + m.better().mark(), cells(threads, m, Show.FIGURE)));
        rows.addAll(errorRows(threads));
        for (Metric m : table) {
            List<Cell> cis = cells(threads, m, Show.INTERVAL);
            if (cis.stream().anyMatch(c -> c.interval().present())) rows.add(new Row(m.label() + " 95% CI", cis));
        }
        if (runs.size() < 2) return rows;
        for (Metric m : table) {
            if (!m.ratio()) continue;
            List<Cell> figures = cells(threads, m, Show.FIGURE), ratios = new ArrayList<>();
            Cell base = figures.get(baseline);
            for (int i = 0; i < figures.size(); i++) {
                Cell c = figures.get(i);
                boolean defined = c.value() != null && base.value() != null && base.value() != 0;
                Interval ci = defined && i != baseline ? Confidence.ratio(c.interval(), base.interval()) : Interval.NONE;
                ratios.add(new Cell(defined ? c.value() / base.value() : null, c.aborted() || base.aborted(),
                        c.saturated() || base.saturated(), c.drifting() || base.drifting(), ci, Show.RATIO));
            }
            rows.add(new Row(m.label() + " / " + baseline().label() + m.better().mark() + (unequalTerms() ? " " + UNEQUAL : ""),
                    ratios));
        }
        return rows;
    }

    /**
     * The one-line answer per level and run: its headline throughput (tps; tpmC for TPC-C) over the baseline's, with the
     * 95% interval of that ratio (the ratio of the means it belongs to), and who is ahead: beyond noise when the interval
     * lies wholly above or below 1 and {@link Caveats} allow it (repeated, clean levels), else within noise, or ahead in
     * these runs only; what undermines the verdict follows it on its line. Without intervals the line says so instead of
     * judging.
     */
    public List<String> verdictLines() {
        if (runs.size() < 2) return List.of();
        Metric m = workload.family().perType() ? Metric.TPMC : Metric.TPS;
        LabeledRun base = baseline();
        List<String> out = new ArrayList<>();
        for (int threads : levels()) {
            if (threads == 0) continue; // CH's analytics alone: no throughput to compare (the interference table has it)
            List<Cell> figures = cells(threads, m, Show.FIGURE);
            Cell b = figures.get(baseline);
            for (int i = 0; i < runs.size(); i++) {
                if (i == baseline) continue;
                LabeledRun run = runs.get(i);
                Cell c = figures.get(i);
                String head = run.label() + " / " + base.label() + " " + m.label() + " at " + workload.family().workers(threads) + ": ";
                if (c.value() == null || b.value() == null || b.value() == 0) {
                    out.add(head + "not compared: " + (c.value() == null ? run.label() + " has no figure here"
                            : b.value() == null ? base.label() + " has no figure here" : base.label() + "'s is 0"));
                    continue;
                }
                Caveats caveats = Caveats.of(run.label(), run.run().level(threads), c.interval(), base.label(),
                        base.run().level(threads), b.interval()).apart(run.run(), base.run());
                out.add(head + verdict(c, b, run.label(), base.label(), caveats) + (unequalTerms() ? " " + UNEQUAL : ""));
            }
        }
        return out;
    }

    /** The ratio of {@code c} to {@code b}, its interval and who is ahead, or why noise was not judged. */
    private static String verdict(Cell c, Cell b, String run, String base, Caveats caveats) {
        Interval ci = Confidence.ratio(c.interval(), b.interval());
        if (!ci.present()) {
            return Metric.format(c.value() / b.value()) + ", no interval: " + (c.interval().present() ? base : b.interval().present()
                    ? run : "neither run") + " has one (a level run once needs 8 recorded intervals; or use repeat=3), so "
                    + "noise is not judged";
        }
        String ahead = ci.lower() > 1 ? run : ci.upper() < 1 ? base : null;
        String who = ahead == null ? WITHIN_NOISE + repeatsAdvice(c.interval(), b.interval(), ci) + caveats.suffix() : caveats.judgeNoise()
                ? ahead + " ahead beyond noise" + caveats.suffix()
                : ahead + " ahead in these runs, not judged beyond noise: " + caveats.text()
                + " (interleaved runs with repeat=2 or more, on a host of their own, can judge it)";
        boolean centred = Metric.format(ci.mean()).equals(Metric.format(c.value() / b.value()));
        String of = centred ? "" : ", of the means " + Metric.format(c.interval().mean()) + " / " + Metric.format(b.interval().mean());
        return String.format(java.util.Locale.ROOT, "%s [%s, %s] (95%%%s), %s", Metric.format(ci.mean()),
                Metric.format(ci.lower()), Metric.format(ci.upper()), of, who);
    }

    /**
     * Where both figures are means over repeats and the interval cannot decide: what these repeats allow (t on n - 1
     * degrees of freedom) and how many would decide, from the spread they showed (issue 58 §3: two repeats of which
     * MariaDB won both by 2x read "within noise" with no word).
     */
    private static String repeatsAdvice(Interval c, Interval b, Interval ratio) {
        if (c.method() != Interval.Method.REPEATS || b.method() != Interval.Method.REPEATS) return "";
        int need = Confidence.repeatsToDecide(ratio);
        if (need == 0) return "";
        String allow = String.format(java.util.Locale.ROOT, " (%d repeats: t on %d degree%s of freedom, %.1f", ratio.n(),
                ratio.n() - 1, ratio.n() == 2 ? "" : "s", Confidence.t(ratio.n() - 1));
        return need < 0 ? allow + ", and a ratio this close to 1 needs more than " + Confidence.MOST_REPEATS + " repeats each)"
                : allow + String.format(java.util.Locale.ROOT, ", and with this spread repeat=%d on both would decide a "
                + "ratio of %s)", need, Metric.format(ratio.mean()));
    }

    /** A verdict at one level: its label ("bottleneck", "TPC-C rules") and each run's, or "-". */
    public record VerdictRow(String label, List<String> verdicts) {
    }

    /**
     * What limited each run at {@code threads} (its bottleneck verdict: "stall" names a stalled level), when a run
     * recorded resources; then TPC-C's run rules, one row per rule with each run's verdict (none for other workloads).
     */
    public List<VerdictRow> verdicts(int threads) {
        List<VerdictRow> rows = new ArrayList<>();
        List<String> limits = new ArrayList<>();
        boolean any = false;
        for (LabeledRun r : runs) {
            LevelResult l = r.run().level(threads);
            var u = l == null ? org.oltpbench.result.repeat.usage.Usage.NONE : l.kept().usage();
            any |= u.recorded() || u.stall().found();
            String limit = u.recorded() ? u.verdict().headline() : "-";
            limits.add(u.stall().found() && !u.verdict().isTheStall()
                    ? limit + ", stalled" : limit);
        }
        if (any) rows.add(new VerdictRow("bottleneck", limits));
        rows.addAll(runRules(threads));
        return rows;
    }

    private List<VerdictRow> runRules(int threads) {
        List<org.oltpbench.result.judge.conformance.Conformance> per = new ArrayList<>();
        org.oltpbench.result.judge.conformance.Conformance any = null;
        for (LabeledRun r : runs) {
            org.oltpbench.result.judge.conformance.Conformance found = null;
            for (org.oltpbench.result.judge.conformance.Conformance c : r.run().conformance()) if (c.threads() == threads) found = c;
            per.add(found);
            if (found != null) any = found;
        }
        if (any == null) return List.of();
        List<String> cells = new ArrayList<>();
        for (org.oltpbench.result.judge.conformance.Conformance c : per) cells.add(c == null ? "-" : org.oltpbench.report.TpccFormat.tally(c));
        return List.of(new VerdictRow("TPC-C rules", cells));
    }

    /** Whether any run recorded resources at {@code threads}. */
    /** Whether a run's kept repeat at this level ran CH's analytic streams. */
    private boolean analyticsAt(int threads) {
        for (LabeledRun r : runs) {
            LevelResult l = r.run().level(threads);
            if (l != null && l.kept().analytics().present()) return true;
        }
        return false;
    }

    private boolean resourcesAt(int threads) {
        for (LabeledRun r : runs) {
            LevelResult l = r.run().level(threads);
            if (l != null && l.kept().usage().recorded()) return true;
        }
        return false;
    }

    /**
     * One row per error kind and code that any run met at {@code threads} ("errors ignored 1205 (HY000)"), summed over
     * transaction types: the counts that tell TiDB's 9007 conflicts from OceanBase's 6002 lock timeouts.
     */
    private List<Row> errorRows(int threads) {
        java.util.Map<String, java.util.Map<Integer, Long>> counts = new java.util.TreeMap<>();
        for (int i = 0; i < runs.size(); i++) {
            LevelResult l = runs.get(i).run().level(threads);
            if (l == null) continue;
            for (org.oltpbench.result.repeat.counted.ErrorCount e : l.kept().counts().errorCodes()) {
                String key = "errors " + e.kind() + " " + e.codeName();
                counts.computeIfAbsent(key, k -> new java.util.HashMap<>()).merge(i, e.count(), Long::sum);
            }
        }
        List<Row> rows = new ArrayList<>();
        for (var e : counts.entrySet()) {
            List<Cell> cells = new ArrayList<>();
            for (int i = 0; i < runs.size(); i++) {
                boolean has = runs.get(i).run().level(threads) != null;
                cells.add(new Cell(has ? (double) e.getValue().getOrDefault(i, 0L) : null, false, false, false,
                        Interval.NONE, Show.COUNT));
            }
            rows.add(new Row(e.getKey() + Metric.Better.LOWER.mark(), cells));
        }
        return rows;
    }

    private List<Cell> cells(int threads, Metric m, Show show) {
        List<Cell> cells = new ArrayList<>();
        for (LabeledRun r : runs) {
            LevelResult l = r.run().level(threads);
            if (l == null) {
                cells.add(new Cell(null, false, false));
                continue;
            }
            RepeatResult k = l.kept();
            double v = m.of(k);
            cells.add(new Cell(Double.isNaN(v) ? null : v, !k.completed(), k.cpu().saturated(), l.spread().trend().drifting(), m.interval(l), show));
        }
        return cells;
    }

    private int baselineIndex(String label) {
        if (label == null) return 0;
        for (int i = 0; i < runs.size(); i++) if (runs.get(i).label().equals(label)) return i;
        List<String> labels = new ArrayList<>();
        for (LabeledRun r : runs) labels.add(r.label());
        throw new ConfigException("--baseline " + label + " names no run; the runs are labelled " + String.join(", ", labels));
    }

    /** A run as a refusal names it: its result directory's name, which the user typed. */
    private static String dir(LabeledRun r) {
        java.nio.file.Path name = r.source().toAbsolutePath().normalize().getFileName();
        return name == null ? r.label() : name.toString();
    }

    /** The first difference in workload or scale between the first run and another, or null. */
    String mismatch() {
        LabeledRun a = runs.get(0);
        for (LabeledRun b : runs.subList(1, runs.size())) {
            WorkloadInfo x = a.run().workload(), y = b.run().workload();
            if (!x.name().equals(y.name())) {
                return "the runs differ in workload: " + dir(a) + " ran " + x.name() + ", " + dir(b) + " ran " + y.name();
            }
            if (!x.scale().equals(y.scale())) {
                return "the runs differ in scale: " + x.scale() + " in " + dir(a) + " and " + y.scale() + " in " + dir(b);
            }
        }
        return null;
    }
}
