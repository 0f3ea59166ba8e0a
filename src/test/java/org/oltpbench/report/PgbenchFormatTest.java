package org.oltpbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.oltpbench.result.Fixtures;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.repeat.client.ClientCpu;
import org.oltpbench.result.repeat.counted.Counts;
import org.oltpbench.result.repeat.counted.IntervalResult;
import org.oltpbench.result.repeat.counted.Schedule;
import org.oltpbench.result.repeat.counted.TxnMetrics;
import org.oltpbench.result.repeat.counted.Window;
import org.oltpbench.result.repeat.server.ServerCount;
import org.oltpbench.result.repeat.usage.Usage;
import org.oltpbench.result.workload.Family;
import org.oltpbench.result.workload.WorkloadInfo;

/**
 * pgbench's console, compared with the real pgbench 15's output (src/test/resources/pgbench/capture.sh made the
 * reference files): line for line, each figure replaced by its shape (a run of digits by 9), so words, units,
 * punctuation, decimals and the per-statement columns must match. The figures themselves are worked out by hand.
 */
class PgbenchFormatTest {
    private static final long MS = 1_000_000L;
    private static final List<String> TPCB = List.of("\\set aid random(1, 100000 * :scale)", "\\set bid random(1, 1 * :scale)",
            "\\set tid random(1, 10 * :scale)", "\\set delta random(-5000, 5000)", "BEGIN;",
            "UPDATE pgbench_accounts SET abalance = abalance + :delta WHERE aid = :aid;",
            "SELECT abalance FROM pgbench_accounts WHERE aid = :aid;",
            "UPDATE pgbench_tellers SET tbalance = tbalance + :delta WHERE tid = :tid;",
            "UPDATE pgbench_branches SET bbalance = bbalance + :delta WHERE bid = :bid;",
            "INSERT INTO pgbench_history (tid, bid, aid, delta, mtime) VALUES (:tid, :bid, :aid, :delta, CURRENT_TIMESTAMP);",
            "END;");
    private static final WorkloadInfo.Script SCRIPT = new WorkloadInfo.Script("<builtin: TPC-B (sort of)>", "simple", 1, 1, TPCB);

    private static List<String> reference(String file) throws IOException {
        return Files.readAllLines(Path.of("src/test/resources/pgbench", file)).stream()
                .filter(l -> !l.startsWith("pgbench (") && !l.startsWith("starting vacuum")).toList();
    }

    private static List<String> shape(List<String> lines) {
        return lines.stream().map(l -> l.replaceAll("[0-9]+", "9")).toList();
    }

    /** A repeat of {@code counts} over {@code seconds}, its latencies {@code micros}, on 2 clients. */
    private static RepeatResult repeat(Counts counts, double seconds, long... micros) {
        String h = Fixtures.hist(micros);
        return new RepeatResult(1, 2, RepeatResult.COMPLETED, null, new RepeatResult.Measured(new Window("a", "b", seconds),
                counts, List.of(new TxnMetrics("tpcb", counts.transactions(), 0, 0, 0, h)), List.of()),
                new RepeatResult.PerThread(List.of(1L, 1L), List.of(1L, 1L)), new ClientCpu(1, 0.1, 2, 0.5),
                RepeatResult.ServerChecks.of(ServerCount.none("test", 0)), RepeatResult.Topology.NONE, Usage.NONE,
                org.oltpbench.result.repeat.analytics.Analytics.NONE);
    }

    /**
     * -c 2 -T 2 -P 1 -R 300 -L 2 -r: 450 processed, 144 skipped (144 / 594 = 24.242%), 208 late (208 / 450 = 46.222%),
     * latencies 1 and 2 ms (mean 1.500, stddev 0.500; exact in the histogram below 2,048 µs), lag 1.226 ms a transaction (551.7 ms summed) and at most
     * 75.761 ms, connected in 28.642 ms, tps 450 / 2 s = 225.000000; statement k (1..11) took (k x 0.1) ms on average.
     */
    @Test
    void aRateLimitedRunPrintsPgbenchsSummary() throws IOException {
        Map<String, Long> tallies = new LinkedHashMap<>();
        for (int k = 0; k < TPCB.size(); k++) {
            tallies.put(WorkloadInfo.Script.nanosTally(k), 450L * (k + 1) * 100_000L);
            tallies.put(WorkloadInfo.Script.countTally(k), 450L);
        }
        Counts c = new Counts(450, 0, 450, 1800, 1350, 0, 0, 0, 0, 450 * 3 * MS / 2, tallies, List.of(),
                new Schedule(144, 208, 551_700_000L, 75_761_000L));
        List<String> lines = PgbenchFormat.summary(repeat(c, 2.0, 1000, 2000), SCRIPT,
                new PgbenchFormat.Run(300, 2, true, 0, true), 2, 0.028642);
        List<String> ref = reference("rate-limit.txt").stream().filter(l -> !l.startsWith("progress:")).toList();
        assertEquals(shape(ref), shape(lines));
        assertTrue(lines.contains("number of transactions skipped: 144 (24.242%)"), lines.toString());
        assertTrue(lines.contains("number of transactions above the 2.0 ms latency limit: 208/450 (46.222%)"), lines.toString());
        assertTrue(lines.contains("latency average = 1.500 ms"), lines.toString());
        assertTrue(lines.contains("latency stddev = 0.500 ms"), lines.toString());
        assertTrue(lines.contains("rate limit schedule lag: avg 1.226 (max 75.761) ms"), lines.toString());
        assertTrue(lines.contains("initial connection time = 28.642 ms"), lines.toString());
        assertTrue(lines.contains("tps = 225.000000 (without initial connection time)"), lines.toString());
        assertEquals("         1.100           0  END;", lines.get(lines.size() - 1));
    }

