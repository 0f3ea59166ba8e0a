package org.oltpbench.report.html;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oltpbench.acid.AcidOutcome;
import org.oltpbench.acid.AcidRun;
import org.oltpbench.result.file.ResultFiles;
import org.oltpbench.result.run.RunResult;

/** Issue 61: report.html's ACID section comes from the acid.json beside result.json, and only when there is one. */
class AcidSectionTest {
    @Test
    void theSectionIsThereOnlyWithAcidJson(@TempDir Path dir) throws Exception {
        RunResult run = ResultFiles.read(Path.of("src/test/resources/results/tpcc-2-levels.json"));
        assertFalse(RunReport.render(run, List.of(), "not drawn", AcidRun.rows(dir)).contains("ACID (TPC-C clause 3"));
        AcidRun.write(new AcidRun.Report(1, "mysql", "8.0.31", "benchmarksql", 1, "v", List.of(new AcidOutcome("3.4.2.8",
                "phantom: Delivery's read", "read-committed", AcidOutcome.Verdict.FAILED, "phantom: district (1, 3) <b>"))), dir);
        String html = RunReport.render(run, List.of(), "not drawn", AcidRun.rows(dir));
        assertTrue(html.contains("<h2>ACID (TPC-C clause 3, acid.json)</h2>") && html.contains("3.4.2.8")
                && html.contains("FAILED") && html.contains("phantom: district (1, 3) &lt;b&gt;"), html);
    }
}
