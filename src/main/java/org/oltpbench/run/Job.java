package org.oltpbench.run;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.Locale;
import org.oltpbench.config.ConfigException;
import org.oltpbench.config.MonitorParams;
import org.oltpbench.report.live.LiveMetrics;
import org.oltpbench.measure.resources.ResourceSampler;
import org.oltpbench.config.RunParams;
import org.oltpbench.result.run.Terms;
import org.oltpbench.result.workload.WorkloadInfo;
import org.oltpbench.db.Database;
import org.oltpbench.db.load.LoadStopped;
import org.oltpbench.dialect.Dialect;
import org.oltpbench.dialect.Dialects;
import org.oltpbench.dialect.JdbcDriver;
import org.oltpbench.dialect.Protocol;
import org.oltpbench.dialect.ServerIdentity;
import org.oltpbench.config.Target;
import org.oltpbench.driver.LevelRunner;
import org.oltpbench.driver.StartGate;
import org.oltpbench.driver.StopSignal;
import org.oltpbench.driver.RunListener;
import org.oltpbench.driver.Sweep;
import org.oltpbench.report.Console;
import org.oltpbench.report.ResultWriter;
import org.oltpbench.report.files.IntervalLog;
import org.oltpbench.report.files.JournalWriter;
import org.oltpbench.report.files.ReportFiles;
import org.oltpbench.result.run.ClientInfo;
import org.oltpbench.result.run.RunResult;
import org.oltpbench.result.run.ServerInfo;
import org.oltpbench.util.Progress;
import org.oltpbench.workload.CheckReport;
import org.oltpbench.workload.Workload;
import org.oltpbench.workload.Workloads;

/** The verbs, as methods that return exit codes: 0 done, 1 ran but failed, 2 bad input (thrown as ConfigException). */
public final class Job {
    public static final int OK = 0, FAILED = 1, BAD_INPUT = 2, SERVER_FAILED = 3, INTERRUPTED = 130;

    private final RunParams params;
    private final PrintStream out;
    private final StopSignal stop;
    private final Dialect dialect;
    private boolean checkFailed;

    /** A job on {@code params}; with db=auto (or pgsql) the engine is read from the server here, on one connection. */
    public Job(RunParams params, PrintStream out, StopSignal stop) {
        this.params = detected(params);
        this.out = out;
        this.stop = stop;
        this.dialect = Dialects.forName(this.params.target().db());
    }

    /**
     * {@code params} with the engine their server says it is, when db asks for it to be read (db=auto, pgsql);
     * otherwise as they are. A failed connect is the one line every failed connect gets.
     */
    private static RunParams detected(RunParams params) {
        Protocol protocol = Protocol.toDetect(params.target());
        if (protocol == null) return params;
        return params.withEngine(Dialects.engineOf(Database.identify(params.target(), protocol), protocol).name());
    }

    /**
     * The target, opened; refused in one line when db= names another engine than the server is. The server is asked
     * before the dialect's own session settings reach it (OceanBase's ob_ variables, which another engine refuses);
     * the embedded server, which only oltpbench can reach, after it starts.
     */
    private Database open() {
        return open(false);
    }

    /** As {@link #open()}, and with {@code createDatabase} (prepare) the database created when absent. */
    private Database open(boolean createDatabase) {
        Target t = params.target();
        if (!t.detected() && !t.embedded()) refuseOtherEngine(Database.identify(t, dialect.protocol()), address(t));
        Database db = Database.open(t, dialect, createDatabase);
        if (t.embedded()) {
            try {
                refuseOtherEngine(java.util.Map.of(db.url(), db.identity()), org.oltpbench.dialect.JdbcDriver.redact(db.url()));
            } catch (ConfigException e) {
                db.close();
                throw e;
            }
        }
        String substitution = JdbcDriver.substitution(t.conn(), t.driver());
        if (!substitution.isEmpty()) out.println(substitution);
        return db;
    }