    /**
     * -c 2 -t 50 -S -M prepared, no -P: pgbench prints only an average from the duration, 0.5 s x 2 clients / 100
     * transactions = 10.000 ms, and "100/100".
     */
    @Test
    void aRunOfTransactionsPerClientWithoutProgressPrintsTheDurationsAverage() throws IOException {
        Counts c = new Counts(100, 0, 100, 0, 0, 0, 0, 0, 0, 100 * MS);
        List<String> lines = PgbenchFormat.summary(repeat(c, 0.5, 1000),
                new WorkloadInfo.Script("<builtin: select only>", "prepared", 1, 1, List.of()),
                new PgbenchFormat.Run(0, 0, false, 50, false), 2, 0.006);
        assertEquals(shape(reference("per-client.txt")), shape(lines));
        assertTrue(lines.contains("latency average = 10.000 ms"), lines.toString());
        assertTrue(lines.contains("number of transactions actually processed: 100/100"), lines.toString());
    }

    /**
     * A 1-s interval ending at 1.0 s: 232 transactions of 1 and 2 ms (116 each: mean 1.500, stddev 0.500), lag 174
     * ms summed (0.750 ms each), 54 skipped: the reference's progress lines, shape for shape.
     */
    @Test
    void theProgressLineIsPgbenchs() throws IOException {
        org.HdrHistogram.Histogram h = org.oltpbench.result.repeat.counted.Histograms.empty();
        h.recordValueWithCount(1000, 116);
        h.recordValueWithCount(2000, 116);
        IntervalResult i = new IntervalResult(1.0, 1.0, 2, 232, 0, 0, 0, 0, 0, false, 0.1,
                org.oltpbench.result.repeat.counted.Histograms.encode(h), 0, List.of(), null, null, new Schedule(54, 0, 174 * MS, 0));
        String line = PgbenchFormat.progress(i, true, true);
        assertEquals("progress: 1.0 s, 232.0 tps, lat 1.500 ms stddev 0.500, 0 failed, lag 0.750 ms, 54 skipped", line);
        String ref = reference("rate-limit.txt").get(0);
        assertEquals(ref.replaceAll("[0-9]+", "9"), line.replaceAll("[0-9]+", "9"));
    }

    /** The PGBENCH family's console prints pgbench's progress line; a sysbench line with a limit ends with late/skipped. */
    @Test
    void theFamilyChoosesTheStyle() {
        WorkloadInfo info = new WorkloadInfo("tpcb-like", Family.PGBENCH, List.of(), WorkloadInfo.Scale.tables(4, 100_000),
                List.of(), SCRIPT);
        IntervalResult i = new IntervalResult(5.0, 5.0, 2, 10, 0, 0, 0, 0, 0, false, 0.1, Fixtures.hist(1000), 0, List.of(),
                null, null, new Schedule(3, 4, 0, 0));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        Console.style(info, 95, null, new PgbenchFormat.Run(0, 0, true, 0, false)).live(out, i, List.of());
        assertTrue(bytes.toString(StandardCharsets.UTF_8).startsWith("progress: 5.0 s, 2.0 tps, lat 1.000 ms stddev 0.000, 0 failed\n"),
                bytes.toString(StandardCharsets.UTF_8));
        bytes.reset();
        WorkloadInfo sb = new WorkloadInfo("oltp_read_write", Family.SYSBENCH, List.of(), WorkloadInfo.Scale.tables(1, 10));
        Console.style(sb, 95, null, new PgbenchFormat.Run(100, 5, true, 0, false)).live(out, i, List.of());
        assertTrue(bytes.toString(StandardCharsets.UTF_8).lines().findFirst().orElseThrow().endsWith(" late/skipped: 4/3"),
                bytes.toString(StandardCharsets.UTF_8));
    }

