package org.oltpbench.report.chart;

import java.util.ArrayList;
import java.util.List;
import org.oltpbench.result.workload.Family;
import org.oltpbench.report.LabeledRun;
import org.oltpbench.report.Metric;
import org.oltpbench.result.repeat.counted.Histograms;
import org.oltpbench.result.repeat.counted.IntervalResult;
import org.oltpbench.result.level.LevelResult;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.run.RunResult;
import org.oltpbench.result.repeat.counted.TxnMetrics;

/** Which charts a run and a comparison get, with their data taken from the typed results alone. */
public final class RunCharts {

    /** A rendered chart and the file it goes to. */
    public record Chart(String file, String title, byte[] png) {
    }

    private RunCharts() {
    }

    /** throughput.png, latency.png and level-N.png for each level (its reported repeat). */
    public static List<Chart> forRun(RunResult run) {
        try (Renders out = new Renders()) {
            return forRun(run, out);
        }
    }

    private static List<Chart> forRun(RunResult run, Renders out) {
        String sub = LabeledRun.engine(run) + " - " + run.workload().name() + " - started " + LabeledRun.when(run.startedAt());
        boolean tpcc = run.workload().family().perType();
        Family family = run.workload().family();
        String tt = "Throughput by " + family.workers();
        String bars = sub + (repeated(run) ? " - " + MEANS : "");
        out.add(render("throughput.png", tt, tpcc
                ? Charts.byThreads(tt, bars, Charts.Axes.one("transactions per minute",
                        List.of(line("tpmC (NewOrders)", run, Metric.TPMC), line("tpmTOTAL (all types)", run, Metric.TPM_TOTAL))),
                        family.workers())
                : Charts.byThreadsStacked(tt, bars, List.of(Charts.Axes.one("queries per second", List.of(line("qps", run, Metric.QPS))),
                        Charts.Axes.one("transactions per second", List.of(line("tps", run, Metric.TPS)))), family.workers())));
        List<Charts.Line> latency = tpcc
                ? List.of(line("NewOrder p95", run, Metric.NEW_ORDER_P95), line("NewOrder p99", run, Metric.NEW_ORDER_P99))
                : List.of(line("avg", run, Metric.AVG), line("p95", run, Metric.P95), line("p99", run, Metric.P99));
        String lt = (tpcc ? "NewOrder latency" : "Latency") + " by " + family.workers();
        out.add(render("latency.png", lt, Charts.byThreads(lt, bars, Charts.Axes.one("latency (ms)", latency), family.workers())));
        Pending searched = search(run, sub);
        if (searched != null) out.add(searched);
        for (LevelResult l : run.levels()) out.add(level(run, l, sub, tpcc));
        for (LevelResult l : run.levels()) {
            RepeatResult k = l.kept();
            List<Charts.Line> lines = new ArrayList<>(List.of(spectrumLine("all types", k.histogram())));
            if (tpcc) for (TxnMetrics t : k.transactions()) lines.add(spectrumLine(t.name(), t.histogram()));
            String title = "Latency by percentile, " + family.workers(l.threads());
            out.add(render("spectrum-" + name(l) + ".png", title, Charts.spectrum(title, sub, lines)));
        }
        return out.charts();
    }