    /** Where {@code t} connects, for messages: its URL without a password, or its host list and port. */
    private static String address(Target t) {
        return t.conn() != null ? org.oltpbench.dialect.JdbcDriver.redact(t.conn()) : t.hosts() + (t.port() > 0 ? ":" + t.port() : "");
    }

    /**
     * One line with the fix when the {@code servers} behind the front ends, at {@code where}, are not the engine db=
     * names (or are not one engine).
     */
    private void refuseOtherEngine(java.util.Map<String, ServerIdentity> servers, String where) {
        Dialect found = Dialects.engineOf(servers, dialect.protocol());
        ServerIdentity server = servers.values().iterator().next();
        if (found.name().equals(dialect.name())) return;
        throw new ConfigException("db=" + dialect.name() + ", but the server at " + where + " is " + found.name() + " ("
                + server.version() + "): set db=" + found.name() + ", or leave db out to read the engine from the server");
    }

    /** The workload, built before the server is opened: its refusals cost no server start (embedded=true). */
    private Workload workload() {
        return Workloads.create(params.workload(), params.load(), dialect, out);
    }

    public int prepare() throws SQLException {
        Workload w = workload();
        try (Database db = open(true)) {
            return load(db, w);
        }
    }

    public int check() throws SQLException {
        Workload w = workload();
        try (Database db = open()) {
            return printCheck(checked(db, w));
        }
    }

    /**
     * The acid verb (issue 61): TPC-C's clause 3 on this job's loaded TPC-C database, its table per level printed and
     * acid.json written to the result directory. FAILED when atomicity or consistency did not hold; the isolation
     * tests' findings are the engine's and leave the exit code alone.
     */
    public int acid(org.oltpbench.config.AcidParams acid) throws SQLException, IOException {
        org.oltpbench.acid.AcidRun.Report r = acidReport(acid);
        return r != null && r.sound() ? OK : FAILED;
    }

    /** As {@link #acid}, the report itself (the Java API's); null when the data set the embedded server loaded failed its checks. */
    public org.oltpbench.acid.AcidRun.Report acidReport(org.oltpbench.config.AcidParams acid) throws SQLException, IOException {
        org.oltpbench.config.TpccParams t = tpcc("acid runs TPC-C's clause 3 on a TPC-C data set");
        Workload w = workload();
        boolean embedded = params.target().embedded(); // a server of its own each command: it is loaded here first
        try (Database db = open(embedded)) {
            if (!w.isPrepared(db)) {
                if (!embedded) throw new ConfigException(w.unprepared(db));
                if (load(db, w) != OK) return null;
            }
            long seed = t.randSeed() != 0 ? t.randSeed() : System.nanoTime();
            org.oltpbench.acid.AcidRun.Report r = org.oltpbench.acid.AcidRun.run(db, w,
                    org.oltpbench.workload.tpcc.TpccTables.of(t.schema()), acid, seed, out);
            java.nio.file.Path dir = java.nio.file.Path.of(params.output().resultDirectory());
            out.println("acid.json: " + org.oltpbench.acid.AcidRun.write(r, dir));
            if (java.nio.file.Files.isRegularFile(dir.resolve("result.json"))) { // a run's directory: its report gains the section
                org.oltpbench.report.files.ReportFiles.write(dir, org.oltpbench.OltpBench.read(dir), out);
            }
            return r;
        }
    }

