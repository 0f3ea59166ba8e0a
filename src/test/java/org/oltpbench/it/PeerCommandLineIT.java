package org.oltpbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.oltpbench.result.file.ResultFiles;
import org.oltpbench.result.run.RunResult;

/**
 * Issues 36 §1 and 43 §2: the peers' command lines as the seeds print them, each program's word left in, run against
 * real servers, host, port, user and database aside. For CI's time, the sizes and durations are smaller than printed
 * (each line below says which); the options are the printed ones.
 */
class PeerCommandLineIT {
    @TempDir
    Path dir;

    /** A MySQL-protocol server the ITs use: where it listens and who logs in. */
    record Server(String host, int port, String user, String password) {
        /** {@code --mysql-host=H --mysql-port=P}, and the user and password when given. */
        String sysbench() {
            return "--mysql-host=" + host + " --mysql-port=" + port + " --mysql-user=" + user
                    + (password.isEmpty() ? "" : " --mysql-password=" + password);
        }

        /** A URL to the server without a database, for the test's own statements. */
        String url() {
            return "jdbc:mariadb://" + host + ":" + port + "/";
        }

        static Server of(String urlVariable, String user, String password) {
            java.net.URI u = java.net.URI.create(System.getenv(urlVariable).substring(5));
            return new Server(u.getHost(), u.getPort(), user, password);
        }

        /** Debian's MariaDB (Tools.debianMariaDb). */
        static Server mariaDb() throws Exception {
            Tools.Login l = Tools.debianMariaDb();
            java.net.URI u = java.net.URI.create(l.url().substring(5));
            return new Server(u.getHost(), u.getPort(), l.user(), l.password());
        }

        static Server named(String name) throws Exception {
            return switch (name) {
                case "mariadb" -> mariaDb();
                case "mysql8" -> {
                    Tools.requireEnv("OLTPBENCH_MYSQL_URL", "start MySQL 8 as .ci/run does");
                    yield of("OLTPBENCH_MYSQL_URL", env("OLTPBENCH_MYSQL_USER", "bench"), env("OLTPBENCH_MYSQL_PASSWORD", "bench"));
                }
                case "seekdb" -> {
                    Tools.requireEnv("OLTPBENCH_OB_URL", "start seekdb as .ci/run does");
                    yield of("OLTPBENCH_OB_URL", env("OLTPBENCH_OB_USER", "root"), "");
                }
                default -> {
                    Tools.requireEnv("OLTPBENCH_TIDB_URL", "build and start tidb-server as .ci/run does");
                    yield of("OLTPBENCH_TIDB_URL", env("OLTPBENCH_TIDB_USER", "root"), "");
                }
            };
        }

        /** Drops {@code database}: a test's leftovers, or the state a test starts from. */
        void drop(String database) throws Exception {
            try (var c = Tools.connect(url(), user, password); var st = c.createStatement()) {
                st.execute("DROP DATABASE IF EXISTS " + database);
            }
        }

        boolean has(String database) throws Exception {
            try (var c = Tools.connect(url(), user, password); var st = c.createStatement();
                 var rs = st.executeQuery("SHOW DATABASES LIKE '" + database + "'")) {
                return rs.next();
            }
        }
    }

    private static String env(String name, String fallback) {
        return System.getenv().getOrDefault(name, fallback);
    }

    /** Runs {@code line} (words separated by spaces) with the result directory {@code name}; exit 0 asked. */
    private RunResult run(String name, String line) throws Exception {
        List<String> args = new ArrayList<>(List.of(line.trim().split("\\s+")));
        args.addAll(List.of("--set", "resultDirectory=" + dir.resolve(name)));
        Tools.Outcome o = Tools.cli(args.toArray(String[]::new));
        assertEquals(0, o.code(), line + "\n" + o.out() + o.err());
        return Files.exists(dir.resolve(name).resolve("result.json")) ? ResultFiles.read(dir.resolve(name)) : null;
    }

    /** Seeds 000, 001 and 003 on MariaDB, the word sysbench and the scripts' paths as printed; prepare creates the database. */
    @Test
    void sysbenchLinesOfTheSeeds() throws Exception {
        Server s = Server.mariaDb();
        s.drop("h43b_sysbench");
        String my = s.sysbench() + " --mysql-db=h43b_sysbench";
        // seed 000, prepare and run; table-size 2,000 (printed 2,000,000), tables 2 (4), time 1 (180), report-interval 1 (10)
        String lua = "sysbench /alidata1/xzl/sysbench-1.0.17/src/lua/oltp_read_write.lua ";
        run("p0", lua + my + " --table-size=2000 --tables=2 --threads=4 prepare");
        RunResult r0 = run("r0", lua + my + " --table-size=2000 --tables=2 --threads=24 --report-interval=1 --time=1 run");
        assertEquals("oltp_read_write", r0.workload().name());
        assertEquals(24, r0.levels().get(0).threads());
        assertTrue(r0.levels().get(0).kept().counts().transactions() > 0);
        // seed 003, read-only with an event count: table_size 2,000 (1,000,000), tables 2 (10), events 2,000 (100,000)
        RunResult r3 = run("r3", "sysbench /opt/sysbench/share/sysbench/oltp_read_only.lua " + my
                + " --tables=2 --table_size=2000 --threads=1 --events=2000 --report-interval=10 --time=300 run");
        assertEquals(2000, r3.levels().get(0).kept().counts().transactions());
        // seed 001's option block: ps-mode disable, uniform, 32 threads; tables 2 (30), time 1 (30)
        RunResult r1 = run("r1", "sysbench oltp_point_select " + my + " --table_size=2000 --tables=2 --threads=32 "
                + "--report-interval=10 --time=1 --db-ps-mode=disable --rand-type=uniform run");
        assertEquals("oltp_point_select", r1.workload().name());
        run("c0", lua + my + " --tables=2 cleanup");
        s.drop("h43b_sysbench");
    }

