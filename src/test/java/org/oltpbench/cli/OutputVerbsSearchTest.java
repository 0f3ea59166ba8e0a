package org.oltpbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oltpbench.driver.search.SearchReplay;
import org.oltpbench.result.Fixtures;
import org.oltpbench.result.file.ResultFiles;
import org.oltpbench.result.judge.spread.Spreads;
import org.oltpbench.result.level.LevelResult;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.run.RunResult;
import org.oltpbench.result.search.Probe;

/**
 * The verbs that build a run without the sweep keep its search's answer (merge refuses runs that searched), and
 * report and compare replay a file's whose answer was dropped (an older schema). Probes of two 10-s repeats: 7,430 and
 * 7,440 tps at 1 thread, 17,180 and 17,185 at 2 (disjoint intervals: 2 rose; SearchFormatTest).
 */
class OutputVerbsSearchTest {
    private static LevelResult probe(int threads, long... tps) {
        List<RepeatResult> reps = new ArrayList<>();
        for (long t : tps) reps.add(Fixtures.sysbench(reps.size() + 1, threads, 10 * t, RepeatResult.COMPLETED));
        return Spreads.onto(new LevelResult(threads, Map.of(), 0, reps), 95);
    }

    /** A threads=search run with its answer, written to {@code dir}. */
    private static RunResult searched(Path dir) throws Exception {
        RunResult base = Fixtures.run(List.of());
        RunResult run = SearchReplay.answered(new RunResult(base.schemaVersion(), base.oltpbenchVersion(), base.workload(),
                Fixtures.params("db=mariadb", "threads=search", "searchMax=2", "searchMaxRepeats=2", "time=10"), base.server(),
                base.client(), base.terms(), base.startedAt(), base.endedAt(), List.of(),
                List.of(probe(1, 7430, 7440), probe(2, 17180, 17185))));
        ResultFiles.write(dir, run);
        return run;
    }

    /** A search runs on one client: merge, which joins the clients' shares of one job, refuses runs that searched. */
    @Test
    void mergeRefusesRunsThatSearched(@TempDir Path tmp) throws Exception {
        searched(tmp.resolve("a"));
        searched(tmp.resolve("b"));
        org.oltpbench.result.file.MergeRefused e = org.junit.jupiter.api.Assertions.assertThrows(
                org.oltpbench.result.file.MergeRefused.class, () -> OutputVerbs.merge(List.of(tmp.resolve("a"),
                        tmp.resolve("b")), tmp.resolve("m"), new PrintStream(new ByteArrayOutputStream())));
        assertTrue(e.getMessage().contains("searched (threads=search), which runs on one client"), e.getMessage());
        assertFalse(Files.exists(tmp.resolve("m").resolve(ResultFiles.FILE)), "nothing written");
    }

    /** A recorded answer that names a probe its levels no longer hold (a level taken out by hand) is replayed. */
    @Test
    void anAnswerNamingAProbeTheLevelsLackIsReplayed(@TempDir Path tmp) throws Exception {
        RunResult run = searched(tmp.resolve("r"));
        assertEquals(List.of(1, 2), run.search().path().stream().map(Probe::threads).toList());
        RunResult edited = run.withLevels(run.levels().subList(0, 1)).withSearch(run.search());
        RunResult read = SearchReplay.answered(edited);
        assertEquals(List.of(1), read.search().path().stream().map(Probe::threads).toList(), "replayed on the level left");
        assertEquals(run, SearchReplay.answered(run), "an answer its levels hold is kept as it is");
    }

    @Test
    void reportAndCompareReplayAnOlderSchemasSearch(@TempDir Path tmp) throws Exception {
        RunResult run = searched(tmp.resolve("r"));
        Path file = tmp.resolve("r").resolve(ResultFiles.FILE);
        String older = Files.readString(file).replace("\"schemaVersion\" : \"" + RunResult.SCHEMA_VERSION + "\"",
                "\"schemaVersion\" : \"3.10\"").replace("\"step\" : \"ROSE\"", "\"step\" : \"NO_RISE\"");
        Files.writeString(file, older);
        assertTrue(ResultFiles.read(file).unanswered(), "an older schema's answer is dropped on reading");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        OutputVerbs.report(tmp.resolve("r"), new PrintStream(out, true, StandardCharsets.UTF_8));
        assertEquals(older, Files.readString(file), "nothing rebuilt from a journal: result.json is left as it was");
        String html = Files.readString(tmp.resolve("r").resolve("report.html"));
        assertTrue(html.contains("<h2>Peak search</h2>") && html.contains("rose beyond noise over 1"), "replayed, not as written");
        assertTrue(Files.exists(tmp.resolve("r").resolve("search.png")));
        out.reset();
        OutputVerbs.compare(List.of(tmp.resolve("r")), Map.of(), null, false, tmp.resolve("c"),
                new PrintStream(out, true, StandardCharsets.UTF_8));
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("peak 17182.50 tps at 2 threads"), out.toString(StandardCharsets.UTF_8));
        assertEquals(run.search(), SearchReplay.read(file).search());
    }
}
