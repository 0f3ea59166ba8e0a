package org.oltpbench.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.ZonedDateTime;
import java.util.IllegalFormatException;
import java.util.List;
import java.util.Locale;
import org.oltpbench.config.ClientShare;
import org.oltpbench.config.Config;
import org.oltpbench.config.ConfigException;
import org.oltpbench.config.Keys;
import org.oltpbench.db.Database;
import org.oltpbench.dialect.Dialect;
import org.oltpbench.dialect.Dialects;
import org.oltpbench.driver.LevelRunner;
import org.oltpbench.driver.StartGate;
import org.oltpbench.driver.StopSignal;
import org.oltpbench.driver.RunListener;
import org.oltpbench.driver.Sweep;
import org.oltpbench.report.Console;
import org.oltpbench.report.ResultWriter;
import org.oltpbench.report.files.IntervalLog;
import org.oltpbench.report.files.ReportFiles;
import org.oltpbench.result.ClientInfo;
import org.oltpbench.result.RunResult;
import org.oltpbench.result.ServerInfo;
import org.oltpbench.workload.tpcc.TpccWorkload;
import org.oltpbench.util.Progress;
import org.oltpbench.workload.CheckReport;
import org.oltpbench.workload.Workload;
import org.oltpbench.workload.Workloads;

/** The verbs, as methods that return exit codes: 0 done, 1 ran but failed, 2 bad input (thrown as ConfigException). */
public final class Job {
    public static final int OK = 0, FAILED = 1, BAD_INPUT = 2, INTERRUPTED = 130;

