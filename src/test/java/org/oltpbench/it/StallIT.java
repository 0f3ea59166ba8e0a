package org.oltpbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.oltpbench.OltpBench;
import org.oltpbench.db.EmbeddedMariaDb;
import org.oltpbench.driver.RunListener;
import org.oltpbench.result.level.LevelResult;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.repeat.counted.IntervalResult;
import org.oltpbench.result.repeat.usage.Verdict.Limit;
import org.oltpbench.result.run.RunResult;

/**
 * Issue 35 §2: a stall provoked on a real server (a table lock held for 4 s inside a 12 s level; performance.md has
 * the 5 s lock in a 20 s level the issue names) is named in every output, and ordinary levels are not flagged.
 */
// quiet: the verdict of a stall names other processes when they held the host while it stalled (Verdict's STALL
// rule); the table locked for 4 s is then "other processes", rightly by that rule. Beside a burner and other builds
// they held 1.93 of 2 cores in the quiet seconds, and the assertion "stall in every output" failed.
@org.junit.jupiter.api.Tag("quiet")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class StallIT {
    private EmbeddedMariaDb server;

    @BeforeAll
    void start() throws Exception {
        server = EmbeddedMariaDb.start("sbtest");
    }

    @AfterAll
    void stop() {
        if (server != null) server.close();
    }

    private Map<String, String> job(Path dir, String... kv) {
        Map<String, String> m = new HashMap<>(Map.of("db", "mariadb", "conn", "jdbc:mariadb://127.0.0.1:" + server.port()
                + "/sbtest", "user", "root", "tables", "1", "tableSize", "10000", "workload", "oltp_point_select",
                "warmupSecs", "2", "reportIntervalSecs", "1", "resultDirectory", dir.toString()));
        for (int i = 0; i < kv.length; i += 2) m.put(kv[i], kv[i + 1]);
        return m;
    }

    @Test
    void aTableLockedFor5sIsAStallInEveryOutput(@TempDir Path dir) throws Exception {
        OltpBench.fromMap(job(dir.resolve("prepare"), "time", "1", "threads", "1")).run(); // the table, loaded once
        AtomicBoolean locked = new AtomicBoolean();
        RunListener lockAt8s = new RunListener() {
            @Override
            public void interval(IntervalResult i) {
                if (i.warmup() || i.at() < 6 || !locked.compareAndSet(false, true)) return;
                Thread.ofPlatform().daemon().start(() -> lockTable(4_000));
            }
        };
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        Path out = dir.resolve("stalled");
        RunResult run = OltpBench.fromMap(job(out, "threads", "4", "time", "12"))
                .output(new PrintStream(console, true, StandardCharsets.UTF_8)).listener(lockAt8s).run();
        String text = console.toString(StandardCharsets.UTF_8);
        RepeatResult r = run.levels().get(0).kept();
        var u = r.usage();
        assertTrue(locked.get());
        assertTrue(u.stall().found(), u.stall().toString());
        assertTrue(u.stall().quiet().size() >= 3, "about 4 quiet seconds: " + u.stall());
        assertEquals(Limit.STALL, u.verdict().limit(), u.verdict().evidence());
        assertFalse(u.verdict().evidence().contains("more threads"), u.verdict().evidence());
        assertTrue(text.contains("[Bottleneck] stalled: "), text);
        Tools.Outcome o = Tools.cli("report", out.toString());
        assertEquals(0, o.code(), o.err());
        assertTrue(Files.readString(out.resolve("report.html")).contains("stalled: "), "report.html names it");
        Tools.Outcome cmp = Tools.cli("compare", out.toString(), "--out", dir.resolve("cmp").toString());
        assertEquals(0, cmp.code(), cmp.err());
        String md = Files.readString(dir.resolve("cmp").resolve("compare.md"));
        assertTrue(md.contains("| bottleneck | stall |"), md);
        assertTrue(cmp.out().lines().anyMatch(l -> l.matches("bottleneck +stall")), "the terminal's aligned row: " + cmp.out());
        assertTrue(Files.size(out.resolve("level-4.png")) > 0);
    }

    /** Ordinary levels are not flagged: 1 and 4 threads, 5 s each (20 levels are measured by hand in performance.md). */
    @Test
    void ordinaryLevelsAreNotFlagged(@TempDir Path dir) throws Exception {
        OltpBench.fromMap(job(dir.resolve("prepare"), "time", "1", "threads", "1")).run();
        RunResult run = OltpBench.fromMap(job(dir.resolve("plain"), "threads", "1,4", "time", "5")).run();
        for (LevelResult l : run.levels()) {
            var s = l.kept().usage().stall();
            assertFalse(s.found(), l.threads() + " threads: " + s.evidence());
        }
    }

    private void lockTable(long millis) {
        try (Connection c = Tools.connect("jdbc:mariadb://127.0.0.1:" + server.port() + "/sbtest", "root", "");
             Statement s = c.createStatement()) {
            s.execute("LOCK TABLES sbtest1 WRITE");
            Thread.sleep(millis);
            s.execute("UNLOCK TABLES");
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
