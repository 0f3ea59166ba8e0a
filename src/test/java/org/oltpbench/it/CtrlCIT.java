package org.oltpbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.file.ResultFiles;
import org.oltpbench.result.run.RunResult;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Ctrl-C on the real jar: the level stops, results gathered so far are written, tuned settings come back, exit 130. */
class CtrlCIT {
    @TempDir
    Path dir;

    /** The jar with {@code sets} on a 120 s level of 2 threads, reporting every {@code intervalSecs}; output merged. */
    private Process start(int intervalSecs, String... sets) throws Exception {
        Path jar = Path.of("target/oltpbench.jar");
        assertTrue(Files.exists(jar), "run through mvn verify: the jar is built in package");
        // as a terminal or a supervisor starts it: SIGINT at its default (a build started in a script's background
        // begins with SIGINT ignored, and a JVM cannot handle an ignored signal)
        List<String> cmd = new ArrayList<>(List.of("python3", "-c", Tools.DEFAULT_SIGNALS,
                ProcessHandle.current().info().command().orElse("java"), "-jar", jar.toString()));
        for (String s : sets) cmd.addAll(List.of("--set", s));
        cmd.addAll(List.of("--set", "tables=1", "--set", "table_size=2000", "--set", "threads=2", "--set", "time=120",
                "--set", "report-interval=" + intervalSecs, "--set", "resultDirectory=" + dir.resolve("r")));
        return new ProcessBuilder(cmd).redirectErrorStream(true).start();
    }

    private static void sigint(Process p) throws Exception {
        new ProcessBuilder("kill", "-INT", String.valueOf(p.pid())).start().waitFor();
    }

