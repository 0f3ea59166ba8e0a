package org.oltpbench.report;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import org.oltpbench.driver.RunListener;
import org.oltpbench.result.repeat.counted.IntervalResult;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.run.RunResult;
import org.oltpbench.result.workload.WorkloadInfo;
import org.oltpbench.result.repeat.server.ServerCount;
import org.oltpbench.result.judge.spread.Spreads;
import org.oltpbench.stats.Trend;

/**
 * The console: sysbench's level header and progress lines for every workload, then the workload's own summary
 * per repeat and table at the end, and one-line warnings when the server's count or the client's CPU use casts
 * doubt on a result.
 */
public final class Console implements RunListener {

    /** What differs between workloads: the per-repeat summary and the final table. */
    public interface Style {
        /** A repeat's summary; {@code probeWarehouses} is a warehouses=search probe's warehouses, else 0. */
        void summary(PrintStream out, RepeatResult r, int probeWarehouses);

        void table(PrintStream out, RunResult run);

        /** One progress line (or block) for {@code sum}, which spans the recorded intervals of {@code types}. */
        void live(PrintStream out, IntervalResult sum, List<List<org.oltpbench.result.repeat.counted.TxnMetrics>> types);

        /** Whether {@link #live} reads the per-type figures of each interval. */
        default boolean perType() {
            return false;
        }

        /** What a level's concurrency is called in the header. */
        default String workers() {
            return "threads";
        }

        /** A repeat's terminals connected in {@code seconds}. */
        default void connected(double seconds) {
        }

        /**
         * Whether a repeat opens with sysbench's header ("Running the test with following options:" ... "Threads
         * started!"); pgbench prints none, so its style says only what pgbench's line would not show.
         */
        default boolean sysbenchHeader() {
            return true;
        }
    }

    private final PrintStream out;
    private final int percentile, reportIntervalSecs, warmupSecs;
    /** The recorded step (intervalSecs): a printed line sums reportIntervalSecs / step of them. */
    private final int stepSecs;
    /** The recorded intervals of the line in progress, and each one's per-type figures (the writer thread's alone). */
    private final List<IntervalResult> line = new java.util.ArrayList<>();
    private final List<List<org.oltpbench.result.repeat.counted.TxnMetrics>> lineTypes = new java.util.ArrayList<>();
    /** The per-type figures of the interval about to arrive (delivered just before it). */
    private List<org.oltpbench.result.repeat.counted.TxnMetrics> nextTypes = List.of();
    private final Style style;
    private final boolean sharedServer;

    /**
     * @param reportIntervalSecs seconds between progress lines (0: none), a multiple of stepSecs
     * @param stepSecs           the recorded intervals' length (intervalSecs)
     * @param sharedServer       several clients drive the server: its counter counts them all, so it is not compared here
     */
    public Console(PrintStream out, int percentile, int reportIntervalSecs, int stepSecs, int warmupSecs, Style style,
                   boolean sharedServer) {
        this.sharedServer = sharedServer;
        this.stepSecs = stepSecs;
        this.out = out;
        this.percentile = percentile;
        this.reportIntervalSecs = reportIntervalSecs;
        this.warmupSecs = warmupSecs;
        this.style = style;
    }

    /** The console lines of a workload's family: sysbench's, BenchmarkSQL's and go-tpc's per type, or pgbench's. */
    public static Style style(WorkloadInfo info, int percentile, org.oltpbench.config.OutputParams.PeerSummary peer) {
        return style(info, percentile, peer, new PgbenchFormat.Run(0, 0, true, 0, false));
    }

    /** As {@link #style(WorkloadInfo, int, org.oltpbench.config.OutputParams.PeerSummary)}; pgbench's summary shows {@code run}. */
    public static Style style(WorkloadInfo info, int percentile, org.oltpbench.config.OutputParams.PeerSummary peer,
                              PgbenchFormat.Run run) {
        return switch (info.family().style()) {
            case SYSBENCH -> sysbench(percentile, run.limitMs());
            case TPCC -> tpcc(info, peer == org.oltpbench.config.OutputParams.PeerSummary.BENCHMARKSQL);
            case PGBENCH -> pgbench(info, run);
        };
    }

