package org.oltpbench.properties;

import java.util.ArrayList;
import java.util.List;
import org.oltpbench.result.judge.usage.Usages;
import org.oltpbench.result.judge.usage.VerdictRules;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.repeat.analytics.Analytics;
import org.oltpbench.result.repeat.client.ClientCpu;
import org.oltpbench.result.repeat.client.ResourceSource;
import org.oltpbench.result.repeat.client.Resources;
import org.oltpbench.result.repeat.counted.Counts;
import org.oltpbench.result.repeat.counted.Histograms;
import org.oltpbench.result.repeat.counted.IntervalResult;
import org.oltpbench.result.repeat.counted.TxnMetrics;
import org.oltpbench.result.repeat.counted.Window;
import org.oltpbench.result.repeat.server.ServerCount;
import org.oltpbench.result.repeat.usage.Usage;
import org.oltpbench.result.repeat.usage.Verdict;

/**
 * A repeat built from its measured report intervals as LevelRunner builds one: the intervals add up to the window, the
 * counts to the intervals' sums, and the usage is summed from the intervals' resources. Per interval: its seconds, its
 * transactions, its New-Orders (a TPC-C repeat when given) and the server's CPU-seconds (NaN: no source saw the server
 * in it). Each transaction carries 10 queries.
 *
 * @param seconds   each interval's measured length (late reports make some longer)
 * @param tx        transactions ended in each
 * @param newOrders New-Orders among them; null for a repeat without TPC-C's types
 * @param serverCpu the server's CPU-seconds in each; null when no source saw a server at all
 */
public record IntervalSeries(double[] seconds, long[] tx, long[] newOrders, double[] serverCpu) {
    static final int QUERIES_PER_TX = 10;

    /** A sysbench-shaped series without resources. */
    public static IntervalSeries of(double[] seconds, long[] tx) {
        return new IntervalSeries(seconds, tx, null, null);
    }

    public RepeatResult repeat() {
        List<IntervalResult> in = new ArrayList<>();
        double at = 0, window = 0;
        long all = 0, orders = 0;
        for (int i = 0; i < tx.length; i++) {
            at += seconds[i];
            window += seconds[i];
            all += tx[i];
            List<Long> types = newOrders == null ? List.of(tx[i]) : List.of(newOrders[i], tx[i] - newOrders[i]);
            if (newOrders != null) orders += newOrders[i];
            in.add(new IntervalResult(at, seconds[i], 4, tx[i], QUERIES_PER_TX * tx[i], 0, 0, 0, 0, false, 0.5,
                    Histograms.encode(Histograms.empty()), -1, types, resources(i)));
        }
        List<TxnMetrics> types = newOrders == null ? List.of(new TxnMetrics("event", all, 0, 0, 0, null))
                : List.of(new TxnMetrics("NEW_ORDER", orders, 0, 0, 0, null), new TxnMetrics("PAYMENT", all - orders, 0, 0, 0, null));
        Counts c = new Counts(all, 0, QUERIES_PER_TX * all, 0, 0, 0, 0, 0, 0, 0);
        Usage u = serverCpu == null ? Usage.NONE : Usages.of(in, all, 2, VerdictRules.Inputs.NONE);
        return new RepeatResult(1, 4, RepeatResult.COMPLETED, null,
                new RepeatResult.Measured(new Window("2026-11-27T07:00:00Z", "2026-11-27T07:10:00Z", window), c, types, in),
                new RepeatResult.PerThread(List.of(all), List.of(0L)), new ClientCpu(1, 0.5, 2, 0.5),
                RepeatResult.ServerChecks.of(ServerCount.none("test", 0)), RepeatResult.Topology.NONE, u, Analytics.NONE);
    }

    private Resources resources(int i) {
        if (serverCpu == null) return Resources.NONE;
        if (Double.isNaN(serverCpu[i])) return new Resources(CLIENT, List.of());
        return new Resources(CLIENT, List.of(new Resources.ServerUse(ResourceSource.PROC, "localhost",
                "mariadbd", serverCpu[i], -1, -1, -1, -1, -1, -1, null, "")));
    }

    /** The client's own figures, taken in every interval. */
    private static final Resources.ClientUse CLIENT = new Resources.ClientUse(0.1, 0, -1, "", -1, -1, Resources.HostCpu.UNKNOWN);
}
