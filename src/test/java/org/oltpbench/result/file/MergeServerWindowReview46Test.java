package org.oltpbench.result.file;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.oltpbench.result.Fixtures;
import org.oltpbench.result.judge.usage.Usages;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.repeat.client.ClientCpu;
import org.oltpbench.result.repeat.counted.Counts;
import org.oltpbench.result.repeat.counted.IntervalResult;
import org.oltpbench.result.repeat.counted.TxnMetrics;
import org.oltpbench.result.repeat.counted.Window;
import org.oltpbench.result.repeat.server.ServerCount;
import org.oltpbench.result.repeat.server.ServerWindow;
import org.oltpbench.result.repeat.usage.Usage;
import org.oltpbench.result.run.RunResult;

/**
 * Review of issue 46: two clients (clientCount=2, clientIndex=0/1) each read the server's counts at their window's
 * edges: their own warehouses' sum(d_next_o_id) (TpccWorkload.dataCounter: d_w_id BETWEEN the driven range) and the
 * server's global Com_commit + Com_rollback. merge joins the clients' shares of one job; the merged repeat must keep
 * HammerDB's figures: NOPM is the sum of the clients' (disjoint warehouses), TPM the server's (each client saw all of
 * it, as serverCount takes "the largest growth"). Today Merge.repeat builds ServerChecks.of(serverCount) and drops
 * serverWindow: the merged result.json has no serverWindow although every client read it, and compare's "NOPM
 * (server)" and "TPM (server)" rows (Metric.TPCC_WIRE) show "-" for every merged run (and no ratio row against it).
 */
class MergeServerWindowReview46Test {

    private static RepeatResult part(long txns, ServerWindow w) {
        long[] latencies = Fixtures.repeat(1000, txns);
        TxnMetrics t = new TxnMetrics("NEW_ORDER", txns, 0, 0, 0, Fixtures.hist(latencies));
        Counts c = new Counts(txns, 0, 14 * txns, 4 * txns, 2 * txns, 0, 0, 0, 1, txns * 1_000_000L);
        IntervalResult i = new IntervalResult(10, 10, 2, txns, 14 * txns, 4 * txns, 2 * txns, 0, 1, false, 0.5, Fixtures.hist(latencies));
        return new RepeatResult(1, 2, RepeatResult.COMPLETED, null, new RepeatResult.Measured(new Window("2026-11-23T07:00:00Z",
                "2026-11-23T07:00:10Z", 10.0), c, List.of(t), List.of(i)), new RepeatResult.PerThread(List.of(txns / 2, txns - txns / 2),
                List.of(1L, 1L)), new ClientCpu(4, 0.4, 2, 0.5), RepeatResult.ServerChecks.of(new ServerCount("Com_commit", 3 * txns, txns, null)),
                RepeatResult.Topology.NONE, Usage.NONE, org.oltpbench.result.repeat.analytics.Analytics.NONE).withServerWindow(w);
    }

    @Test
    void mergedClientsKeepHammerDbsNopmAndTpm() {
        // each client committed 100 New-Orders in its own warehouses over 10 s; the server counted 1,000 transactions
        // in all (both clients'), which each client read on the global counter
        ServerWindow a = new ServerWindow("mysql", "Com_commit + Com_rollback", 1000, "sum(d_next_o_id)", 100, 10.0);
        ServerWindow b = new ServerWindow("mysql", "Com_commit + Com_rollback", 1000, "sum(d_next_o_id)", 100, 10.0);
        RunResult m = Merge.merge(List.of(Fixtures.client(part(100, a), "a"), Fixtures.client(part(100, b), "b")), List.of("dirA", "dirB"), Usages::waitsOnly);
        ServerWindow merged = m.levels().get(0).kept().server().window();
        assertNotSame(ServerWindow.NONE, merged, "merge dropped serverWindow: compare shows NOPM and TPM as -");
        assertEquals(1200.0, merged.dataPerMinute(), 1e-9, "NOPM: 200 New-Orders of both clients' warehouses in 10 s");
        assertEquals(6000.0, merged.tpm(), 1e-9, "TPM: the server's 1,000 transactions in 10 s, not each client's reading added");
    }
}