    /** pgbench's progress line and summary block; a sweep of several levels ends with sysbench's table. */
    public static Style pgbench(WorkloadInfo info, PgbenchFormat.Run run) {
        return new Style() {
            private double connectSecs;

            @Override
            public void connected(double seconds) {
                connectSecs = seconds;
            }

            @Override
            public void summary(PrintStream out, RepeatResult r, int probeWarehouses) {
                for (String line : PgbenchFormat.summary(r, info.script(), run, r.threads(), connectSecs)) out.println(line);
                out.println();
            }

            @Override
            public void table(PrintStream out, RunResult result) {
                if (result.levels().size() > 1) SysbenchFormat.sweepTable(out, result);
            }

            @Override
            public void live(PrintStream out, IntervalResult sum, List<List<org.oltpbench.result.repeat.counted.TxnMetrics>> types) {
                out.println(PgbenchFormat.progress(sum, run.rate() > 0, run.limitMs() > 0));
            }

            @Override
            public String workers() {
                return "clients";
            }

            @Override
            public boolean sysbenchHeader() {
                return false;
            }
        };
    }

    public static Style sysbench(int percentile) {
        return sysbench(percentile, 0);
    }

    /**
     * sysbench's lines; with a latency limit ({@code limitMs} > 0) each progress line ends with what it counted late and
     * skipped, and the summary is followed by the window's figures.
     */
    public static Style sysbench(int percentile, double limitMs) {
        boolean limited = limitMs > 0;
        return new Style() {
            @Override
            public void summary(PrintStream out, RepeatResult r, int probeWarehouses) {
                SysbenchFormat.summary(out, r, percentile);
                if (limited) out.println(SysbenchFormat.limitSummary(r, limitMs));
            }

            @Override
            public void table(PrintStream out, RunResult run) {
                SysbenchFormat.sweepTable(out, run);
            }

            @Override
            public void live(PrintStream out, IntervalResult sum, List<List<org.oltpbench.result.repeat.counted.TxnMetrics>> types) {
                out.println(SysbenchFormat.interval(sum, percentile) + (limited ? SysbenchFormat.limit(sum.schedule()) : ""));
                if (sum.queue() >= 0) out.println(SysbenchFormat.queue(sum));
            }
        };
    }

    /** TPC-C's lines; a repeat's efficiency is its level's, at the warehouses a warehouses=search probe drove. */
    public static Style tpcc(WorkloadInfo info, boolean benchmarkSqlLine) {
        return new Style() {
            /** BenchmarkSQL's running average: the transactions and seconds of the lines since the window opened. */
            private long runningTransactions;
            private double runningSeconds;
            private boolean lastWasWarmup;

            @Override
            public void summary(PrintStream out, RepeatResult r, int probeWarehouses) {
                TpccFormat.summary(out, r, org.oltpbench.result.judge.conformance.Efficiency.of(info, r,
                        probeWarehouses > 0 ? probeWarehouses : info.scale().warehouses()));
            }

            @Override
            public void table(PrintStream out, RunResult run) {
                TpccFormat.sweepTable(out, run);
                ChFormat.sweepTable(out, run);
                for (String line : TpccFormat.conformance(run)) out.println(line);
                out.println();
            }

            @Override
            public void live(PrintStream out, IntervalResult sum, List<List<org.oltpbench.result.repeat.counted.TxnMetrics>> types) {
                if (!benchmarkSqlLine) {
                    for (String line : TpccFormat.current(sum, types)) out.println(line);
                    return;
                }
                // a repeat's first line, and the first after the warm-up, start the average again
                if (sum.at() - sum.seconds() < 1e-9 || sum.warmup() != lastWasWarmup) {
                    runningTransactions = 0;
                    runningSeconds = 0;
                }
                lastWasWarmup = sum.warmup();
                runningTransactions += sum.transactions();
                runningSeconds += sum.seconds();
                Runtime rt = Runtime.getRuntime();
                out.println(TpccFormat.benchmarkSql(runningTransactions, runningSeconds, sum,
                        (rt.totalMemory() - rt.freeMemory()) >> 20, rt.totalMemory() >> 20));
            }

            @Override
            public boolean perType() {
                return true;
            }

            @Override
            public String workers() {
                return "terminals";
            }
        };
    }

    /** Whether a repeat has started: the next one is set apart by a blank line. */
    private boolean anyStarted;

    /** The search's probe the next repeats run (its rate and warehouses; 0 where not searched). */
    private double probeRate;
    private int probeWarehouses;

