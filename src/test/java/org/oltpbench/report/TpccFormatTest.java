package org.oltpbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.oltpbench.result.Fixtures.hist;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.repeat.server.ServerCount;
import org.oltpbench.result.repeat.server.ServerWindow;
import org.oltpbench.result.repeat.counted.IntervalResult;
import org.oltpbench.result.repeat.counted.TxnMetrics;

/**
 * Issue 36 §2: TPC-C's progress block in go-tpc's [Current] form, per type, and the span's tpmC and tpmTOTAL. Two
 * recorded 1-s intervals printed as one 2-s line; New-Order latencies 10 ms, then 20 and 30 ms (one of them a
 * prescribed rollback); Payment 5 ms in the first only; Delivery none. By hand: New-Order Count 3, TPM 3 x 60 / 2 = 90.0,
 * Sum 60.0 ms, Avg 20.0 ms, Max 30.0 ms; Payment Count 1, TPM 30.0; Delivery has no line; tpmC 90.0; tpmTotal
 * 4 x 60 / 2 = 120.0.
 */
class TpccFormatTest {
    /**
     * Issue 58 §4: PostgreSQL's TPM on a 10-s window was 2-5% low (38,856 against about 39,640): each backend publishes
     * its counts at most once a second, so an edge read while the terminals run lags by up to a second of them. The
     * closing read now settles after the sessions ended; the opening one after a warm-up may still lag, and the line
     * says so with its bound, 1 s of the window's 10: up to 10.0% high; a 60-s window 1.7%; an engine counting at once
     * (or a window opened before the terminals ran: lagSecs 0), nothing.
     */
    @Test
    void aLateCounterSaysItsBound() {
        ServerWindow pg = new ServerWindow("postgres", "xact_commit", 6476, "sum(d_next_o_id)", 2914, 10.0, 1.0, null, true, true);
        assertEquals("System achieved 17484 NOPM from 38856 postgres TPM (server counts over 10.0 s: sum(d_next_o_id) +2914, "
                + "xact_commit +6476; postgres publishes a busy session's commits up to 1 s late, so the window's opening read, "
                + "after the warm-up, may lag: the TPM up to 10.0% high)", TpccFormat.nopmLine(pg));
        assertTrue(TpccFormat.nopmLine(new ServerWindow("postgres", "xact_commit", 38856, "sum(d_next_o_id)", 17484, 60.0, 1.0,
                null, true, true)).endsWith("the TPM up to 1.7% high)"));
        // opened before the terminals ran, closed settled: nothing to bound
        assertTrue(TpccFormat.nopmLine(new ServerWindow("postgres", "xact_commit", 38856, "sum(d_next_o_id)", 17484, 60.0, 1.0,
                null, true, false)).endsWith("xact_commit +38856)"));
        // a file before 3.17 (either edge read while busy), or several clients merged: within the bound either way
        assertTrue(TpccFormat.nopmLine(new ServerWindow("postgres", "xact_commit", 6476, "sum(d_next_o_id)", 2914, 10.0, 1.0))
                .endsWith("so each edge's read may lag: the TPM within ±10.0%)"));
        assertTrue(TpccFormat.nopmLine(new ServerWindow("mysql", "Com_commit + Com_rollback", 100, "sum(d_next_o_id)", 40, 10.0))
                .endsWith("Com_commit + Com_rollback +100)"));
    }

    @Test
    void currentLinesPerTypeAndTheSpansTpm() {
        List<TxnMetrics> first = List.of(new TxnMetrics("NEW_ORDER", 1, 0, 0, 0, hist(10_000)),
                new TxnMetrics("PAYMENT", 1, 0, 0, 0, hist(5_000)), new TxnMetrics("DELIVERY", 0, 0, 0, 0, hist()));
        List<TxnMetrics> second = List.of(new TxnMetrics("NEW_ORDER", 1, 1, 0, 0, hist(20_000, 30_000)),
                new TxnMetrics("PAYMENT", 0, 0, 0, 0, hist()), new TxnMetrics("DELIVERY", 0, 0, 0, 0, hist()));
        IntervalResult a = new IntervalResult(1, 1.0, 4, 2, 0, 0, 0, 0, 0, false, 0.1, hist(10_000, 5_000));
        IntervalResult b = new IntervalResult(2, 1.0, 4, 2, 0, 0, 0, 0, 0, false, 0.1, hist(20_000, 30_000));
        List<String> lines = TpccFormat.current(IntervalResult.sum(List.of(a, b)), List.of(first, second));
        assertEquals(List.of(
                "[Current] NEW_ORDER - Takes(s): 2.0, Count: 3, TPM: 90.0, Sum(ms): 60.0, Avg(ms): 20.0, 50th(ms): 20.0, "
                        + "90th(ms): 30.0, 95th(ms): 30.0, 99th(ms): 30.0, 99.9th(ms): 30.0, Max(ms): 30.0",
                "[Current] PAYMENT - Takes(s): 2.0, Count: 1, TPM: 30.0, Sum(ms): 5.0, Avg(ms): 5.0, 50th(ms): 5.0, "
                        + "90th(ms): 5.0, 95th(ms): 5.0, 99th(ms): 5.0, 99.9th(ms): 5.0, Max(ms): 5.0",
                "[Current] 2s tpmC: 90.0, tpmTotal: 120.0"), lines);
    }

