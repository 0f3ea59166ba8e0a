package org.oltpbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 36 §2: compare's one-line answer between two engines: the embedded MariaDB 11.4 and tidb-server (unistore)
 * at oltp_point_select, 2 threads, 8 s each (8 recorded intervals: 4 batches, the fewest that give each run an
 * interval). TiDB's SQL layer costs several times MariaDB's per point select on this host, so the line says MariaDB is
 * ahead in these runs and, single runs not interleaved, does not judge it beyond noise (issue 42), in compare.md and on
 * a terminal: the aligned text read back from a tmux pane (its long verdict line wraps at 200 columns: read joined).
 * The MariaDB runs are made once for the class on the shared embedded server (loaded once: the later runs find the
 * table) and read by both tests.
 */
// quiet: two runs of one server must come out within 10% for the gate to pass; beside the shared group's JVMs a CI run
// (2026-12-06) measured the second at 0.59 of the first, both levels "not clean (other processes held the host)"
@org.junit.jupiter.api.Tag("quiet")
class CompareVerdictIT {
    @TempDir
    static Path dir;
    private static Tools.Login mariadb;

    /** A run of oltp_point_select at 2 threads, 8 s unless {@code sets} say otherwise, on {@code target}. */
    private static void run(String name, List<String> target, String... sets) {
        List<String> a = new ArrayList<>(target);
        a.addAll(List.of("--set", "workload=oltp_point_select", "--set", "tables=1", "--set", "tableSize=1000", "--set",
                "threads=2", "--set", "time=8", "--set", "warmupSecs=0", "--set", "resultDirectory=" + dir.resolve(name)));
        for (String s : sets) a.addAll(List.of("--set", s));
        Tools.Outcome o = Tools.cli(a.toArray(new String[0]));
        assertEquals(0, o.code(), o.out() + o.err());
    }

    /** The MariaDB runs both tests read: the same server twice (mariadb, b), held to rate=300 (slow), and 3 s (short). */
    @BeforeAll
    static void mariaDbRuns() throws Exception {
        mariadb = SharedMariaDb.database(CompareVerdictIT.class, "runs");
        run("mariadb", SharedMariaDb.sets(mariadb));
        run("b", SharedMariaDb.sets(mariadb));
        run("slow", SharedMariaDb.sets(mariadb), "rate=300");
        run("short", SharedMariaDb.sets(mariadb), "time=3");
    }

    @Test
    void twoEnginesSingleRunsGetAVerdictNotJudgedBeyondNoise() throws Exception {
        Tools.requireEnv("OLTPBENCH_TIDB_URL", "build and start tidb-server as .ci/run does");
        Tools.require("tmux", "apt-get install tmux");
        String tidb = System.getenv("OLTPBENCH_TIDB_URL");
        String url = tidb.substring(0, tidb.lastIndexOf('/') + 1) + "oltpbench_verdict";
        Tools.createDatabase(url, "root", 90);
        run("tidb", List.of("--set", "db=tidb", "--set", "conn=" + url, "--set", "user=root"));
        Path out = dir.resolve("cmp");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String session = "oltpbench-verdict-" + ProcessHandle.current().pid();
        // the terminal: compare in a 200 x 60 tmux pane, kept open after it ends so that the pane can be read
        String cmd = java + " -jar target/oltpbench.jar compare " + dir.resolve("mariadb") + " " + dir.resolve("tidb")
                + " --out " + out + "; echo EXIT=$?; sleep 60";
        Tools.run(List.of("tmux", "new-session", "-d", "-s", session, "-x", "200", "-y", "60", cmd), 30);
        String screen = "";
        try {
            for (int i = 0; i < 600 && !screen.contains("EXIT="); i++) {
                TimeUnit.MILLISECONDS.sleep(100);
                screen = Tools.run(List.of("tmux", "capture-pane", "-p", "-J", "-t", session, "-S", "-200"), 30).out(); // -J: wrapped lines joined
            }
        } finally {
            Tools.run(List.of("tmux", "kill-session", "-t", session), 30);
        }
        System.out.println("compare on a terminal:\n" + screen);
        assertTrue(screen.contains("EXIT=0"), screen);
        String md = Files.readString(out.resolve("compare.md"));
        String verdict = md.lines().filter(x -> x.startsWith("- tidb / mariadb tps at 2 threads: ")).findFirst().orElseThrow();
        // issue 42 §1.12: the words follow the printed interval: wholly below 1 "mariadb ahead in these runs, not judged
        // beyond noise"; reaching 1 "within noise" (a busy CI host once widened it to [0.24, 1.13]); both say why not judged
        var m = Pattern.compile("- tidb / mariadb tps at 2 threads: 0\\.\\d\\d \\[0\\.\\d\\d, ([01]\\.\\d\\d)\\] "
                + "\\(95%(, of the means [\\d.]+ / [\\d.]+)?\\), (.*?)[:;] single runs .*").matcher(verdict);
        assertTrue(m.matches(), verdict);
        assertEquals(Double.parseDouble(m.group(1)) < 1 ? "mariadb ahead in these runs, not judged beyond noise" : "within noise",
                m.group(3), verdict);
        assertTrue(screen.contains(verdict.substring(2)), screen);
        // a figure may carry its flags (" ~" drifting: a busy CI host made the embedded server's level drift once)
        assertTrue(screen.lines().anyMatch(l -> l.strip().matches("tps ↑ +[\\d.]+( [~*!])* +[\\d.]+( [~*!])*")),
                "an aligned row on the terminal:\n" + screen);
        assertTrue(screen.lines().noneMatch(l -> l.startsWith("|")), "no Markdown on the terminal:\n" + screen);
    }