    /**
     * search.png (threads=search): each probe's tps with its 95% interval, and the limit's latency percentile on the
     * right axis beside the limit itself; null for a run of listed levels.
     */
    static Pending search(RunResult run, String sub) {
        org.oltpbench.result.search.SearchOutcome o = run.search();
        if (o == null) return null;
        var s = run.params().sweep().search();
        List<double[]> tps = new ArrayList<>(), errors = new ArrayList<>(), latency = new ArrayList<>(), limit = new ArrayList<>();
        for (var p : o.path()) {
            tps.add(new double[] {p.at(), p.tps()});
            if (p.interval().present()) errors.add(new double[] {p.at(), p.interval().lower(), p.interval().upper()});
            if (!Double.isNaN(p.latencyMs())) latency.add(new double[] {p.at(), p.latencyMs()});
            if (s.limit().present()) limit.add(new double[] {p.at(), s.limit().maxMs()});
        }
        String pct = "p" + s.limit().text().replaceAll("^p([0-9.]+).*", "$1");
        List<Charts.Line> right = s.limit().present() ? List.of(new Charts.Line(pct + " latency", latency),
                new Charts.Line("limit " + s.limit().text(), limit)) : List.of();
        if (s.axis() == org.oltpbench.config.SearchParams.Axis.WAREHOUSES) return warehouses(run, o, sub);
        String answer = org.oltpbench.report.SearchFormat.summary(s, o);
        String x = s.axis() == org.oltpbench.config.SearchParams.Axis.RATE ? "arrival rate (tps)" : s.axis().key();
        String title = org.oltpbench.report.SearchFormat.title(s) + ": tps" + (s.limit().present() ? " and " + pct : "")
                + " by " + x;
        var chart = Charts.byThreads(title, sub + " - " + answer + " - bars: 95% CI",
                new Charts.Axes("transactions per second", List.of(new Charts.Line("achieved tps", tps, errors)),
                        right.isEmpty() ? null : "latency (ms)", right), x);
        double lo = latency.stream().mapToDouble(p -> p[1]).filter(v -> v > 0).min().orElse(1);
        double hi = latency.stream().mapToDouble(p -> p[1]).max().orElse(1);
        if (!right.isEmpty() && hi > 20 * lo) Charts.logRight(chart, "latency (ms, log scale)");
        return render("search.png", title, chart);
    }

    /**
     * search.png of warehouses=search: each probe's tpmC (left) and its efficiency against the paced ceiling (right) beside
     * the 85% a probe must reach.
     */
    private static Pending warehouses(RunResult run, org.oltpbench.result.search.SearchOutcome o, String sub) {
        List<double[]> tpmC = new ArrayList<>(), eff = new ArrayList<>(), pass = new ArrayList<>();
        for (var p : o.path()) {
            org.oltpbench.result.judge.conformance.Efficiency e = org.oltpbench.report.SearchFormat.efficiency(run, p);
            if (e == null || !e.paced()) continue;
            tpmC.add(new double[] {p.at(), e.tpmC()});
            eff.add(new double[] {p.at(), e.percent()});
            pass.add(new double[] {p.at(), 100 * org.oltpbench.driver.search.CapacitySearch.MIN_EFFICIENCY});
        }
        String title = "Capacity search: tpmC and efficiency by warehouses";
        String answer = org.oltpbench.report.SearchFormat.summary(run.params().sweep().search(), o);
        return render("search.png", title, Charts.byThreads(title, sub + " - " + answer, new Charts.Axes("tpmC (New-Orders per "
                + "minute)", List.of(new Charts.Line("tpmC", tpmC)), "efficiency (% of the paced ceiling)", List.of(
                new Charts.Line("efficiency", eff), new Charts.Line("pass: 85%", pass))), "warehouses (10 terminals each)"));
    }

    /** The percentiles a spectrum is drawn at, from 50% to 99.99%, about evenly spread on its log axis. */
    static final double[] SPECTRUM = {50, 60, 70, 75, 80, 85, 87.5, 90, 92.5, 95, 96, 97, 97.5, 98, 98.5, 99, 99.25, 99.5,
        99.6, 99.7, 99.75, 99.8, 99.85, 99.9, 99.925, 99.95, 99.96, 99.97, 99.975, 99.98, 99.985, 99.99};

    /**
     * A histogram's latency (ms) at each of {@link #SPECTRUM}, up to the highest percentile its count supports: p needs
     * at least 1/(1 − p) transactions (10,000 for 99.99%), else the point would be the maximum relabelled.
     */
    static Charts.Line spectrumLine(String name, org.HdrHistogram.Histogram h) {
        List<double[]> points = new ArrayList<>();
        for (double p : SPECTRUM) {
            double x = 1 / (1 - p / 100);
            if (h.getTotalCount() < x) break;
            points.add(new double[] {x, Histograms.percentileMs(h, p)});
        }
        return new Charts.Line(name, points);
    }

    /** compare-throughput.png (qps or tpmC), compare-tps.png for sysbench runs, compare-p95.png: one line per run. */
    public static List<Chart> forCompare(List<LabeledRun> runs) {
        try (Renders out = new Renders()) {
            return forCompare(runs, out);
        }
    }

