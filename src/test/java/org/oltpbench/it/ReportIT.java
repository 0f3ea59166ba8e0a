package org.oltpbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oltpbench.result.judge.Rebuilt;
import org.oltpbench.result.repeat.counted.IntervalResult;
import org.oltpbench.result.level.LevelResult;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.file.ResultFiles;
import org.oltpbench.result.run.RunResult;

/**
 * The result directory, report and compare on real runs of the embedded MariaDB; a killed run still reports. Every run
 * is on the shared embedded server, each test in a database of its own; the killed runs are the jar (SIGKILL).
 */
class ReportIT {
    @TempDir
    Path dir;

    /** A run of oltp_read_only at 1 and 2 threads, 2 s each, on {@code db} (loaded by the first run on it). */
    private Path run(Tools.Login db, String name, String... more) {
        List<String> a = SharedMariaDb.sets(db);
        a.addAll(List.of("--set", "workload=oltp_read_only", "--set", "tables=1", "--set", "table_size=2000", "--set",
                "threads=1,2", "--set", "time=2", "--set", "report-interval=1", "--set", "resultDirectory=" + dir.resolve(name)));
        for (String m : more) a.addAll(List.of("--set", m));
        Tools.Outcome o = Tools.cli(a.toArray(new String[0]));
        assertEquals(0, o.code(), o.out() + o.err());
        return dir.resolve(name);
    }

    private static String f(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }

    @Test
    void compareTablesCarryEachRunsNumbersAndTheirRatios() throws Exception {
        Tools.Login db = SharedMariaDb.database(ReportIT.class, "compare");
        Path a = run(db, "server-side"), b = run(db, "client-side", "dbPsMode=disable");
        for (String file : List.of("result.json", "summary.csv", "intervals.csv", "1.hlog", "2.hlog", "throughput.png",
                "latency.png", "level-1.png", "level-2.png", "report.html")) {
            assertTrue(Files.size(a.resolve(file)) > 0, file);
        }
        // the .hlog holds every interval's histogram, readable by HdrHistogram's own log reader
        for (int threads : List.of(1, 2)) {
            long logged = 0;
            org.HdrHistogram.HistogramLogReader reader = new org.HdrHistogram.HistogramLogReader(a.resolve(threads + ".hlog").toFile());
            while (reader.hasNext()) logged += ((org.HdrHistogram.Histogram) reader.nextIntervalHistogram()).getTotalCount();
            long intervals = ResultFiles.read(a).level(threads).kept().intervals().stream()
                    .mapToLong(org.oltpbench.result.repeat.counted.IntervalResult::transactions).sum();
            assertEquals(intervals, logged, threads + ".hlog");
        }
        Path out = dir.resolve("cmp");
        Tools.Outcome o = Tools.cli("compare", a.toString(), "--label", "ps=" + a, "--label", "text=" + b, "--out", out.toString());
        assertEquals(0, o.code(), o.out() + o.err());
        RunResult ra = ResultFiles.read(a), rb = ResultFiles.read(b);
        String md = Files.readString(out.resolve("compare.md"));
        // the terminal gets the verdict lines and aligned tables; compare.md the same in Markdown
        assertTrue(o.out().lines().anyMatch(l -> l.startsWith("  text / ps tps at 1 thread: ")), o.out());
        assertTrue(md.contains("### Verdict\n\n- text / ps tps at 1 thread: "), md);
        assertTrue(o.out().lines().noneMatch(l -> l.startsWith("| tps")), "no Markdown on the terminal: " + o.out());
        assertTrue(md.contains("### Differences between the runs\n\n- statement protocol: ps server-side prepared; text "
                + "client-side text\n"), md);
        assertTrue(md.contains("- target.psMode: ps auto; text disable\n"), md);
        for (int threads : List.of(1, 2)) {
            RepeatResult x = ra.level(threads).kept(), y = rb.level(threads).kept();
            assertTrue(md.contains("| threads " + threads + " | ps | text |"), md);
            assertTrue(md.contains("| tps ↑ | " + f(x.tps()) + " | " + f(y.tps()) + " |"), md);
            assertTrue(md.contains("| qps ↑ | " + f(x.qps()) + " | " + f(y.qps()) + " |"), md);
            assertTrue(md.contains("| avg(ms) ↓ | " + f(x.avgMs()) + " | " + f(y.avgMs()) + " |"), md);
            assertTrue(md.contains("| 95th percentile(ms) ↓ | " + f(x.percentileMs(95)) + " | " + f(y.percentileMs(95)) + " |"), md);
            // server-side against client-side statements: the ratios carry the unequal-terms mark
            assertTrue(md.contains("| tps / ps ↑ † | 1.00 | " + f(y.tps() / x.tps()) + " |"), md);
            assertTrue(md.contains("| qps / ps ↑ † | 1.00 | " + f(y.qps() / x.qps()) + " |"), md);
        }
        for (String file : List.of("compare.csv", "compare.html", "compare-throughput.png", "compare-tps.png", "compare-p95.png")) {
            assertTrue(Files.size(out.resolve(file)) > 0, file);
        }
        assertTrue(Files.readString(out.resolve("compare.html")).contains("data:image/png;base64,"));

        // a run of another scale is refused with the difference named, and allowed with --force
        Path c = dir.resolve("bigger");
        Files.createDirectories(c);
        Files.writeString(c.resolve("result.json"), Files.readString(a.resolve("result.json"))
                .replace("\"rowsPerTable\" : 2000", "\"rowsPerTable\" : 3000").replace("\"tableSize\" : 2000", "\"tableSize\" : 3000"));
        Tools.Outcome refused = Tools.cli("compare", a.toString(), c.toString(), "--out", dir.resolve("cmp2").toString());
        assertEquals(2, refused.code(), refused.out() + refused.err());
        assertEquals("oltpbench: the runs differ in scale: 1 table x 2000 rows in server-side and 1 table x 3000 rows in bigger; "
                + "compare runs of one workload and scale, or add --force\n", refused.err());
        assertEquals(0, Tools.cli("compare", a.toString(), c.toString(), "--force", "--out", dir.resolve("cmp3").toString()).code());
    }