    /**
     * Issue 38 §3: compare --gate on the embedded MariaDB, oltp_point_select at 2 threads, 8 s each (8 recorded
     * intervals: 4 batches, the fewest that give an interval). The same server twice passes tps:-10% (exit 0; within
     * noise, or ahead); the same server held to rate=300 fails tps:-2.5% beyond noise (exit 1); the JUnit XML has one
     * test case per gate and level, the failed one a failure (p95's gate is the one that passes: a busy host delays a
     * paced run's scheduled starts, and p95 from them, by tens of ms: 0.13 -> 39 ms seen, past +1000%). A run once without intervals (time=3) is not judged: exit 2.
     */
    @Test
    void gatesPassTheSameServerAndFailASlowedOne() throws Exception {
        Tools.Outcome same = Tools.cli("compare", dir.resolve("mariadb").toString(), dir.resolve("b").toString(), "--out",
                dir.resolve("c1").toString(), "--gate", "tps:-10%");
        assertEquals(0, same.code(), same.out() + same.err());
        assertTrue(same.out().matches("(?s).*\\n  mariadb run 2: tps at 2: (means )?[\\d.]+ -> [\\d.]+, ratio [\\d.]+ \\[[\\d.]+, [\\d.]+] against 0\\.9 "
                + "\\(tps:-10%\\): (within noise|pass)(; single runs .*)?\\n.*"), same.out());
        Path junit = dir.resolve("gates.xml");
        Tools.Outcome slow = Tools.cli("compare", dir.resolve("mariadb").toString(), dir.resolve("slow").toString(), "--out",
                dir.resolve("c2").toString(), "--gate", "tps:-2.5%", "--gate", "p95:+100000%", "--junit", junit.toString());
        assertEquals(1, slow.code(), slow.out() + slow.err());
        assertTrue(slow.out().contains("gates: ") && slow.out().contains("1 failed"), slow.out());
        var doc = javax.xml.parsers.DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(junit.toFile());
        assertEquals("2", doc.getDocumentElement().getAttribute("tests"));
        assertEquals("1", doc.getDocumentElement().getAttribute("failures"));
        var failure = (org.w3c.dom.Element) doc.getElementsByTagName("failure").item(0);
        assertTrue(failure.getAttribute("message").contains(": tps at 2: "), failure.getAttribute("message"));
        assertTrue(Files.readString(dir.resolve("c2").resolve("compare.md")).contains("### Gates"));

        Tools.Outcome unjudged = Tools.cli("compare", dir.resolve("mariadb").toString(), dir.resolve("short").toString(), "--out",
                dir.resolve("c3").toString(), "--gate", "tps:-2.5%");
        assertEquals(2, unjudged.code(), unjudged.out() + unjudged.err());
        assertTrue(unjudged.out().contains("not judged; no interval of tps in the new run"), unjudged.out());
    }
}