    private static List<Chart> forCompare(List<LabeledRun> runs, Renders out) {
        Family family = runs.get(0).run().workload().family();
        String sub = runs.get(0).run().workload().name();
        Metric main = Metric.throughput(family);
        String by = " by " + family.workers();
        out.add(compare("compare-throughput.png", main.label() + by, sub, family.headline().chartUnit(), runs, main));
        if (!family.perType()) {
            out.add(compare("compare-tps.png", "tps" + by, sub, "transactions per second", runs, Metric.TPS));
        }
        Metric p95 = Metric.p95(family);
        out.add(compare("compare-p95.png", p95.label().replace("(ms)", "") + " latency" + by, sub, "latency (ms)", runs, p95));
        java.util.TreeSet<Integer> levels = new java.util.TreeSet<>();
        for (LabeledRun r : runs) for (LevelResult l : r.run().levels()) levels.add(l.threads());
        if (runs.stream().anyMatch(r -> r.run().levels().stream().anyMatch(l -> l.kept().analytics().present()))) {
            out.add(frontier(runs, sub));
        }
        for (int threads : levels) {
            List<Charts.Line> lines = new ArrayList<>();
            for (LabeledRun r : runs) {
                LevelResult l = r.run().level(threads);
                if (l != null) lines.add(spectrumLine(r.legend(), l.kept().histogram()));
            }
            String title = "Latency by percentile, " + family.workers(threads) + ", all types";
            out.add(render("compare-spectrum-" + threads + ".png", title, Charts.spectrum(title, sub, lines)));
        }
        return out.charts();
    }

    /**
     * CH's frontier: at each level (terminals), every run's tpmC against its QphH, joined in order of QphH (a run without
     * analytic streams sits at QphH 0, the OLTP-only end), so that what each side costs the other reads off one line.
     */
    private static Pending frontier(List<LabeledRun> runs, String sub) {
        java.util.TreeMap<Integer, List<double[]>> byLevel = new java.util.TreeMap<>();
        for (LabeledRun r : runs) {
            for (LevelResult l : r.run().levels()) {
                RepeatResult k = l.kept();
                byLevel.computeIfAbsent(l.threads(), t -> new ArrayList<>())
                        .add(new double[] {k.analytics().qphH(), org.oltpbench.result.repeat.TpccMetrics.tpmC(k)});
            }
        }
        List<Charts.Line> lines = new ArrayList<>();
        Family family = runs.get(0).run().workload().family();
        for (var e : byLevel.entrySet()) {
            e.getValue().sort(java.util.Comparator.comparingDouble(p -> p[0]));
            lines.add(new Charts.Line(family.workers(e.getKey()), e.getValue()));
        }
        List<String> labels = runs.stream().map(LabeledRun::label).toList();
        String title = "tpmC against QphH: what the analytic streams and the terminals cost each other";
        return render("compare-frontier.png", title, Charts.xy(title, sub + " - each point a run (" + String.join(", ", labels)
                + "), joined by QphH", "QphH (analytic queries per hour, all streams)", "tpmC (New-Orders per minute)", lines));
    }

    private static Pending compare(String file, String title, String sub, String unit, List<LabeledRun> runs, Metric m) {
        List<Charts.Line> lines = new ArrayList<>();
        for (LabeledRun r : runs) lines.add(line(r.legend(), r.run(), m));
        boolean repeated = runs.stream().anyMatch(r -> repeated(r.run()));
        return render(file, title, Charts.byRuns(title, repeated ? sub + " - " + MEANS : sub, Charts.Axes.one(unit, lines),
                runs.get(0).run().workload().family().workers()));
    }

