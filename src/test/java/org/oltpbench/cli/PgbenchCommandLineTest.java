package org.oltpbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.oltpbench.config.ConfigException;

/** pgbench 15's command lines (its --help's options) as oltpbench's keys and verb, option by option. */
class PgbenchCommandLineTest {
    private static final Map<String, String> ENV = Map.of("PGHOST", "db1", "PGPORT", "5433", "PGUSER", "bench");

    private static List<String> sets(String line) {
        return sets(line, ENV);
    }

    private static List<String> sets(String line, Map<String, String> env) {
        String[] out = PgbenchCommandLine.translate(line.isEmpty() ? new String[0] : line.split(" "), env);
        return List.of(out);
    }

    /** The one line a refused command line gets. */
    private static String refusal(String line) {
        return assertThrows(ConfigException.class, () -> sets(line)).getMessage();
    }

    private static void has(List<String> args, String... keyValues) {
        for (String kv : keyValues) {
            int i = args.indexOf(kv);
            assertTrue(i > 0 && args.get(i - 1).equals("--set"), kv + " in " + args);
        }
    }

    @Test
    void initializeIsPrepareWithTheScaleFillFactorAndPartitions() {
        List<String> a = sets("-i -s 100 -F 90 --partitions 8 --partition-method=hash -q h43");
        assertEquals("prepare", a.get(a.size() - 1));
        // db=pgsql: the engine is read on PostgreSQL's protocol, so a Klustron compute node (seed 004) is klustron;
        // db=postgres refused it ("db=postgres, but the server ... is klustron")
        has(a, "db=pgsql", "workload=pgbench", "scale=100", "fillFactor=90", "partitions=8", "partitionMethod=hash",
                "database=h43", "loadMethod=auto", "host=db1", "port=5433", "user=bench");
        assertEquals("prepare", sets("--initialize --scale=2").get(sets("--initialize --scale=2").size() - 1));
    }

    /** -I with pgbench's default steps is what prepare runs, so it is taken; other steps are refused by name. */
    @Test
    void theDefaultInitStepsMayBeNamed() {
        assertEquals(sets("-i -s 2 h43"), sets("-i -I dtgvp -s 2 h43"));
        assertEquals(sets("-i -s 2 h43"), sets("-i --init-steps=dtgvp -s 2 h43"));
        assertTrue(refusal("-i -I dtg h43")
                .contains("-I dtg is not offered: prepare runs pgbench's default steps (dtgvp)"));
    }

    @Test
    void aRunLineIsRunWithClientsTimeProgressAndTheProtocol() {
        List<String> a = sets("-c 16 -j 4 -T 60 -P 5 -M prepared -r h43");
        assertEquals("run", a.get(a.size() - 1));
        has(a, "threads=16", "jobs=4", "time=60", "reportIntervalSecs=5", "queryMode=prepared",
                "reportPerCommand=true", "scripts=tpcb-like", "database=h43");
        assertTrue(!a.contains("runTxnsPerTerminal=10") && !a.contains("reportIntervalSecs=0"), a.toString());
    }

    @Test
    void withoutTimeOrCountEachClientRunsTenNoProgressIsPrintedAndTheProtocolIsSimple() {
        has(sets("h43"), "runTxnsPerTerminal=10", "reportIntervalSecs=0", "scripts=tpcb-like",
                "queryMode=simple");
        has(sets("-t 500 h43"), "runTxnsPerTerminal=500");
        assertTrue(!sets("-t 500 h43").contains("runTxnsPerTerminal=10"));
    }

    @Test
    void scriptsAddUpWithTheirWeights() {
        has(sets("-S h43"), "scripts=select-only");
        has(sets("-N h43"), "scripts=simple-update");
        has(sets("-b tpcb-like@9 -b select-only@1 -f /tmp/x.sql@2 h43"), "scripts=tpcb-like@9,select-only@1,/tmp/x.sql@2");
        has(sets("--builtin=simple-update --file=a.sql h43"), "scripts=simple-update,a.sql");
    }

