package org.oltpbench.result.repeat;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.oltpbench.result.Fixtures;
import org.oltpbench.result.PacedTpcc;
import org.oltpbench.result.judge.conformance.Efficiency;
import org.oltpbench.result.level.LevelResult;
import org.oltpbench.result.repeat.client.ClientCpu;
import org.oltpbench.result.repeat.counted.Histograms;
import org.oltpbench.result.repeat.server.ServerCount;

/** Rates, means, percentiles and tpmC against values computed by hand. */
class ArithmeticTest {
    /** 1,000 transactions of 20 statements in a 10 s window: 100 tps, 2,000 qps; latency sum 2,000 s -> 2 ms mean. */
    @Test
    void tpsQpsAndMeanFromTheWindow() {
        RepeatResult r = Fixtures.sysbench(1, 4, 1000, RepeatResult.COMPLETED);
        assertEquals(100.0, r.tps(), 1e-9);
        assertEquals(2000.0, r.qps(), 1e-9);
        assertEquals(2.0, r.avgMs(), 1e-9);
    }

    /**
     * Values 1..100 ms, one each: the 95th percentile is the 95th value, 95 ms; the 50th is 50 ms; max 100 ms.
     * HdrHistogram at 3 digits reports a bucket's highest equivalent value: 95 ms sits in a 64 us bucket
     * [94,976, 95,039] -> 95.039 ms; 50 ms in a 32 us bucket [49,984, 50,015] -> 50.015; 100 ms -> 100.031.
     */
    @Test
    void percentilesAreNearestRankOnTheHistogram() {
        long[] v = new long[100];
        for (int i = 0; i < 100; i++) v[i] = (i + 1) * 1000L;
        var h = Histograms.decode(Fixtures.hist(v));
        assertEquals(95.039, Histograms.percentileMs(h, 95), 1e-9);
        assertEquals(50.015, Histograms.percentileMs(h, 50), 1e-9);
        assertEquals(100.031, Histograms.maxMs(h), 1e-9);
    }

    /**
     * 450 New-Orders committed and 5 rolled back, 430 Payments, in 60 s: tpmC counts the 455 that ended
     * (455 per minute), the committed form 450, tpmTOTAL all 885. 10 warehouses: 455 / 128.6 = 353.81 %.
     */
    @Test
    void tpmCInBothFormsAndTpmTotal() {
        RepeatResult r = Fixtures.tpcc(4, 60.0, 450, 5, 430, RepeatResult.COMPLETED);
        assertEquals(455.0, TpccMetrics.tpmC(r), 1e-9);
        assertEquals(450.0, TpccMetrics.tpmCCommitted(r), 1e-9);
        assertEquals(885.0, TpccMetrics.tpmTotal(r), 1e-9);
        assertEquals(353.81, Efficiency.of(PacedTpcc.info(1), r, 10).percent(), 0.005);
    }

    /** Same counts over a 90 s window: rates scale by 60 / 90. */
    @Test
    void tpmCDividesByTheMeasuredWindow() {
        RepeatResult r = Fixtures.tpcc(4, 90.0, 450, 0, 0, RepeatResult.COMPLETED);
        assertEquals(300.0, TpccMetrics.tpmC(r), 1e-9);
    }

    @Test
    void clientSaturationIsMoreThanHalfTheCores() {
        assertEquals(false, new ClientCpu(10, 1.0, 2, 0.9).saturated());
        assertEquals(true, new ClientCpu(10, 1.01, 2, 0.9).saturated());
        assertEquals(true, new ClientCpu(10, 2.5, 4, 0.9).saturated());
    }

    /** 1,000 client commits against 1,011 on the server: +1.1 % and 11 transactions, over both bounds; 1,010 is within. */
    @Test
    void serverCountDisagreementBeyondOnePercent() {
        assertEquals(1.1, new ServerCount("Com_commit", 1011, 1000, null).differencePct(), 1e-9);
        assertEquals(true, new ServerCount("Com_commit", 1011, 1000, null).disagrees());
        assertEquals(false, new ServerCount("Com_commit", 1010, 1000, null).disagrees());
        assertEquals(false, ServerCount.none("no counter", 1000).disagrees());
        // a short run: 40 against 37 is 8 %, but 3 transactions (PostgreSQL's autovacuum commits in the same database)
        assertEquals(false, new ServerCount("xact_commit", 40, 37, null).disagrees());
        assertEquals(true, new ServerCount("xact_commit", 60, 37, null).disagrees());
    }

    @Test
    void levelSpreadCountsCompletedRepeatsOnly() {
        LevelResult l = new LevelResult(4, Map.of(), 1, List.of(Fixtures.sysbench(1, 4, 900, RepeatResult.COMPLETED),
                Fixtures.sysbench(2, 4, 1000, RepeatResult.COMPLETED), Fixtures.sysbench(3, 4, 5000, RepeatResult.ABORTED)));
        assertEquals(90.0, l.tpsSpread()[0], 1e-9);
        assertEquals(100.0, l.tpsSpread()[1], 1e-9);
    }
}