    private static Pending level(RunResult run, LevelResult l, String sub, boolean tpcc) {
        RepeatResult r = l.kept();
        List<double[]> rate = new ArrayList<>(), p95 = new ArrayList<>(), tpmC = new ArrayList<>();
        int newOrder = run.workload().typeNames().indexOf(org.oltpbench.result.repeat.TpccMetrics.NEW_ORDER);
        double warmEnd = 0;
        for (IntervalResult i : r.intervals()) {
            rate.add(new double[] {i.at(), tpcc ? i.tps() * 60 : i.tps()});
            // tpmC over time: the interval's New-Orders per minute (files before per-type counts have none)
            if (tpcc && newOrder >= 0 && newOrder < i.types().size() && i.seconds() > 0) {
                tpmC.add(new double[] {i.at(), i.types().get(newOrder) * 60 / i.seconds()});
            }
            // an interval without a transaction has no p95: a gap in the line, not a fall to 0 ms
            p95.add(new double[] {i.at(), i.transactions() == 0 ? Double.NaN : Histograms.percentileMs(i.histogram(), 95)});
            if (i.warmup()) warmEnd = i.at();
        }
        String title = run.workload().family().workers(l.threads()) + ": throughput and p95 over time"
                + (r.completed() ? "" : " (aborted: " + r.reason() + ")");
        List<Charts.Line> left = new ArrayList<>(List.of(new Charts.Line(tpcc ? "tpmTOTAL, all types (left axis)" : "tps (left axis)",
                rate)));
        if (!tpmC.isEmpty()) left.add(new Charts.Line("tpmC, New-Orders (left axis)", tpmC));
        Charts.Axes axes = new Charts.Axes(tpcc ? "transactions per minute" : "transactions per second", left,
                "p95 latency (ms)", List.of(new Charts.Line("p95 (right axis)", p95)));
        Charts.TimeMarks marks = marks(r, warmEnd).withStalls(r.usage().stall().quiet());
        List<Charts.Axes> panels = new ArrayList<>();
        if (r.analytics().present()) panels.add(queryPanel(r));
        if (r.usage().recorded()) panels.addAll(resourcePanels(r));
        // no terminal (CH's analytics alone): no transaction to draw, so the queries' panel leads
        boolean terminals = l.threads() > 0 || panels.isEmpty();
        if (!terminals) axes = panels.remove(0);
        Band band = WaitBand.of(r.intervals());
        if (panels.isEmpty() && !band.present()) {
            return render("level-" + name(l) + ".png", title, Charts.overTime(title, sub, axes, marks));
        }
        String stacked = run.workload().family().workers(l.threads()) + ": " + (terminals ? "throughput, p95" : "")
                + (r.analytics().present() ? (terminals ? ", " : "") + "analytic queries" : "")
                + (r.usage().recorded() ? ", CPU and network" : "") + (band.present() ? ", server sessions" : "")
                + " over time" + (r.completed() ? "" : " (aborted: " + r.reason() + ")");
        int more = panels.size() + (band.present() ? 1 : 0);
        return render("level-" + name(l) + ".png", stacked, Charts.overTimeStacked(stacked, sub, axes, panels, band, marks),
                Charts.HEIGHT * (4 + 3 * more / 2) / 4);
    }

    /** A level's name in its charts' files: its threads, and a rate search's probe rate beside them ("8-900tps"). */
    static String name(LevelResult l) {
        return l.threads() + (l.rate() > 0 ? "-" + Math.round(l.rate()) + "tps" : "");
    }

    /** The window CH's queries per minute are counted over: a query takes seconds, so a 1-s count x 60 jumps 0/60/180. */
    static final double QUERY_WINDOW_SECS = 60;

    /**
     * CH's analytic queries completed per minute at the end of each measured interval: those that ended in the last
     * minute (or since the measurement began, when that is shorter) over that window's minutes.
     */
    static Charts.Axes queryPanel(RepeatResult r) {
        List<double[]> done = new ArrayList<>();
        double began = Double.NaN;
        for (IntervalResult i : r.intervals()) {
            if (i.seconds() <= 0 || i.warmup()) continue;
            if (Double.isNaN(began)) began = i.at() - i.seconds();
            double window = Math.min(QUERY_WINDOW_SECS, i.at() - began);
            done.add(new double[] {i.at(), r.analytics().endedIn(i.at(), window) * 60 / window});
        }
        return Charts.Axes.one("queries per minute", List.of(new Charts.Line(
                "queries completed in the last minute, " + r.analytics().streams() + " stream" + (r.analytics().streams() == 1 ? "" : "s"), done)));
    }