    @Test
    void rateLimitVacuumAndSeed() {
        has(sets("-R 100 -L 5 -n --random-seed=7 h43"), "rate=100", "latencyLimitMs=5", "vacuum=none", "randSeed=7");
        has(sets("-v --random-seed=time h43"), "vacuum=all", "randSeed=0");
        has(sets("-M extended h43"), "queryMode=extended");
        has(sets("-M simple h43"), "queryMode=simple");
        assertTrue(sets("-M extended h43").stream().noneMatch(s -> s.startsWith("dbPsMode=")), "queryMode sets the protocol");
        // without -M, a --set dbPsMode names the protocol itself: pgbench's default simple is not added to refuse it
        assertTrue(sets("--set dbPsMode=enable h43").stream().noneMatch(s -> s.startsWith("queryMode=")));
        has(sets("-M prepared --set db_ps_mode=enable h43"), "queryMode=prepared");
    }

    @Test
    void attachedValuesClustersAndLongForms() {
        has(sets("-c16 -T60 -Sn --host=h2 --port 6000 --username=u2 --client=3 h43"), "threads=16", "time=60",
                "scripts=select-only", "vacuum=none", "host=h2", "port=6000", "user=u2", "threads=3");
        has(sets("-h h3 -p 7000 -U u3 h43"), "host=h3", "port=7000", "user=u3");
    }

    @Test
    void theEnvironmentIsLibpqsDefaults() {
        List<String> a = sets("-c 2", Map.of("PGDATABASE", "d1", "PGUSER", "u1", "PGPASSWORD", "pw"));
        has(a, "database=d1", "user=u1", "password=pw", "host=127.0.0.1", "port=5432");
        has(sets("-c 2", Map.of("PGUSER", "u1")), "database=u1");
        has(sets("-c 2", Map.of("PGHOST", "/var/run/postgresql")), "host=127.0.0.1");
    }

    @Test
    void oltpbenchKeysMaySitBeside() {
        has(sets("-c 2 --set repeat=3 h43"), "repeat=3");
    }

    @Test
    void unknownAndUnofferedOptionsAreRefusedByName() {
        assertEquals("pgbench's -C is not offered (each client keeps its connection); leave it out", refusal("-C h43"));
        assertEquals("pgbench's --foreign-keys is not offered (no foreign keys are made); leave it out",
                refusal("-i --foreign-keys h43"));
        assertEquals("pgbench's --frobnicate is not an option pgbench 15 has; see pgbench --help", refusal("--frobnicate h43"));
        assertEquals("pgbench's -M needs a value", refusal("-M"));
        assertTrue(refusal("-M fast h43").contains("-M fast is not a protocol"));
        assertTrue(refusal("a b").contains("a second database name"));
    }

    /** A mistyped long option gets the nearest of pgbench's, as sysbench's do (it said only "see pgbench --help"). */
    @Test
    void aMistypedLongOptionGetsTheNearest() {
        assertEquals("pgbench's --clinet=2 is not an option pgbench 15 has; did you mean --client?",
                refusal("--clinet=2 -t 5 h43"));
        assertEquals("pgbench's --progres=5 is not an option pgbench 15 has; did you mean --progress?",
                refusal("--progres=5 h43"));
    }

    /**
     * -t and -T together: pgbench 15 says "specify either a number of transactions (-t) or a duration (-T), not both"
     * and exits 1; oltpbench ran the -t count and dropped -T without a word.
     */
    @Test
    void transactionsAndDurationTogetherAreRefused() {
        assertEquals("pgbench command line: -t and -T both; give a number of transactions (-t) or a duration (-T), not both",
                refusal("-c 2 -T 1 -t 5 h43"));
    }

    @Test
    void helpAndVersion() {
        assertEquals(List.of("--help"), sets("--help"));
        assertEquals(List.of("--version"), sets("-V"));
    }

    @Test
    void theProgramWordReachesTheTranslator() {
        List<String> a = List.of(PeerCommandLine.translate("pgbench -c 2 -T 3 h43".split(" ")));
        assertEquals("run", a.get(a.size() - 1));
        assertTrue(a.contains("workload=pgbench"), a.toString());
    }
}