    @Override
    public void probeStarted(int threads, double rate, int warehouses) {
        probeRate = rate;
        probeWarehouses = warehouses;
    }

    @Override
    public void repeatStarted(int threads, int repeat, int repeats) {
        boolean first = !anyStarted;
        if (anyStarted) out.println();
        anyStarted = true;
        if (!style.sysbenchHeader()) {
            peerLessHeader(threads, repeat, repeats, first);
            return;
        }
        out.println("Running the test with following options:");
        out.println("Number of " + style.workers() + ": " + threads + (repeats > 1 ? " (run " + repeat + " of " + repeats + ")" : ""));
        // a capacity search's probes differ by what they searched, not by their threads: say which probe this is
        if (probeRate > 0) out.printf(Locale.ROOT, "Target transaction rate: %d/sec (rate=search probe)%n", Math.round(probeRate));
        if (probeWarehouses > 0) out.println("Warehouses driven: 1-" + probeWarehouses + " (warehouses=search probe)");
        if (reportIntervalSecs > 0) out.println("Report intermediate results every " + reportIntervalSecs + " second(s)");
        if (warmupSecs > 0) out.println("Warmup time: " + warmupSecs + " second(s)");
        out.println();
        out.println("Threads started!");
        out.println();
    }

    /**
     * pgbench's line has no header: one line only where pgbench's run would differ (a later level or repeat, a warm-up,
     * a search's probe), so that a single pgbench level prints pgbench's lines alone.
     */
    private void peerLessHeader(int threads, int repeat, int repeats, boolean first) {
        StringBuilder b = new StringBuilder();
        if (!first || repeats > 1) b.append(", ").append(threads).append(' ').append(style.workers())
                .append(repeats > 1 ? " (run " + repeat + " of " + repeats + ")" : "");
        if (warmupSecs > 0) b.append(", warm-up ").append(warmupSecs).append(" s (not measured)");
        if (probeRate > 0) b.append(String.format(Locale.ROOT, ", target %d tps (rate=search probe)", Math.round(probeRate)));
        if (probeWarehouses > 0) b.append(", warehouses 1-").append(probeWarehouses).append(" (warehouses=search probe)");
        if (b.length() > 0) out.println("level:" + b.substring(1));
    }

    private org.oltpbench.util.Progress connecting;
    private volatile int open;

    @Override
    public void connecting(int open, int total, boolean done) {
        this.open = open;
        if (connecting == null) connecting = new org.oltpbench.util.Progress(out, "connecting", total, "connections", () -> this.open);
        if (done) {
            connecting.finish();
            connecting = null;
        } else {
            connecting.print();
        }
    }

    /**
     * Collects recorded intervals into the line in progress, and prints it when it spans reportIntervalSecs (within
     * half a step: a reporter that woke late), when the warm-up ends (its last interval is cut there), or when the
     * next interval belongs to the other side of the warm-up. A level's last, shorter line is printed when it ends.
     */
    @Override
    public void interval(IntervalResult i) {
        if (reportIntervalSecs <= 0) return;
        if (!line.isEmpty() && line.get(0).warmup() != i.warmup()) printLine();
        line.add(i);
        lineTypes.add(nextTypes);
        nextTypes = List.of();
        double span = 0;
        for (IntervalResult p : line) span += p.seconds();
        boolean warmupEnds = i.warmup() && i.at() >= warmupSecs - 0.5 * stepSecs;
        if (span >= reportIntervalSecs - 0.5 * stepSecs || warmupEnds) printLine();
    }

    @Override
    public boolean wantsDetail() {
        return style.perType() && reportIntervalSecs > 0;
    }

    @Override
    public void intervalDetail(IntervalResult interval, org.oltpbench.result.repeat.counted.IntervalDetail detail) {
        nextTypes = detail.types();
    }

    private void printLine() {
        if (line.isEmpty()) return;
        style.live(out, IntervalResult.sum(line), List.copyOf(lineTypes));
        line.clear();
        lineTypes.clear();
    }

    @Override
    public void connected(double seconds) {
        style.connected(seconds);
    }

    @Override
    public void repeatFinished(RunResult run, RepeatResult r) {
        printLine();
        out.println();
        style.summary(out, r, probeWarehouses);
        for (String e : errorLines(r)) out.println(e);
        for (String line : ResourceLines.lines(r, run.workload().family())) out.println(line);
        for (String line : FaultLines.lines(r)) out.println(line);
        if (!r.replication().isEmpty()) out.println(replicas(r));
        for (String w : warnings(r, sharedServer)) out.println(w);
        String drift = drift(Spreads.trend(r), warmupSecs, r.seconds(), r.cpu());
        if (drift != null) out.println(drift);
        if (!r.completed()) out.println("level aborted: " + r.reason());
    }

