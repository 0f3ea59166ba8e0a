package org.oltpbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Issue 61: the acid verb on each engine here, on a 1-warehouse load: atomicity and consistency hold (exit 0), the
 * nine isolation tests run at each level the engine offers and print their table, acid.json holds every outcome, and
 * what is certain of an engine is asserted: a session at read uncommitted reads T1's uncommitted order (MariaDB: the
 * forced dirty read of 3.4.2.1), locking engines make T2 wait on the district row (3.4.2.3), read committed re-reads
 * a changed price (3.4.2.7). The printed tables are the record in performance.md's ACID section.
 */
class AcidIT {
    @ParameterizedTest(name = "{1}")
    @CsvSource({
        "MARIADB, mariadb, 'read-uncommitted,read-committed,repeatable-read,serializable', ''",
        "MYSQL, mysql, 'read-committed,repeatable-read,serializable', ''",
        "PG, postgres, 'read-committed,repeatable-read,serializable', ''",
        "TIDB, tidb, 'read-committed,repeatable-read', 'tidbTxnMode=pessimistic tidbTxnMode=optimistic'",
        "OB, oceanbase, 'read-committed,repeatable-read,serializable', ''"})
    void clause3OnEachEngine(String engine, String dialect, String levels, String modes, @TempDir Path dir) throws Exception {
        Tools.Login login = engine.equals("MARIADB") && System.getenv("OLTPBENCH_MARIADB_URL") == null
                ? SharedMariaDb.database(AcidIT.class, "acid")
                : Tools.ownDatabase(engine, AcidIT.class, "start the " + dialect + " server and set OLTPBENCH_" + engine + "_URL, as .ci/run does");
        List<String> common = new ArrayList<>(List.of("--set", "db=" + dialect, "--set", "conn=" + login.url(), "--set",
                "user=" + login.user(), "--set", "password=" + login.password(), "--set", "workload=tpcc", "--set", "warehouses=1",
                "--set", "loadWorkers=2", "--set", "rand-seed=11", "--set", "resultDirectory=" + dir.resolve("r")));
        long t0 = System.nanoTime();
        Tools.Outcome prepared = Tools.cli(concat(common, "prepare"));
        assertEquals(0, prepared.code(), prepared.out() + prepared.err());
        System.out.printf("acid: %s prepare %.1f s%n", dialect, (System.nanoTime() - t0) / 1e9);
        // each transaction mode on the one load (TiDB's pessimistic and optimistic: a load there takes 20 s)
        for (String mode : modes.isEmpty() ? new String[] {""} : modes.split(" ")) {
            List<String> keys = new ArrayList<>(common);
            if (!mode.isEmpty()) keys.addAll(List.of("--set", mode));
            acidHolds(engine, dialect, levels, mode, keys, dir);
        }
    }

    /** acid at {@code levels}: exit 0, a table per level, acid.json with every outcome, and what is certain of the engine. */
    private static void acidHolds(String engine, String dialect, String levels, String mode, List<String> keys, Path dir) throws Exception {
        boolean optimistic = mode.endsWith("optimistic");
        long t1 = System.nanoTime();
        Tools.Outcome acid = Tools.cli(concat(keys, "--set", "acidIsolation=" + levels, "acid"));
        long t2 = System.nanoTime();
        System.out.printf("acid: %s %s acid %.1f s%n%s%n", dialect, mode, (t2 - t1) / 1e9, acid.out());
        assertEquals(0, acid.code(), "atomicity and consistency hold: " + acid.out() + acid.err());
        String out = acid.out();
        for (String level : levels.split(",")) {
            assertTrue(out.contains("Isolation at " + level + ":"), out);
            assertTrue(out.matches("(?s).*isolation at " + level + ": \\d of \\d tests passed.*"), out);
        }
        JsonNode json = new ObjectMapper().readTree(Files.readString(dir.resolve("r").resolve("acid.json")));
        assertEquals(dialect, json.get("engine").asText());
        int isolation = 0;
        for (JsonNode t : json.get("tests")) {
            String clause = t.get("clause").asText(), verdict = t.get("verdict").asText(), level = t.get("level").asText();
            if (clause.startsWith("3.4.2")) isolation++;
            if (!clause.startsWith("3.4") && !clause.equals("3.5")) assertEquals("PASSED", verdict, t.toString());
            if (engine.equals("MARIADB") && level.equals("read-uncommitted") && clause.equals("3.4.2.1")) {
                assertEquals("FAILED", verdict, "the forced dirty read: " + t);
                assertTrue(t.get("evidence").asText().startsWith("dirty read: "), t.toString());
            }
            if (clause.equals("3.4.2.3") && !engine.equals("TIDB") && !engine.equals("OB")) {
                assertTrue(verdict.startsWith("PASSED"), "T2's New-Order never takes T1's order id: " + t);
            }
            if (clause.equals("3.4.2.7") && level.equals("read-committed") && !engine.equals("OB") && !optimistic) {
                assertEquals("FAILED", verdict, "read committed re-reads a committed change: " + t);
            }
            if (clause.equals("3.4.2.9") && level.equals("read-committed") && !optimistic) {
                // every statement reads anew at read committed: the newer order is the level's own phantom, judged
                assertEquals("FAILED", verdict, "read committed finds the newer last order: " + t);
            }
            if (engine.equals("TIDB") && clause.equals("3.4.2.9") && !level.equals("read-committed")) {
                // unistore's descending scans read past the snapshot: its phantom is the store's, never TiDB's verdict
                assertTrue(!verdict.equals("FAILED") && (verdict.startsWith("PASSED")
                        || t.get("evidence").asText().startsWith("no judgement: tidb-server on unistore")), t.toString());
            }
            if (optimistic && clause.startsWith("3.4.2") && level.equals("read-committed")) {
                // TiDB takes read committed in optimistic mode but runs it as repeatable read: not run, with why
                assertEquals("NOT_RUN", verdict, t.toString());
                assertTrue(t.get("evidence").asText().contains("optimistic"), t.toString());
            }
        }
        assertEquals(9 * levels.split(",").length, isolation, json.toString());
    }

    private static String[] concat(List<String> a, String... b) {
        List<String> out = new ArrayList<>(a);
        out.addAll(List.of(b));
        return out.toArray(String[]::new);
    }
}
