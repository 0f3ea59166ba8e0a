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

    @BeforeAll
    void connect() {
        Tools.requireEnv("OLTPBENCH_PG_URL", "start a PostgreSQL server and set OLTPBENCH_PG_URL (and OLTPBENCH_PG_USER), as .ci/run does");
        for (String db : List.of("postgres", "klustron")) dbs.put(db, Database.open(config(db), Dialects.forName(db)));
    }

    @AfterAll
    void close() {
        dbs.values().forEach(Database::close);
    }

    static Config config(String db, String... sets) {
        List<String> all = new ArrayList<>(List.of("db=" + db, "conn=" + System.getenv("OLTPBENCH_PG_URL"),
                "user=" + System.getenv().getOrDefault("OLTPBENCH_PG_USER", "postgres"), "tables=2", "table_size=2000",
                "rand-seed=3"));
        all.addAll(List.of(sets));
        return ConfigLoader.load(null, all, Map.of());
    }

    static Stream<Arguments> cases() {
        return Stream.of("postgres", "klustron").flatMap(db -> Stream.concat(Preset.BUILT_IN.stream(), Stream.of("tpcc"))
                .map(w -> Arguments.of(db, w)));
    }

    @ParameterizedTest(name = "{1} as {0}")
    @MethodSource("cases")
    void contract(String db, String workload) throws Exception {
        if (workload.equals("tpcc")) {
            Contract.tpcc(dbs.get(db), config(db, "workload=tpcc", "warehouses=1", "loadWorkers=2"), 1, 8);
            return;
        }
        boolean single = Preset.load(workload).singleTable();
        Config cfg = single ? config(db, "workload=" + workload, "tables=1") : config(db, "workload=" + workload);
        Contract.sysbench(dbs.get(db), cfg, 1, 8);
    }
}
