package org.oltpbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.concurrent.FutureTask;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oltpbench.db.EmbeddedMariaDb;
import org.oltpbench.result.file.ResultFiles;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.repeat.counted.IntervalResult;
import org.oltpbench.result.run.RunResult;

/**
 * The server restarts early in a 30 s run (2 s after its sessions connect): the terminals reconnect, and the run
 * completes and reports it. Stopping and starting the embedded server takes 6 s on an idle machine and more under CI's
 * load: the run is long enough for the slowest restart this test accepts (25 s) to leave a last interval with
 * transactions. The test owns its server (it restarts it).
 * <p>Quiet (not beside other classes): stopping and starting the server is CPU-bound, 6 s on an idle host, 22 s at a
 * load average of 21 and 45 s at 33 with a CPU burner beside it, past the 25 s this run leaves room for.
 */
@org.junit.jupiter.api.Tag("quiet")
class RestartIT {
    @TempDir
    Path dir;

    @Test
    void aServerRestartMidRunIsReconnectedCountedAndReported() throws Exception {
        try (EmbeddedMariaDb server = EmbeddedMariaDb.start("sbtest")) {
            String url = "jdbc:mariadb://127.0.0.1:" + server.port() + "/sbtest";
            String[] common = {"--set", "db=mariadb", "--set", "conn=" + url, "--set", "user=root", "--set", "tables=2",
                    "--set", "table_size=2000", "--set", "workload=oltp_read_write"};
            assertEquals(0, Tools.cli(Tools.concat(common, "prepare")).code());
            FutureTask<Long> restart = new FutureTask<>(() -> {
                awaitSessions(url, 4);
                Thread.sleep(2000);
                long t0 = System.nanoTime();
                server.restart(2000);
                return (System.nanoTime() - t0) / 1_000_000;
            });
            new Thread(restart, "restarter").start();
            Tools.Outcome o = Tools.cli(Tools.concat(common, "--set", "threads=4", "--set", "time=30", "--set", "report-interval=1",
                    "--set", "resultDirectory=" + dir, "run"));
            long downMillis = restart.get();
            assertEquals(0, o.code(), o.out() + o.err());

            RepeatResult r = ResultFiles.read(dir).levels().get(0).kept();
            System.err.println("RestartIT: server down and up again in " + downMillis + " ms; transactions per interval "
                    + r.intervals().stream().map(i -> String.valueOf(i.transactions())).toList() + "; " + r.counts());
            assertTrue(downMillis < 25_000, "the server took " + downMillis + " ms to stop and start: too slow to test here");
            assertEquals(RepeatResult.COMPLETED, r.status(), r.reason());
            assertTrue(r.counts().reconnects() >= 4, "every terminal reconnects: " + r.counts());
            assertTrue(r.counts().ignoredErrors() >= r.counts().reconnects(), "each lost event is an error: " + r.counts());
            assertEquals(30, r.intervals().size(), "every interval of the 30 s is in result.json");
            long stalled = r.intervals().stream().filter(i -> i.transactions() == 0).count();
            assertTrue(stalled >= 1 && stalled <= downMillis / 1000 + 3, "intervals without transactions: " + stalled
                    + " for a restart of " + downMillis + " ms");
            IntervalResult lastOne = r.intervals().get(29);
            assertTrue(lastOne.transactions() > 0, "transactions after the restart");
            long reconnectsInIntervals = r.intervals().stream().mapToLong(IntervalResult::reconnects).sum();
            assertEquals(r.counts().reconnects(), reconnectsInIntervals, "the intervals show the reconnects (reconn/s)");
            assertTrue(o.out().contains("reconn/s: "), o.out());
        }
    }

    /** Waits until {@code n} benchmark sessions are connected (the level has started). */
    private static void awaitSessions(String url, int n) throws Exception {
        try (Connection c = Tools.connect(url, "root", ""); Statement st = c.createStatement()) {
            for (int i = 0; i < 600; i++) {
                try (ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM information_schema.PROCESSLIST "
                        + "WHERE ID <> CONNECTION_ID() AND DB = 'sbtest'")) {
                    rs.next();
                    if (rs.getInt(1) >= n) return;
                }
                Thread.sleep(100);
            }
        }
        throw new AssertionError("the run's sessions never appeared");
    }
}