    /**
     * conform's side: this job's loaded TPC-C database (the caller closes it), its workload as the job sends it, its
     * layout and its reload (cleanup, then prepare); refused in one line when the job is not TPC-C or its data set is
     * not loaded.
     */
    public org.oltpbench.conform.Conform.Side conformSide(String label) throws SQLException {
        org.oltpbench.config.TpccParams t = tpcc("conform replays TPC-C's transactions");
        Workload w = workload();
        Database db = open();
        try {
            if (!w.isPrepared(db)) throw new ConfigException(label + ": " + w.unprepared(db));
            w.validate(db);
        } catch (SQLException | RuntimeException e) {
            db.close();
            throw e;
        }
        // loaded afresh as this job loads (its randSeed): conform's naming of the first differing transaction
        org.oltpbench.conform.Conform.Reload reload = () -> {
            w.cleanup(db);
            w.prepare(db, stop);
            w.validate(db);
        };
        return new org.oltpbench.conform.Conform.Side(label, db, w, org.oltpbench.workload.tpcc.TpccTables.of(t.schema()), reload);
    }

    /** This job's TPC-C keys; refused in one line ({@code what}, then the fix) for any other workload. */
    private org.oltpbench.config.TpccParams tpcc(String what) {
        if (params.workload() instanceof org.oltpbench.config.TpccParams t) return t;
        throw new ConfigException(what + "; this job is workload=" + workload().name() + ": set workload=tpcc");
    }

    public int cleanup() throws SQLException {
        Workload w = workload();
        try (Database db = open()) {
            w.cleanup(db);
            return OK;
        }
    }

    /** Runs the sweep; with {@code prepareIfAbsent} (the whole job) loads the data first when it is not there. */
    public int run(boolean prepareIfAbsent) throws SQLException, IOException, InterruptedException {
        return exitCode(runResult(prepareIfAbsent, RunListener.SILENT));
    }

    /**
     * The whole run as a result, with {@code extra} told every event besides the console and the result writer;
     * null when prepare's checks failed.
     */
    public RunResult runResult(boolean prepareIfAbsent, RunListener extra) throws SQLException, IOException, InterruptedException {
        try (Armed a = arm(prepareIfAbsent, extra)) {
            if (a == null) return null;
            a.begin();
            while (a.hasNext()) a.step();
            return a.end();
        }
    }

    /**
     * Several jobs run in turn, level by level and repeat by repeat (A B A B ...), after each one's data is prepared
     * up front: paired repeats see the same drift of a shared machine. Returns each job's run, in order; null when a
     * job's prepare checks failed.
     *
     * @param labels one name per job, printed before each of its repeats
     */
    public static List<RunResult> interleaved(List<Job> jobs, List<String> labels, boolean prepareIfAbsent)
            throws SQLException, IOException, InterruptedException {
        List<Armed> armed = new java.util.ArrayList<>();
        try {
            for (Job j : jobs) {
                Armed a = j.arm(prepareIfAbsent, RunListener.SILENT);
                if (a == null) return null;
                armed.add(a);
            }
            for (Armed a : armed) a.begin();
            // each round runs the next repeat of the lowest pending level, in every job that has it: the jobs pair level
            // by level even where one has a level the others lack (CH's analytics-only level at 0 terminals)
            for (int level = nextLevel(armed); level >= 0; level = nextLevel(armed)) {
                for (int i = 0; i < armed.size(); i++) {
                    if (!armed.get(i).hasNext() || armed.get(i).sweep.nextLevel() != level) continue;
                    jobs.get(i).out.println("==== " + labels.get(i) + " ====");
                    armed.get(i).step();
                }
            }
            List<RunResult> runs = new java.util.ArrayList<>();
            for (Armed a : armed) runs.add(a.end());
            return runs;
        } finally {
            for (Armed a : armed) a.close();
        }
    }

    /** The lowest level any armed job runs next; -1 when none has a step left. */
    private static int nextLevel(List<Armed> armed) {
        int min = -1;
        for (Armed a : armed) if (a.hasNext() && (min < 0 || a.sweep.nextLevel() < min)) min = a.sweep.nextLevel();
        return min;
    }

    /** The exit code of a finished run: interrupted, failed (aborted or a check failed) or OK. */
    public int exitCode(RunResult r) {
        if (stop.raised()) return stop.exitCode();
        return r != null && r.completed() && !checkFailed ? OK : FAILED;
    }

    public RunParams params() {
        return params;
    }

