package org.oltpbench.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.IllegalFormatException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.oltpbench.config.Config;
import org.oltpbench.config.ConfigException;
import org.oltpbench.config.Keys;
import org.oltpbench.db.Database;
import org.oltpbench.dialect.Dialect;
import org.oltpbench.dialect.Dialects;
import org.oltpbench.driver.IgnoreList;
import org.oltpbench.driver.LevelRunner;
import org.oltpbench.driver.StopSignal;
import org.oltpbench.measure.LevelResult;
import org.oltpbench.report.ResultJson;
import org.oltpbench.report.Reporter;
import org.oltpbench.report.SysbenchFormat;
import org.oltpbench.workload.tpcc.TpccWorkload;
import org.oltpbench.workload.CheckReport;
import org.oltpbench.workload.Workload;
import org.oltpbench.workload.Workloads;

/** The verbs, as methods that return exit codes: 0 done, 1 ran but failed, 2 bad input (thrown as ConfigException). */
public final class Job {
    public static final int OK = 0, FAILED = 1, BAD_INPUT = 2;

    private final Config cfg;
    private final PrintStream out;
    private final StopSignal stop;
    private final Dialect dialect;

    public Job(Config cfg, PrintStream out, StopSignal stop) {
        this.cfg = cfg;
        this.out = out;
        this.stop = stop;
        this.dialect = Dialects.forName(cfg.get(Keys.DB));
    }

    public int prepare() throws SQLException {
        try (Database db = Database.open(cfg, dialect)) {
            return load(db, Workloads.create(cfg, dialect, out)) ? OK : FAILED;
        }
    }

    public int check() throws SQLException {
        try (Database db = Database.open(cfg, dialect)) {
            return printCheck(Workloads.create(cfg, dialect, out).check(db));
        }
    }

    public int cleanup() throws SQLException {
        try (Database db = Database.open(cfg, dialect)) {
            Workloads.create(cfg, dialect, out).cleanup(db);
            return OK;
        }
    }

    /** Runs the sweep; with {@code prepareIfAbsent} (the whole job) loads the data first when it is not there. */
    public int run(boolean prepareIfAbsent) throws SQLException, IOException, InterruptedException {
        resultDir(ZonedDateTime.now());
        try (Database db = Database.open(cfg, dialect)) {
            Workload w = Workloads.create(cfg, dialect, out);
            if (!w.isPrepared(db)) {
                if (!prepareIfAbsent) throw new ConfigException("the tables of " + w.name() + " are missing; run prepare first");
                if (!load(db, w)) return FAILED;
            }
            ServerSide server = new ServerSide(cfg, db, out);
            server.checkLimits(w);
            String version = db.serverVersion();
            out.printf("oltpbench %s: %s on %s %s%n%n", Version.get(), w.name(), dialect.name(), version);
            try {
                if (cfg.get(Keys.TUNE)) server.tune(w);
                return sweep(db, w, server.facts(version));
            } finally {
                server.restore();
            }
        }
    }

    /** prepare, then (checkAfterLoad) the workload's checks; false when a check failed. */
    private boolean load(Database db, Workload w) throws SQLException {
        long t0 = System.nanoTime();
        w.prepare(db);
        out.printf(Locale.ROOT, "prepare done in %.1f s%n", (System.nanoTime() - t0) / 1e9);
        return !cfg.get(Keys.CHECK_AFTER_LOAD) || printCheck(w.check(db)) == OK;
    }

    private Reporter reporter(Workload w) {
        return w.reportStyle().equals("tpcc") ? Reporter.tpcc(TpccWorkload.warehouseCount(cfg))
                : Reporter.sysbench(cfg.get(Keys.PERCENTILE));
    }

    private int sweep(Database db, Workload w, Map<String, Object> server) throws IOException, InterruptedException, SQLException {
        Reporter reporter = reporter(w);
        ZonedDateTime started = ZonedDateTime.now();
        Path dir = resultDir(started);
        List<ResultJson.Level> levels = new ArrayList<>();
        boolean failed = false;
        for (int threads : cfg.get(Keys.THREADS)) {
            List<LevelResult> runs = new ArrayList<>();
            for (int rep = 1; rep <= cfg.get(Keys.REPEAT) && !stop.raised(); rep++) {
                printLevelHeader(threads, rep);
                LevelResult r = level(db, w, threads, rep);
                runs.add(r);
                reporter.level(out, r);
                if (r.aborted() != null) {
                    out.println("level aborted: " + r.aborted());
                    failed = true;
                    break;
                }
                if (cfg.get(Keys.CHECK_AFTER_RUN) && printCheck(w.check(db)) != OK) {
                    failed = true;
                    break;
                }
            }
            if (!runs.isEmpty()) levels.add(new ResultJson.Level(pick(runs), runs));
            if (failed || stop.raised()) break;
        }
        reporter.sweep(out, levels.stream().map(ResultJson.Level::kept).toList());
        ResultJson.Extra extra = r -> {
            Map<String, Object> m = new LinkedHashMap<>(reporter.extra().fields(r));
            m.put("threadsPerHost", db.frontEnds().spread(r.threads()));
            return m;
        };
        Path file = ResultJson.write(dir, header(w, server, started), levels, extra);
        out.println();
        out.println("results: " + file.toAbsolutePath());
        return failed || stop.raised() ? FAILED : OK;
    }

