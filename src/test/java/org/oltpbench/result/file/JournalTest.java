package org.oltpbench.result.file;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oltpbench.result.judge.Rebuilt;
import org.oltpbench.result.level.LevelResult;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.repeat.client.Resources;
import org.oltpbench.result.repeat.counted.Counts;
import org.oltpbench.result.repeat.counted.ErrorCount;
import org.oltpbench.result.repeat.counted.Histograms;
import org.oltpbench.result.repeat.counted.IntervalDetail;
import org.oltpbench.result.repeat.counted.IntervalResult;
import org.oltpbench.result.repeat.counted.TxnMetrics;
import org.oltpbench.result.repeat.topology.Fault;
import org.oltpbench.result.run.RunResult;
import org.oltpbench.result.workload.Family;
import org.oltpbench.result.workload.TxnType;
import org.oltpbench.result.workload.WorkloadInfo;

/** A killed repeat rebuilt from journal lines written by hand, its figures worked out by hand. */
class JournalTest {

    private static String hist(long... micros) {
        Histogram h = Histograms.empty();
        for (long v : micros) h.recordValue(v);
        return Histograms.encode(h);
    }

    private static String line(double at, boolean warmup, long txns, long reads, long latencyNanos, String latency)
            throws Exception {
        IntervalResult i = new IntervalResult(at, 1, 2, txns, reads, 0, 0, 0, 0, warmup, 0.5, latency);
        IntervalDetail d = new IntervalDetail(new Counts(txns, 0, reads, 0, 0, 0, 0, 0, 0, latencyNanos),
                List.of(new TxnMetrics("point", txns, 0, 0, 0, latency)));
        return "{\"interval\":" + Journal.MAPPER.writeValueAsString(i) + ",\"detail\":"
                + Journal.MAPPER.writeValueAsString(d) + "}";
    }

    @Test
    void aKilledRepeatIsItsMeasuredIntervalsSummed(@TempDir Path dir) throws Exception {
        // warm-up (1 s, ignored), then 3 measured seconds: 2 + 3 + 1 transactions of 100..600 µs; the last line is cut
        String lines = String.join("\n",
                "{\"repeat\":{\"threads\":2,\"repeat\":1,\"startedAt\":\"2026-11-25T00:00:00Z\"}}",
                line(1, true, 9, 9, 9_000_000, hist(50, 50, 50, 50, 50, 50, 50, 50, 50)),
                line(2, false, 2, 2, 300_000, hist(100, 200)),
                line(3, false, 3, 3, 1_200_000, hist(300, 400, 500)),
                line(4, false, 1, 1, 600_000, hist(600)),
                "{\"interval\":{\"at\":5.0,\"secon");
        Files.writeString(dir.resolve(Journal.FILE), lines);
        List<Journal.Entry> entries = Journal.read(dir);
        assertEquals(1, entries.size());
        assertEquals(4, entries.get(0).intervals().size(), "the cut line is left out, the lines before it stand");
        RepeatResult r = Journal.repeat(entries.get(0), List.of("point"), 2, Rebuilt::judged);
        assertEquals(6, r.counts().transactions());
        assertEquals(6, r.counts().reads());
        assertEquals(2_100_000, r.counts().latencySumNanos());
        assertEquals(0.35, r.avgMs(), 1e-12, "2.1 ms over 6 transactions");
        assertEquals(3.0, r.window().seconds(), 1e-12);
        assertEquals(2.0, r.tps(), 1e-12);
        assertEquals(6, r.histogram().getTotalCount());
        assertEquals(600, r.histogram().getMaxValue(), 1, "600 µs, within HdrHistogram's 3 digits");
        assertEquals(0.5, r.cpu().cores(), 1e-12);
        assertEquals(RepeatResult.Status.ABORTED, r.status());
        assertTrue(r.reason().startsWith("killed: rebuilt from the journal up to its last interval, 4.0 s"), r.reason());
    }