    /** This job writing its results to {@code dir} instead. */
    public Job withResultDirectory(String dir) {
        return new Job(params.withResultDirectory(dir), out, stop);
    }

    /**
     * Opens the target, prepares the data when asked and absent, validates it, checks the server's limits, prints the
     * header and applies the tuning: a target ready to sweep. Null when prepare's checks failed.
     */
    private Armed arm(boolean prepareIfAbsent, RunListener extra) throws SQLException, IOException {
        Workload w = workload();
        Database db = open(prepareIfAbsent);
        Armed a;
        ClientInfo client;
        String version;
        try {
            if (params.sweep().sharesConnections() && !w.sharesConnections()) {
                throw new ConfigException("connections=" + params.sweep().levels().stream().mapToInt(l -> l.connections())
                        .max().orElse(0) + " is below the threads, but " + w.name() + " threads each hold a connection "
                        + "(as sysbench's do); only TPC-C terminals share them: remove connections or set it to 0");
            }
            if (!w.isPrepared(db)) {
                if (!prepareIfAbsent) throw new ConfigException(w.unprepared(db));
                if (load(db, w) != OK) {
                    db.close();
                    return null;
                }
            }
            w.validate(db);
            refuseReplica(db, w);
            ServerSide server = new ServerSide(params, db, out);
            server.checkLimits(w);
            version = db.serverVersion();
            client = ClientMachine.describe(db);
            out.printf("oltpbench %s: %s on %s%s %s (%s %s)%n", Version.get(), w.name(), dialect.name(),
                    params.target().detected() ? " (detected)" : "", version, client.driverName(), client.driverVersion());
            if (!w.disclaimer().isEmpty()) out.println(w.disclaimer());
            if (!server.protocolNote().isEmpty()) out.println(server.protocolNote());
            a = new Armed(db, w, server);
        } catch (RuntimeException | SQLException e) {
            db.close();
            throw e;
        }
        a.keepHeap();
        out.println();
        // from here the armed target owns the database: closing it restores the tuning, then closes the database
        try {
            if (params.target().tune()) a.server.tune(a.w);
            a.listen(new ServerInfo(dialect.name(), version, a.server.facts(version)), client, a.server.terms(client), extra);
        } catch (RuntimeException | SQLException | IOException e) {
            a.close();
            throw e;
        }
        return a;
    }

    /** A target ready to sweep, steppable so that several can take turns; closing restores tuning and the database. */
    private final class Armed implements AutoCloseable {
        private final Database db;
        private final Workload w;
        private final ServerSide server;
        private Sweep sweep;
        private ResultWriter writer;
        private RunResult empty;

        /** The heap kept tight for this job's sessions, set back when it is closed. */
        private ClientHeap heap = ClientHeap.NONE;

        Armed(Database db, Workload w, ServerSide server) {
            this.db = db;
            this.w = w;
            this.server = server;
        }

        /** From thousands of sessions, the client's heap kept near the drivers' live data, said in one line. */
        void keepHeap() {
            heap = ClientHeap.keep(params.sweep().maxSessions());
            if (!heap.line().isEmpty()) out.println(heap.line());
        }

