package org.oltpbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.FutureTask;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oltpbench.db.Database;
import org.oltpbench.result.level.LevelResult;
import org.oltpbench.result.file.ResultFiles;
import org.oltpbench.stats.Interval;

/** Confidence intervals and the drift verdict on real runs of the embedded MariaDB (the shared one, a database a test). */
// quiet: "the same engine twice is within noise" and "a steady run earns no drift warning" hold only when nothing else
// changes the host between and during the runs; beside another IT JVM (CI, 2026-11-27) b ran at 0.58 of a
@org.junit.jupiter.api.Tag("quiet")
class IntervalsIT {
    @TempDir
    Path dir;

    /** oltp_read_only at 2 threads, 1 table of 2,000 rows, on {@code db} (loaded by the first run that finds no table). */
    private Tools.Outcome run(Tools.Login db, String name, String... more) {
        List<String> a = SharedMariaDb.sets(db);
        a.addAll(List.of("--set", "workload=oltp_read_only", "--set", "tables=1", "--set", "table_size=2000", "--set", "threads=2", "--set", "report-interval=1",
                "--set", "resultDirectory=" + dir.resolve(name)));
        for (String m : more) a.addAll(List.of("--set", m));
        Tools.Outcome o = Tools.cli(a.toArray(new String[0]));
        assertEquals(0, o.code(), o.out() + o.err());
        return o;
    }

    /**
     * The same engine twice, three repeats of 2 s each: every interval is over the repeats, and the ratios are within
     * noise.
     */
    @Test
    void theSameEngineTwiceIsWithinNoise() throws Exception {
        Tools.Login db = SharedMariaDb.database(IntervalsIT.class, "noise");
        // the runs share this JVM (Tools.cli): one run first, so that a does not run on a colder JIT than b (CI,
        // 2026-12-07: b / a 1.23 [1.01, 1.51], a's first repeat the slow one)
        run(db, "warm", "time=2");
        Tools.Outcome first = run(db, "a", "repeat=3", "time=2");
        run(db, "b", "repeat=3", "time=2");
        LevelResult l = ResultFiles.read(dir.resolve("a")).level(2);
        assertEquals(Interval.Method.REPEATS, l.spread().qps().method());
        assertEquals(3, l.spread().qps().n());
        assertTrue(l.spread().qps().lower() < l.spread().qps().mean() && l.spread().qps().mean() < l.spread().qps().upper());
        assertTrue(first.out().contains("95% confidence intervals of the mean") && first.out().contains("t over 3 repeats"),
                first.out());
        List<String> csv = Files.readAllLines(dir.resolve("a").resolve("summary.csv"));
        List<String> head = List.of(csv.get(0).split(","));
        assertEquals("repeats", csv.get(1).split(",", -1)[head.indexOf("ci_method")]);
        Tools.Outcome cmp = Tools.cli("compare", dir.resolve("a").toString(), dir.resolve("b").toString(), "--label",
                "a=" + dir.resolve("a"), "--label", "b=" + dir.resolve("b"), "--out", dir.resolve("cmp").toString());
        assertEquals(0, cmp.code(), cmp.out() + cmp.err());
        String md = Files.readString(dir.resolve("cmp").resolve("compare.md"));
        assertTrue(md.contains("| qps 95% CI |"), md);
        String qpsRatio = md.lines().filter(x -> x.startsWith("| qps / a")).findFirst().orElseThrow();
        assertTrue(qpsRatio.contains("within noise"), md);
        assertTrue(Files.readString(dir.resolve("cmp").resolve("compare.html")).contains("within noise"));
        // issue 36 §2: the one-line answer, in compare.md and on the terminal (aligned text, no Markdown pipes)
        String verdict = md.lines().filter(x -> x.startsWith("- b / a tps at 2 threads: ")).findFirst().orElseThrow();
        // issue 42 §1.12: what undermines it follows on the line (b ran after a)
        assertTrue(verdict.matches(".*\\(95%[^)]*\\), within noise \\(3 repeats: t on 2 degrees of freedom, 4\\.3, and [^;]*\\); "
                + ".*runs not interleaved.*"), verdict);
        assertTrue(cmp.out().contains(verdict.substring(2)), cmp.out());
        assertTrue(cmp.out().lines().anyMatch(x -> x.matches("tps ↑ +[\\d.]+ +[\\d.]+")), cmp.out());
    }