    /**
     * Runs the jar with {@code sets}, sends SIGINT once the second interval's line is out (its second is 2, or later
     * when a report was late), and returns its output.
     */
    private String interruptAfterTwoSeconds(String... sets) throws Exception {
        Process p = start(1, sets);
        StringBuilder out = new StringBuilder();
        int progress = 0;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                out.append(line).append('\n');
                if (line.startsWith("[ ") && line.contains(" thds: ") && ++progress == 2) sigint(p);
            }
        }
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "did not exit after SIGINT");
        assertEquals(130, p.exitValue(), out.toString());
        assertTrue(!out.toString().contains("Exception"), out.toString());
        assertTrue(out.toString().contains("finishing the current interval"), out.toString());
        assertTrue(out.toString().contains("level aborted: interrupted (Ctrl-C)"), out.toString());
        return out.toString();
    }

    /**
     * The interval in progress when the level sees Ctrl-C is finished and printed, and nothing runs after it. Which one
     * that is depends on when the signal arrives, not on the test: SIGINT is sent once the second line is read, and on a
     * busy host it arrived after 3 s (the level then rightly ended at 4 s, and "[ 3s ] and no [ 4s ]" failed); a late
     * report prints a later second. So the last interval is read from the result: one line per interval, the last
     * line its own; it ended on a report edge (whole seconds), at 3 s or later; Ctrl-C was said after the line two
     * before it (a reporter late at an edge sees the signal after printing that edge's line) and before it.
     */
    @Test
    void sigintFinishesTheIntervalAndWritesResultsSoFar() throws Exception {
        String out = interruptAfterTwoSeconds("db=mariadb", "embedded=true");
        RunResult run = ResultFiles.read(dir.resolve("r"));
        RepeatResult r = run.levels().get(0).kept();
        assertEquals(RepeatResult.ABORTED, r.status());
        assertEquals("interrupted (Ctrl-C)", r.reason());
        assertTrue(r.tps() > 0);
        List<String> lines = out.lines().filter(l -> l.startsWith("[ ") && l.contains(" thds: ")).toList();
        int k = r.intervals().size();
        assertEquals(k, lines.size(), "every interval printed, the one in progress at Ctrl-C too, nothing after it:\n" + out);
        double end = r.intervals().get(k - 1).at();
        assertEquals(Math.rint(end), end, 0.3, "the last interval ends on a report edge");
        assertTrue(k >= 3, "Ctrl-C came after the second line, so a third interval ran: " + k);
        assertTrue(lines.get(k - 1).startsWith("[ " + Math.round(end) + "s ]"), lines.get(k - 1));
        int said = out.indexOf("finishing the current interval");
        assertTrue(said > out.indexOf(lines.get(k - 3)) && said < out.indexOf(lines.get(k - 1)),
                "the level ended at the first edge after it saw Ctrl-C:\n" + out);
        assertEquals(end, r.window().seconds(), 0.3, "the window ends with the finished interval");
        assertEquals(-1, run.levels().get(0).picked(), "an interrupted repeat is never the reported one");
        assertTrue(run.endedAt() != null, "the last write happened after the sweep ended");
        // the report files are made during the shutdown too (nothing on that path may register a shutdown hook)
        assertTrue(Files.readString(dir.resolve("r/report.html")).contains("data:image/png;base64,"));
        assertTrue(Files.exists(dir.resolve("r/summary.csv")) && Files.exists(dir.resolve("r/intervals.csv")));
    }

    /**
     * With a 30 s interval the first Ctrl-C would wait for up to 30 s; the second exits at once. The first is sent once
     * the level measures: the warm-up's line (at 1 s, later when its report is late) says so. "Threads started!" comes
     * before connecting, and a Ctrl-C then exits at once with no interval to finish: on a busy host a fixed 2 s after
     * it was not always enough.
     */
    @Test
    void aSecondSigintExitsAtOnce() throws Exception {
        Process p = start(30, "db=mariadb", "embedded=true", "warmupSecs=1");
        List<ProcessHandle> servers = new ArrayList<>();
        StringBuilder out = new StringBuilder();
        long secondAt = 0;
        boolean measuring = false;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                out.append(line).append('\n');
                if (line.startsWith("[ ") && line.contains(" thds: ") && !measuring) {
                    measuring = true;
                    sigint(p);
                } else if (line.contains("finishing the current interval")) {
                    Thread.sleep(500); // a gap, not a wait: under the launcher a repeat within 500 ms is the same signal
                    p.descendants().forEach(servers::add); // the embedded MariaDB the jar started
                    secondAt = System.nanoTime();
                    sigint(p);
                }
            }
        }
        assertTrue(p.waitFor(10, TimeUnit.SECONDS), "did not exit after the second SIGINT");
        assertEquals(130, p.exitValue(), out.toString());
        assertTrue(secondAt > 0, out.toString());
        assertTrue(System.nanoTime() - secondAt < 5_000_000_000L, "took more than 5 s after the second Ctrl-C:\n" + out);
        assertTrue(out.toString().contains("Ctrl-C again: exiting now"), out.toString());
        assertTrue(!servers.isEmpty(), "the jar's embedded server was not found");
        for (ProcessHandle h : servers) {
            h.onExit().get(10, TimeUnit.SECONDS); // a halted JVM runs no shutdown hook: the server must be killed anyway
            assertTrue(!h.isAlive(), "left running: " + h.info().commandLine().orElse(String.valueOf(h.pid())));
        }
        assertTrue(!out.toString().contains("Exception"), out.toString());
    }

    /** tune=true on seekdb, then Ctrl-C: every changed setting is back to its old value. */
    @Test
    void sigintRestoresTunedSettings() throws Exception {
        Tools.requireEnv("OLTPBENCH_OB_URL", "start seekdb and set OLTPBENCH_OB_URL, as .ci/run does");
        String url = System.getenv("OLTPBENCH_OB_URL"), user = System.getenv().getOrDefault("OLTPBENCH_OB_USER", "root");
        OceanBaseContractIT.createDatabase(url, 90);
        String before = workArea(url, user);
        try {
            String out = interruptAfterTwoSeconds("db=oceanbase", "conn=" + url, "user=" + user, "tune=true");
            assertTrue(out.contains("tune: ob_sql_work_area_percentage: " + before + " → 100"), out);
            assertTrue(out.contains("tune: ob_sql_work_area_percentage: restored " + before), out);
            assertEquals(before, workArea(url, user));
        } finally {
            try (Connection c = Tools.connect(url, user, ""); Statement st = c.createStatement()) {
                st.execute("DROP TABLE IF EXISTS sbtest1");
            }
        }
    }

    private static String workArea(String url, String user) throws Exception {
        try (Connection c = Tools.connect(url, user, ""); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT @@GLOBAL.ob_sql_work_area_percentage")) {
            rs.next();
            return rs.getString(1);
        }
    }
}
