package org.oltpbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oltpbench.result.ResultFiles;
import org.oltpbench.result.RunResult;

/**
 * Issue 36 §1: the peers' command lines as the reports print them run against real servers, host and port aside. For
 * CI's time, the sizes and durations are smaller than printed (each line below says which); the options are the
 * printed ones. sysbench's and mysqlslap's against the MariaDB primary .ci/replicas starts, go-tpc's against tidb-server.
 */
class PeerCommandLineIT {
    @TempDir
    Path dir;

    private static Map<String, String> ports() throws Exception {
        Tools.requireEnv("OLTPBENCH_REPLICAS_DIR", "start the replica sets as .ci/run does (.ci/replicas up DIR)");
        Map<String, String> m = new java.util.HashMap<>();
        for (String line : Files.readAllLines(Path.of(System.getenv("OLTPBENCH_REPLICAS_DIR"), "ports"))) {
            String[] kv = line.split("=");
            m.put(kv[0], kv[1]);
        }
        return m;
    }

    /** Runs {@code line} (words separated by spaces) with the result directory {@code name}; exit 0 asked. */
    private RunResult run(String name, String line) throws Exception {
        List<String> args = new ArrayList<>(List.of(line.trim().split("\\s+")));
        args.addAll(List.of("--set", "resultDirectory=" + dir.resolve(name)));
        Tools.Outcome o = Tools.cli(args.toArray(String[]::new));
        assertEquals(0, o.code(), line + "\n" + o.out() + o.err());
        return Files.exists(dir.resolve(name).resolve("result.json")) ? ResultFiles.read(dir.resolve(name)) : null;
    }

    @Test
    void sysbenchLinesOfTheReports() throws Exception {
        String my = "--mysql-host=127.0.0.1 --mysql-port=" + ports().get("MY1") + " --mysql-user=bench --mysql-password=bench";
        // seed 000, prepare and run as printed; table-size 2,000 (printed 2,000,000), tables 2 (4), time 3 (180),
        // report-interval 1 (10)
        String lua = "/alidata1/xzl/sysbench-1.0.17/src/lua/oltp_read_write.lua ";
        run("p0", lua + my + " --mysql-db=oltpbench --table-size=2000 --tables=2 --threads=4 prepare");
        RunResult r0 = run("r0", lua + my + " --mysql-db=oltpbench --table-size=2000 --tables=2 --threads=24 "
                + "--report-interval=1 --time=3 run");
        assertEquals("oltp_read_write", r0.workload().name());
        assertEquals(24, r0.levels().get(0).threads());
        assertTrue(r0.levels().get(0).kept().counts().transactions() > 0);
        // seed 003, read-only with an event count: table_size 2,000 (1,000,000), tables 2 (10), events 2,000 (100,000)
        RunResult r3 = run("r3", "/opt/sysbench/share/sysbench/oltp_read_only.lua " + my + " --mysql-db=oltpbench "
                + "--tables=2 --table_size=2000 --threads=1 --events=2000 --report-interval=10 --time=300 run");
        assertEquals(2000, r3.levels().get(0).kept().counts().transactions());
        // seed 001's options: ps-mode disable, uniform, 32 threads; database oltpbench (printed test), tables 2 (30)
        RunResult r1 = run("r1", "oltp_point_select " + my + " --mysql-db=oltpbench --table_size=2000 --tables=2 "
                + "--threads=32 --report-interval=1 --time=3 --db-ps-mode=disable --rand-type=uniform run");
        assertEquals("oltp_point_select", r1.workload().name());
        run("c0", lua + my + " --mysql-db=oltpbench --tables=2 cleanup");
    }

    @Test
    void goTpcsReadmeLines() throws Exception {
        Tools.requireEnv("OLTPBENCH_TIDB_URL", "build and start tidb-server as .ci/run does");
        String url = System.getenv("OLTPBENCH_TIDB_URL");
        java.net.URI u = java.net.URI.create(url.substring(5));
        Tools.createDatabase(url.substring(0, url.lastIndexOf('/') + 1) + "gotpc", "root", 90);
        String at = " -H " + u.getHost() + " -P " + u.getPort() + " -D gotpc";
        run("prepare", "tpcc --warehouses 1 --parts 1 prepare" + at);
        RunResult r = run("run", "tpcc --warehouses 1 run" + at + " -T 2 --time 5s --interval 1s");
        assertEquals("tpcc", r.workload().name());
        assertEquals(2, r.levels().get(0).threads());
        assertTrue(r.levels().get(0).kept().counts().transactions() > 0);
        run("check", "tpcc --warehouses 1 check" + at);
        run("cleanup", "tpcc --warehouses 1 cleanup" + at);
    }

    @Test
    void seed002sMysqlslapLine() throws Exception {
        // concurrency 4 (printed 100), 2,000 queries (10,000,000); a query of one row
        Path q = dir.resolve("select.sql");
        Files.writeString(q, "SELECT 1");
        RunResult r = run("slap", "mysqlslap --query=" + q + " --concurrency=4 --number-of-queries=2000 --iterations=1 "
                + "--create-schema=oltpbench --engine=innodb -h127.0.0.1 -P " + ports().get("MY1") + " -ubench -pbench");
        assertEquals(2000, r.levels().get(0).kept().counts().transactions());
        assertEquals(4, r.levels().get(0).threads());
    }
}
