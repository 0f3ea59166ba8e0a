package org.oltpbench;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.oltpbench.run.Job;
import org.oltpbench.config.RunParams;
import java.time.ZonedDateTime;
import org.oltpbench.config.Config;
import org.oltpbench.config.ConfigLoader;
import org.oltpbench.driver.RunListener;
import org.oltpbench.driver.StopSignal;
import org.oltpbench.result.run.RunResult;

/**
 * The Java API: run a benchmark from a test or a program and get its {@link RunResult}. Nothing is printed unless
 * {@link #output} says where, and nothing calls System.exit.
 *
 * <pre>{@code
 * RunResult r = OltpBench.fromMap(Map.of("embedded", "true", "workload", "oltp_point_select",
 *         "threads", "1,4", "time", "5")).run();
 * Baseline.of(Path.of("src/test/resources/baseline")).tpsAtLeast(0.9).check(r);
 * }</pre>
 *
 * Keys are the props file's keys (README, "Keys"); later {@link #set} calls win over earlier ones and over the file.
 * {@code OLTPBENCH_PASSWORD} in the environment supplies the password as on the command line.
 */
public final class OltpBench {
    private final Path props;
    private final List<String> sets = new ArrayList<>();
    private PrintStream out = new PrintStream(OutputStream.nullOutputStream());
    private RunListener listener = RunListener.SILENT;

    private OltpBench(Path props) {
        this.props = props;
    }

    /** A job described by a props file (BenchmarkSQL keys and sysbench option names). */
    public static OltpBench fromProps(Path file) {
        return new OltpBench(file);
    }

    /** A job described by keys and values, as a props file would give them. */
    public static OltpBench fromMap(Map<String, String> keys) {
        OltpBench b = new OltpBench(null);
        keys.forEach(b::set);
        return b;
    }

    /** Sets one key, as {@code --set key=value} does. */
    public OltpBench set(String key, String value) {
        sets.add(key + "=" + value);
        return this;
    }

    /** Where the console output goes (sysbench and BenchmarkSQL lines); by default nowhere. */
    public OltpBench output(PrintStream out) {
        this.out = out;
        return this;
    }

    /** Told every event of the run (intervals as they come, each repeat as it ends). */
    public OltpBench listener(RunListener listener) {
        this.listener = listener;
        return this;
    }

    /** The keys' values, defaults filled in; a bad key or value throws {@link org.oltpbench.config.ConfigException}. */
    public Config config() {
        return ConfigLoader.load(props, sets, System.getenv());
    }

    /**
     * The job's parameters, resolved and checked across keys as a run resolves them; with db=auto the engine (and
     * ${db} in the result directory) is read from the server when the job runs.
     */
    public RunParams params() {
        return RunParams.of(config(), ZonedDateTime.now());
    }

    /**
     * Prepares the data when it is absent, runs every level and returns what was measured; result.json is written
     * to resultDirectory as on the command line.
     *
     * @throws org.oltpbench.config.ConfigException bad input, an unreachable server, missing privileges (one line)
     * @throws OltpBenchException the run could not complete: prepare's checks failed, a database error, an interrupt
     */
    public RunResult run() {
        try {
            RunResult r = new Job(params(), out, new StopSignal()).runResult(true, listener);
            if (r == null) throw new OltpBenchException("the data set failed its checks after prepare; see the output");
            return r;
        } catch (SQLException | IOException e) {
            throw new OltpBenchException(e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new OltpBenchException("interrupted", e);
        }
    }

    /**
     * TPC-C's ACID tests (clause 3) on the job's TPC-C data set (the embedded server's loaded first), as the acid verb
     * runs them: acid.json is written to resultDirectory, and the report returned ({@code sound()}: atomicity and
     * consistency held; each isolation test's outcome per level).
     *
     * @throws org.oltpbench.config.ConfigException bad input, a data set that is not loaded or not TPC-C's (one line)
     * @throws OltpBenchException a database error, or the embedded server's load failed its checks
     */
    public org.oltpbench.acid.AcidRun.Report acid() {
        try {
            var r = new Job(params(), out, new StopSignal()).acidReport(org.oltpbench.config.AcidParams.of(config()));
            if (r == null) throw new OltpBenchException("the data set failed its checks after prepare; see the output");
            return r;
        } catch (SQLException | IOException e) {
            throw new OltpBenchException(e.getMessage(), e);
        }
    }

    /** Reads a result.json, or the one in a result directory (a search's answer replayed where the file holds none). */
    public static RunResult read(Path resultJsonOrDirectory) throws IOException {
        return org.oltpbench.driver.search.SearchReplay.read(resultJsonOrDirectory);
    }
}