    /** SIGKILL once the third level starts: two finished levels and their intervals are on disk, and report works. */
    @Test
    void aKilledRunStillReports() throws Exception {
        Process p = jar("killed", "threads=1,2,4", "time=3");
        StringBuilder log = new StringBuilder();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                log.append(line).append('\n');
                if (line.equals("Number of threads: 4")) {
                    p.destroyForcibly(); // SIGKILL: nothing runs after it, no shutdown hook
                    break;
                }
            }
        }
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        assertEquals(137, p.exitValue(), log.toString());
        Path killed = dir.resolve("killed");
        RunResult run = ResultFiles.read(killed);
        assertNull(run.endedAt(), "the run never ended");
        assertEquals(List.of(1, 2), run.levels().stream().map(LevelResult::threads).toList());
        List<String> intervals = Files.readAllLines(killed.resolve("intervals.csv"));
        assertTrue(intervals.stream().filter(l -> l.startsWith("2,1,")).count() >= 3, "every interval of level 2: " + intervals);
        Tools.Outcome o = Tools.cli("report", killed.toString());
        assertEquals(0, o.code(), o.out() + o.err());
        String html = Files.readString(killed.resolve("report.html"));
        assertTrue(html.contains("did not end"), "the page says the run was cut off");
        assertTrue(html.contains("<td>" + f(run.level(2).kept().tps()) + "</td>"), html);
        assertTrue(Files.exists(killed.resolve("level-2.png")) && Files.exists(killed.resolve("throughput.png")));
        assertTrue(Files.readAllLines(killed.resolve("summary.csv")).size() == 3);
    }

    /**
     * Issue 30: SIGKILL at 80% of a level (the 4th of 5 one-second intervals reported). The journal holds every
     * interval reported; {@code report DIR} rebuilds the killed repeat from it, and the rebuilt repeat in result.json
     * equals the journal figure by figure: every interval, the window (their seconds), each count summed, each type's
     * counts and latency histogram added.
     */
    /**
     * Issue 35 §1.9: a TPC-C repeat rebuilt from its journal carries the live repeat's errors: the journal of a completed
     * run, read as if the run had been killed after its last interval, rebuilds counts, errors by code and retries
     * equal to the live ones (failures the ignore list restarted are ignored errors, never errors). Serializable
     * isolation on one warehouse makes deadlocks: retried, and restarted once retries ran out.
     */
    @Test
    void aRebuiltTpccRepeatHasTheLiveRepeatsErrors() throws Exception {
        Path out = dir.resolve("tpcc");
        List<String> a = SharedMariaDb.sets(SharedMariaDb.database(ReportIT.class, "tpcc"));
        a.addAll(List.of("--set", "workload=tpcc", "--set", "warehouses=1", "--set", "loadWorkers=2", "--set", "terminals=8",
                "--set", "time=5", "--set", "keyingTimeMultiplier=0", "--set", "thinkTimeMultiplier=0", "--set", "report-interval=1", "--set",
                "isolation=serializable", "--set", "ignoreErrors=1213,1205", "--set", "resultDirectory=" + out));
        Tools.Outcome o = Tools.cli(a.toArray(new String[0]));
        assertEquals(0, o.code(), o.out() + o.err());
        RunResult run = ResultFiles.read(out);
        RepeatResult live = run.levels().get(0).kept();
        org.oltpbench.result.file.Journal.Entry e = org.oltpbench.result.file.Journal.read(out).get(0);
        RepeatResult rebuilt = org.oltpbench.result.file.Journal.repeat(e, run.workload().typeNames(), 2, Rebuilt::judged);
        System.out.printf("tpcc live: %d transactions, %d ignored, %d retries, %d errors, codes %s%n", live.counts().transactions(),
                live.counts().ignoredErrors(), live.counts().retries(), live.counts().errors(), live.counts().errorCodes());
        assertEquals(live.counts().transactions(), rebuilt.counts().transactions());
        assertEquals(live.counts().errors(), rebuilt.counts().errors());
        assertEquals(live.counts().ignoredErrors(), rebuilt.counts().ignoredErrors());
        assertEquals(live.counts().retries(), rebuilt.counts().retries());
        assertEquals(new java.util.HashSet<>(live.counts().errorCodes()), new java.util.HashSet<>(rebuilt.counts().errorCodes()));
        assertEquals(live.counts().ignoredErrors() + live.counts().retries(),
                rebuilt.counts().errorCodes().stream().mapToLong(org.oltpbench.result.repeat.counted.ErrorCount::count).sum());
    }

    @Test
    void aRepeatKilledAt80PercentIsRebuiltFromTheJournal() throws Exception {
        Path out = dir.resolve("killed80");
        Process p = jar("killed80", "threads=2", "time=5");
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                if (line.startsWith("[ 4s ]")) {
                    p.destroyForcibly();
                    break;
                }
            }
        }
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        assertEquals(137, p.exitValue());
        assertTrue(ResultFiles.read(out).levels().isEmpty(), "result.json had no level when the repeat was killed");

        Tools.Outcome o = Tools.cli("report", out.toString());
        assertEquals(0, o.code(), o.out() + o.err());
        assertTrue(o.out().contains("rebuilt from the journal: 2 threads, repeat 1, "), o.out());
        org.oltpbench.result.file.Journal.Entry e = org.oltpbench.result.file.Journal.read(out).get(0);
        assertTrue(e.intervals().size() >= 4, "every reported interval is in the journal: " + e.intervals().size());
        RepeatResult r = ResultFiles.read(out).levels().get(0).kept();
        assertEquals(RepeatResult.Status.ABORTED, r.status());
        assertEquals(e.intervals(), r.intervals());
        assertEquals(e.intervals().stream().mapToDouble(IntervalResult::seconds).sum(), r.window().seconds(), 1e-9);
        long txns = 0, reads = 0, writes = 0, other = 0, latency = 0;
        org.HdrHistogram.Histogram all = org.oltpbench.result.repeat.counted.Histograms.empty();
        for (int k = 0; k < e.intervals().size(); k++) {
            IntervalResult i = e.intervals().get(k);
            var c = e.details().get(k).counts();
            assertEquals(i.transactions(), c.transactions(), "the detail's counters are the interval's");
            txns += c.transactions();
            reads += c.reads();
            writes += c.writes();
            other += c.other();
            latency += c.latencySumNanos();
            all.add(e.details().get(k).types().get(0).histogram());
        }
        assertTrue(txns > 0);
        assertEquals(txns, r.counts().transactions());
        assertEquals(reads, r.counts().reads());
        assertEquals(writes, r.counts().writes());
        assertEquals(other, r.counts().other());
        assertEquals(latency, r.counts().latencySumNanos());
        assertEquals(all, r.histogram(), "the window's histogram is the intervals' added");
        assertEquals(r.histogram().getTotalCount(), txns);
        String html = Files.readString(out.resolve("report.html"));
        assertTrue(html.contains("killed: rebuilt from the journal"), "the page says what the repeat is");
    }

    /**
     * The jar on the shared server, 1 table of 2,000 rows in database {@code name}, one-second intervals, results in
     * {@code name}; its output read by the caller, who kills it.
     */
    private Process jar(String name, String... sets) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"), "-jar",
                Path.of("target/oltpbench.jar").toString()));
        List<String> all = SharedMariaDb.settings(SharedMariaDb.database(ReportIT.class, name));
        all.addAll(List.of("tables=1", "table_size=2000", "report-interval=1", "resultDirectory=" + dir.resolve(name)));
        all.addAll(List.of(sets));
        for (String s : all) cmd.addAll(List.of("--set", s));
        return new ProcessBuilder(cmd).redirectErrorStream(true).start();
    }

    @Test
    void reportOnADirectoryWithoutResultsSaysSoInOneLine() {
        Tools.Outcome o = Tools.cli("report", dir.resolve("nothing").toString());
        assertEquals(2, o.code());
        assertTrue(o.err().startsWith("oltpbench: ") && o.err().contains("no such file") && o.err().lines().count() == 1, o.err());
    }
}