    private LevelResult level(Database db, Workload w, int threads, int rep) throws InterruptedException {
        int pct = cfg.get(Keys.PERCENTILE);
        long seed = cfg.get(Keys.RAND_SEED) != 0 ? cfg.get(Keys.RAND_SEED) + rep : System.nanoTime();
        var settings = new LevelRunner.Settings(threads, cfg.get(Keys.WARMUP_SECS), levelSecs(),
                levelEvents(threads), levelRate(), cfg.get(Keys.REPORT_INTERVAL_SECS), pct, seed,
                new IgnoreList(cfg.get(Keys.IGNORE_ERRORS)));
        LevelRunner.Listener progress = i -> out.println(SysbenchFormat.interval(i, pct));
        try {
            LevelResult r = new LevelRunner(settings, w, db, progress, stop).run();
            out.println();
            return r;
        } catch (LevelRunner.SetupException e) {
            throw new ConfigException("threads=" + threads + ": the workers could not start: "
                    + SetupHints.describe(e.getCause()), e.getCause());
        }
    }

    /** Seconds per level: BenchmarkSQL's runMins when set, else time (0 when only a transaction count bounds the level). */
    private int levelSecs() {
        if (cfg.get(Keys.RUN_MINS) > 0 && cfg.get(Keys.RUN_TXNS_PER_TERMINAL) > 0) {
            throw new ConfigException("runMins and runTxnsPerTerminal are both set; as in BenchmarkSQL, set one of them to 0");
        }
        if (cfg.get(Keys.RUN_MINS) > 0) return cfg.get(Keys.RUN_MINS) * 60;
        if (cfg.get(Keys.RUN_TXNS_PER_TERMINAL) > 0 && !cfg.isSet(Keys.TIME)) return 0;
        return cfg.get(Keys.TIME);
    }

    /** Transactions per level: BenchmarkSQL's runTxnsPerTerminal x terminals, else events. */
    private long levelEvents(int threads) {
        long perTerminal = cfg.get(Keys.RUN_TXNS_PER_TERMINAL);
        return perTerminal > 0 ? perTerminal * threads : cfg.get(Keys.EVENTS);
    }

    /** Transactions per second over all threads: BenchmarkSQL's limitTxnsPerMin / 60, else rate. */
    private double levelRate() {
        double perMin = cfg.get(Keys.LIMIT_TXNS_PER_MIN);
        return perMin > 0 ? perMin / 60 : cfg.get(Keys.RATE);
    }

    private void printLevelHeader(int threads, int rep) {
        out.println("Running the test with following options:");
        out.println("Number of threads: " + threads + (cfg.get(Keys.REPEAT) > 1 ? " (run " + rep + " of " + cfg.get(Keys.REPEAT) + ")" : ""));
        if (cfg.get(Keys.REPORT_INTERVAL_SECS) > 0) {
            out.println("Report intermediate results every " + cfg.get(Keys.REPORT_INTERVAL_SECS) + " second(s)");
        }
        if (cfg.get(Keys.WARMUP_SECS) > 0) out.println("Warmup time: " + cfg.get(Keys.WARMUP_SECS) + " second(s)");
        out.println();
        out.println("Threads started!");
        out.println();
    }

    /** repeatPick: the run with the highest tps, or the median run by tps. */
    private LevelResult pick(List<LevelResult> runs) {
        List<LevelResult> sorted = new ArrayList<>(runs);
        sorted.sort(Comparator.comparingDouble(LevelResult::tps));
        return cfg.get(Keys.REPEAT_PICK).equals("max") ? sorted.get(sorted.size() - 1) : sorted.get((sorted.size() - 1) / 2);
    }

    private Map<String, Object> header(Workload w, Map<String, Object> server, ZonedDateTime started) {
        Map<String, Object> h = new LinkedHashMap<>();
        h.put("tool", "oltpbench " + Version.get());
        h.put("workload", w.name());
        h.put("db", dialect.name());
        h.put("serverVersion", server.get("version"));
        h.put("server", server);
        h.put("startedAt", started.toString());
        h.put("config", cfg.publicView());
        return h;
    }

    /** resultDirectory with %t conversions filled from the start time (BenchmarkSQL's convention). */
    Path resultDir(ZonedDateTime started) {
        String pattern = cfg.get(Keys.RESULT_DIRECTORY);
        try {
            return Path.of(String.format(Locale.ROOT, pattern.replace("%t", "%1$t"), started));
        } catch (IllegalFormatException e) {
            throw new ConfigException("bad value for resultDirectory: '" + pattern + "'; allowed: a path whose only "
                    + "% conversions are %tY, %tm, %td, %tH, %tM, %tS and the like");
        }
    }

    private int printCheck(CheckReport report) {
        for (CheckReport.Line l : report.lines()) {
            out.printf("%-4s %s: %s%n", l.passed() ? "ok" : "FAIL", l.name(), l.detail());
        }
        out.println(report.passed() ? "check passed" : "check FAILED");
        return report.passed() ? OK : FAILED;
    }
}