    /**
     * BenchmarkSQL 5's line: 3,000 transactions over 60 s so far is a running 3,000 tpmTOTAL; the span's 600 in 10 s is
     * 3,600 current; the heap in MB as given.
     */
    @Test
    void benchmarkSqlsRunningAverageLine() {
        IntervalResult span = new IntervalResult(60, 10.0, 4, 600, 0, 0, 0, 0, 0, false, 0.1, hist(1_000));
        assertEquals("Term-00, Running Average tpmTOTAL: 3000.00    Current tpmTOTAL: 3600    Memory Usage: 12MB / 256MB",
                TpccFormat.benchmarkSql(3_000, 60.0, span, 12, 256));
    }

    /**
     * Issue 46, HammerDB's line by hand: sum(d_next_o_id) +870 and 2,000 commits and rollbacks over 30 s are 1,740 NOPM
     * from 4,000 TPM; without a transaction counter the line says why; without the data count it says so instead.
     */
    @Test
    void hammerDbsLineFromTheServersCounts() {
        assertEquals("System achieved 1740 NOPM from 4000 mariadb TPM (server counts over 30.0 s: sum(d_next_o_id) +870, "
                + "Com_commit + Com_rollback +2000)", TpccFormat.nopmLine(new ServerWindow("mariadb", "Com_commit + Com_rollback",
                2000, "sum(d_next_o_id)", 870, 30.0)));
        assertEquals("System achieved 1740 NOPM from TPM not read (oceanbase has no transaction counter oltpbench reads) "
                + "(server counts over 30.0 s: sum(d_next_o_id) +870)", TpccFormat.nopmLine(new ServerWindow("oceanbase", null, -1,
                "sum(d_next_o_id)", 870, 30.0)));
        assertEquals("NOPM not read: the server's sum(d_next_o_id) was not read at both edges of the window",
                TpccFormat.nopmLine(ServerWindow.NONE));
        // issue 58 §4: the engine's own reason, where it gave one
        assertEquals("System achieved 1740 NOPM from TPM not read (oceanbase: seekdb has no GV$SYSSTAT) "
                + "(server counts over 30.0 s: sum(d_next_o_id) +870)", TpccFormat.nopmLine(new ServerWindow("oceanbase", null, -1,
                "sum(d_next_o_id)", 870, 30.0, 0, "oceanbase: seekdb has no GV$SYSSTAT")));
    }

    /**
     * HammerDB's per-procedure block by hand: 3 New-Orders of 2 ms (6 ms) and 4 Payments of 0.5 ms (2 ms): RATIO is each
     * one's share of the 8 ms, 75% and 25%; SD 0 (all equal); types without transactions print nothing.
     */
    @Test
    void hammerDbsBlockPerProcedure() {
        RepeatResult r = repeat(List.of(new TxnMetrics("NEW_ORDER", 2, 1, 0, 0, hist(2000, 2000, 2000)),
                new TxnMetrics("PAYMENT", 4, 0, 0, 0, hist(500, 500, 500, 500))), Map.of(), ServerWindow.NONE);
        List<String> lines = TpccFormat.hammerDb(r);
        assertEquals(List.of(">>>>> SUMMARY BY TRANSACTION, HammerDB's shape (its procedure names; with tpccMode=client each call "
                        + "is the client's transaction)", ">>>>> PROC: NEWORD",
                "CALLS: 3\tMIN: 2.000ms\tAVG: 2.000ms\tMAX: 2.000ms\tTOTAL: 6.000ms",
                "P99: 2.000ms\tP95: 2.000ms\tP50: 2.000ms\tSD: 0.000ms\tRATIO: 75.000%",
                ">>>>> PROC: PAYMENT",
                "CALLS: 4\tMIN: 0.500ms\tAVG: 0.500ms\tMAX: 0.500ms\tTOTAL: 2.000ms",
                "P99: 0.500ms\tP95: 0.500ms\tP50: 0.500ms\tSD: 0.000ms\tRATIO: 25.000%"), lines.subList(0, 7));
        assertEquals(8, lines.size());
    }

