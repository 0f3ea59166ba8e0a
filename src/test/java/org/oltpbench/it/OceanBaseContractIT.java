package org.oltpbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.oltpbench.config.Config;
import org.oltpbench.dialect.AutoProtocol;
import org.oltpbench.dialect.Demand;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.tune.Setting;
import org.oltpbench.tune.Tuner;
import org.oltpbench.workload.tpcc.TpccWorkload;

/**
 * The contract on seekdb (OceanBase's single-node server, OLTPBENCH_OB_URL as .ci/run sets it) as db=oceanbase:
 * every sysbench preset and TPC-C, partitioned DDL, a TPC-C sweep to 16 terminals without errors (no open-cursor
 * limit can be hit), and tune/restore.
 */
class OceanBaseContractIT extends Contract.OnServer implements Contract.OnMySqlProtocol {
    OceanBaseContractIT() {
        super("OB", "oceanbase", "start seekdb (pip download pylibseekdb) and set OLTPBENCH_OB_URL, as .ci/run does");
    }

    /** Waits until seekdb answers SQL (it needs a few seconds after start), then creates the URL's database. */
    static void createDatabase(String url, int waitSecs) throws Exception {
        Tools.createDatabase(url, System.getenv().getOrDefault("OLTPBENCH_OB_USER", "root"), waitSecs);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.oltpbench.it.Contract#presets")
    void sysbenchPreset(String workload) throws Exception {
        db.useServerPrepared(true); // what dbPsMode=auto settles on for every preset at open_cursors=50
        Contract.sysbench(db, Contract.forPreset(config("workload=" + workload)), 1, 8);
    }

    @Test
    void sysbenchPartitioned() throws Exception {
        Contract.sysbench(db, config("partitions=4"), 1, 8);
    }

    /**
     * TPC-C partitioned by warehouse (seekdb has no tablegroups: auto skips it) at 1, 8 and 16 terminals, no errors; then
     * a tpccMode=procedures level and its checks.
     */
    @Test
    void tpccPartitionedSweepWithoutErrors() throws Exception {
        Config cfg = config("workload=tpcc", "warehouses=2", "partitions=2", "loadWorkers=2");
        TpccWorkload w = Params.tpcc(cfg, db.dialect(), Contract.QUIET);
        assertFalse(w.isPrepared(db), "tables left over from another test");
        db.useServerPrepared(false); // dbPsMode=auto for TPC-C's ~50 statements at open_cursors=50
        w.prepare(db);
        try {
            assertEquals(2, Tools.count(db, "SELECT COUNT(*) FROM information_schema.partitions WHERE table_schema = DATABASE() "
                    + "AND table_name = 'bmsql_stock' AND partition_name IS NOT NULL"));
            Contract.assertPassed(w.check(db));
            for (int terminals : new int[] {1, 8, 16}) {
                RepeatResult r = Contract.run(db, w, cfg, terminals, Contract.TPCC_SECS);
                assertEquals(0, r.counts().ignoredErrors(), terminals + " terminals");
                assertTrue(r.transactions().get(0).committed() > 0);
            }
            Contract.assertPassed(w.check(db));
            Contract.procedures(db, cfg); // issue 46: seekdb takes the MySQL family's procedures
        } finally {
            w.cleanup(db);
        }
    }

    /**
     * dbPsMode=auto: server-side prepared statements, as on the other engines, while open_cursors holds the workload's
     * statements; client-side text with the line that says why beyond it; server-side ones beyond it asked for
     * explicitly are refused before a run, with the fix.
     */
    @Test
    void openCursorsCannotBreakARun() throws Exception {
        try (Connection c = db.connect()) {
            long cursors;
            try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SHOW PARAMETERS LIKE 'open_cursors'")) {
                rs.next();
                cursors = Long.parseLong(rs.getString("value"));
            }
            assertEquals(AutoProtocol.SERVER_PREPARED, db.dialect().autoProtocol(c, new Demand(1, (int) cursors, true)));
            AutoProtocol over = db.dialect().autoProtocol(c, new Demand(1, (int) cursors + 1, true));
            assertFalse(over.serverPrepared());
            assertTrue(over.note().contains("open_cursors=" + cursors) && over.note().contains("dbPsMode=disable")
                    && over.note().contains("workload's " + (cursors + 1)), over.note());
            List<String> problems = db.dialect().limitProblems(c, new Demand(17, (int) cursors + 10, true));
            assertEquals(1, problems.size(), problems.toString());
            assertTrue(problems.get(0).contains("open_cursors=" + cursors) && problems.get(0).contains("dbPsMode=auto"), problems.get(0));
            assertTrue(db.dialect().limitProblems(c, new Demand(17, (int) cursors + 10, false)).isEmpty());
        }
    }

    @Test
    void tuneReportsWhatSeekdbLacksAndRestoresTheRest() throws Exception {
        java.io.ByteArrayOutputStream buf = new java.io.ByteArrayOutputStream();
        Tuner tuner = new Tuner(new java.io.PrintStream(buf, true, java.nio.charset.StandardCharsets.UTF_8));
        String before;
        try (Connection c = db.connect()) {
            before = db.dialect().settings(c).read(Setting.variable("ob_sql_work_area_percentage", "x"));
            tuner.apply(db.dialect().settings(c), db.dialect().tuningProfile(org.oltpbench.result.workload.Family.TPCC));
        }
        try {
            assertTrue(tuner.changes().stream().anyMatch(ch -> ch.name().equals("ob_sql_work_area_percentage")), buf.toString());
            assertTrue(tuner.skipped().containsKey("enable_sql_audit"), "seekdb has no enable_sql_audit: " + buf);
        } finally {
            try (Connection c = db.connect()) {
                tuner.restore(db.dialect().settings(c));
            }
        }
        try (Connection c = db.connect()) {
            assertEquals(before, db.dialect().settings(c).read(Setting.variable("ob_sql_work_area_percentage", "x")));
        }
    }
}
