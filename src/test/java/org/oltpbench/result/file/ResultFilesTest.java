package org.oltpbench.result.file;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oltpbench.result.Fixtures;
import org.oltpbench.result.level.LevelResult;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.repeat.counted.Histograms;
import org.oltpbench.result.repeat.counted.ResultFormatException;
import org.oltpbench.result.run.RunResult;

class ResultFilesTest {
    private static RunResult sample() {
        RepeatResult a = Fixtures.sysbench(1, 4, 1000, RepeatResult.COMPLETED);
        RepeatResult b = Fixtures.sysbench(2, 4, 1200, RepeatResult.ABORTED);
        return Fixtures.run(List.of(new LevelResult(4, Map.of("127.0.0.1:3306", 4), 0, List.of(a, b))));
    }

    /** write -> read -> write gives the same bytes, histograms and intervals included. */
    @Test
    void roundTripIsByteIdentical(@TempDir Path dir) throws Exception {
        Path file = ResultFiles.write(dir, sample());
        String first = Files.readString(file);
        RunResult back = ResultFiles.read(dir);
        Path again = ResultFiles.write(dir.resolve("again"), back);
        assertEquals(first, Files.readString(again));
        assertEquals(sample(), back);
        assertTrue(first.contains("\"latency\" : \"HIST"), "histograms are stored encoded");
    }

    /** The histogram read back is the one written: 2 of 3 values at 2,000 us, one at 3,000 us. */
    @Test
    void histogramsSurviveTheFile(@TempDir Path dir) throws Exception {
        ResultFiles.write(dir, sample());
        RepeatResult r = ResultFiles.read(dir).levels().get(0).repeats().get(0);
        assertEquals(3, r.histogram().getTotalCount());
        assertEquals(2.0, Histograms.percentileMs(r.histogram(), 50), 0.002);
        assertEquals(3.0, Histograms.maxMs(r.histogram()), 0.003);
        assertEquals(1, r.intervals().size());
        assertEquals(3, r.intervals().get(0).histogram().getTotalCount());
    }

    @Test
    void anUnknownMajorVersionIsRefusedInOneLine() {
        String json = ResultFiles.toJson(sample()).replace("\"schemaVersion\" : \"" + RunResult.SCHEMA_VERSION + "\"", "\"schemaVersion\" : \"4.0\"");
        ResultFormatException e = assertThrows(ResultFormatException.class, () -> ResultFiles.fromJson(json, "x.json"));
        assertEquals("x.json has schemaVersion 4.0; this oltpbench reads 3.x and 2.x; use the oltpbench version that wrote it",
                e.getMessage());
    }

    /**
     * Whether the engine was read from the server is recorded with the target; a file written before that was recorded
     * (the committed fixture, schema 3.x without the field) reads as not detected.
     */
    @Test
    void theDetectedEngineIsRecordedAndOldFilesReadAsNamed(@TempDir Path dir) throws Exception {
        RunResult old = ResultFiles.read(Path.of("src/test/resources/results/sysbench-3-levels.json"));
        assertEquals(false, old.params().target().detected());
        assertEquals("mariadb", old.params().target().db());
        RunResult s = sample();
        RunResult detected = new RunResult(s.schemaVersion(), s.oltpbenchVersion(), s.workload(), s.params().withEngine("tidb"),
                s.server(), s.client(), s.terms(), s.startedAt(), s.endedAt(), s.mergedFrom(), s.levels(), s.load());
        ResultFiles.write(dir, detected);
        assertTrue(Files.readString(dir.resolve(ResultFiles.FILE)).contains("\"detected\" : true"));
        assertEquals(true, ResultFiles.read(dir).params().target().detected());
        assertEquals("tidb", ResultFiles.read(dir).params().target().db());
    }

    /** A newer minor version with fields this reader does not know still reads. */
    @Test
    void aNewerMinorVersionReads() {
        String json = ResultFiles.toJson(sample()).replace("\"schemaVersion\" : \"" + RunResult.SCHEMA_VERSION + "\"",
                "\"schemaVersion\" : \"3.99\", \"futureField\" : 1");
        assertEquals(4, ResultFiles.fromJson(json, "x.json").levels().get(0).threads());
    }

