package org.oltpbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oltpbench.Baseline;
import org.oltpbench.OltpBench;
import org.oltpbench.result.file.ResultFiles;
import org.oltpbench.result.run.RunResult;

/** The Java API exactly as the README's Maven example uses it: only org.oltpbench.OltpBench, Baseline and result. */
class ApiIT {
    /**
     * The README's job, on a database of the shared embedded server (the README's says embedded=true instead), its
     * levels {@code secs} long.
     */
    private static Map<String, String> job(Tools.Login db, Path dir, int secs) {
        return Map.of("db", "mariadb", "conn", db.url(), "user", db.user(), "workload", "oltp_point_select", "tables", "1",
                "tableSize", "10000", "threads", "1,2", "time", Integer.toString(secs), "reportIntervalSecs", "1",
                "resultDirectory", dir.toString());
    }

    @Test
    void runsOnTheEmbeddedServerAndChecksAgainstABaseline(@TempDir Path tmp) throws Exception {
        Tools.Login db = SharedMariaDb.database(ApiIT.class, "api");
        RunResult first = OltpBench.fromMap(job(db, tmp.resolve("first"), 3)).run();
        assertEquals(2, first.levels().size());
        assertTrue(first.completed());
        assertTrue(first.level(2).kept().tps() > 0);
        assertEquals(3, first.level(1).kept().intervals().size(), "one interval a second for 3 s");
        // what the run wrote is what it returned
        assertEquals(ResultFiles.toJson(first), ResultFiles.toJson(OltpBench.read(tmp.resolve("first"))));

        RunResult second = OltpBench.fromMap(job(db, tmp.resolve("second"), 1)).run();
        Baseline.of(tmp.resolve("first")).tpsAtLeast(0.2).check(second);
        AssertionError e = assertThrows(AssertionError.class,
                () -> Baseline.of(tmp.resolve("first")).tpsAtLeast(100).check(second));
        assertTrue(e.getMessage().contains("threads=1: tps "), e.getMessage());
        assertTrue(e.getMessage().contains("is below 100.00 x baseline"), e.getMessage());
    }
}
