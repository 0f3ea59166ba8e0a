package org.oltpbench.result;

import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.oltpbench.config.ConfigLoader;
import org.oltpbench.config.RunParams;
import org.oltpbench.result.level.LevelResult;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.repeat.client.ClientCpu;
import org.oltpbench.result.repeat.counted.Counts;
import org.oltpbench.result.repeat.counted.Histograms;
import org.oltpbench.result.repeat.counted.IntervalResult;
import org.oltpbench.result.repeat.counted.TxnMetrics;
import org.oltpbench.result.repeat.counted.Window;
import org.oltpbench.result.repeat.server.ServerCount;
import org.oltpbench.result.repeat.usage.Usage;
import org.oltpbench.result.run.ClientInfo;
import org.oltpbench.result.run.RunResult;
import org.oltpbench.result.run.ServerInfo;
import org.oltpbench.result.run.Terms;
import org.oltpbench.result.workload.Family;
import org.oltpbench.result.workload.TxnType;
import org.oltpbench.result.workload.WorkloadInfo;

/** Hand-made results with known numbers, for tests of the arithmetic and the file format. */
public final class Fixtures {
    private Fixtures() {
    }

    public static String hist(long... micros) {
        Histogram h = Histograms.empty();
        for (long m : micros) h.recordValue(m);
        return Histograms.encode(h);
    }

    /** A TPC-C-shaped repeat: NEW_ORDER and PAYMENT with the given counts, over {@code seconds}. */
    public static RepeatResult tpcc(int threads, double seconds, long noCommitted, long noRollbacks, long payments, RepeatResult.Status status) {
        TxnMetrics no = new TxnMetrics("NEW_ORDER", noCommitted, noRollbacks, 0, 0, hist(repeat(1000, noCommitted + noRollbacks)));
        TxnMetrics pay = new TxnMetrics("PAYMENT", payments, 0, 2, 0, hist(repeat(500, payments)));
        long all = noCommitted + noRollbacks + payments;
        Counts c = new Counts(all, noRollbacks, 10 * all, 5 * all, all, 0, 0, 2, 0, all * 800_000L);
        return new RepeatResult(1, threads, status, status == RepeatResult.COMPLETED ? null : "error 1213", new RepeatResult.Measured(new Window("2026-11-23T07:00:00Z", "2026-11-23T07:01:00Z", seconds), c, List.of(no, pay), List.of()),
                new RepeatResult.PerThread(List.of(all), List.of(all * 800_000L)), new ClientCpu(6, 0.1, 2, 0.5), RepeatResult.ServerChecks.of(ServerCount.none("test", 0)), RepeatResult.Topology.NONE, Usage.NONE, org.oltpbench.result.repeat.analytics.Analytics.NONE);
    }

    /** A sysbench-shaped repeat with {@code tps} transactions per second over 10 s. */
    public static RepeatResult sysbench(int repeat, int threads, long transactions, RepeatResult.Status status) {
        Counts c = new Counts(transactions, 0, 14 * transactions, 4 * transactions, 2 * transactions, 1, 0, 0, 0,
                transactions * 2_000_000L);
        List<IntervalResult> intervals = List.of(new IntervalResult(10.0, 10.0, threads, transactions, 14 * transactions,
                4 * transactions, 2 * transactions, 1, 0, false, 0.75, hist(2000, 2000, 3000)));
        return new RepeatResult(repeat, threads, status, status == RepeatResult.COMPLETED ? null : "thread 0: error 1062", new RepeatResult.Measured(new Window("2026-11-23T07:00:00Z", "2026-11-23T07:00:10Z", 10.0), c, List.of(new TxnMetrics("event", transactions, 0, 0, 0, hist(2000, 2000, 3000))), intervals),
                new RepeatResult.PerThread(List.of(transactions / 2, transactions - transactions / 2), List.of(1L, 2L)), new ClientCpu(7.5, 0.75, 2, 0.6), RepeatResult.ServerChecks.of(new ServerCount("Com_commit", transactions, transactions, null)), RepeatResult.Topology.NONE, Usage.NONE, org.oltpbench.result.repeat.analytics.Analytics.NONE);
    }

