package org.oltpbench.result.file;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.oltpbench.config.SysbenchParams;
import org.oltpbench.config.TpccParams;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.repeat.TpccMetrics;
import org.oltpbench.result.repeat.counted.Histograms;
import org.oltpbench.result.run.RunResult;
import org.oltpbench.result.workload.Family;
import org.oltpbench.result.workload.TxnType;
import org.oltpbench.result.workload.WorkloadInfo;

/**
 * Schema 2.1 files, written by the last 2.x oltpbench (src/test/resources/results/README.md), read as 3.0: the
 * parameters and workload come from their config map, and every figure equals the summary.csv that writer printed.
 */
class Schema2Test {
    private static final Path DIR = Path.of("src/test/resources/results");

    @Test
    void aSysbenchRunReadsWithItsParamsAndTheFiguresItsWriterPrinted() throws Exception {
        RunResult r = ResultFiles.read(DIR.resolve("schema2.1-sysbench.json"));
        assertEquals(new WorkloadInfo("oltp_read_only", Family.SYSBENCH, List.of(TxnType.only("event")),
                WorkloadInfo.Scale.tables(2, 1000)), r.workload());
        SysbenchParams p = assertInstanceOf(SysbenchParams.class, r.params().workload());
        assertEquals("oltp_read_only", p.preset());
        assertEquals(List.of(1, 2), r.params().sweep().totalThreads());
        assertEquals("mariadb", r.params().target().db());
        assertNull(r.params().target().password());
        assertEquals("max", r.repeatPick());
        sameAsPrinted(r, "schema2.1-sysbench.summary.csv", List.of("tps", "qps", "p95_ms"));
    }

    @Test
    void aTpccRunReadsWithItsTableAndScale() throws Exception {
        RunResult r = ResultFiles.read(DIR.resolve("schema2.1-tpcc.json"));
        assertEquals(Family.TPCC, r.workload().family());
        assertEquals(List.of("NEW_ORDER", "PAYMENT", "ORDER_STATUS", "DELIVERY", "STOCK_LEVEL"), r.workload().typeNames());
        assertEquals("NEW_ORDER", r.workload().headlineType());
        assertEquals(WorkloadInfo.Scale.warehouses(2), r.workload().scale());
        assertEquals(2, assertInstanceOf(TpccParams.class, r.params().workload()).warehouses());
        sameAsPrinted(r, "schema2.1-tpcc.summary.csv", List.of("tps", "tpmC", "tpmC_committed", "tpmTOTAL", "neworder_p95_ms"));
    }

    @Test
    void currentSchemaRoundTrips() throws Exception {
        RunResult r = ResultFiles.read(DIR.resolve("schema2.1-tpcc.json"));
        RunResult again = ResultFiles.fromJson(ResultFiles.toJson(r), "again");
        assertEquals("3.18", RunResult.SCHEMA_VERSION);
        // 3.14 added the driver's properties to terms, not a change to spreads: a 3.13 file's are kept (recomputing them
        // decodes every interval's histogram once more: +0.4 s on a report of 4,320 intervals)
        org.junit.jupiter.api.Assertions.assertTrue(RunResult.sameSpreads("3.13") && RunResult.sameSpreads("3.14") && RunResult.sameSpreads("3.16")
                && !RunResult.sameSpreads("3.10"));
        assertEquals(r.params(), again.params());
        assertEquals(r.workload(), again.workload());
        assertEquals(r.levels(), again.levels());
        assertEquals(ResultFiles.toJson(r), ResultFiles.toJson(again));
    }

    /** Each named column of the 2.1 writer's summary.csv, against the same figure from the file read as 3.0. */
    private static void sameAsPrinted(RunResult r, String csv, List<String> columns) throws Exception {
        List<String> lines = Files.readAllLines(DIR.resolve(csv));
        List<String> header = List.of(lines.get(0).split(","));
        for (int i = 0; i < r.levels().size(); i++) {
            String[] printed = lines.get(i + 1).split(",");
            RepeatResult k = r.levels().get(i).kept();
            for (String c : columns) {
                double v = switch (c) {
                    case "tps" -> k.tps();
                    case "qps" -> k.qps();
                    case "p95_ms" -> k.percentileMs(95);
                    case "tpmC" -> TpccMetrics.tpmC(k);
                    case "tpmC_committed" -> TpccMetrics.tpmCCommitted(k);
                    case "tpmTOTAL" -> TpccMetrics.tpmTotal(k);
                    case "neworder_p95_ms" -> Histograms.percentileMs(k.transaction("NEW_ORDER").histogram(), 95);
                    default -> throw new IllegalArgumentException(c);
                };
                assertEquals(printed[header.indexOf(c)], String.format(Locale.ROOT, "%.3f", v), csv + " level " + (i + 1) + " " + c);
            }
        }
    }
}
