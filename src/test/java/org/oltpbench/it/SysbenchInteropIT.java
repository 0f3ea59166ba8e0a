package org.oltpbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintStream;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.oltpbench.config.Config;
import org.oltpbench.config.ConfigLoader;
import org.oltpbench.config.Keys;
import org.oltpbench.db.Database;
import org.oltpbench.dialect.Dialects;
import org.oltpbench.driver.IgnoreList;
import org.oltpbench.driver.LevelRunner;
import org.oltpbench.driver.StopSignal;
import org.oltpbench.result.RepeatResult;
import org.oltpbench.workload.sysbench.Preset;
import org.oltpbench.workload.sysbench.SysbenchWorkload;

/** Data made by sysbench 1.0.20 runs under oltpbench, and the other way round, on the same server. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SysbenchInteropIT {
    private static final PrintStream QUIET = new PrintStream(java.io.OutputStream.nullOutputStream());
    private Database db;
    private int port;

    @BeforeAll
    void start() {
        Tools.require("sysbench", "apt-get install sysbench");
        db = Database.open(config(), Dialects.forName("mariadb"));
        port = URI.create(db.url().substring("jdbc:".length())).getPort();
    }

    @AfterAll
    void stop() {
        if (db != null) db.close();
    }

    private static Config config() {
        return ConfigLoader.load(null, List.of("db=mariadb", "embedded=true", "tables=2", "table_size=5000"), Map.of());
    }

    private Tools.Result sysbench(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("sysbench", "oltp_read_write", "--db-driver=mysql",
                "--mysql-host=127.0.0.1", "--mysql-port=" + port, "--mysql-user=root", "--mysql-db=sbtest",
                "--tables=2", "--table-size=5000"));
        cmd.addAll(List.of(args));
        return Tools.run(cmd, 120);
    }

    @Test
    void sysbenchDataRunsUnderOltpbench() throws Exception {
        assertEquals(0, sysbench("--threads=2", "prepare").code());
        try {
            SysbenchWorkload w = new SysbenchWorkload(Preset.load("oltp_read_write"), config(), db.dialect(), QUIET);
            assertTrue(w.isPrepared(db));
            assertTrue(w.check(db).passed(), w.check(db).lines().toString());
            var s = new LevelRunner.Settings(2, 1, 0, 2, 0, 0, 1, 5, new IgnoreList(config().get(Keys.IGNORE_ERRORS)));
            RepeatResult r = new LevelRunner(s, w, db, org.oltpbench.driver.RunListener.SILENT, new StopSignal()).run();
            assertNull(r.reason(), r.reason());
            assertTrue(r.counts().transactions() > 0);
            assertTrue(w.check(db).passed());
        } finally {
            sysbench("cleanup");
        }
    }

    @Test
    void oltpbenchDataRunsUnderSysbench() throws Exception {
        SysbenchWorkload w = new SysbenchWorkload(Preset.load("oltp_read_write"), config(), db.dialect(), QUIET);
        w.prepare(db);
        try {
            Tools.Result r = sysbench("--threads=2", "--time=2", "run");
            assertEquals(0, r.code(), r.out());
            Matcher m = Pattern.compile("transactions: +(\\d+)").matcher(r.out());
            assertTrue(m.find() && Long.parseLong(m.group(1)) > 0, r.out());
            assertTrue(w.check(db).passed());
        } finally {
            w.cleanup(db);
        }
    }
}
