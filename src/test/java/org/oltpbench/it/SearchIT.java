package org.oltpbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oltpbench.result.ResultFiles;
import org.oltpbench.result.RunResult;

/**
 * Issue 38 §1, the short form CI runs (the long one is on the performance page): threads=search on the embedded
 * MariaDB, oltp_point_select, probes of 8 s (8 recorded intervals: an interval from one repeat), one repeat each, up to
 * searchMax=2: the path is 1, 2 (2 is the cap, and 1 has nothing below it to halve towards); the console prints the
 * search block, result.json carries the settings and the answer, report.html a section and search.png is drawn.
 */
class SearchIT {
    @TempDir
    Path dir;

    @Test
    void threadsSearchFindsAndReportsAPeakOnTheEmbeddedServer() throws Exception {
        Path out = dir.resolve("search");
        Tools.Outcome o = Tools.cli("--set", "db=mariadb", "--set", "embedded=true", "--set", "workload=oltp_point_select",
                "--set", "tables=1", "--set", "tableSize=1000", "--set", "threads=search", "--set", "searchMax=2", "--set",
                "searchMaxRepeats=1", "--set", "searchLimit=p99<=200ms", "--set", "time=8", "--set", "reportIntervalSecs=0",
                "--set", "resultDirectory=" + out);
        assertEquals(0, o.code(), o.out() + o.err());
        assertTrue(o.out().matches("(?s).*\\nPeak search \\(threads=search, searchLimit=p99<=200ms, from 1, resolution 10%, probes "
                + "repeated to ±3%, at most 1 times\\): \\d+ probes, \\d+ repeats, in \\d+ min \\d+ s\\n.*"), o.out());
        assertTrue(o.out().matches("(?s).*\\nPeak: [\\d.]+ tps at [12] threads \\[[\\d.]+, [\\d.]+]; limited by: \\w+.*"), o.out());
        assertTrue(o.out().contains("\nKnee: "), o.out());
        RunResult run = ResultFiles.read(out.resolve("result.json"));
        assertEquals(java.util.List.of(1, 2), run.levels().stream().map(l -> l.threads()).toList(), "searchMax=2: no level above");
        assertEquals(run.levels().size(), run.search().path().size());
        assertTrue(Files.readString(out.resolve("result.json")).contains("\"knee\""));
        assertTrue(Files.readString(out.resolve("report.html")).contains("<h2>Peak search</h2>"));
        assertTrue(Files.size(out.resolve("search.png")) > 10_000);
    }
}
