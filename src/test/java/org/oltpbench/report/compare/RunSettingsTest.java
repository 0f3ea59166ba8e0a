package org.oltpbench.report.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.oltpbench.result.Fixtures;
import org.oltpbench.config.RunParams;
import org.oltpbench.result.run.RunResult;
import org.oltpbench.result.run.ServerInfo;

/** Issue 36 §2: labels from what differs between runs of one engine, and the sweep's levels as the keys a user set. */
class RunSettingsTest {
    private static RunResult run(String engine, RunParams p) {
        RunResult r = Fixtures.run(List.of());
        return new RunResult(r.schemaVersion(), r.oltpbenchVersion(), r.workload(), p, new ServerInfo(engine, "1", Map.of()),
                r.client(), r.terms(), r.startedAt(), r.endedAt(), r.mergedFrom(), r.levels());
    }

    @Test
    void levelsReadAsTheirKeys() {
        Map<String, String> s = RunSettings.of(run("mariadb", Fixtures.params("db=mariadb", "threads=1,4,8", "time=10")));
        assertEquals("1,4,8", s.get("threads"));
        assertEquals("10", s.get("time"));
        assertEquals("platform", s.get("threadModel"));
        assertFalse(s.containsKey("sweep.levels"));
        assertFalse(s.containsKey("output.resultDirectory"));
    }

    @Test
    void twoRunsOfOneEngineAreLabelledByTheKeyThatChanged() {
        List<RunResult> runs = List.of(run("mariadb", Fixtures.params("db=mariadb", "threads=4", "ssl=off")),
                run("mariadb", Fixtures.params("db=mariadb", "threads=4", "ssl=on")),
                run("oceanbase", Fixtures.params("db=oceanbase", "threads=4")));
        assertEquals(List.of("mariadb tls=OFF", "mariadb tls=ON", "oceanbase"), RunSettings.labels(runs));
        List<RunResult> reruns = List.of(run("mariadb", Fixtures.params("db=mariadb", "threads=4")),
                run("mariadb", Fixtures.params("db=mariadb", "threads=4")));
        assertEquals(List.of("mariadb run 1", "mariadb run 2"), RunSettings.labels(reruns));
        // the engine named (db=mariadb) or read from the server (db=auto) is the same engine: not a setting that differs
        List<RunResult> namedAndFound = List.of(run("mariadb", Fixtures.params("db=mariadb", "threads=4")),
                run("mariadb", Fixtures.params("threads=4").withEngine("mariadb")));
        assertEquals(List.of("mariadb run 1", "mariadb run 2"), RunSettings.labels(namedAndFound));
        List<RunResult> sweeps = List.of(run("mariadb", Fixtures.params("db=mariadb", "threads=4", "time=10")),
                run("mariadb", Fixtures.params("db=mariadb", "threads=8", "time=20")));
        assertEquals(List.of("mariadb threads=4 time=10", "mariadb threads=8 time=20"), RunSettings.labels(sweeps));
    }
}
