package org.oltpbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintStream;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.oltpbench.config.Config;
import org.oltpbench.config.ConfigLoader;
import org.oltpbench.config.Keys;
import org.oltpbench.db.Database;
import org.oltpbench.dialect.Dialects;
import org.oltpbench.driver.IgnoreList;
import org.oltpbench.driver.LevelRunner;
import org.oltpbench.driver.StopSignal;
import org.oltpbench.measure.LevelResult;
import org.oltpbench.measure.ThreadStats;
import org.oltpbench.workload.CheckReport;
import org.oltpbench.workload.sysbench.Plan;
import org.oltpbench.workload.sysbench.Preset;
import org.oltpbench.workload.sysbench.SysbenchWorkload;

/** Every sysbench preset on a real server: prepare, check, run 3 s, check, cleanup. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SysbenchContractIT {
    private static final PrintStream QUIET = new PrintStream(java.io.OutputStream.nullOutputStream());
    private Database embedded;
    /** The same server through mysql-connector-j, which must keep working for MySQL-protocol engines. */
    private Database viaMysqlDriver;
    private Database db;

    @BeforeAll
    void start() {
        embedded = Database.open(config(), Dialects.forName("mariadb"));
        String url = embedded.url().replace("jdbc:mariadb:", "jdbc:mysql:");
        viaMysqlDriver = Database.open(config("embedded=false", "conn=" + url), Dialects.forName("mariadb"));
    }

    @AfterAll
    void stop() {
        if (embedded != null) embedded.close();
    }

    static Stream<Arguments> presetsAndDrivers() {
        return Preset.BUILT_IN.stream().flatMap(p -> Stream.of(Arguments.of(p, "mariadb"), Arguments.of(p, "mysql")));
    }

    private static Config config(String... sets) {
        List<String> all = new ArrayList<>(List.of("db=mariadb", "embedded=true", "tables=2", "table_size=3000",
                "threads=4", "time=3", "rand-seed=7"));
        all.addAll(List.of(sets));
        return ConfigLoader.load(null, all, Map.of());
    }

    @ParameterizedTest(name = "{0} via {1} Connector/J")
    @MethodSource("presetsAndDrivers")
    void presetLifecycle(String name, String driver) throws Exception {
        db = driver.equals("mysql") ? viaMysqlDriver : embedded;
        Preset preset = Preset.load(name);
        // the mysql-connector-j runs also load through LOAD DATA LOCAL INFILE
        String method = "loadMethod=" + (driver.equals("mysql") ? "csv" : "batch");
        Config cfg = preset.singleTable() ? config("workload=" + name, "tables=1", method) : config("workload=" + name, method);
        SysbenchWorkload w = new SysbenchWorkload(preset, cfg, db.dialect(), QUIET);
        assertFalse(w.isPrepared(db), "tables left over from another test");
        w.prepare(db);
        try {
            assertTrue(w.isPrepared(db));
            assertPassed(w.check(db));
            long before = fingerprint(cfg);
            LevelResult r = run(w, cfg);
            assertNull(r.aborted(), r.aborted());
            assertTrue(r.events() > 0, "no events");
            if (preset.script().equals("oltp")) assertQueriesMatchPlan(w.plan(), r);
            assertPassed(w.check(db));
            boolean writes = preset.script().equals("oltp") ? w.plan().writes() > 0 : !preset.script().startsWith("random");
            if (writes) assertNotEquals(before, fingerprint(cfg), name + " changed no row");
            else assertEquals(before, fingerprint(cfg), name + " changed rows");
        } finally {
            w.cleanup(db);
        }
        assertFalse(w.isPrepared(db));
    }

    private LevelResult run(SysbenchWorkload w, Config cfg) throws InterruptedException {
        var s = new LevelRunner.Settings(4, 0, 3, 0, 0, 1, 95, 11, new IgnoreList(cfg.get(Keys.IGNORE_ERRORS)));
        return new LevelRunner(s, w, db, LevelRunner.Listener.SILENT, new StopSignal()).run();
    }

    /**
     * Every committed transaction issued exactly the plan's statements: qps = (reads + writes + other) x tps.
     * Transactions restarted on an ignored error (deadlocks on the hot rows) add their partial statements.
     */
    private static void assertQueriesMatchPlan(Plan p, LevelResult r) {
        long[] t = r.totals();
        if (t[ThreadStats.ERRORS] == 0) {
            assertEquals(p.reads() * r.events(), t[ThreadStats.READS]);
            assertEquals(p.writes() * r.events(), t[ThreadStats.WRITES]);
            assertEquals(p.other() * r.events(), t[ThreadStats.OTHER]);
        } else {
            assertTrue(t[ThreadStats.READS] >= p.reads() * r.events());
            assertTrue(t[ThreadStats.WRITES] >= p.writes() * r.events());
            assertTrue(t[ThreadStats.OTHER] >= p.other() * r.events());
        }
    }

    private static void assertPassed(CheckReport report) {
        assertTrue(report.passed(), report.lines().toString());
    }

    /** A hash over every row of every table the workload uses, with the row count. */
    private long fingerprint(Config cfg) throws Exception {
        long h = 17;
        int tables = cfg.get(Keys.WORKLOAD).equals("bulk_insert") ? 4 : cfg.get(Keys.TABLES);
        try (Connection c = db.connect(); Statement st = c.createStatement()) {
            for (int t = 1; t <= tables; t++) {
                try (ResultSet rs = st.executeQuery("SELECT * FROM sbtest" + t + " ORDER BY id")) {
                    int cols = rs.getMetaData().getColumnCount();
                    while (rs.next()) {
                        for (int i = 1; i <= cols; i++) h = h * 31 + rs.getString(i).hashCode();
                        h = h * 31 + 1;
                    }
                }
            }
        }
        return h;
    }
}
