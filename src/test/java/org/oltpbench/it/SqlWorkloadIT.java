package org.oltpbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oltpbench.result.file.ResultFiles;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.run.RunResult;

/**
 * workload=sql on the embedded MariaDB (the shared one, a database a test): a create file filled by the generator,
 * weighted statements, a fixed count.
 */
class SqlWorkloadIT {
    @TempDir
    Path dir;

    /** The command line on a fresh database {@code name} of the shared server, workload=sql, then {@code more}. */
    private static String[] sql(String name, String... more) throws Exception {
        List<String> a = SharedMariaDb.sets(SharedMariaDb.database(SqlWorkloadIT.class, name));
        a.addAll(List.of("--set", "workload=sql"));
        a.addAll(List.of(more));
        return a.toArray(new String[0]);
    }

    @Test
    void createLoadAndRunAFixedNumberOfWeightedStatements() throws Exception {
        Path create = dir.resolve("create.sql"), query = dir.resolve("query.sql");
        Files.writeString(create, """
                CREATE TABLE acct (
                  id bigint NOT NULL AUTO_INCREMENT PRIMARY KEY,
                  k int NOT NULL, c varchar(30), flag char(1), amount decimal(10,2), opened datetime NOT NULL,
                  KEY k_idx (k));
                """);
        Files.writeString(query, """
                SELECT id, k, c, flag, amount, opened FROM acct WHERE id = {int:1:5000};
                -- weight: 3
                UPDATE acct SET c = {str:10}, flag = {pick:Y|N} WHERE id = {int:1:5000};
                """);
        long t0 = System.nanoTime();
        Tools.Outcome o = Tools.cli(sql("weighted", "--set", "create=" + create, "--set", "query=" + query, "--set", "tableSize=5000", "--set", "threads=4",
                "--set", "events=2000", "--set", "time=0", "--set", "report-interval=0", "--set", "resultDirectory=" + dir.resolve("r")));
        double wall = (System.nanoTime() - t0) / 1e9;
        assertEquals(0, o.code(), o.out() + o.err());
        assertTrue(o.out().contains("ok   acct rows: 5000 rows"), o.out());
        RunResult run = ResultFiles.read(dir.resolve("r"));
        assertEquals("sql", run.workload().name());
        RepeatResult r = run.levels().get(0).kept();
        assertEquals(2000, r.counts().transactions(), "events=2000 runs exactly that many statements");
        long selects = r.transaction("q1").committed(), updates = r.transaction("q2").committed();
        assertEquals(2000, selects + updates);
        assertEquals(selects, r.counts().reads());
        assertEquals(2000, r.counts().queries());
        // weights 1:3 -> 500 selects expected; binomial sd 19
        assertTrue(selects > 400 && selects < 600, selects + " selects of 2000");
        // the window is measured inside the whole job, which the test timed from outside: it cannot be longer
        assertTrue(r.seconds() > 0 && r.seconds() < wall, r.seconds() + " s window in a " + wall + " s job");
        assertTrue(r.qps() > 2000 / wall, "2000 statements in at most the job's wall time");
    }

    @Test
    void sqlTheServerRefusesStopsBeforeTheRunNamingTheLine() throws Exception {
        Path query = dir.resolve("bad.sql");
        Files.writeString(query, "SELECT 1;\n\nSELEC oops FROM nowhere;\n");
        Tools.Outcome o = Tools.cli(sql("refused", "--set", "query=" + query, "--set", "threads=1", "--set", "time=1", "--set",
                "resultDirectory=" + dir.resolve("r")));
        assertEquals(2, o.code(), o.out() + o.err());
        assertTrue(o.err().startsWith("oltpbench: " + query + " line 3: the server refused the statement: "), o.err());
        assertTrue(o.err().contains("SQL syntax") && o.err().lines().count() == 1, o.err());
        assertTrue(!o.out().contains("Threads started"), "nothing ran");
        Tools.Outcome missing = Tools.cli(sql("missing", "--set", "query=" + dir.resolve("none.sql"), "--set", "threads=1"));
        assertEquals(2, missing.code());
        assertTrue(missing.err().contains("cannot be read (no such file); give a readable file"), missing.err());
    }
}