    @Test
    void anEndedRepeatOrOneWithoutAMeasuredIntervalIsNotRebuilt(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve(Journal.FILE), String.join("\n",
                "{\"repeat\":{\"threads\":1,\"repeat\":1,\"startedAt\":\"x\"}}", line(1, false, 1, 1, 1000, hist(1)),
                "{\"end\":{\"threads\":1,\"repeat\":1}}",
                "{\"repeat\":{\"threads\":2,\"repeat\":1,\"startedAt\":\"x\"}}", line(1, true, 1, 1, 1000, hist(1))));
        List<Journal.Entry> entries = Journal.read(dir);
        assertEquals(List.of(true, false), entries.stream().map(Journal.Entry::ended).toList());
        RunResult none = RunResult.start("t", new WorkloadInfo("w", Family.SYSBENCH, List.of(TxnType.only("point")),
                WorkloadInfo.Scale.tables(1, 10), List.of()), org.oltpbench.result.Fixtures.params("db=mariadb", "threads=2",
                "rate=search", "searchLimit=p99<=5ms", "searchFrom=100", "time=10"), null, null, null, "x");
        assertEquals(none, Journal.rebuild(none, entries, Rebuilt::judged));
    }

    /**
     * A rate search killed in its third probe: its probes share 2 threads and repeat 1, so the journal's probe rate keeps
     * the killed one apart: it is rebuilt as its own level (rate 400), not dropped as a repeat the 100-tps level had. The
     * answer the run recorded is not carried over: its reader decides it again over the rebuilt levels.
     */
    @Test
    void aKilledProbeOfARateSearchIsRebuiltAsItsOwnLevel(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve(Journal.FILE), String.join("\n",
                "{\"repeat\":{\"threads\":2,\"repeat\":1,\"startedAt\":\"x\",\"rate\":100.0}}", line(1, false, 100, 100, 1000, hist(1)),
                "{\"end\":{\"threads\":2,\"repeat\":1}}",
                "{\"repeat\":{\"threads\":2,\"repeat\":1,\"startedAt\":\"x\",\"rate\":200.0}}", line(1, false, 200, 200, 1000, hist(1)),
                "{\"end\":{\"threads\":2,\"repeat\":1}}",
                "{\"repeat\":{\"threads\":2,\"repeat\":1,\"startedAt\":\"x\",\"rate\":400.0}}", line(1, false, 390, 390, 1000, hist(1))));
        List<Journal.Entry> entries = Journal.read(dir);
        assertEquals(List.of(100.0, 200.0, 400.0), entries.stream().map(e -> e.started().rate()).toList());
        RunResult none = RunResult.start("t", new WorkloadInfo("w", Family.SYSBENCH, List.of(TxnType.only("point")),
                WorkloadInfo.Scale.tables(1, 10), List.of()), org.oltpbench.result.Fixtures.params("db=mariadb", "threads=2",
                "rate=search", "searchLimit=p99<=5ms", "searchFrom=100", "time=10"), null, null, null, "x");
        RepeatResult live = Journal.repeat(entries.get(0), List.of("point"), 2, Rebuilt::judged);
        RunResult ran = none.withLevel(new LevelResult(2, java.util.Map.of(), 0, List.of(live)).at(100, 0))
                .withLevel(new LevelResult(2, java.util.Map.of(), 0,
                        List.of(Journal.repeat(entries.get(1), List.of("point"), 2, Rebuilt::judged))).at(200, 0))
                .withSearch(new org.oltpbench.result.search.SearchOutcome(List.of(), null, null, null,
                List.of(), org.oltpbench.config.SearchParams.Axis.RATE));
        RunResult rebuilt = Journal.rebuild(ran, entries, Rebuilt::judged);
        assertTrue(!ran.unanswered() && rebuilt.unanswered(), "the recorded answer is decided again over the rebuilt levels");
        assertEquals(List.of(100.0, 200.0, 400.0), rebuilt.levels().stream().map(LevelResult::rate).toList());
        assertEquals(390, rebuilt.levels().get(2).kept().counts().transactions());
        assertEquals("{\"threads\":2,\"repeat\":1,\"startedAt\":\"x\"}", Journal.MAPPER.writeValueAsString(
                new Journal.Started(2, 1, "x")), "a listed level's line is as it was");
    }

    /** An interval of 1 s with {@code txns} transactions and {@code ignored} deadlocks, logged by code. */
    private static String withErrors(double at, long txns, long ignored) throws Exception {
        IntervalResult i = new IntervalResult(at, 1, 2, txns, txns, 0, 0, ignored, 0, false, 0.5, hist(100));
        List<ErrorCount> codes = ignored == 0 ? List.of() : List.of(new ErrorCount(ErrorCount.Kind.IGNORED, "NewOrder", 1213,
                "40001", ignored, "Deadlock found"));
        IntervalDetail d = new IntervalDetail(new Counts(txns, 0, txns, 0, 0, ignored, 0, 0, 0, txns * 100_000,
                java.util.Map.of(), codes), List.of(new TxnMetrics("NewOrder", txns, 0, 0, ignored, hist(100))));
        return "{\"interval\":" + Journal.MAPPER.writeValueAsString(i) + ",\"detail\":" + Journal.MAPPER.writeValueAsString(d) + "}";
    }

    /**
     * Issue 35 §1.9: a rebuilt repeat keeps the live run's errors (failures the ignore list restarted are ignored errors
     * by code, not errors), its fault and outage, and says what it could not rebuild. Intervals of 100, 100, 40, 100
     * transactions ending at 2, 3, 4, 5 s with 2, 0, 5, 1 deadlocks; the fault started at 3.0 s: baseline (100 + 100) /
     * 2 s = 100 tps, fell at 3.0 (40 < 50%), back at 4.0 (100 >= 90%), 5 errors between.
     */
    @Test
    void aRebuiltRepeatKeepsItsErrorsByCodeAndItsFault(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve(Journal.FILE), String.join("\n",
                "{\"repeat\":{\"threads\":2,\"repeat\":1,\"startedAt\":\"2026-11-25T00:00:00Z\"}}",
                withErrors(2, 100, 2), withErrors(3, 100, 0),
                "{\"fault\":{\"key\":\"faultCommand\",\"atSecs\":3.0}}",
                withErrors(4, 40, 5), withErrors(5, 100, 1)));
        RepeatResult r = Journal.repeat(Journal.read(dir).get(0), List.of("NewOrder"), 2, Rebuilt::judged);
        assertEquals(0, r.counts().errors(), "no error ended the level");
        assertEquals(8, r.counts().ignoredErrors());
        assertEquals(List.of(new ErrorCount(ErrorCount.Kind.IGNORED, "NewOrder", 1213, "40001", 8, "Deadlock found")),
                r.counts().errorCodes());
        assertEquals(3.0, r.fault().atSecs(), 1e-12);
        var o = r.fault().outage();
        assertEquals(Fault.Outage.State.RECOVERED, o.state());
        assertEquals(100.0, o.baselineTps(), 1e-12);
        assertEquals(3.0, o.fellAtSecs(), 1e-12);
        assertEquals(4.0, o.backAtSecs(), 1e-12);
        assertEquals(5, o.errors());
        assertTrue(r.usage().recorded() || r.intervals().stream().allMatch(i -> i.resources() == Resources.NONE));
        assertTrue(r.reason().contains(Journal.NOT_REBUILT), r.reason());
    }
}