    /** One client's run of {@code r} (2 threads on h:3306) as merge reads it, its client host {@code host}. */
    public static RunResult client(RepeatResult r, String host) {
        RunResult base = run(List.of(new LevelResult(2, Map.of("h:3306", 2), 0, List.of(r))));
        return new RunResult(base.schemaVersion(), base.oltpbenchVersion(), base.workload(), base.params(), base.server(),
                new ClientInfo(host, 2, 1L << 30, "Linux", "jvm", "d", "1"), base.terms(), base.startedAt(), base.endedAt(), List.of(),
                base.levels());
    }

    /** A sysbench run of oltp_read_write at 4 and 8 threads, 1 table of 10,000 rows, on MariaDB. */
    public static RunResult run(List<LevelResult> levels) {
        return new RunResult(RunResult.SCHEMA_VERSION, "0.2.0", sysbenchInfo(1, 10_000), params("db=mariadb", "threads=4,8", "time=10"),
                new ServerInfo("mariadb", "10.11.19-MariaDB", Map.of("max_connections", "2000")),
                new ClientInfo("vm", 2, 24L << 30, "Linux", "OpenJDK 25", "MariaDB Connector/J", "3.5.1"), terms(),
                "2026-11-23T07:00:00Z", "2026-11-23T07:00:30Z", List.of(), levels);
    }

    /** MariaDB Connector/J, server-side statements, REPEATABLE-READ, nothing set or tuned. */
    public static Terms terms() {
        return new Terms("MariaDB Connector/J", "3.5.1", Terms.Protocol.SERVER_PREPARED, "REPEATABLE-READ", "", Map.of(), Map.of(), "off");
    }

    /** Parameters resolved from {@code key=value} settings as --set gives them. */
    public static RunParams params(String... sets) {
        return RunParams.of(ConfigLoader.load(null, List.of(sets), Map.of()),
                ZonedDateTime.of(2026, 11, 23, 7, 0, 0, 0, ZoneOffset.UTC)).redacted();
    }

    public static WorkloadInfo sysbenchInfo(int tables, long rows) {
        return new WorkloadInfo("oltp_read_write", Family.SYSBENCH, List.of(TxnType.only("event")),
                WorkloadInfo.Scale.tables(tables, rows));
    }

    /** TPC-C's table as the workload declares it, at {@code warehouses}. */
    public static WorkloadInfo tpccInfo(int warehouses) {
        return new WorkloadInfo("tpcc", Family.TPCC, List.of(new TxnType("NEW_ORDER", 45, 0, 0, true),
                new TxnType("PAYMENT", 43, 0, 0, false), new TxnType("ORDER_STATUS", 4, 0, 0, false),
                new TxnType("DELIVERY", 4, 0, 0, false), new TxnType("STOCK_LEVEL", 4, 0, 0, false)),
                WorkloadInfo.Scale.warehouses(warehouses));
    }

    /** {@code r} with another workload description. */
    public static RunResult with(RunResult r, WorkloadInfo w) {
        return new RunResult(r.schemaVersion(), r.oltpbenchVersion(), w, r.params(), r.server(), r.client(), r.terms(),
                r.startedAt(), r.endedAt(), r.mergedFrom(), r.levels());
    }

    /** {@code r} with other terms. */
    public static RunResult with(RunResult r, Terms t) {
        return new RunResult(r.schemaVersion(), r.oltpbenchVersion(), r.workload(), r.params(), r.server(), r.client(), t,
                r.startedAt(), r.endedAt(), r.mergedFrom(), r.levels());
    }

    public static long[] repeat(long v, long n) {
        long[] a = new long[(int) n];
        java.util.Arrays.fill(a, v);
        return a;
    }
}
