package org.oltpbench.run;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.Locale;
import org.oltpbench.config.ConfigException;
import org.oltpbench.config.RunParams;
import org.oltpbench.result.Terms;
import org.oltpbench.result.WorkloadInfo;
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
import org.oltpbench.util.Progress;
import org.oltpbench.workload.CheckReport;
import org.oltpbench.workload.Workload;
import org.oltpbench.workload.Workloads;

/** The verbs, as methods that return exit codes: 0 done, 1 ran but failed, 2 bad input (thrown as ConfigException). */
public final class Job {
    public static final int OK = 0, FAILED = 1, BAD_INPUT = 2, INTERRUPTED = 130;

    private final RunParams params;
    private final PrintStream out;
    private final StopSignal stop;
    private final Dialect dialect;
    private boolean checkFailed;

    public Job(RunParams params, PrintStream out, StopSignal stop) {
        this.params = params;
        this.out = out;
        this.stop = stop;
        this.dialect = Dialects.forName(params.target().db());
    }

    private Database open() {
        return Database.open(params.target(), dialect);
    }

    private Workload workload() {
        return Workloads.create(params.workload(), params.load(), dialect, out);
    }

    public int prepare() throws SQLException {
        try (Database db = open()) {
            return load(db, workload()) ? OK : FAILED;
        }
    }

    public int check() throws SQLException {
        try (Database db = open()) {
            return printCheck(checked(db, workload()));
        }
    }

    public int cleanup() throws SQLException {
        try (Database db = open()) {
            workload().cleanup(db);
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
        try (Database db = open()) {
            Workload w = workload();
            if (!w.isPrepared(db)) {
                if (!prepareIfAbsent) throw new ConfigException(w.unprepared(db));
                if (!load(db, w)) return null;
            }
            w.validate(db);
            ServerSide server = new ServerSide(params, db, out);
            server.checkLimits(w);
            String version = db.serverVersion();
            ClientInfo client = ClientMachine.describe(db);
            out.printf("oltpbench %s: %s on %s %s (%s %s)%n", Version.get(), w.name(), dialect.name(), version,
                    client.driverName(), client.driverVersion());
            if (!server.protocolNote().isEmpty()) out.println(server.protocolNote());
            out.println();
            try {
                if (params.target().tune()) server.tune(w);
                return sweep(db, w, new ServerInfo(dialect.name(), version, server.facts(version)), client, server.terms(client), extra);
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
        if (!params.share().leads()) return true; // client 0 checks the whole data set once every client has loaded
        return !params.load().checkAfterLoad() || printCheck(checked(db, w)) == OK;
    }


    private RunResult sweep(Database db, Workload w, ServerInfo server, ClientInfo client, Terms terms, RunListener extra)
            throws IOException, InterruptedException, SQLException {
        ZonedDateTime started = ZonedDateTime.now();
        Path dir = Path.of(params.output().resultDirectory());
        ResultWriter writer = new ResultWriter(dir);
        WorkloadInfo info = w.info();
        Console console = new Console(out, params.output().percentile(), params.sweep().reportIntervalSecs(),
                params.sweep().warmupSecs(), Console.style(info, params.output().percentile()), !params.share().alone());
        RunListener listeners = RunListener.all(List.of(console, writer, new IntervalLog(dir), new ReportFiles(dir, out), extra));
        RunResult empty = RunResult.start(Version.get(), info, params.redacted(), server, client, terms, started.toInstant().toString());
        Sweep.AfterRepeat after = params.sweep().checkAfterRun() ? r -> {
            boolean ok = printCheck(checked(db, w)) == OK;
            checkFailed |= !ok;
            return ok;
        } : Sweep.AfterRepeat.NONE;
        try {
            Sweep sweep = new Sweep(params.sweep(), db, w, listeners, stop, after, at -> StartGate.at(at, out));
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