    /** One line: each replica and how far it was behind as the repeat ended. */
    static String replicas(RepeatResult r) {
        java.util.List<String> each = new java.util.ArrayList<>();
        for (org.oltpbench.result.repeat.server.ReplicaLag l : r.replication()) {
            String s = l.host() + (l.seconds() < 0 ? " replication stopped" : String.format(Locale.ROOT, " %.1f s behind", l.seconds()));
            if (l.bytes() >= 0) s += String.format(Locale.ROOT, " (%,d WAL bytes not replayed)", l.bytes());
            each.add(s);
        }
        return "[Replicas] at the level's end: " + String.join(", ", each);
    }

    @Override
    public void fault(String line) {
        out.println(line);
    }

    @Override
    public void note(String line) {
        out.println(line);
    }

    @Override
    public void late(IntervalResult i, String why) {
        out.println(String.format(java.util.Locale.ROOT, "[Late] the interval ending at %.1f s lasted %.2f s of %d: %s", i.at(),
                i.seconds(), stepSecs, why));
    }

    @Override
    public void levelFinished(RunResult run, org.oltpbench.result.level.LevelResult level) {
        if (run.params() != null && run.params().output().peerSummary() == org.oltpbench.config.OutputParams.PeerSummary.MYSQLSLAP) {
            out.println();
            for (String line : mysqlslap(level, run.params().sweep().levels().stream()
                    .filter(l -> l.threads() == level.threads()).findFirst().map(l -> l.events()).orElse(0L))) {
                out.println(line);
            }
        }
    }

    /**
     * mysqlslap's block for a level (a concurrency): the seconds each repeat (an iteration) took to run all its queries,
     * averaged, least and most over the completed repeats, the clients, and the queries per client. A query here is
     * one statement of the SQL workload, as mysqlslap counts them; the seconds are each repeat's measured window.
     */
    static List<String> mysqlslap(org.oltpbench.result.level.LevelResult level, long events) {
        double sum = 0, min = Double.MAX_VALUE, max = 0;
        int n = 0;
        for (RepeatResult r : level.repeats()) {
            if (!r.completed()) continue;
            sum += r.seconds();
            min = Math.min(min, r.seconds());
            max = Math.max(max, r.seconds());
            n++;
        }
        if (n == 0) return List.of("Benchmark", "\tno iteration completed at concurrency " + level.threads());
        return List.of("Benchmark",
                String.format(Locale.ROOT, "\tAverage number of seconds to run all queries: %.3f seconds", sum / n),
                String.format(Locale.ROOT, "\tMinimum number of seconds to run all queries: %.3f seconds", min),
                String.format(Locale.ROOT, "\tMaximum number of seconds to run all queries: %.3f seconds", max),
                "\tNumber of clients running queries: " + level.threads(),
                "\tAverage number of queries per client: " + (level.threads() > 0 ? events / level.threads() : 0));
    }

    @Override
    public void runFinished(RunResult run) {
        out.println();
        // a search's answer is its own block below (the mean of each probe's repeats, not the best repeat)
        String headline = run.search() == null ? headline(run) : null;
        if (headline != null) out.println(headline);
        style.table(out, run);
        List<String> spread = SpreadTable.lines(run);
        if (!spread.isEmpty()) {
            for (String line : spread) out.println(line);
            out.println();
        }
        List<String> search = SearchFormat.lines(run);
        if (!search.isEmpty()) {
            for (String line : search) out.println(line);
            out.println();
        }
    }

    /**
     * The run's answer before its tables: the level of the highest throughput (tps; tpmC for TPC-C) among those that
     * completed, and what limited it; null when no level with terminals completed (CH's analytics-only level has no
     * throughput to be the peak of).
     */
    static String headline(RunResult run) {
        org.oltpbench.result.workload.Family f = run.workload().family();
        Metric m = f.perType() ? Metric.TPMC : Metric.TPS;
        org.oltpbench.result.level.LevelResult best = null;
        for (org.oltpbench.result.level.LevelResult l : run.levels()) {
            if (l.threads() > 0 && l.kept().completed() && (best == null || m.of(l.kept()) > m.of(best.kept()))) best = l;
        }
        if (best == null) return null;
        var u = best.kept().usage();
        return String.format(Locale.ROOT, "Peak: %s %s at %s%s", Metric.format(m.of(best.kept())), m.label(),
                f.workers(best.threads()), u.recorded() ? "; limited by: " + u.verdict().headline() : "")
                + (run.levels().size() > 1 ? " (of " + run.levels().size() + " levels)" : "");
    }

