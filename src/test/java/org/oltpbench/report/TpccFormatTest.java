package org.oltpbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.oltpbench.result.Fixtures.hist;

import java.util.List;
import org.junit.jupiter.api.Test;
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
}