    /** Seed 000's lines against its engine, OceanBase (seekdb), the empty user as printed: sysbench's default, root. */
    @Test
    void seed000OnSeekdb() throws Exception {
        Server s = Server.named("seekdb");
        s.drop("h43b_seed000");
        String lua = "/opt/sysbench/bin/sysbench /alidata1/xzl/sysbench-1.0.17/src/lua/oltp_read_write.lua --mysql-host="
                + s.host() + " --mysql-port=" + s.port() + " --mysql-user='' --mysql-password='' --mysql-db=h43b_seed000 "
                + "--table-size=1000 --tables=2 ";
        run("p", lua + "--threads=4 prepare");
        RunResult r = run("r", lua + "--threads=4 --report-interval=1 --time=1 run");
        assertTrue(r.levels().get(0).kept().counts().transactions() > 0);
        s.drop("h43b_seed000");
    }

    @Test
    void seed002sMysqlslapLine() throws Exception {
        Server s = Server.mariaDb();
        // concurrency 4 (printed 100), 2,000 queries (10,000,000); a query of one row; the schema is created
        Path q = dir.resolve("select.sql");
        Files.writeString(q, "SELECT 1");
        s.drop("h43b_slap");
        RunResult r = run("slap", "mysqlslap --query=" + q + " --concurrency=4 --number-of-queries=2000 --iterations=1 "
                + "--create-schema=h43b_slap --engine=innodb -h" + s.host() + " -P " + s.port() + " -u" + s.user() + " -p"
                + s.password());
        assertEquals(2000, r.levels().get(0).kept().counts().transactions());
        assertEquals(4, r.levels().get(0).threads());
        s.drop("h43b_slap");
    }

    /**
     * go-tpc's README lines, the word go-tpc left in, on each MySQL-protocol server: prepare creates the database as
     * go-tpc does, run, check and cleanup. 1 warehouse (README 4), 2 threads for 1 s.
     */
    @ParameterizedTest
    @ValueSource(strings = {"mariadb", "mysql8", "seekdb", "tidb"})
    void goTpcsLines(String server) throws Exception {
        Server s = Server.named(server);
        s.drop("h43b_gotpc");
        String at = " -H " + s.host() + " -P " + s.port() + " -U " + s.user() + (s.password().isEmpty() ? "" : " -p "
                + s.password()) + " -D h43b_gotpc";
        run("prepare", "go-tpc tpcc --warehouses 1" + at + " prepare");
        assertTrue(s.has("h43b_gotpc"));
        RunResult r = run("run", "go-tpc tpcc --warehouses 1" + at + " run -T 2 --time 1s --interval 1s");
        assertEquals("tpcc", r.workload().name());
        assertEquals(2, r.levels().get(0).threads());
        assertTrue(r.levels().get(0).kept().counts().transactions() > 0);
        run("check", "go-tpc tpcc --warehouses 1" + at + " check");
        run("cleanup", "go-tpc tpcc --warehouses 1" + at + " cleanup");
        s.drop("h43b_gotpc");
    }

    /**
     * Seed 003's obd line, run as a user runs it (the jar, obd's OBD_HOME), its deployment obce a config.yaml whose
     * observer is seekdb; user root@sys (printed tpcc@tpcc, password tpcc), database h43b_obd (tpcc), which the job
     * creates as obd does; tables 2 (10), table-size 1,000 (1,000,000), time 1 (300).
     */
    @Test
    void seed003sObdLine() throws Exception {
        Server s = Server.named("seekdb");
        s.drop("h43b_obd");
        Path deploy = Files.createDirectories(dir.resolve("obdhome/.obd/cluster/obce"));
        Files.writeString(deploy.resolve("config.yaml"), "oceanbase-ce:\n  servers:\n    - name: server1\n      ip: " + s.host()
                + "\n  global:\n    appname: obcluster\n  server1:\n    mysql_port: " + s.port() + "\n    zone: zone1\n");
        String line = "obd test sysbench obce -v --component='oceanbase-ce' --user=root --tenant=sys --database=h43b_obd "
                + "--sysbench-bin=/opt/sysbench/bin/sysbench --sysbench-script-dir=/opt/sysbench/share/sysbench "
                + "--script-name=oltp_read_only.lua --tables=2 --table-size=1000 --threads=1 --time=1";
        List<String> cmd = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"), "-jar",
                "target/oltpbench.jar"));
        cmd.addAll(List.of(line.split(" ")));
        cmd.addAll(List.of("--set", "resultDirectory=" + dir.resolve("obd")));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().put("OBD_HOME", dir.resolve("obdhome").toString());
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), out);
        assertEquals(0, p.exitValue(), out);
        assertTrue(out.contains("obd test sysbench: --sysbench-bin read, not needed"), out);
        RunResult r = ResultFiles.read(dir.resolve("obd"));
        assertEquals("oltp_read_only", r.workload().name());
        assertTrue(r.levels().get(0).kept().counts().transactions() > 0);
        s.drop("h43b_obd");
    }
}
