package org.oltpbench.result.file;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.oltpbench.result.Fixtures;
import org.oltpbench.result.judge.usage.Usages;
import org.oltpbench.result.repeat.usage.Usage;
import org.oltpbench.result.level.LevelResult;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.repeat.analytics.Analytics;
import org.oltpbench.result.repeat.analytics.QueryMetrics;
import org.oltpbench.result.repeat.client.ClientCpu;
import org.oltpbench.result.repeat.counted.Counts;
import org.oltpbench.result.repeat.counted.Histograms;
import org.oltpbench.result.repeat.counted.IntervalResult;
import org.oltpbench.result.repeat.counted.TxnMetrics;
import org.oltpbench.result.repeat.counted.Window;
import org.oltpbench.result.repeat.server.ServerCount;
import org.oltpbench.result.run.RunResult;
import org.oltpbench.result.repeat.usage.Verdict;

class MergeTest {

    private static RepeatResult part(long txns, long[] latencies, String start, String end, double seconds, int cpuPct) {
        TxnMetrics t = new TxnMetrics("event", txns, 0, 0, 0, Fixtures.hist(latencies));
        Counts c = new Counts(txns, 0, 14 * txns, 4 * txns, 2 * txns, 0, 0, 0, 1, txns * 1_000_000L);
        IntervalResult i = new IntervalResult(10, 10, 2, txns, 14 * txns, 4 * txns, 2 * txns, 0, 1, false, 0.5, Fixtures.hist(latencies));
        return new RepeatResult(1, 2, RepeatResult.COMPLETED, null, new RepeatResult.Measured(new Window(start, end, seconds), c, List.of(t), List.of(i)),
                new RepeatResult.PerThread(List.of(txns / 2, txns - txns / 2), List.of(1L, 1L)), new ClientCpu(cpuPct / 10.0, cpuPct / 100.0, 2, 0.5), RepeatResult.ServerChecks.of(new ServerCount("Com_commit", 3 * txns, txns, null)), RepeatResult.Topology.NONE, Usage.NONE, org.oltpbench.result.repeat.analytics.Analytics.NONE);
    }

    /** As {@link #part}, its one interval's sessions sampled: {@code lock} and {@code cpu} session-samples in 100 samples. */
    private static RepeatResult sampled(long lock, long cpu) {
        RepeatResult p = part(10, Fixtures.repeat(1000, 10), "2026-11-23T07:00:00Z", "2026-11-23T07:00:10Z", 10.0, 40);
        IntervalResult i = p.intervals().get(0);
        org.oltpbench.result.repeat.server.Waits w = new org.oltpbench.result.repeat.server.Waits(100, Map.of(
                org.oltpbench.result.repeat.server.WaitClass.LOCK, lock, org.oltpbench.result.repeat.server.WaitClass.CPU, cpu),
                Map.of(), Map.of(), 0);
        IntervalResult withWaits = new IntervalResult(i.at(), i.seconds(), i.threads(), i.transactions(), i.reads(), i.writes(),
                i.other(), i.ignoredErrors(), i.reconnects(), i.warmup(), i.clientCpuCores(), i.latency(), i.queue(), i.types(),
                i.resources(), i.terminals(), i.schedule(), w);
        return new RepeatResult(1, 2, RepeatResult.COMPLETED, null, new RepeatResult.Measured(p.measured().window(), p.measured().counts(), p.measured().transactions(),
                List.of(withWaits)), new RepeatResult.PerThread(List.of(5L, 5L), List.of(1L, 1L)), p.cpu(), p.server(),
                RepeatResult.Topology.NONE, Usage.NONE, org.oltpbench.result.repeat.analytics.Analytics.NONE);
    }

    /**
     * brk45: the merged repeat's usage carries the window's waits (the clients' sessions add, the samples do not), so
     * report.html's table and compare's rows, which read the usage, say where the time went; before, Usage.NONE made
     * compare print "-" ("not sampled") beside a chart whose band showed them.
     */
    @Test
    void theWaitsOfTheClientsAddIntoTheMergedUsage() {
        RunResult m = Merge.merge(List.of(Fixtures.client(sampled(150, 50), "a"), Fixtures.client(sampled(50, 150), "b")), List.of("dirA", "dirB"), Usages::waitsOnly);
        org.oltpbench.result.repeat.server.Waits w = m.levels().get(0).kept().usage().waits();
        assertEquals(100, w.samples());
        assertEquals(4.0, w.activeSessions(), 1e-12, "2 active sessions of each client's, 400 session-samples in 100");
        assertEquals(0.5, w.share(org.oltpbench.result.repeat.server.WaitClass.LOCK), 1e-12);
        assertEquals(Verdict.Limit.NOT_RECORDED, m.levels().get(0).kept().usage().verdict().limit(), "no verdict across hosts");
    }

