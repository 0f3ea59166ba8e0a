package org.oltpbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 36 §2: compare's one-line answer between two engines: the embedded MariaDB 11.4 and tidb-server (unistore)
 * at oltp_point_select, 2 threads, 10 s each (10 recorded intervals, so batch means give each run an interval). TiDB's
 * SQL layer costs several times MariaDB's per point select on this host, so the line must say MariaDB is ahead beyond
 * noise, in compare.md and on a terminal: the aligned text read back from a tmux pane.
 */
class CompareVerdictIT {
    @TempDir
    Path dir;

    private void run(String name, String... sets) {
        List<String> a = new ArrayList<>(List.of("--set", "workload=oltp_point_select", "--set", "tables=1", "--set",
                "tableSize=1000", "--set", "threads=2", "--set", "time=10", "--set", "warmupSecs=1", "--set",
                "resultDirectory=" + dir.resolve(name)));
        for (String s : sets) a.addAll(List.of("--set", s));
        Tools.Outcome o = Tools.cli(a.toArray(new String[0]));
        assertEquals(0, o.code(), o.out() + o.err());
    }

    @Test
    void twoEnginesGetAVerdictBeyondNoise() throws Exception {
        Tools.requireEnv("OLTPBENCH_TIDB_URL", "build and start tidb-server as .ci/run does");
        Tools.require("tmux", "apt-get install tmux");
        String tidb = System.getenv("OLTPBENCH_TIDB_URL");
        String url = tidb.substring(0, tidb.lastIndexOf('/') + 1) + "oltpbench_verdict";
        Tools.createDatabase(url, "root", 90);
        run("mariadb", "db=mariadb", "embedded=true");
        run("tidb", "db=tidb", "conn=" + url, "user=root");
        Path out = dir.resolve("cmp");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String session = "oltpbench-verdict-" + ProcessHandle.current().pid();
        // the terminal: compare in a 200 x 60 tmux pane, kept open after it ends so that the pane can be read
        String cmd = java + " -jar target/oltpbench.jar compare " + dir.resolve("mariadb") + " " + dir.resolve("tidb")
                + " --out " + out + "; echo EXIT=$?; sleep 60";
        Tools.run(List.of("tmux", "new-session", "-d", "-s", session, "-x", "200", "-y", "60", cmd), 30);
        String screen = "";
        try {
            for (int i = 0; i < 120 && !screen.contains("EXIT="); i++) {
                TimeUnit.MILLISECONDS.sleep(500);
                screen = Tools.run(List.of("tmux", "capture-pane", "-p", "-t", session, "-S", "-200"), 30).out();
            }
        } finally {
            Tools.run(List.of("tmux", "kill-session", "-t", session), 30);
        }
        System.out.println("compare on a terminal:\n" + screen);
        assertTrue(screen.contains("EXIT=0"), screen);
        String md = Files.readString(out.resolve("compare.md"));
        String verdict = md.lines().filter(x -> x.startsWith("- tidb / mariadb tps at 2 threads: ")).findFirst().orElseThrow();
        assertTrue(verdict.matches("- tidb / mariadb tps at 2 threads: 0\\.\\d\\d \\[0\\.\\d\\d, [01]\\.\\d\\d\\] \\(95%\\), "
                + "mariadb ahead beyond noise"), verdict);
        assertTrue(screen.contains(verdict.substring(2)), screen);
        // a figure may carry its flags (" ~" drifting: a busy CI host made the embedded server's level drift once)
        assertTrue(screen.lines().anyMatch(l -> l.matches("tps ↑ +[\\d.]+( [~*!])* +[\\d.]+( [~*!])*")),
                "an aligned row on the terminal:\n" + screen);
        assertTrue(screen.lines().noneMatch(l -> l.startsWith("|")), "no Markdown on the terminal:\n" + screen);
    }
}