    /** src/test/resources/results/README.md says how this file was made by oltpbench 0.1.0. */
    @Test
    void theVersion01FormatIsRefusedClearly() throws Exception {
        Path old = Path.of("src/test/resources/results/v0.1-result.json");
        ResultFormatException e = assertThrows(ResultFormatException.class, () -> ResultFiles.read(old));
        assertTrue(e.getMessage().contains("has no schemaVersion: it was written by oltpbench 0.1"), e.getMessage());
        assertTrue(!e.getMessage().contains("\n"));
    }

    @Test
    void notJsonAndMissingFilesAreRefusedInOneLine(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("result.json"), "<html>");
        assertTrue(assertThrows(ResultFormatException.class, () -> ResultFiles.read(dir)).getMessage().contains("is not JSON"));
        assertTrue(assertThrows(ResultFormatException.class, () -> ResultFiles.read(dir.resolve("nope")))
                .getMessage().contains("no such file"));
    }

    @Test
    void thePasswordNeverReachesTheFile() {
        org.oltpbench.config.Config cfg = org.oltpbench.config.ConfigLoader.load(null,
                List.of("password=s3cret-pw", "threads=4", "conn=jdbc:mysql://h/db?user=u&password=s3cret-pw"), Map.of());
        var params = org.oltpbench.config.RunParams.of(cfg, java.time.ZonedDateTime.now());
        assertEquals("s3cret-pw", params.target().password());
        RunResult r = RunResult.start("0.2.0", sample().workload(), params.redacted(), sample().server(), sample().client(),
                sample().terms(), "t0");
        assertTrue(!ResultFiles.toJson(r).contains("s3cret-pw"), ResultFiles.toJson(r));
        RunResult unredacted = RunResult.start("0.2.0", sample().workload(), params, sample().server(), sample().client(),
                sample().terms(), "t0");
        assertTrue(!ResultFiles.toJson(unredacted).contains("\"password\""), "the password field is never written");
    }

    /**
     * Before 3.15, CLIENT_TEXT on pgjdbc sent unnamed extended statements: such a file reads as EXTENDED_UNNAMED, so that
     * compare marks it beside a 3.15 run of the simple protocol; the MySQL drivers' CLIENT_TEXT and a 3.15 file stay.
     */
    @Test
    void aPostgresClientTextRunBefore315ReadsAsUnnamedStatements() {
        RunResult pg = new RunResult(RunResult.SCHEMA_VERSION, "0.2.0", sample().workload(), sample().params(), sample().server(),
                sample().client(), new org.oltpbench.result.run.Terms("PostgreSQL JDBC Driver", "42.7.14",
                org.oltpbench.result.run.Terms.Protocol.CLIENT_TEXT, "READ-COMMITTED", "", Map.of(), Map.of(), "off"),
                "2026-12-06T00:00:00Z", null, List.of(), sample().levels());
        String now = ResultFiles.toJson(pg);
        String old = now.replace("\"schemaVersion\" : \"" + RunResult.SCHEMA_VERSION + "\"", "\"schemaVersion\" : \"3.14\"");
        assertEquals(org.oltpbench.result.run.Terms.Protocol.EXTENDED_UNNAMED, ResultFiles.fromJson(old, "old").terms().protocol());
        assertEquals(org.oltpbench.result.run.Terms.Protocol.CLIENT_TEXT, ResultFiles.fromJson(now, "now").terms().protocol());
        String mysql = ResultFiles.toJson(sample()).replace("SERVER_PREPARED", "CLIENT_TEXT")
                .replace("\"schemaVersion\" : \"" + RunResult.SCHEMA_VERSION + "\"", "\"schemaVersion\" : \"3.14\"");
        assertEquals(org.oltpbench.result.run.Terms.Protocol.CLIENT_TEXT, ResultFiles.fromJson(mysql, "mysql").terms().protocol());
    }
}
