package org.oltpbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oltpbench.result.file.ResultFiles;
import org.oltpbench.result.run.RunResult;
import org.oltpbench.result.repeat.counted.Window;

/**
 * {@code -c a -c b}: two targets run in turn, level by level and repeat by repeat, then compared. Both targets are one
 * database on the shared embedded server, its table loaded by the first run and only read after.
 */
class InterleaveIT {
    @TempDir
    Path dir;
    private static Tools.Login db;

    @BeforeAll
    static void database() throws Exception {
        db = SharedMariaDb.database(InterleaveIT.class, "both");
    }

    private Path props(String name, String threads) throws Exception {
        Path p = dir.resolve(name + ".properties");
        Files.writeString(p, String.join("\n", "db=mariadb", "conn=" + db.url(), "workload=oltp_read_only", "tables=1",
                "table_size=2000", "threads=" + threads, "time=2", "repeat=2", "report-interval=1",
                "resultDirectory=" + dir.resolve("r-" + name)) + "\n");
        return p;
    }

    @Test
    void twoTargetsTakeTurnsRepeatByRepeatAndAreCompared() throws Exception {
        Tools.Outcome o = Tools.cli("-c", props("a", "1,2").toString(), "-c", props("b", "1,2").toString());
        assertEquals(0, o.code(), o.out() + o.err());
        RunResult a = ResultFiles.read(dir.resolve("r-a")), b = ResultFiles.read(dir.resolve("r-b"));
        // the order the windows ran in: a1 b1 a2 b2 at 1 thread, then the same at 2
        List<Window> order = new ArrayList<>();
        for (int threads : List.of(1, 2)) {
            for (int rep = 0; rep < 2; rep++) {
                order.add(a.level(threads).repeats().get(rep).window());
                order.add(b.level(threads).repeats().get(rep).window());
            }
        }
        for (int i = 1; i < order.size(); i++) {
            assertTrue(!Instant.parse(order.get(i).start()).isBefore(Instant.parse(order.get(i - 1).end())),
                    "window " + i + " starts after window " + (i - 1) + " ends: " + order);
        }
        assertTrue(o.out().contains("==== a ====") && o.out().contains("==== b ===="), o.out());
        try (var compares = Files.list(dir)) {
            Path cmp = compares.filter(p -> p.getFileName().toString().startsWith("compare-")).findFirst().orElseThrow();
            String md = Files.readString(cmp.resolve("compare.md"));
            assertTrue(md.contains("| threads 2 | a | b |") && md.contains("| qps / a ↑ |"), md);
        }
    }

    @Test
    void differentLevelsAreRefusedInOneLine() throws Exception {
        Tools.Outcome o = Tools.cli("-c", props("a", "1,2").toString(), "-c", props("b", "1,4").toString());
        assertEquals(2, o.code(), o.out() + o.err());
        assertEquals("oltpbench: the props files give different thread levels (a: 1,2; b: 1,4); interleaved runs pair "
                + "level by level, so give the levels once for all with --set threads=...", o.err().strip());
        Tools.Outcome fixed = Tools.cli("-c", props("a", "1,2").toString(), "-c", props("b", "1,4").toString(),
                "--set", "threads=1", "--set", "repeat=1");
        assertEquals(0, fixed.code(), fixed.out() + fixed.err());
    }
}
