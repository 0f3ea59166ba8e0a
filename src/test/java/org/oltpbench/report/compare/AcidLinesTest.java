package org.oltpbench.report.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oltpbench.acid.AcidOutcome;
import org.oltpbench.acid.AcidOutcome.Verdict;
import org.oltpbench.acid.AcidRun;
import org.oltpbench.report.LabeledRun;

/** Issue 61: compare's ACID line per run, from the acid.json beside its result, counted by hand. */
class AcidLinesTest {
    private static AcidOutcome t(String clause, String level, Verdict v, String evidence) {
        return new AcidOutcome(clause, "x", level, v, evidence);
    }

    @Test
    void eachRunsLevelsAndPhenomenaOrNotTested(@TempDir Path dir) throws Exception {
        Path a = dir.resolve("a"), b = dir.resolve("b");
        AcidRun.write(new AcidRun.Report(1, "postgres", "15", "benchmarksql", 1, "pg_stat_activity", List.of(
                t("3.3", "-", Verdict.PASSED, "13 checks passed"),
                t("3.2.2.1", "-", Verdict.PASSED, ""),
                t("3.4.2.1", "read-committed", Verdict.PASSED_SNAPSHOT, ""),
                t("3.4.2.7", "read-committed", Verdict.FAILED, "non-repeatable read of x: items 1, 2"),
                t("3.4.2.8", "read-committed", Verdict.FAILED, "phantom: district (1, 3)"),
                t("3.4.2.3", "repeatable-read", Verdict.PASSED_ABORTED, ""),
                t("3.4.2.4", "repeatable-read", Verdict.NOT_RUN, "the engine refused"),
                t("3.5", "-", Verdict.NOT_RUN, "not run"))), a);
        java.nio.file.Files.createDirectories(b);
        List<String> lines = AcidLines.of(List.of(new LabeledRun("PG", a, null), new LabeledRun("MySQL", b.resolve("result.json"), null)));
        assertEquals(List.of("PG: read-committed 1 of 3 (3.4.2.7 non-repeatable read of x, 3.4.2.8 phantom); repeatable-read 1 of 1 (1 not run); "
                        + "atomicity and consistency held; durability not run",
                "MySQL: not tested (no acid.json in its directory: run acid with resultDirectory= that directory)"), lines);
        // no run tested: no block at all
        assertEquals(List.of(), AcidLines.of(List.of(new LabeledRun("MySQL", b, null))));
        // an atomicity failure is said
        Path c = dir.resolve("c");
        AcidRun.write(new AcidRun.Report(1, "mysql", "8", "benchmarksql", 1, "v", List.of(t("3.2.2.2", "-", Verdict.FAILED, "x"))), c);
        assertEquals(List.of("C: atomicity and consistency FAILED; durability not run"), AcidLines.of(List.of(new LabeledRun("C", c, null))));
        // a durability failure is durability's, not atomicity's; a test run without a judgement is named, not counted
        Path d = dir.resolve("d");
        AcidRun.write(new AcidRun.Report(1, "tidb", "8.4", "benchmarksql", 1, "v", List.of(
                t("3.3", "-", Verdict.PASSED, ""),
                t("3.4.2.8", "repeatable-read", Verdict.FAILED, "phantom: district (1, 3)"),
                t("3.4.2.9", "repeatable-read", Verdict.NO_JUDGEMENT, "no judgement: the store's"),
                t("3.4.2.1", "repeatable-read", Verdict.PASSED_SNAPSHOT, ""),
                t("3.5", "-", Verdict.FAILED, "lost 4 committed New-Orders"))), d);
        assertEquals(List.of("D: repeatable-read 1 of 2 (no judgement on 3.4.2.9) (3.4.2.8 phantom); atomicity and consistency held; "
                + "durability FAILED"), AcidLines.of(List.of(new LabeledRun("D", d, null))));
    }
}
