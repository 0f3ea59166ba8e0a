package org.oltpbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.oltpbench.result.file.ResultFiles;
import org.oltpbench.result.level.LevelResult;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.repeat.counted.TxnMetrics;
import org.oltpbench.result.run.RunResult;

/**
 * Fixed jobs (the shared embedded MariaDB, a fresh database a job; fixed seed, one thread, a fixed event count) whose console lines, summary.csv and
 * counted figures must stay as committed under src/test/resources/golden: a refactoring that changes what is
 * printed or counted fails here. Times, rates and latencies vary from run to run and are masked; counts do not.
 * After an intended change, regenerate with {@code -Dgolden.update=true} and read the diff.
 */
class GoldenIT {
    private static final Path GOLDEN = Path.of("src/test/resources/golden");
    private static final Pattern DECIMAL = Pattern.compile("-?\\d+\\.\\d+");
    /**
     * Left out: progress lines (elapsed times and rates, shown only when a step is slow) and the warnings that depend
     * on how busy the machine was (client CPU above half the host, a window whose edges took long to read).
     */
    private static final Pattern PROGRESS = Pattern.compile(".*(rows/s|elapsed \\d+s|ETA ).*|warning: .*|! client cpu.*");
    /** A row of the load report: its row count stays, its send time and rate are as fast as the machine was. */
    private static final Pattern LOAD_ROW = Pattern.compile("(?m)^(\\s+\\S+\\s+[\\d,]+)\\s+\\d+\\.\\d+\\s+[\\d,]+$");
    /**
     * HammerDB's line (rates over the window's seconds; the server's global counters, which classes sharing the server
     * move) and the per-type bytes on the wire (the driver's framing): numbers as the run went. The round trips and
     * queries stay pinned, in {@link #figures}.
     */
    private static final Pattern SERVER_AND_WIRE = Pattern.compile(
            "(?m)^(System achieved .*|(NEW_ORDER|PAYMENT|ORDER_STATUS|DELIVERY|STOCK_LEVEL) +[\\d.]+ .*)$");
    /** The saturation mark of a table cell and the client_saturated column: as busy as the machine was. */
    private static final Pattern SATURATED = Pattern.compile(" !( \\|)|,(true|false)(,|$)");

    @TempDir
    Path dir;

    static String[] job(String name, Path sqlDir) throws Exception {
        List<String> a = SharedMariaDb.sets(SharedMariaDb.database(GoldenIT.class, name));
        a.addAll(List.of("--set", "randSeed=7", "--set", "time=0", "--set", "reportIntervalSecs=0", "--set", "threads=1"));
        switch (name) {
            case "sysbench" -> a.addAll(List.of("--set", "workload=oltp_read_write", "--set", "tables=2",
                    "--set", "tableSize=500", "--set", "events=100", "--set", "loadWorkers=1"));
            case "tpcc" -> a.addAll(List.of("--set", "warehouses=1", "--set", "events=200", "--set", "loadWorkers=1"));
            case "sql" -> a.addAll(List.of("--set", "workload=sql", "--set", "create=" + sqlDir.resolve("create.sql"),
                    "--set", "query=" + sqlDir.resolve("query.sql"), "--set", "tableSize=300", "--set", "events=150"));
            default -> throw new IllegalArgumentException(name);
        }
        return a.toArray(new String[0]);
    }

    @ParameterizedTest
    @ValueSource(strings = {"sysbench", "tpcc", "sql"})
    void outputStaysAsCommitted(String name) throws Exception {
        Files.writeString(dir.resolve("create.sql"), "CREATE TABLE t1 (id INT PRIMARY KEY, k INT NOT NULL, c VARCHAR(40));\n");
        Files.writeString(dir.resolve("query.sql"), "-- weight: 3\nSELECT c FROM t1 WHERE id = {int:1:300};\n"
                + "-- weight: 1\nUPDATE t1 SET k = k + 1 WHERE id = {int:1:300};\n");
        Path results = dir.resolve("r");
        Tools.Outcome o = Tools.cli(Tools.concat(job(name, dir), "--set", "resultDirectory=" + results));
        assertEquals(0, o.code(), o.out() + o.err());
        compare(name + ".console.txt", console(o.out(), results));
        compare(name + ".summary.csv", mask(Files.readString(results.resolve("summary.csv"))));
        compare(name + ".figures.txt", figures(ResultFiles.read(results)));
    }

    static String console(String out, Path results) {
        StringBuilder b = new StringBuilder();
        for (String line : out.split("\n")) {
            if (PROGRESS.matcher(line).matches()) continue;
            // the machine's resources, the sessions' waits and what limited it vary run to run (pids, MB, the verdict
            // under load): proven by BottleneckIT, ResourcesIT and the contract ITs' waits, left out here
            if (line.startsWith("[Resources] ") || line.startsWith("[Waits] ") || line.startsWith("[Bottleneck] ")) continue;
            line = line.replaceFirst("^(Peak: .*); limited by: [^(]*", "$1; limited by: VERDICT ");
            b.append(mask(line.replace(results.toAbsolutePath().toString(), "RESULTS"))).append('\n');
        }
        return b.toString();
    }

    /** Decimals become '#', and runs of blanks one blank, so a column that widens with a bigger number still matches. */
    static String mask(String text) {
        String masked = SATURATED.matcher(text).replaceAll(m -> m.group(1) != null ? "$1" : ",?$3");
        masked = LOAD_ROW.matcher(masked).replaceAll("$1 # rows/s");
        masked = SERVER_AND_WIRE.matcher(masked).replaceAll(m -> m.group().replaceAll("\\d+(,\\d{3})*", "#"));
        return DECIMAL.matcher(masked).replaceAll("#").replaceAll("[ \\t]+", " ");
    }

    /** What the run counted: the same on every run of a fixed single-threaded job. */
    static String figures(RunResult run) {
        StringBuilder b = new StringBuilder("workload " + run.workload().name() + "\n");
        for (LevelResult l : run.levels()) {
            for (RepeatResult r : l.repeats()) {
                var c = r.counts();
                b.append(String.format("threads %d repeat %d completed %s%n", l.threads(), r.repeat(), r.completed()));
                b.append(String.format("  transactions %d rollbacks %d reads %d writes %d other %d ignored %d errors %d "
                        + "retries %d reconnects %d%n", c.transactions(), c.rollbacks(), c.reads(), c.writes(), c.other(),
                        c.ignoredErrors(), c.errors(), c.retries(), c.reconnects()));
                for (TxnMetrics t : r.transactions()) {
                    b.append(String.format("  %s committed %d rollbacks %d retries %d errors %d histogram %d%n", t.name(),
                            t.committed(), t.rollbacks(), t.retries(), t.errors(), t.histogram().getTotalCount()));
                    if (c.tallies().containsKey(t.name() + ".roundTrips")) { // TPC-C, issue 46
                        b.append(String.format("    on the wire: round trips %d queries %d%n", c.tally(t.name() + ".roundTrips"),
                                c.tally(t.name() + ".queries")));
                    }
                }
                b.append(String.format("  server counter %s client %d%n", r.serverCount().counter(), r.serverCount().client()));
            }
        }
        return b.toString();
    }

    private static void compare(String file, String actual) throws IOException {
        Expected.matches(GOLDEN.resolve(file), actual, "golden.update", file + " differs from the committed golden output");
    }
}
