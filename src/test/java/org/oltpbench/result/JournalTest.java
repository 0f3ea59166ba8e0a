package org.oltpbench.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
        RepeatResult r = Journal.repeat(entries.get(0), List.of("point"));
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
                WorkloadInfo.Scale.tables(1, 10), List.of()), null, null, null, null, "x");
        assertEquals(none, Journal.rebuild(none, entries));
    }
}
