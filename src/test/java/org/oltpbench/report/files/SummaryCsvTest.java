package org.oltpbench.report.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.oltpbench.result.Fixtures;
import org.oltpbench.result.level.LevelResult;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.repeat.analytics.Analytics;
import org.oltpbench.result.repeat.analytics.QueryMetrics;
import org.oltpbench.result.run.RunResult;

/** summary.csv's CH columns, by hand from the fixture's counts. */
class SummaryCsvTest {
    /**
     * Three repeats of 10 s with 2 streams: 4, 5 and 3 queries (QphH 1,440, 1,800, 1,080: mean 1,440, t over 3 repeats
     * 1440 ± 4.302653 x 360 / √3 = [545.710, 2334.290]); the first is reported, 1 cancelled; freshness 10, 20 and 30 ms:
     * p50 0.020 s, p95 and max 0.030 s.
     */
    @Test
    void chRunsEndEachRowWithTheAnalyticSide() {
        List<RepeatResult> reps = new ArrayList<>();
        for (int q : new int[] {4, 5, 3}) {
            reps.add(Fixtures.tpcc(4, 10, 50, 0, 50, RepeatResult.COMPLETED).withAnalytics(new Analytics(2, "the OLTP front end",
                    10.0, List.of(new QueryMetrics("Q1", q, 1, 0, 0, Fixtures.hist(100_000), 15)),
                    Fixtures.hist(10_000, 20_000, 30_000), 100, 0, List.of())));
        }
        RunResult base = Fixtures.run(List.of(new LevelResult(4, Map.of(), 0, reps)));
        RunResult ch = new RunResult(base.schemaVersion(), base.oltpbenchVersion(), new org.oltpbench.result.workload.WorkloadInfo("ch",
                org.oltpbench.result.workload.Family.TPCC, Fixtures.tpccInfo(1).transactions(), Fixtures.tpccInfo(1).scale(), List.of()),
                Fixtures.params("db=mariadb", "workload=ch", "warehouses=1", "threads=4", "analyticStreams=2"), base.server(),
                base.client(), base.terms(), base.startedAt(), base.endedAt(), List.of(), base.levels());
        String[] lines = SummaryCsv.render(ch).split("\n");
        List<String> header = Arrays.asList(lines[0].split(","));
        List<String> row = Arrays.asList(lines[1].split(",", -1));
        int at = header.indexOf("analytic_streams");
        assertEquals(SummaryCsv.ANALYTIC, header.subList(at, header.size()), "the CH columns come last");
        assertEquals(List.of("2", "1440.000", "4", "1", "0", "0", "0.020", "0.030", "0.030", "1440.000", "545.710", "2334.290"),
                row.subList(at, row.size()));
        assertFalse(SummaryCsv.render(base).contains("qphh"), "TPC-C and sysbench runs have no CH columns");
    }
}