    /**
     * A steady run earns no drift warning; the same run against a server that is slowed from the middle of the
     * measured window on (sbtest1 write-locked for 60 ms of every 100 ms) does.
     */
    @Test
    void driftIsFlaggedWhenTheServerSlowsMidwayAndOnlyThen() throws Exception {
        Tools.Login login = SharedMariaDb.database(IntervalsIT.class, "drift");
        try (Database db = SharedMariaDb.open(login)) {
            // a shared machine can truly slow one run (CI once saw -21% over 16 s): a steady verdict is asked of one of two
            Tools.Outcome steady = run(login, "steady", "time=16", "warmupSecs=4");
            String steadyDir = "steady";
            if (steady.out().contains("warning: tps")) {
                cleanup(db);
                steady = run(login, "steady2", "time=16", "warmupSecs=4");
                steadyDir = "steady2";
            }
            assertFalse(steady.out().contains("warning: tps"), steady.out());
            assertFalse(ResultFiles.read(dir.resolve(steadyDir)).level(2).spread().trend().drifting());
            cleanup(db);

            // likewise a busy machine can hide the slowing (CI once saw 470-560 tps at 6-7 s and 1,900 at 12 s before
            // it): a drift is asked of one of two slowed runs
            String slowedDir = "slowed";
            Tools.Outcome slowed = slowedRun(db, login, slowedDir);
            if (!slowed.out().contains("warning: tps falling by")) {
                slowedDir = "slowed2";
                slowed = slowedRun(db, login, slowedDir);
            }
            assertTrue(slowed.out().contains("warning: tps falling by"), slowed.out());
            assertTrue(ResultFiles.read(dir.resolve(slowedDir)).level(2).spread().trend().drifting());
        }
    }

    /** The 16 s run with the server slowed from its middle on; the table dropped after it. */
    private Tools.Outcome slowedRun(Database db, Tools.Login login, String name) throws Exception {
        AtomicBoolean stop = new AtomicBoolean();
        FutureTask<Integer> slower = new FutureTask<>(() -> slowFromMidway(db, stop));
        new Thread(slower).start();
        Tools.Outcome slowed;
        try {
            slowed = run(login, name, "time=16", "warmupSecs=4");
        } finally {
            stop.set(true);
        }
        assertTrue(slower.get() > 20, "the server was slowed " + slower.get() + " times");
        cleanup(db);
        return slowed;
    }

    private static void cleanup(Database db) throws Exception {
        try (Connection c = db.connect(); Statement st = c.createStatement()) {
            st.execute("DROP TABLE IF EXISTS sbtest1");
        }
    }

    /**
     * Waits until the run has loaded sbtest1, then for the 4 s warm-up and 8 s of the 16 s window, then write-locks the
     * table for 60 ms of every 100 ms until told to stop; returns how many times it locked.
     */
    private static int slowFromMidway(Database db, AtomicBoolean stop) throws Exception {
        try (Connection c = db.connect(); Statement st = c.createStatement()) {
            long deadline = System.nanoTime() + 120_000_000_000L;
            while (System.nanoTime() < deadline) {
                try (ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = "
                        + "DATABASE() AND table_name = 'sbtest1'")) {
                    rs.next();
                    if (rs.getInt(1) == 1) break;
                }
                Thread.sleep(100);
            }
            Thread.sleep(13_000); // load and check (~1 s), warm-up 4 s, half the 16 s window
            int locks = 0;
            while (!stop.get()) {
                st.execute("LOCK TABLES sbtest1 WRITE");
                Thread.sleep(60);
                st.execute("UNLOCK TABLES");
                locks++;
                Thread.sleep(40);
            }
            return locks;
        }
    }
}