    /** Under pacing Delivery runs deferred (2.7.2): its block says its times are the queuing, not the routine's run. */
    @Test
    void aDeferredDeliverysBlockSaysWhatItsTimesAre() {
        RepeatResult r = repeat(List.of(new TxnMetrics("DELIVERY", 4, 0, 0, 0, hist(130, 130, 130, 130))),
                Map.of("deliveryQueued", 4L), ServerWindow.NONE);
        assertEquals(">>>>> PROC: DELIVERY (deferred, 2.7.2: these times are the queuing; the run itself is in the think time)",
                TpccFormat.hammerDb(r).get(1));
        assertEquals(">>>>> PROC: DELIVERY", TpccFormat.hammerDb(repeat(r.transactions(), Map.of(), ServerWindow.NONE)).get(1));
    }

    /**
     * The wire's table by hand: 3 New-Orders (2 committed, 1 rolled back) with 27 round trips, 54 queries, 6,000 bytes out
     * and 15,000 in are 9.00, 18.00, 2,000 and 5,000 each; a type without the tallies' transactions is left out.
     */
    @Test
    void onTheWirePerTransactionOfEachType() {
        RepeatResult r = repeat(List.of(new TxnMetrics("NEW_ORDER", 2, 1, 0, 0, hist(2000, 2000, 2000)),
                new TxnMetrics("PAYMENT", 0, 0, 0, 0, hist())), Map.of("NEW_ORDER.roundTrips", 27L, "NEW_ORDER.queries", 54L,
                "NEW_ORDER.bytesOut", 6000L, "NEW_ORDER.bytesIn", 15000L), ServerWindow.NONE);
        assertEquals(List.of("On the wire, per transaction   round trips   queries  bytes out   bytes in",
                "NEW_ORDER                             9.00     18.00      2,000      5,000"), TpccFormat.onTheWire(r));
        assertEquals(List.of(), TpccFormat.onTheWire(repeat(r.transactions(), Map.of(), ServerWindow.NONE)), "no tallies, no table");
    }

    /** Merged clients: the largest growth of the shared server counter, the sum of each client's warehouses' New-Orders. */
    @Test
    void clientsWindowsMerge() {
        ServerWindow a = new ServerWindow("mysql", "Com_commit + Com_rollback", 1000, "sum(d_next_o_id)", 40, 60.0);
        ServerWindow b = new ServerWindow("mysql", "Com_commit + Com_rollback", 1010, "sum(d_next_o_id)", 35, 60.5);
        assertEquals(new ServerWindow("mysql", "Com_commit + Com_rollback", 1010, "sum(d_next_o_id)", 75, 60.5),
                ServerWindow.acrossClients(List.of(a, b)));
        ServerWindow unread = new ServerWindow("mysql", "Com_commit + Com_rollback", 990, "sum(d_next_o_id)", -1, 60.0);
        assertEquals(-1, ServerWindow.acrossClients(List.of(a, unread)).data(), "a client's unread count: unknown");
        assertEquals(ServerWindow.NONE, ServerWindow.acrossClients(List.of(ServerWindow.NONE, ServerWindow.NONE)));
    }

    private static RepeatResult repeat(List<TxnMetrics> types, Map<String, Long> tallies, ServerWindow w) {
        long all = types.stream().mapToLong(TxnMetrics::completed).sum();
        var c = new org.oltpbench.result.repeat.counted.Counts(all, 0, 0, 0, 0, 0, 0, 0, 0, 0, tallies);
        return new RepeatResult(1, 1, RepeatResult.COMPLETED, null, new RepeatResult.Measured(new org.oltpbench.result.repeat.counted.Window(
                "2026-11-23T07:00:00Z", "2026-11-23T07:01:00Z", 60), c, types, List.of()),
                new RepeatResult.PerThread(List.of(all), List.of(0L)), new org.oltpbench.result.repeat.client.ClientCpu(6, 0.1, 2, 0.5),
                new RepeatResult.ServerChecks(ServerCount.none("test", 0), null, w), RepeatResult.Topology.NONE,
                org.oltpbench.result.repeat.usage.Usage.NONE, org.oltpbench.result.repeat.analytics.Analytics.NONE);
    }
}
