package org.oltpbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintStream;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.oltpbench.config.Config;
import org.oltpbench.config.ConfigLoader;
import org.oltpbench.db.Database;
import org.oltpbench.driver.IgnoreList;
import org.oltpbench.driver.LevelRunner;
import org.oltpbench.driver.RunListener;
import org.oltpbench.driver.StopSignal;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.repeat.counted.Histograms;
import org.oltpbench.result.repeat.counted.IntervalResult;
import org.oltpbench.result.repeat.counted.TxnMetrics;
import org.oltpbench.workload.sysbench.Preset;
import org.oltpbench.workload.sysbench.SysbenchWorkload;

/**
 * A fixed rate against a server that stalls for 2 s (a held table lock): latency from the intended start shows the
 * stall in its p99, service time (from the actual start) does not, and the queue builds up while it lasts.
 */
class RateLimitIT {
    private static final PrintStream QUIET = new PrintStream(java.io.OutputStream.nullOutputStream());

    @Test
    void intendedStartLatencyShowsAStallThatServiceTimeHides() throws Exception {
        Config cfg = ConfigLoader.load(null, List.of("db=mariadb", "tables=1", "table_size=1000",
                "workload=oltp_point_select"), Map.of());
        try (Database db = SharedMariaDb.open(SharedMariaDb.database(RateLimitIT.class, "stall"))) {
            SysbenchWorkload w = Params.sysbench(Preset.load("oltp_point_select"), cfg, db.dialect(), QUIET);
            w.prepare(db);
            // a FutureTask, so that a failure of the locker reaches the test's thread (JUnit never sees a bare thread's)
            java.util.concurrent.FutureTask<Boolean> locker = new java.util.concurrent.FutureTask<>(() -> {
                try (Connection c = db.connect(); Statement st = c.createStatement()) {
                    Thread.sleep(4000);
                    st.execute("LOCK TABLES sbtest1 WRITE");
                    Thread.sleep(2000);
                    st.execute("UNLOCK TABLES");
                    return true;
                }
            });
            // 200 transactions/s over 4 terminals for 10 s: 2,000 arrivals, ~400 of them during the stall
            var s = org.oltpbench.driver.Levels.threads(4).time(10).rate(200).interval(1).seed(5)
                    .ignore(new IgnoreList(List.of())).build();
            LevelRunner runner = new LevelRunner(s, w, db, RunListener.SILENT, new StopSignal());
            new Thread(locker).start();
            RepeatResult r = runner.run();
            assertTrue(locker.get(), "the stall happened");
            TxnMetrics t = r.transaction("event");
            Histogram latency = t.histogram(), service = t.serviceHistogram();
            assertEquals(latency.getTotalCount(), service.getTotalCount(), "both histograms hold the same transactions");
            double rate = r.tps();
            assertTrue(rate > 170 && rate < 230, "the shared schedule keeps the rate over the stall: " + rate + " tps");
            double latencyP99 = Histograms.percentileMs(latency, 99), serviceP99 = Histograms.percentileMs(service, 99);
            assertTrue(latencyP99 > 1000, "intended-start p99 shows the 2 s stall: " + latencyP99 + " ms");
            assertTrue(serviceP99 < 100, "service-time p99 does not (4 of ~2000 waited on the lock): " + serviceP99 + " ms");
            assertTrue(Histograms.maxMs(service) > 1000, "the 4 transactions that held the lock's wait show in service max");
            long peakQueue = r.intervals().stream().mapToLong(IntervalResult::queue).max().orElse(-1);
            assertTrue(peakQueue > 100, "the arrivals queued during the stall: peak queue " + peakQueue);
        }
    }
}