    /** The warm-up, and with a fault plan the fault, the recovery command and the outage, on the level's time axis. */
    static Charts.TimeMarks marks(RepeatResult r, double warmEnd) {
        var f = r.fault();
        if (!f.happened()) return Charts.TimeMarks.warmup(warmEnd);
        List<Charts.Event> events = new ArrayList<>(List.of(new Charts.Event("fault", f.atSecs())));
        if (f.recoverAtSecs() >= 0) events.add(new Charts.Event("recover", f.recoverAtSecs()));
        // when the recover command returned (a node's restart: synced), where that is a second or more after it began
        // and inside the plotted time; a quick command's label would sit on "recover"
        double last = r.intervals().isEmpty() ? -1 : r.intervals().get(r.intervals().size() - 1).at();
        if (f.recoverEndedAtSecs() >= f.recoverAtSecs() + 1 && f.recoverEndedAtSecs() <= last) {
            events.add(new Charts.Event("recover returned", f.recoverEndedAtSecs()));
        }
        var o = f.outage();
        return switch (o.state()) {
            case RECOVERED -> new Charts.TimeMarks(warmEnd, events, o.fellAtSecs(), o.backAtSecs(),
                    String.format(java.util.Locale.ROOT, "below 50%%: recovery %.1f s", o.recoverySecs()), List.of());
            case NOT_RECOVERED -> new Charts.TimeMarks(warmEnd, events, o.fellAtSecs(),
                    r.intervals().get(r.intervals().size() - 1).at(), "below 50%: not recovered", List.of());
            default -> new Charts.TimeMarks(warmEnd, events, -1, -1, "", List.of());
        };
    }

    /**
     * The level's resources per interval: cores busy (the client, each server) and MB/s on the client's interface
     * (in and out), the intervals' rates plotted at their ends as the throughput is.
     */
    static List<Charts.Axes> resourcePanels(RepeatResult r) {
        List<IntervalResult> read = new ArrayList<>();
        java.util.Set<String> names = new java.util.LinkedHashSet<>();
        List<double[]> in = new ArrayList<>(), out = new ArrayList<>();
        boolean net = false;
        for (IntervalResult i : r.intervals()) {
            if (i.seconds() <= 0) continue;
            read.add(i);
            names.addAll(cores(i).keySet());
            net |= i.resources() != org.oltpbench.result.repeat.client.Resources.NONE && i.resources().client().netInBytes() >= 0;
        }
        if (names.isEmpty()) read.clear(); // nothing was read: no panel
        for (IntervalResult i : read) {
            var c = i.resources() == org.oltpbench.result.repeat.client.Resources.NONE ? null : i.resources().client();
            boolean has = c != null && c.netInBytes() >= 0;
            if (net) {
                in.add(new double[] {i.at(), has ? c.netInBytes() / i.seconds() / 1e6 : Double.NaN});
                out.add(new double[] {i.at(), has ? c.netOutBytes() / i.seconds() / 1e6 : Double.NaN});
            }
        }
        // an interval without a process's reading (a killed server: its figures are left out while it fails; or none
        // read at all) is a gap in its line (NaN), never a line drawn across the time it was gone
        java.util.Map<String, List<double[]>> cores = new java.util.LinkedHashMap<>();
        for (IntervalResult i : read) {
            java.util.Map<String, Double> here = cores(i);
            for (String n : names) cores.computeIfAbsent(n, k -> new ArrayList<>()).add(new double[] {i.at(), here.getOrDefault(n, Double.NaN)});
        }
        List<Charts.Line> cpu = new ArrayList<>();
        for (var e : cores.entrySet()) cpu.add(new Charts.Line(e.getKey(), e.getValue()));
        List<Charts.Axes> panels = new ArrayList<>(List.of(Charts.Axes.one("CPU (cores busy)", cpu)));
        if (!in.isEmpty()) {
            String iface = r.usage().netInterface();
            panels.add(Charts.Axes.one("network " + iface + " (MB/s)", List.of(new Charts.Line("received", in),
                    new Charts.Line("sent", out))));
        }
        return panels;
    }