        /** The console, the result files and {@code extra} listen to the sweep. */
        void listen(ServerInfo serverInfo, ClientInfo client, Terms terms, RunListener extra) throws IOException {
            Path dir = Path.of(params.output().resultDirectory());
            writer = new ResultWriter(dir);
            WorkloadInfo info = w.info();
            Console console = new Console(out, params.output().percentile(), params.sweep().reportIntervalSecs(),
                    params.sweep().intervalSecs(), params.sweep().warmupSecs(), Console.style(info, params.output().percentile(), params.output().peerSummary(),
                    org.oltpbench.report.PgbenchFormat.Run.of(params, !info.script().statements().isEmpty(), terms.protocol())),
                    !params.share().alone());
            // the files before the console (a line is on disk before the console shows it), the journal after the
            // result writer (a repeat's end line follows its entry in result.json), the charts after the console and
            // after the line that says where result.json is: it is on disk, and a script may read it while they draw
            RunListener resultsPath = new RunListener() {
                @Override
                public void runFinished(RunResult run) {
                    printResultsPath();
                }
            };
            List<RunListener> all = new java.util.ArrayList<>(List.of(writer, new JournalWriter(dir), new IntervalLog(dir),
                    console, resultsPath, new ReportFiles(dir, out), extra));
            int port = params.output().monitor().metricsPort();
            if (port > 0) {
                LiveMetrics live = LiveMetrics.serve(port);
                liveEndpoint = live;
                all.add(live);
                out.println("live metrics: http://localhost:" + live.port() + "/metrics");
            }
            RunListener listeners = new org.oltpbench.driver.WriterThread(RunListener.all(all));
            empty = RunResult.start(Version.get(), info, params.redacted(), serverInfo, client, terms,
                    ZonedDateTime.now().toInstant().toString()).withLoad(loaded);
            Sweep.AfterRepeat after = params.sweep().checkAfterRun() ? r -> {
                boolean ok = printCheck(checked(db, w)) == OK;
                checkFailed |= !ok;
                return ok;
            } : Sweep.AfterRepeat.NONE;
            sweep = new Sweep(params.sweep(), db, w, listeners, stop, after, at -> StartGate.at(at, out))
                    .resources(sampler()).waits(waits());
        }

        /** Whether the levels sample their sessions' waits: asked (waits=true) and the engine has a view read; else says why once. */
        private boolean waits() {
            var table = dialect.sessionWaits();
            if (!params.output().monitor().waits()) return false;
            if (!table.sampled()) out.println("waits: not sampled: " + table.note());
            return table.sampled();
        }

        /** The job's resource sources: a server on this host by its port, node_exporters, Prometheus. */
        private ResourceSampler sampler() {
            MonitorParams m = params.output().monitor();
            if (!m.notUsed().isEmpty()) out.println("not used here (read, not run): " + String.join("; ", m.notUsed()));
            String jobs = dialect.prometheusJobs();
            String sel = "{job=~\"" + jobs + "\"}";
            java.net.URI prometheus = m.prometheus();
            if (prometheus != null && m.prometheusCpu().isEmpty() && jobs.isEmpty()) {
                // mysqld and postgres export no CPU of their own: process_cpu_seconds_total is the exporters'
                out.println("resources: prometheus= has no default selector for " + dialect.name() + " (its server exports "
                        + "no CPU counter; process_cpu_seconds_total would be the exporters' own): set prometheusCpu= to "
                        + "the server's, e.g. namedprocess_namegroup_cpu_seconds_total{groupname=\"mysqld\"} "
                        + "(process-exporter) or container_cpu_usage_seconds_total{name=\"db\"} (cAdvisor); Prometheus is not asked");
                prometheus = null;
            }
            return ResourceSampler.of(db.frontEnds().addresses(dialect.defaultPort()), m.serverMetrics(), prometheus,
                    m.prometheusCpu().isEmpty() ? "process_cpu_seconds_total" + sel : m.prometheusCpu(),
                    m.prometheusMemory().isEmpty() ? (m.prometheusCpu().isEmpty() ? "process_resident_memory_bytes" + sel : "")
                            : m.prometheusMemory(), out::println);
        }

        void begin() {
            sweep.begin(empty);
        }

        boolean hasNext() {
            return sweep.hasNext();
        }

        void step() throws InterruptedException, SQLException {
            try {
                sweep.step();
            } catch (LevelRunner.SetupException e) {
                throw new ConfigException("the workers could not start: " + SetupHints.describe(e.getCause(), dialect), e.getCause());
            }
        }

        RunResult end() {
            RunResult r = sweep.end();
            printResultsPath();
            return r;
        }

