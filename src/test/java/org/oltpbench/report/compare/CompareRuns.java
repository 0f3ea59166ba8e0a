package org.oltpbench.report.compare;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.oltpbench.config.RunParams;
import org.oltpbench.report.LabeledRun;
import org.oltpbench.result.Fixtures;
import org.oltpbench.result.level.LevelResult;
import org.oltpbench.result.level.Spread;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.repeat.analytics.Analytics;
import org.oltpbench.result.repeat.analytics.QueryMetrics;
import org.oltpbench.result.repeat.usage.Stall;
import org.oltpbench.result.repeat.usage.Usage;
import org.oltpbench.result.repeat.usage.Verdict;
import org.oltpbench.result.run.RunResult;
import org.oltpbench.result.run.ServerInfo;
import org.oltpbench.stats.Interval;
import org.oltpbench.stats.Trend;

/**
 * Hand-made runs for compare's tests: sysbench levels of 10-s repeats, and CH-benCHmark runs for the interference table
 * (levels of terminals and streams over windows of known length).
 */
public final class CompareRuns {
    private CompareRuns() {
    }

    /**
     * One repeat over {@code seconds}: {@code newOrders} New-Orders (tpmC = newOrders x 60 / seconds) beside
     * {@code streams} streams that completed {@code queries} (QphH = queries x 3,600 / seconds); no streams when 0.
     */
    public static RepeatResult repeat(int terminals, int streams, double seconds, long newOrders, long queries) {
        RepeatResult r = Fixtures.tpcc(terminals, seconds, newOrders, 0, newOrders, RepeatResult.COMPLETED);
        if (streams == 0) return r;
        return r.withAnalytics(new Analytics(streams, "the OLTP front end", seconds, List.of(new QueryMetrics("Q1", queries, 0, 0,
                0, Fixtures.hist(100_000), 1)), Fixtures.hist(20_000, 40_000, 60_000), 100, 0, List.of()));
    }

    /** A level of one repeat per entry of {@code newOrders} and {@code queries}; the first is reported. */
    public static LevelResult level(int terminals, int streams, double seconds, long[] newOrders, long[] queries) {
        List<RepeatResult> reps = new ArrayList<>();
        for (int i = 0; i < newOrders.length; i++) reps.add(repeat(terminals, streams, seconds, newOrders[i], queries[i]));
        return new LevelResult(terminals, Map.of(), 0, reps);
    }

    /** CH parameters by streams and threads, resolved once (the property tests build thousands of runs). */
    private static final Map<String, RunParams> PARAMS = new java.util.concurrent.ConcurrentHashMap<>();

    /** A CH run on {@code engine} (a dialect; version 1.0) whose parameters say {@code analyticStreams=paramStreams}. */
    public static LabeledRun run(String label, String engine, int paramStreams, List<LevelResult> levels) {
        RunResult r = Fixtures.run(levels);
        String threads = String.join(",", levels.stream().map(l -> String.valueOf(l.threads())).toList());
        r = new RunResult(r.schemaVersion(), r.oltpbenchVersion(), Fixtures.tpccInfo(1), PARAMS.computeIfAbsent(paramStreams
                + "/" + threads, k -> Fixtures.params("db=mariadb", "workload=ch", "warehouses=1", "analyticStreams="
                + paramStreams, "threads=" + threads, "time=10")),
                new ServerInfo(engine, "1.0", Map.of()), r.client(), r.terms(), r.startedAt(), r.endedAt(), r.mergedFrom(),
                r.levels());
        return new LabeledRun(label, Path.of(label), r);
    }

    /** A sysbench level of 4 threads whose reported repeat is {@code picked} (as repeatPick=max chooses), of 10-s repeats. */
    public static LabeledRun picked(String label, int picked, long... transactions) {
        List<RepeatResult> reps = new ArrayList<>();
        for (int i = 0; i < transactions.length; i++) reps.add(Fixtures.sysbench(i + 1, 4, transactions[i], RepeatResult.COMPLETED));
        return new LabeledRun(label, Path.of(label), Fixtures.run(List.of(new LevelResult(4, Map.of(), picked, reps))));
    }

    /**
     * A sysbench run of one level of 4 threads on {@code engine}, its reported tps {@code transactions} / 10, its tps
     * interval {@code tps} as given (batch means or repeats), every repeat's bottleneck verdict {@code limit}, drifting or
     * not, over the span {@code startedAt} to {@code endedAt}.
     */
    public static LabeledRun measured(String label, String engine, long transactions, Interval tps, Verdict.Limit limit,
                                      boolean drifting, String startedAt, String endedAt) {
        Usage usage = new Usage(10, 0.1, 2, 2, 1.95, List.of(), "", -1, -1, transactions, new Verdict(limit, limit.toString()),
                Stall.NONE);
        return measured(label, engine, transactions, tps, usage, drifting, startedAt, endedAt);
    }

    /** The same run with its repeat's usage (and the verdict drawn from it) as given. */
    public static LabeledRun measured(String label, String engine, long transactions, Interval tps, Usage usage,
                                      boolean drifting, String startedAt, String endedAt) {
        RepeatResult rep = Fixtures.sysbench(1, 4, transactions, RepeatResult.COMPLETED).withUsage(usage);
        Trend trend = drifting ? new Trend(-10, -15, -5, -20, true) : Trend.NONE;
        Spread spread = new Spread(tps, Interval.NONE, Interval.NONE, Interval.NONE, 95, trend);
        RunResult r = Fixtures.run(List.of(new LevelResult(4, Map.of(), 0, List.of(rep), spread)));
        r = new RunResult(r.schemaVersion(), r.oltpbenchVersion(), r.workload(), r.params(), new ServerInfo(engine, "1.0", Map.of()),
                r.client(), r.terms(), startedAt, endedAt, r.mergedFrom(), r.levels());
        return new LabeledRun(label, Path.of(label), r);
    }
}