    /**
     * Through the console: the terminals connected in 12.5 ms, a repeat of 450 transactions in 2 s ends: pgbench's
     * block with "initial connection time = 12.500 ms". Under sysbench's style with a 2 ms limit: 208 of 450 late
     * (46.222%), 144 skipped of 594 (24.242%).
     */
    @Test
    void theConsolePrintsTheConnectionTimeAndTheLimitsFigures() {
        Counts c = new Counts(450, 0, 450, 0, 0, 0, 0, 0, 0, 450 * MS, Map.of(), List.of(), new Schedule(144, 208, 0, 0));
        RepeatResult r = repeat(c, 2.0, 1000);
        WorkloadInfo info = new WorkloadInfo("tpcb-like", Family.PGBENCH, List.of(), WorkloadInfo.Scale.tables(4, 100_000),
                List.of(), SCRIPT);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        Console console = new Console(out, 95, 0, 1, 0, Console.style(info, 95, null, new PgbenchFormat.Run(0, 0, true, 0, false)), false);
        console.connected(0.0125);
        console.repeatFinished(Fixtures.run(List.of(new org.oltpbench.result.level.LevelResult(2, Map.of(), 0, List.of(r)))), r);
        String text = bytes.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("\ninitial connection time = 12.500 ms\ntps = 225.000000 (without initial connection time)\n"), text);
        assertEquals("[Latency limit] 208 of 450 transactions above 2.0 ms (46.222%); 144 arrivals skipped (24.242%)",
                SysbenchFormat.limitSummary(r, 2));
    }

    /**
     * pgbench's line prints no sysbench header: a single level starts with its progress lines; a later level or
     * repeat, or a warm-up, gets one line saying what pgbench would not show.
     */
    @Test
    void thePgbenchConsoleHasNoSysbenchHeaderAndSaysOnlyWhatPgbenchWouldNot() {
        WorkloadInfo info = new WorkloadInfo("tpcb-like", Family.PGBENCH, List.of(), WorkloadInfo.Scale.tables(4, 100_000),
                List.of(), SCRIPT);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        Console console = new Console(out, 95, 5, 1, 0, Console.style(info, 95, null, new PgbenchFormat.Run(0, 0, true, 0, false)), false);
        console.repeatStarted(4, 1, 1);
        assertEquals("", bytes.toString(StandardCharsets.UTF_8), "one level: pgbench's lines alone");
        console.repeatStarted(8, 1, 1);
        assertEquals("\nlevel: 8 clients\n", bytes.toString(StandardCharsets.UTF_8));
        bytes.reset();
        Console warm = new Console(out, 95, 5, 1, 3, Console.style(info, 95, null, new PgbenchFormat.Run(0, 0, true, 0, false)), false);
        warm.repeatStarted(4, 1, 2);
        assertEquals("level: 4 clients (run 1 of 2), warm-up 3 s (not measured)\n", bytes.toString(StandardCharsets.UTF_8));
        bytes.reset();
        Console sysbench = new Console(out, 95, 5, 1, 0, Console.sysbench(95), false);
        sysbench.repeatStarted(4, 1, 1);
        assertTrue(bytes.toString(StandardCharsets.UTF_8).startsWith("Running the test with following options:\n"));
    }

    /** "query mode" is the protocol the sessions ran (the terms'), whatever -M was given or not. */
    @Test
    void theQueryModeLineIsTheProtocolTheSessionsRan() {
        Counts c = new Counts(450, 0, 450, 0, 0, 0, 0, 0, 0, 450 * MS, Map.of(), List.of(), new Schedule(0, 0, 0, 0));
        RepeatResult r = repeat(c, 2.0, 1000);
        for (var p : org.oltpbench.result.run.Terms.Protocol.values()) {
            List<String> lines = PgbenchFormat.summary(r, SCRIPT, new PgbenchFormat.Run(0, 0, true, 0, false, p.pgbenchMode()), 2, 0.01);
            assertTrue(lines.contains("query mode: " + p.pgbenchMode()), lines.toString());
        }
        assertEquals(List.of("prepared", "simple", "extended"), java.util.Arrays.stream(org.oltpbench.result.run.Terms.Protocol.values())
                .map(org.oltpbench.result.run.Terms.Protocol::pgbenchMode).toList());
    }

    /** "number of threads" is what ran the clients: one each, whatever -j shared among them in pgbench. */
    @Test
    void theThreadsLineSaysEveryClientRanOnItsOwnThread() {
        assertEquals("number of threads: 4", PgbenchFormat.threads(4));
        assertEquals("number of threads: 1", PgbenchFormat.threads(0));
    }
}