    /**
     * The lines a repeat earns when its terminals lost front ends: the thread-time they spent without a connection
     * (more than {@link Failover#NOTABLE} of the window's), the front ends still down at its end, and where the
     * terminals ran instead.
     */
    static java.util.List<String> failover(RepeatResult r) {
        java.util.List<String> w = new java.util.ArrayList<>();
        org.oltpbench.result.repeat.topology.Failover f = r.failover();
        double share = f.disconnectedShare(r.threads(), r.seconds());
        if (share > org.oltpbench.result.repeat.topology.Failover.NOTABLE) {
            w.add(String.format(Locale.ROOT, "warning: terminals spent %.1f%% of their thread-time in the window without a "
                    + "connection (%.1f thread-s of %d x %.1f s); tps counts only connected time's work", 100 * share,
                    f.disconnectedThreadSeconds(), r.threads(), r.seconds()));
        }
        if (!f.downAtEnd().isEmpty() || r.counts().reconnects() > 0 && f.frontEnds().size() > 1) {
            StringBuilder b = new StringBuilder();
            for (org.oltpbench.result.repeat.topology.FrontEndUse u : f.frontEnds()) {
                b.append(b.length() == 0 ? "" : ", ").append(String.format(Locale.ROOT, "%s %.1f thread-s %d txns %d errors%s",
                        u.frontEnd(), u.threadSeconds(), u.transactions(), u.errors(), u.downAtEnd() ? " (down)" : ""));
            }
            w.add((f.downAtEnd().isEmpty() ? "front ends: " : "warning: front end " + String.join(", ", f.downAtEnd())
                    + " refused connections at the end of the level; its terminals moved: ") + b);
        }
        return w;
    }

    /**
     * The window's errors by what they led to, type and code, the most frequent first, as pgbench's --failures-detailed
     * and go-tpc's _ERR lines break them down: {@code [Errors] PAYMENT ignored 1213 (SQLState 40001) x 12: Deadlock ...}.
     */
    static java.util.List<String> errorLines(RepeatResult r) {
        java.util.List<String> out = new java.util.ArrayList<>();
        for (org.oltpbench.result.repeat.counted.ErrorCount e : r.counts().errorCodes()) {
            out.add(String.format(Locale.ROOT, "[Errors] %s %s %d (SQLState %s) x %d: %s", e.type(), e.kind(), e.code(),
                    e.sqlState().isEmpty() ? "none" : e.sqlState(), e.count(), e.sample()));
        }
        return out;
    }

    /**
     * The line a drifting repeat earns, or null when it held steady (or was too short to tell). Its figures are changes
     * that compound ({@link Trend}), so a fall is never beyond 100%; a level that stopped gets no drift figure. Over a window
     * of {@code seconds} under a minute no rate per minute (one fitted to seconds of a start-up says nothing of a minute):
     * the change over the window and its interval instead (issue 58 §3).
     */
    static String drift(Trend t, int warmupSecs, double seconds) {
        return drift(t, warmupSecs, seconds, null);
    }

    /** As {@link #drift(Trend, int, double)}; a short window's slow start names the client's JIT and GC time from {@code cpu}. */
    static String drift(Trend t, int warmupSecs, double seconds, org.oltpbench.result.repeat.client.ClientCpu cpu) {
        if (!t.drifting()) return null;
        if (!t.stopped() && seconds < 60) return shortDrift(t, warmupSecs, seconds, cpu);
        if (t.stopped()) {
            return String.format(Locale.ROOT, "warning: tps was 0 in %d of the measured window's %d batches: the level "
                    + "stopped (a trend line does not describe a stop, so no drift figure); its figures are averages "
                    + "over a level that did not run throughout", t.zeroBatches(), t.batches());
        }
        String range = String.format(Locale.ROOT, "%.1f%%/min (95%% CI %.1f to %.1f), %+.0f%% over the measured window",
                Math.abs(t.pctPerMin()), Math.abs(t.pctPerMin() > 0 ? t.lowerPct() : t.upperPct()),
                Math.abs(t.pctPerMin() > 0 ? t.upperPct() : t.lowerPct()), t.windowPct());
        if (t.pctPerMin() > 0) {
            return "warning: tps still rising by " + range + ": warm-up too short, try warmupSecs=" + Math.max(30, 2 * warmupSecs);
        }
        return "warning: tps falling by " + range + ": the level never held steady (the server slowed: background work, "
                + "another load, a filling cache or log); its figures are averages over a moving target";
    }