    private final Config cfg;
    private final PrintStream out;
    private final StopSignal stop;
    private final Dialect dialect;
    private boolean checkFailed;

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
            return printCheck(checked(db, Workloads.create(cfg, dialect, out)));
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
        RunResult r = runResult(prepareIfAbsent, RunListener.SILENT);
        if (stop.raised()) return INTERRUPTED;
        return r != null && r.completed() && !checkFailed ? OK : FAILED;
    }

    /**
     * The whole run as a result, with {@code extra} told every event besides the console and the result writer;
     * null when prepare's checks failed.
     */
    public RunResult runResult(boolean prepareIfAbsent, RunListener extra) throws SQLException, IOException, InterruptedException {
        if (cfg.get(Keys.RUN_MINS) > 0 && cfg.get(Keys.RUN_TXNS_PER_TERMINAL) > 0) {
            throw new ConfigException("runMins and runTxnsPerTerminal are both set; as in BenchmarkSQL, set one of them to 0");
        }
        resultDir(ZonedDateTime.now());
        if (Sweep.startAt(cfg) != null && Sweep.levelSecs(cfg) == 0) {
            throw new ConfigException("startAt needs timed levels (time or runMins > 0), so that every level's start can be computed");
        }
        try (Database db = Database.open(cfg, dialect)) {
            Workload w = Workloads.create(cfg, dialect, out);
            if (!w.isPrepared(db)) {
                if (!prepareIfAbsent) throw new ConfigException(w.unprepared(db));
                if (!load(db, w)) return null;
            }
            w.validate(db);
            ServerSide server = new ServerSide(cfg, db, out);
            server.checkLimits(w);
            String version = db.serverVersion();
            ClientInfo client = Facts.client(db);
            out.printf("oltpbench %s: %s on %s %s (%s %s)%n%n", Version.get(), w.name(), dialect.name(), version,
                    client.driverName(), client.driverVersion());
            try {
                if (cfg.get(Keys.TUNE)) server.tune(w);
                return sweep(db, w, new ServerInfo(dialect.name(), version, server.facts(version)), client, extra);
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
        if (!ClientShare.of(cfg).leads()) return true; // client 0 checks the whole data set once every client has loaded
        return !cfg.get(Keys.CHECK_AFTER_LOAD) || printCheck(checked(db, w)) == OK;
    }

    private Console.Style style(Workload w) {
        return w.reportStyle().equals("tpcc") ? Console.tpcc(TpccWorkload.warehouseCount(cfg))
                : Console.sysbench(cfg.get(Keys.PERCENTILE));
    }

    private RunResult sweep(Database db, Workload w, ServerInfo server, ClientInfo client, RunListener extra)
            throws IOException, InterruptedException, SQLException {
        ZonedDateTime started = ZonedDateTime.now();
        Path dir = resultDir(started);
        ResultWriter writer = new ResultWriter(dir);
        Console console = new Console(out, cfg.get(Keys.PERCENTILE), cfg.get(Keys.REPORT_INTERVAL_SECS),
                cfg.get(Keys.WARMUP_SECS), style(w), cfg.get(Keys.CLIENT_COUNT) > 1);
        RunListener listeners = RunListener.all(List.of(console, writer, new IntervalLog(dir), new ReportFiles(dir, out), extra));
        RunResult empty = new RunResult(RunResult.SCHEMA_VERSION, Version.get(), w.name(), w.reportStyle(), cfg.publicView(),
                server, client, started.toInstant().toString(), null, cfg.get(Keys.REPEAT_PICK), cfg.get(Keys.PERCENTILE),
                List.of());
        Sweep.AfterRepeat after = cfg.get(Keys.CHECK_AFTER_RUN) ? r -> {
            boolean ok = printCheck(checked(db, w)) == OK;
            checkFailed |= !ok;
            return ok;
        } : Sweep.AfterRepeat.NONE;
        try {
            Sweep sweep = new Sweep(cfg, db, w, listeners, stop, after, at -> StartGate.at(at, out));
            RunResult r = sweep.run(empty);
            return r;
        } catch (LevelRunner.SetupException e) {
            throw new ConfigException("the workers could not start: " + SetupHints.describe(e.getCause(), dialect), e.getCause());
        } finally {
            if (writer.file() != null) {
                out.println();
                out.println("results: " + writer.file().toAbsolutePath());
            }
        }
    }

    /**
     * resultDirectory with %t conversions filled from the start time (BenchmarkSQL's convention), ${db},
     * ${workload} and ${clientIndex}; with several clients and no ${clientIndex}, "-client<i>" is appended.
     */
    Path resultDir(ZonedDateTime started) {
        String pattern = cfg.get(Keys.RESULT_DIRECTORY);
        if (cfg.get(Keys.CLIENT_COUNT) > 1 && !pattern.contains("${clientIndex}")) pattern += "-client${clientIndex}";
        String filled = pattern.replace("${db}", dialect.name()).replace("${workload}", workloadName())
                .replace("${clientIndex}", String.valueOf(cfg.get(Keys.CLIENT_INDEX)));
        try {
            return Path.of(String.format(Locale.ROOT, filled.replace("%t", "%1$t"), started));
        } catch (IllegalFormatException e) {
            throw new ConfigException("bad value for resultDirectory: '" + pattern + "'; allowed: a path whose only "
                    + "% conversions are %tY, %tm, %td, %tH, %tM, %tS and the like");
        }
    }

    /** The workload as a file-name part: a preset's name, or a preset file's name without its extension. */
    private String workloadName() {
        String w = Path.of(cfg.get(Keys.WORKLOAD)).getFileName().toString();
        int dot = w.lastIndexOf('.');
        return dot > 0 ? w.substring(0, dot) : w;
    }

    /** The workload's checks, with a progress line while they run (TPC-C's take seconds to minutes). */
    private CheckReport checked(Database db, Workload w) throws SQLException {
        return Progress.during(out, "checking " + w.name(), () -> w.check(db));
    }

    private int printCheck(CheckReport report) {
        for (CheckReport.Line l : report.lines()) {
            out.printf("%-4s %s: %s%n", l.passed() ? "ok" : "FAIL", l.name(), l.detail());
        }
        out.println(report.passed() ? "check passed" : "check FAILED");
        return report.passed() ? OK : FAILED;
    }
}
