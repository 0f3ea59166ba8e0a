package org.oltpbench.it;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.oltpbench.config.Config;
import org.oltpbench.config.ConfigLoader;
import org.oltpbench.db.Database;
import org.oltpbench.dialect.Dialects;
import org.oltpbench.workload.sysbench.Preset;

/**
 * The contract on a real PostgreSQL server (from OLTPBENCH_PG_URL, which .ci/run sets), as db=postgres and as
 * db=klustron: every sysbench preset and TPC-C at 1 warehouse, at 1 and 8 threads.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PostgresContractIT {
    private final Map<String, Database> dbs = new java.util.HashMap<>();
    /** This class's own database on the server (Tools.ownDatabase), and its user. */
    private PgServer.Target pg;

    @BeforeAll
    void connect() throws Exception {
        PgServer.Target server = PgServer.get();
        pg = new PgServer.Target(Tools.ownDatabase(server.url(), server.user(), "", PostgresContractIT.class, 60), server.user());
        for (String db : List.of("postgres", "klustron")) dbs.put(db, Database.open(Params.target(config(db)), Dialects.forName(db)));
    }

    @AfterAll
    void close() {
        dbs.values().forEach(Database::close);
    }

    private Config config(String db, String... sets) {
        List<String> all = new ArrayList<>(List.of("db=" + db, "conn=" + pg.url(), "user=" + pg.user(), "tables=2", "table_size=2000",
                "rand-seed=3"));
        all.addAll(List.of(sets));
        return ConfigLoader.load(null, all, Map.of());
    }

    /**
     * Every preset and TPC-C as postgres; as klustron, whose dialect is PostgreSQL's under another name (its sharding is
     * partitionedTablesAsKlustron's), oltp_read_write only: the other presets' SQL is the same statement for statement,
     * and ran twice for 45 s of CI. TPC-C as klustron is partitionedTablesAsKlustron's (the same contract, on
     * partitioned tables): a third TPC-C load here took 20 s of CI for SQL that postgres's case runs word for word.
     */
    static Stream<Arguments> cases() {
        return Stream.concat(Stream.concat(Preset.BUILT_IN.stream(), Stream.of("tpcc")).map(w -> Arguments.of("postgres", w)),
                Stream.of(Arguments.of("klustron", "oltp_read_write")));
    }

    /** Klustron's sharding is hash partitions: PostgreSQL's declarative partitioning, one table per partition. */
    @org.junit.jupiter.api.Test
    void partitionedTablesAsKlustron() throws Exception {
        Database db = dbs.get("klustron");
        Contract.sysbench(db, config("klustron", "partitions=4"), 1, 8);
        Contract.tpcc(db, config("klustron", "workload=tpcc", "warehouses=2", "partitions=2", "loadWorkers=2"), 1, 8);
    }

    /** max_connections less the reserved slots is checked before a run, with the fix named. */
    @org.junit.jupiter.api.Test
    void connectionLimitIsCheckedBeforeTheRun() throws Exception {
        Database db = dbs.get("postgres");
        try (java.sql.Connection c = db.connect()) {
            org.junit.jupiter.api.Assertions.assertTrue(db.dialect().limitProblems(c, new org.oltpbench.dialect.Demand(9, 50, true)).isEmpty());
            List<String> problems = db.dialect().limitProblems(c, new org.oltpbench.dialect.Demand(100_000, 50, true));
            org.junit.jupiter.api.Assertions.assertEquals(1, problems.size());
            org.junit.jupiter.api.Assertions.assertTrue(problems.get(0).contains("max_connections"), problems.get(0));
        }
    }

    /** pg_terminate_backend on one benchmark session mid-run: that terminal reconnects, counts it, and the level completes. */
    @org.junit.jupiter.api.Test
    void aTerminatedBackendReconnects() throws Exception {
        Database db = dbs.get("postgres");
        Config cfg = config("postgres", "workload=oltp_read_only", "tables=1");
        var w = Params.sysbench(Preset.load("oltp_read_only"), cfg, db.dialect(),
                new java.io.PrintStream(java.io.OutputStream.nullOutputStream()));
        w.cleanup(db);
        w.prepare(db);
        // a FutureTask, so that the killer's failure (and its verdict) reaches the test's thread
        // terminated at the level's first interval report, 1 s into its window
        var started = new java.util.concurrent.CountDownLatch(1);
        var killer = new java.util.concurrent.FutureTask<Boolean>(() -> {
            try (java.sql.Connection c = db.connect(); java.sql.Statement st = c.createStatement()) {
                org.junit.jupiter.api.Assertions.assertTrue(started.await(60, java.util.concurrent.TimeUnit.SECONDS),
                        "the level reported no interval");
                // one backend of this database other than this one and the counter's: the newest benchmark session
                try (java.sql.ResultSet rs = st.executeQuery("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                        + "WHERE datname = current_database() AND pid <> pg_backend_pid() AND state IS NOT NULL "
                        + "ORDER BY backend_start DESC LIMIT 1")) {
                    return rs.next() && rs.getBoolean(1);
                }
            }
        });
        var s = org.oltpbench.driver.Levels.threads(4).time(3).interval(1).seed(3)
                .ignore(new org.oltpbench.driver.IgnoreList(cfg.get(org.oltpbench.config.Keys.IGNORE_ERRORS))).build();
        new Thread(killer).start();
        var r = new org.oltpbench.driver.LevelRunner(s, w, db, Contract.firstInterval(started),
                new org.oltpbench.driver.StopSignal()).run();
        org.junit.jupiter.api.Assertions.assertTrue(killer.get(), "a benchmark backend was terminated");
        org.junit.jupiter.api.Assertions.assertNull(r.reason(), r.reason());
        org.junit.jupiter.api.Assertions.assertTrue(r.counts().reconnects() >= 1, "reconnects: " + r.counts().reconnects());
        w.cleanup(db);
    }

    @ParameterizedTest(name = "{1} as {0}")
    @MethodSource("cases")
    void contract(String db, String workload) throws Exception {
        if (workload.equals("tpcc")) {
            Contract.tpcc(dbs.get(db), config(db, "workload=tpcc", "warehouses=1", "loadWorkers=2"), 1, 8);
            return;
        }
        Contract.sysbench(dbs.get(db), Contract.forPreset(config(db, "workload=" + workload)), 1, 8);
    }

    /** PostgreSQL's namespace is the schema: a same-named table in another schema is not this one's. */
    @org.junit.jupiter.api.Test
    void aSameNamedTableInAnotherSchemaIsNotOurs() throws Exception {
        for (String db : List.of("postgres", "klustron")) {
            Contract.sameNamedTableElsewhereIsNotOurs(dbs.get(db), config(db, "tables=1"), "SCHEMA");
        }
    }

    /** isolation= on PostgreSQL and through the klustron dialect. */
    @org.junit.jupiter.api.Test
    void isolationIsSetOnEverySession() throws Exception {
        for (String db : List.of("postgres", "klustron")) Contract.isolation(config(db), Dialects.forName(db));
    }
}
