package org.oltpbench.it;


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
import org.oltpbench.db.Database;
import org.oltpbench.dialect.Dialects;
import org.oltpbench.workload.sysbench.Preset;

/** Every sysbench preset on a real server: prepare, check, run 3 s, check, cleanup. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SysbenchContractIT {
    private Database embedded;
    /** The same server through mysql-connector-j, which must keep working for MySQL-protocol engines. */
    private Database viaMysqlDriver;

    @BeforeAll
    void start() {
        embedded = Database.open(Params.target(config()), Dialects.forName("mariadb"));
        String url = embedded.url().replace("jdbc:mariadb:", "jdbc:mysql:");
        viaMysqlDriver = Database.open(Params.target(config("embedded=false", "conn=" + url)), Dialects.forName("mariadb"));
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
        Preset preset = Preset.load(name);
        // the mysql-connector-j runs also load through LOAD DATA LOCAL INFILE
        String method = "loadMethod=" + (driver.equals("mysql") ? "csv" : "batch");
        Config cfg = preset.singleTable() ? config("workload=" + name, "tables=1", method) : config("workload=" + name, method);
        Contract.sysbench(driver.equals("mysql") ? viaMysqlDriver : embedded, cfg, 4);
    }

    /** Through both drivers: a same-named table in another database of the server is not this database's. */
    @org.junit.jupiter.api.Test
    void aSameNamedTableInAnotherDatabaseIsNotOurs() throws Exception {
        Contract.sameNamedTableElsewhereIsNotOurs(embedded, config("tables=1"), "DATABASE");
        Contract.sameNamedTableElsewhereIsNotOurs(viaMysqlDriver, config("tables=1"), "DATABASE");
    }

    /**
     * isolation= on MariaDB, through both drivers, and the mysql dialect's reading (@@transaction_isolation, which the
     * embedded MariaDB 11.4 has as MySQL 8 does; a MySQL 8 server in CI is issue 29's).
     */
    @org.junit.jupiter.api.Test
    void isolationIsSetOnEverySession() throws Exception {
        Contract.isolation(config("embedded=false", "conn=" + embedded.url()), Dialects.forName("mariadb"));
        Contract.isolation(config("embedded=false", "conn=" + viaMysqlDriver.url()), Dialects.forName("mariadb"));
        Contract.isolation(config("db=mysql", "embedded=false", "conn=" + viaMysqlDriver.url()), Dialects.forName("mysql"));
    }
}