    /** An interval's cores busy per process: the client, then each server reading it holds, by its chart name. */
    private static java.util.Map<String, Double> cores(IntervalResult i) {
        var res = i.resources();
        java.util.Map<String, Double> out = new java.util.LinkedHashMap<>();
        if (res == org.oltpbench.result.repeat.client.Resources.NONE) return out;
        out.put("client (oltpbench)", res.clientCpuSeconds(i.seconds()) / i.seconds());
        for (var s : res.servers()) {
            String name = s.source() == org.oltpbench.result.repeat.client.ResourceSource.NODE_EXPORTER ? "host " + s.host()
                    : s.component() + " (" + s.source().label() + ")";
            out.put(name, res.serverCpuSeconds(s, i.seconds()) / i.seconds());
        }
        return out;
    }

    /** Whether a level of the run completed more than one repeat. */
    private static boolean repeated(RunResult run) {
        return run.levels().stream().anyMatch(l -> l.repeats().stream().filter(RepeatResult::completed).count() > 1);
    }

    /** What a chart's points and bars are where a level ran repeats. */
    static final String MEANS = "points: the mean over repeats, bars: its 95% CI";

    /**
     * The metric's line over the run's levels, with the levels' 95% intervals as error bars where there are any: a
     * point is the figure its bar is the interval of (the mean over repeats, or the figure itself for one run's batch
     * means), never the kept repeat beside an interval of another figure (issue 43: a max's dot sat at its bar's end).
     */
    static Charts.Line line(String name, RunResult run, Metric m) {
        List<double[]> points = new ArrayList<>(), errors = new ArrayList<>();
        // one point per thread count: a rate search's capacity probe stands for its probes (search.png draws them all)
        for (LevelResult l : run.comparedLevels()) {
            // a latency of no transaction (CH's level without terminals) is no point, not 0 ms
            if (m.better() == Metric.Better.LOWER && l.kept().counts().transactions() == 0) continue;
            org.oltpbench.stats.Interval ci = m.interval(l);
            points.add(new double[] {l.threads(), ci.present() ? ci.mean() : m.of(l.kept())});
            if (ci.present()) errors.add(new double[] {l.threads(), ci.lower(), ci.upper()});
        }
        return new Charts.Line(name, points, errors);
    }

    private static Pending render(String file, String title, org.jfree.chart.JFreeChart chart) {
        return render(file, title, chart, Charts.HEIGHT);
    }

    /** A chart built on the caller's thread, drawn and encoded as PNG by {@link Renders}' threads. */
    private static Pending render(String file, String title, org.jfree.chart.JFreeChart chart, int height) {
        return new Pending(file, title, chart, height);
    }

    /** A chart to draw: {@link Renders#add} starts it. */
    record Pending(String file, String title, org.jfree.chart.JFreeChart chart, int height) {
    }

    /**
     * Draws the charts of one output on a thread per core while the caller builds the next (drawing and PNG encoding
     * take most of a report's time; each chart is drawn by one thread, and no chart is shared); {@link #charts} waits
     * for them, in the order they were added. A failure to draw is rethrown as it was thrown.
     */
    static final class Renders implements AutoCloseable {
        private final java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(
                Math.max(1, Runtime.getRuntime().availableProcessors()), r -> Thread.ofPlatform().daemon().name("oltpbench-chart").unstarted(r));
        private final List<java.util.concurrent.Future<Chart>> drawn = new ArrayList<>();

        void add(Pending p) {
            drawn.add(pool.submit(() -> new Chart(p.file(), p.title(), Charts.png(p.chart(), p.height()))));
        }

        List<Chart> charts() {
            List<Chart> out = new ArrayList<>(drawn.size());
            for (var f : drawn) {
                try {
                    out.add(f.get());
                } catch (java.util.concurrent.ExecutionException e) {
                    if (e.getCause() instanceof RuntimeException r) throw r;
                    if (e.getCause() instanceof Error err) throw err;
                    throw new IllegalStateException(e.getCause());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted while drawing the charts", e);
                }
            }
            return out;
        }

        @Override
        public void close() {
            pool.shutdownNow();
        }
    }
}