    private static String shortDrift(Trend t, int warmupSecs, double seconds, org.oltpbench.result.repeat.client.ClientCpu cpu) {
        double[] range = t.windowRangePct();
        boolean rising = t.windowPct() > 0;
        double low = Math.abs(rising ? range[0] : range[1]), high = Math.abs(rising ? range[1] : range[0]);
        String change = String.format(Locale.ROOT, "%.0f%% over the measured %.0f s window (95%% CI %.0f%% to %.0f%%; no "
                + "per-minute rate from under a minute)", Math.abs(t.windowPct()), seconds, low, high);
        if (rising) {
            String why = cpu == null || cpu.jitSeconds() + cpu.gcSeconds() <= 0
                    ? "the client's start, its JIT compiles and connects, or the server's first reads"
                    : String.format(Locale.ROOT, "the client's JVM compiled for %.1f s and collected for %.2f s in this window "
                    + "(its own counts, mostly in the first seconds), or the server's first reads", cpu.jitSeconds(), cpu.gcSeconds());
            return "warning: tps still rising by " + change + ": the first seconds ran slower (" + why + "), try warmupSecs="
                    + Math.max(30, 2 * warmupSecs);
        }
        return "warning: tps falling by " + change + ": the level never held steady (the server slowed: background work, "
                + "another load, a filling cache or log); its figures are averages over a moving target";
    }

    /** The one-line warnings a repeat earns: server count disagreement, client saturation. */
    /**
     * Where most of the window's queries returned no row (issue 58 §4: seed 002's id=170000 on the 10,000 rows loaded):
     * a benchmark of empty reads measures index probes that miss, not the rows the reader thinks. Null where the
     * workload does not tally them, or under half were empty.
     */
    static String emptyReads(org.oltpbench.result.repeat.counted.Counts c) {
        Long empty = c.tallies().get(org.oltpbench.workload.sql.SqlWorkload.EMPTY_READS);
        if (empty == null || c.reads() <= 0 || 2 * empty < c.reads()) return null;
        String which = empty == c.reads() ? "every SELECT returned 0 rows" : String.format(Locale.ROOT,
                "%.0f%% of SELECTs returned 0 rows", 100.0 * empty / c.reads());
        return String.format(Locale.ROOT, "warning: %s (%,d of %,d): are the ids or values outside the table? (its rows: "
                + "tableSize=, and the script's constants)", which, empty, c.reads());
    }

    static java.util.List<String> warnings(RepeatResult r, boolean sharedServer) {
        java.util.List<String> w = new java.util.ArrayList<>();
        ServerCount sc = r.serverCount();
        if (sc.disagrees() && !sharedServer) {
            w.add(String.format(Locale.ROOT, "warning: the server's %s grew by %d over this run, the client committed %d "
                    + "(%+.2f%%); something else used the server, or a count is wrong", sc.counter(), sc.server(), sc.client(),
                    sc.differencePct()));
        }
        if (r.window().uncertain()) {
            w.add(String.format(Locale.ROOT, "warning: reading the counters of %d threads at the window's edges took %.2f s, "
                    + "so the %.2f s window (and every rate) may be off by %.1f%%: the reporter waited for the CPU (on platform "
                    + "threads, use threadModel=virtual)",
                    r.threads(), 2 * r.window().edgeSecs(), r.seconds(), 100 * r.window().edgeSecs() / r.seconds()));
        }
        w.addAll(failover(r));
        String empty = emptyReads(r.counts());
        if (empty != null) w.add(empty);
        if (r.cpu().saturated()) {
            w.add(String.format(Locale.ROOT, "warning: the client used %.2f of %s (more than half); the result may measure "
                    + "the client, not the database", r.cpu().cores(), r.cpu().mayUse()));
        }
        return w;
    }
}
