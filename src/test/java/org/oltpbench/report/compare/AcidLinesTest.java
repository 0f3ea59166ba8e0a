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
        // an atomicity test that could not run is not "held" (acid's exit code says the same)
        Path e = dir.resolve("e");
        var notShown = new AcidRun.Report(1, "mysql", "8", "benchmarksql", 1, "v", List.of(t("3.3", "-", Verdict.PASSED, ""),
                t("3.2.2.1", "-", Verdict.NOT_RUN, "could not run"), t("3.5", "-", Verdict.PASSED, "every acknowledged order found")));
        AcidRun.write(notShown, e);
        assertEquals(List.of("E: atomicity and consistency not shown; durability held"), AcidLines.of(List.of(new LabeledRun("E", e, null))));
        assertEquals(false, notShown.sound());
        assertEquals(false, new AcidRun.Report(1, "pg", "15", "benchmarksql", 1, "v", List.of(t("3.3", "-", Verdict.PASSED, ""),
                t("3.5", "-", Verdict.FAILED, "lost 4"))).sound(), "a lost commit fails acid's exit code");
        // an acid.json written before NO_JUDGEMENT (its NOT_RUN saying so) reads as one; one this version cannot read is said
        Path old = dir.resolve("old"), bad = dir.resolve("bad");
        java.nio.file.Files.createDirectories(old);
        java.nio.file.Files.writeString(old.resolve("acid.json"), "{\"schemaVersion\":1,\"tests\":[{\"clause\":\"3.4.2.9\","
                + "\"test\":\"x\",\"level\":\"repeatable-read\",\"verdict\":\"NOT_RUN\",\"evidence\":\"no judgement: the store's\"}]}");
        java.nio.file.Files.createDirectories(bad);
        java.nio.file.Files.writeString(bad.resolve("acid.json"), "{\"schemaVersion\":2,\"tests\":[{\"clause\":\"3.3\",\"verdict\":\"MAYBE\"}]}");
        assertEquals(List.of("OLD: repeatable-read 0 of 0 (no judgement on 3.4.2.9); atomicity and consistency held; durability not run",
                "BAD: its acid.json could not be read (damaged, or written by a newer version: a verdict this one does not know)"),
                AcidLines.of(List.of(new LabeledRun("OLD", old, null), new LabeledRun("BAD", bad, null))));
    }
}