        /** Where the results went, once, also when a step threw (what ran is on disk). */
        private void printResultsPath() {
            if (writer == null || writer.file() == null || printed) return;
            printed = true;
            out.println();
            out.println("results: " + writer.file().toAbsolutePath());
        }

        private boolean printed;
        /** The live endpoint (metricsPort), closed with the target; nothing to close without one. */
        private AutoCloseable liveEndpoint = () -> { };

        @Override
        public void close() {
            printResultsPath();
            try {
                server.restore();
            } finally {
                try {
                    liveEndpoint.close();
                } catch (Exception e) {
                    out.println("live metrics: " + e.getMessage());
                }
                db.close();
                heap.close();
            }
        }
    }

    /** What this job's prepare loaded, for result.json; NONE until it loads. */
    private org.oltpbench.result.run.LoadResult loaded = org.oltpbench.result.run.LoadResult.NONE;

    /**
     * prepare, then (checkAfterLoad) the workload's checks: OK, FAILED when a check failed (SERVER_FAILED when the
     * server failed while checking), or the stop's exit code when
     * a signal stopped the load (the checks then do not run, and one line says what was kept and how to resume).
     */
    private int load(Database db, Workload w) throws SQLException {
        long t0 = System.nanoTime();
        try {
            loaded = w.prepare(db, stop);
        } catch (LoadStopped e) {
            out.printf(Locale.ROOT, "prepare %s after %.1f s: %s%s%n", stop.reason(), (System.nanoTime() - t0) / 1e9,
                    e.kept().isEmpty() ? "" : e.kept() + "; ", e.resume());
            return stop.exitCode();
        }
        out.printf(Locale.ROOT, "prepare done in %.1f s%n", (System.nanoTime() - t0) / 1e9);
        if (stop.stopping()) {
            out.println("checks skipped: prepare " + stop.reason() + " (the data set is complete; the check verb runs them)");
            return stop.exitCode();
        }
        if (!params.share().leads()) return OK; // client 0 checks the whole data set once every client has loaded
        return params.load().checkAfterLoad() ? printCheck(checked(db, w)) : OK;
    }

    /** The workload's checks, with a progress line while they run (TPC-C's take seconds to minutes). */
    private CheckReport checked(Database db, Workload w) throws SQLException {
        return Progress.during(out, "checking " + w.name(), () -> w.check(db));
    }

    /**
     * Prints the check's lines and its outcome: OK, FAILED where the data is inconsistent, SERVER_FAILED where it is
     * not but the server failed while a condition was checked (that condition named; the data's consistency unknown).
     */
    private int printCheck(CheckReport report) {
        for (CheckReport.Line l : report.lines()) {
            String mark = switch (l.outcome()) {
                case PASSED -> "ok";
                case FAILED -> "FAIL";
                case SERVER_ERROR -> "ERROR";
            };
            out.printf("%-4s %s: %s%n", mark, l.name(), l.detail());
        }
        if (report.passed()) {
            out.println("check passed");
            return OK;
        }
        if (report.inconsistent()) {
            out.println("check FAILED");
            return FAILED;
        }
        out.println("check not finished: the server failed while checking "
                + String.join(", ", report.lines().stream().filter(l -> l.outcome() == CheckReport.Outcome.SERVER_ERROR)
                .map(CheckReport.Line::name).toList()) + "; the others passed (run check again)");
        return SERVER_FAILED;
    }

    /** A workload that writes, pointed at a replica or a standby, is refused in one line. */
    private static void refuseReplica(Database db, Workload w) throws java.sql.SQLException {
        if (w.readsOnly()) return;
        String why = db.readOnlyFrontEnd();
        if (why == null) return;
        throw new ConfigException(why + ", and " + w.name() + " writes: point host at the primary, or give a "
                + "replication URL (jdbc:mariadb:replication://primary,replica/db; pgjdbc's targetServerType) whose "
                + "read-only transactions its driver sends to the replicas");
    }
}
