package org.oltpbench.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oltpbench.report.files.ReportFiles;
import org.oltpbench.result.file.ResultFiles;
import org.oltpbench.result.level.LevelResult;
import org.oltpbench.result.repeat.TpccMetrics;
import org.oltpbench.result.run.RunResult;

class RunReportTest {
    @TempDir
    Path dir;

    private String written(String fixture) throws Exception {
        RunResult run = ResultFiles.read(Path.of("src/test/resources/results", fixture));
        ReportFiles.write(dir, run, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        return Files.readString(dir.resolve("report.html"));
    }

    @Test
    void imagesAreInlineAndNothingIsFetched() throws Exception {
        String html = written("sysbench-3-levels.json");
        Matcher m = Pattern.compile("<img alt=\"[^\"]*\" src=\"data:image/png;base64,[A-Za-z0-9+/=]+\">").matcher(html);
        int images = 0;
        while (m.find()) images++;
        assertEquals(8, images, "throughput, latency, and one over time and one spectrum per level");
        assertFalse(html.contains("http://") || html.contains("https://") || html.contains("<script"), "self-contained");
        assertFalse(html.toLowerCase(Locale.ROOT).contains("password"), "no password key, no password value");
    }

    /** Each level's tps, qps, avg and p95 as result.json's summary gives them, rounded to two decimals. */
    @Test
    void sysbenchLevelsCarryTheirNumbersFromResultJson() throws Exception {
        String html = written("sysbench-3-levels.json");
        assertTrue(html.contains("<td class=\"k\">1</td><td>322.04</td><td>6440.84</td><td>3.08</td><td>52.96</td><td>3.83</td>"), html);
        assertTrue(html.contains("<td class=\"k\">4</td><td>1233.22</td><td>24664.32</td><td>3.24</td><td>72.90</td><td>4.87</td>"), html);
        assertTrue(html.contains("mariadb 11.4.5-MariaDB"));
    }

    @Test
    void tpccLevelsCarryTpmC() throws Exception {
        String html = written("tpcc-2-levels.json");
        RunResult run = ResultFiles.read(Path.of("src/test/resources/results/tpcc-2-levels.json"));
        for (LevelResult l : run.levels()) {
            String tpmc = String.format(Locale.ROOT, "%.2f", TpccMetrics.tpmC(l.kept()));
            assertTrue(html.contains("<td class=\"k\">" + l.threads() + "</td><td>" + tpmc + "</td>"), tpmc);
        }
        assertTrue(html.contains("<td>11397.86</td>"), "1 terminal: 767 NewOrders in 4.038 s = 11397.86 tpmC");
        assertTrue(html.contains("NEW_ORDER") && html.contains("STOCK_LEVEL"));
        // a TPC-C level is of terminals, in every table's first column (issue 43 §5: the levels table said threads)
        assertTrue(html.contains("<th class=\"k\">terminals</th>"), html);
        assertFalse(html.contains("<th class=\"k\">threads</th>"), html);
        List<String> csv = Files.readAllLines(dir.resolve("summary.csv"));
        assertEquals(3, csv.size());
        assertTrue(csv.get(1).startsWith("1,1,completed,4.038,1703,421.785,"), csv.get(1));
        // an unpaced run (no keying or think time): its efficiency is the word, as on the console (issue 42 §1.14); the
        // percentage against 12.86 x 1 warehouse, 88630.343%, bounds nothing
        String[] head = csv.get(0).split(","), row = csv.get(1).split(",", -1);
        int tpmC = List.of(head).indexOf("tpmC");
        assertEquals(List.of("11397.862", "11264.119", "25307.118", "4.875", "8.163", "unpaced"),
                List.of(row).subList(tpmC, tpmC + 6), csv.get(1));
        // one repeat of 4 s without report intervals: no interval, and its columns say so
        assertEquals("none", row[List.of(head).indexOf("ci_method")]);
        assertEquals("", row[List.of(head).indexOf("tpmC_ci_low")]);
        assertTrue(html.contains("<td>unpaced</td>") && !html.contains("88630.34"), "the efficiency column");
    }
}