    /** Issue 47: the clients' driver properties are kept where they agree, and none are claimed where they do not. */
    @Test
    void driverPropertiesAreKeptOnlyWhereEveryClientRecordedTheSame() {
        RunResult a = Fixtures.client(sampled(10, 10), "a"), b = Fixtures.client(sampled(10, 10), "b");
        java.util.function.BiFunction<RunResult, Map<String, String>, RunResult> with = (r, p) -> {
            var t = r.terms();
            return Fixtures.with(r, new org.oltpbench.result.run.Terms(t.driver(), t.driverVersion(), t.protocol(),
                    t.isolation(), t.transactionMode(), t.sessionVariables(), t.tuning(), t.tls(), p));
        };
        Map<String, String> on = Map.of("useServerPrepStmts", "true"), off = Map.of("useServerPrepStmts", "false");
        assertEquals(on, Merge.merge(List.of(with.apply(a, on), with.apply(b, on)), List.of("dirA", "dirB"), Usages::waitsOnly)
                .terms().driverProperties());
        assertEquals(Map.of(), Merge.merge(List.of(with.apply(a, on), with.apply(b, off)), List.of("dirA", "dirB"), Usages::waitsOnly)
                .terms().driverProperties());
        assertEquals(Map.of(), Merge.merge(List.of(with.apply(a, on), b), List.of("dirA", "dirB"), Usages::waitsOnly)
                .terms().driverProperties(),
                "a client's file before 3.14");
    }

    @Test
    void countsAddAndPercentilesComeFromTheUnionOfTheHistograms() {
        // client a: 90 fast transactions (1 ms); client b: 10 slow ones (100 ms). p95 of the union is slow; the mean of
        // the clients' p95s (1 ms and 100 ms) would be 50.5 ms, which no transaction took.
        long[] fast = Fixtures.repeat(1000, 90), slow = Fixtures.repeat(100_000, 10);
        RunResult a = Fixtures.client(part(90, fast, "2026-11-23T07:00:00Z", "2026-11-23T07:00:10Z", 10.0, 40), "a");
        RunResult b = Fixtures.client(part(10, slow, "2026-11-23T07:00:00.500Z", "2026-11-23T07:00:10.500Z", 10.0, 90), "b");
        RunResult m = Merge.merge(List.of(a, b), List.of("dirA", "dirB"), Usages::waitsOnly);
        RepeatResult r = m.levels().get(0).kept();
        assertEquals(4, m.levels().get(0).threads());
        assertEquals(Map.of("h:3306", 4), m.levels().get(0).threadsPerHost());
        assertEquals(100, r.counts().transactions());
        assertEquals(2000, r.counts().queries());
        assertEquals(10.0, r.tps(), 1e-9, "100 transactions in 10 s: the sum of 9 and 1 tps");
        Histogram union = Histograms.empty();
        for (long v : fast) union.recordValue(v);
        for (long v : slow) union.recordValue(v);
        assertEquals(union.getValueAtPercentile(95) / 1000.0, r.percentileMs(95), 0);
        assertEquals(100.0, Math.floor(r.percentileMs(95)), "the 95th of 100 values, 10 of them 100 ms");
        assertEquals(1.0, Math.floor(r.percentileMs(50)));
        assertEquals(100, r.intervals().get(0).transactions());
        assertEquals(new Counts(100, 0, 1400, 400, 200, 0, 0, 0, 2, 100_000_000L), r.counts(), "90 + 10 of each, field by field");
        assertEquals(1.0, r.intervals().get(0).clientCpuCores(), 1e-12);
        assertEquals(0.9, r.cpu().cores(), 1e-12, "the busiest client's CPU");
        assertEquals(100, r.serverCount().client());
        assertEquals(270, r.serverCount().server(), "every client saw the shared server; the largest growth");
        assertEquals("2026-11-23T07:00:00Z", r.window().start());
        assertEquals("2026-11-23T07:00:10.500Z", r.window().end());
        assertEquals("a+b", m.client().host());
        assertEquals(List.of("dirA", "dirB"), m.mergedFrom());
        assertEquals(4, m.params().sweep().levels().get(0).threads());
    }

    /**
     * CH's analytic side merges as the terminals' does: client a ran 2 streams (Q1 3 times at 100 ms, freshness 10 and
     * 20 ms), client b 1 stream (Q1 once at 300 ms, freshness 40 ms), both over 10 s: 3 streams, 4 queries in 10 s =
     * 1,440 an hour, Q1's p50 100 ms and max 300 ms from the added histograms, freshness max 40 ms, ends in order.
     */
    @Test
    void analyticsAddAcrossClients() {
        long[] lat = Fixtures.repeat(1000, 10);
        Analytics two = new Analytics(2, "the OLTP front end", 10.0, List.of(new QueryMetrics("Q1", 3, 1, 0, 0,
                Fixtures.hist(100_000, 100_000, 100_000), 15)), Fixtures.hist(10_000, 20_000), 100, 1, List.of(2.0, 5.0, 9.0));
        Analytics one = new Analytics(1, "the OLTP front end", 10.0, List.of(new QueryMetrics("Q1", 1, 0, 1, 0,
                Fixtures.hist(300_000), 15)), Fixtures.hist(40_000), 100, 0, List.of(4.0));
        RunResult a = Fixtures.client(part(10, lat, "2026-11-23T07:00:00Z", "2026-11-23T07:00:10Z", 10.0, 40).withAnalytics(two), "a");
        RunResult b = Fixtures.client(part(10, lat, "2026-11-23T07:00:00Z", "2026-11-23T07:00:10Z", 10.0, 40).withAnalytics(one), "b");
        Analytics m = Merge.merge(List.of(a, b), List.of("dirA", "dirB"), Usages::waitsOnly).levels().get(0).kept().analytics();
        assertEquals(3, m.streams());
        assertEquals(4, m.completed());
        assertEquals(1, m.cancelled());
        assertEquals(1, m.timedOut());
        assertEquals(1440.0, m.qphH(), 1e-9);
        assertEquals(100.0, Math.floor(Histograms.percentileMs(m.queries().get(0).histogram(), 50)));
        assertEquals(300.0, Math.floor(Histograms.maxMs(m.queries().get(0).histogram())));
        assertEquals(40.0, Math.floor(Histograms.maxMs(m.freshnessHistogram())));
        assertEquals(List.of(2.0, 4.0, 5.0, 9.0), m.endedAt());
        assertEquals(200, m.heartbeats());
        assertEquals(1, m.unseen());
    }

    @Test
    void windowsThatDoNotOverlapAreRefused() {
        long[] v = Fixtures.repeat(1000, 10);
        RunResult a = Fixtures.client(part(10, v, "2026-11-23T07:00:00Z", "2026-11-23T07:00:10Z", 10.0, 10), "a");
        RunResult late = Fixtures.client(part(10, v, "2026-11-23T07:00:02Z", "2026-11-23T07:00:12Z", 10.0, 10), "b");
        MergeRefused e = assertThrows(MergeRefused.class, () -> Merge.merge(List.of(a, late), List.of("dirA", "dirB"), Usages::waitsOnly));
        assertTrue(e.getMessage().contains("(8.0 s shared of 10.0 s)") && e.getMessage().contains("startAt"), e.getMessage());
        RunResult ok = Fixtures.client(part(10, v, "2026-11-23T07:00:01Z", "2026-11-23T07:00:11Z", 10.0, 10), "b");
        Merge.merge(List.of(a, ok), List.of("dirA", "dirB"), Usages::waitsOnly);
    }

    @Test
    void differentLevelsAreRefused() {
        long[] v = Fixtures.repeat(1000, 10);
        RepeatResult r = part(10, v, "2026-11-23T07:00:00Z", "2026-11-23T07:00:10Z", 10.0, 10);
        RunResult one = Fixtures.client(r, "a");
        RunResult two = Fixtures.run(List.of(new LevelResult(2, Map.of(), 0, List.of(r)), new LevelResult(4, Map.of(), 0, List.of(r))));
        MergeRefused e = assertThrows(MergeRefused.class, () -> Merge.merge(List.of(one, two), List.of("dirA", "dirB"), Usages::waitsOnly));
        assertTrue(e.getMessage().startsWith("dirB has 2 thread levels, dirA has 1"), e.getMessage());
    }

    /**
     * Issue 42 §1.8: the merged result's rate and events are the job's setting. 3 clients of rate=20 events=1000
     * threads=4: their shares of 4 threads are 2, 1, 1, so rate 10, 5, 5 and events 500, 250, 250; merged
     * 20.0 tps exactly and 1,000 events (before, merge kept the first client's: 10 tps and 500, or with the unsplit
     * settings 20 where the clients had run 60).
     */
    @Test
    void theMergedRateAndEventsAreTheSetting() {
        List<RunResult> clients = new java.util.ArrayList<>();
        long[] lat = Fixtures.repeat(1000, 10);
        for (int i = 0; i < 3; i++) {
            RunResult c = Fixtures.client(part(10, lat, "2026-11-23T07:00:00Z", "2026-11-23T07:00:10Z", 10.0, 40), "c" + i);
            clients.add(new RunResult(c.schemaVersion(), c.oltpbenchVersion(), c.workload(), Fixtures.params("db=mariadb",
                    "threads=4", "time=10", "rate=20", "events=1000", "clientCount=3", "clientIndex=" + i), c.server(),
                    c.client(), c.terms(), c.startedAt(), c.endedAt(), List.of(), c.levels()));
        }
        assertEquals(List.of(10.0, 5.0, 5.0), clients.stream().map(c -> c.params().sweep().levels().get(0).rate()).toList());
        var merged = Merge.merge(clients, List.of("a", "b", "c"), Usages::waitsOnly).params().sweep().levels().get(0);
        assertEquals(20.0, merged.rate(), 0);
        assertEquals(1000, merged.events());
    }
}
