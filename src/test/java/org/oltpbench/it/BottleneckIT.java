package org.oltpbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.oltpbench.OltpBench;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.repeat.client.ResourceSource;
import org.oltpbench.result.repeat.client.Resources;
import org.oltpbench.result.repeat.counted.ErrorCount;
import org.oltpbench.result.repeat.counted.IntervalResult;
import org.oltpbench.result.repeat.usage.Verdict.Limit;
import org.oltpbench.result.run.RunResult;

/**
 * Resources and the bottleneck verdict on a real server (the JVM's shared embedded MariaDB, pinned to a CPU with
 * taskset for a level and given every CPU back after it: this class is quiet, so no other class runs on it meanwhile), each rule proven by a level made to hit it; errors by code counted exactly; the three
 * resource sources in result.json; the live endpoint scraped by a real Prometheus.
 */
// quiet: aServerOnOneCoreAtPointSelectsIsTheLimit needs a host no other process holds a quarter of. Beside a CPU
// burner (or another IT JVM) the server's core is shared with it, and the verdict is rightly "other processes" (a burner
// took 0.84 of 2 cores, the server ran 0.68 of its own); the server's wait for a CPU is not measured, so no rule can say
// its core was full of it. The client's test holds beside a burner (its threads' wait shows its core full).
@org.junit.jupiter.api.Tag("quiet")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BottleneckIT {
    /** The JVM's shared embedded server (a quiet class runs alone, so pinning it for a level disturbs no other). */
    private Tools.Login login;
    private int port;
    private long serverPid;

    @BeforeAll
    void start() throws Exception {
        Tools.require("taskset", "apt-get install util-linux");
        login = SharedMariaDb.database(BottleneckIT.class, "sbtest");
        port = SharedMariaDb.port();
        serverPid = pidOnPort(port);
    }

    private Map<String, String> job(Path dir, String... kv) {
        Map<String, String> m = new HashMap<>(Map.of("db", "mariadb", "conn", login.url(), "user", "root", "tables", "1",
                "tableSize", "10000", "time", "8", "warmupSecs", "2", "reportIntervalSecs", "1", "resultDirectory",
                dir.toString()));
        for (int i = 0; i < kv.length; i += 2) m.put(kv[i], kv[i + 1]);
        return m;
    }

    /**
     * The server on CPU 1 and this JVM (the client) on CPU 0 while {@code level} runs, CI's idle servers paused; both get
     * every CPU back after.
     */
    private RepeatResult pinned(Map<String, String> job) throws Exception {
        assumeTrue(Runtime.getRuntime().availableProcessors() >= 2, "needs 2 CPUs to give client and server one each");
        long me = ProcessHandle.current().pid();
        String all = "0-" + (Runtime.getRuntime().availableProcessors() - 1);
        taskset(serverPid, "1");
        taskset(me, "0");
        try {
            return IdleServers.pausedWhile(() -> OltpBench.fromMap(job).run().levels().get(0).kept());
        } finally {
            taskset(me, all);
            taskset(serverPid, all);
        }
    }

    @Test
    void aServerOnOneCoreAtPointSelectsIsTheLimit(@TempDir Path tmp) throws Exception {
        RepeatResult r = pinned(job(tmp, "workload", "oltp_point_select", "threads", "16"));
        System.out.println("bottleneck (server expected): " + r.usage().verdict().evidence());
        assertEquals(Limit.SERVER, r.usage().verdict().limit(), r.usage().verdict().evidence());
        Resources.ServerUse s = r.intervals().get(r.intervals().size() - 1).resources().servers().get(0);
        assertEquals(ResourceSource.PROC, s.source());
        assertTrue(s.component().endsWith(" :" + port), s.component()); // named by its port: a restart stays one server
        assertEquals(1, r.usage().servers().get(0).hostCores(), "the server's affinity");
    }

    @Test
    void aClientOnOneCoreMakingLongStringsIsTheLimit(@TempDir Path tmp) throws Exception {
        // each statement makes the client draw 8,000 random characters; the server only sends them back. With 500
        // (the first form of this test) the server's fixed cost per statement was as large, and a CI run saw the
        // server at 0.91 of its core while the client was below 0.9 of its own; with 8,000 the server is at 0.74.
        // Whatever else runs on the client's core, its 16 threads wait for it: the core is full and the client is the
        // limit (issue 44; before, the host at 91% was "shared host"). Where other processes held the host (a CPU
        // burner beside the build ran 0.73 of the client's core, 0.80 of the host's 2), it is "other processes": the
        // figure depends on them, and compare does not count the level clean.
        RepeatResult r = pinned(job(tmp, "workload", "sql", "query", "SELECT {str:8000}", "threads", "16"));
        System.out.println("bottleneck (client expected): " + r.usage().verdict().evidence() + "; server "
                + r.usage().servers().get(0).cores() + " cores; client waited " + r.usage().clientWaitCores() + "; host "
                + r.usage().clientHostBusyCores());
        assertEquals(Limit.CLIENT, r.usage().verdict().limit(), r.usage().verdict().evidence());
        assertEquals(1, r.usage().clientCoresAvailable());
    }

    /**
     * A row lock held by another session for the whole level: each transaction waits innodb_lock_wait_timeout (1 s)
     * and fails with 1205, which ignoreErrors=auto restarts. One thread, time=5, no warm-up: attempts start at about
     * 0, 1, 2, 3 and 4 s (a sixth would start after the deadline), so exactly 5 errors, none committed.
     */
    @Test
    void aHeldLockIsContentionWithItsErrorsCountedExactly(@TempDir Path tmp) throws Exception {
        String url = login.url();
        try (Connection c = Tools.connect(url, "root", ""); Statement st = c.createStatement()) {
            st.execute("CREATE TABLE IF NOT EXISTS held (id INT PRIMARY KEY, v INT)");
            st.execute("REPLACE INTO held VALUES (1, 0)");
            st.execute("SET GLOBAL innodb_lock_wait_timeout = 1");
            c.setAutoCommit(false);
            st.executeQuery("SELECT v FROM held WHERE id = 1 FOR UPDATE").close();
            ByteArrayOutputStream console = new ByteArrayOutputStream();
            RunResult run = OltpBench.fromMap(job(tmp, "workload", "sql", "query", "UPDATE held SET v = v + 1 WHERE id = 1",
                    "threads", "1", "time", "5", "warmupSecs", "0")).output(new PrintStream(console, true)).run();
            c.rollback();
            st.execute("SET GLOBAL innodb_lock_wait_timeout = 50");
            RepeatResult r = run.levels().get(0).kept();
            for (IntervalResult i : r.intervals()) System.out.printf("held lock: %.3f s: %d restarted%n", i.at(), i.ignoredErrors());
            assertEquals(Limit.CONTENTION, r.usage().verdict().limit(), r.usage().verdict().evidence());
            assertEquals(0, r.counts().transactions());
            List<ErrorCount> codes = r.counts().errorCodes();
            assertEquals(1, codes.size(), codes.toString());
            ErrorCount e = codes.get(0);
            assertEquals(ErrorCount.Kind.IGNORED, e.kind());
            assertEquals(1205, e.code());
            assertEquals(5, e.count(), "one lock-wait timeout a second for 5 s");
            // in all four outputs: the console, result.json, report.html and compare
            String text = console.toString(StandardCharsets.UTF_8);
            assertTrue(text.contains("[Errors] q1 ignored 1205 (SQLState HY000) x 5: "), text);
            assertTrue(text.contains("[Bottleneck] 100% of transactions retried or restarted"), text);
            String json = Files.readString(tmp.resolve("result.json"));
            assertTrue(json.contains("\"code\" : 1205") || json.contains("\"code\":1205"), "result.json's errorCodes");
            assertTrue(Files.readString(tmp.resolve("report.html")).contains("<td>1205</td>"), "report.html's table");
            Path cmp = tmp.resolve("cmp"), copy = Files.createDirectories(tmp.resolve("copy"));
            Files.copy(tmp.resolve("result.json"), copy.resolve("result.json"));
            new CommandLine(tmp, copy, cmp).run();
            assertTrue(Files.readString(cmp.resolve("compare.md")).contains("| errors ignored 1205 (HY000) ↓ | 5 | 5 |"),
                    Files.readString(cmp.resolve("compare.md")));
        }
    }

    /** `compare DIR OTHER --out OUT` through the command line's own entry point. */
    private record CommandLine(Path dir, Path other, Path out) {
        void run() {
            ByteArrayOutputStream said = new ByteArrayOutputStream();
            PrintStream p = new PrintStream(said, true);
            int code = org.oltpbench.cli.Main.execute(new String[] {"compare", dir.toString(), other.toString(), "--label",
                    "a=" + dir, "--label", "b=" + other, "--out", out.toString()}, p, p, false);
            assertEquals(0, code, "compare: " + said);
        }
    }

    /**
     * The three sources in one level: this server from /proc, the host from node_exporter, and components from
     * Prometheus (here node_exporter's own process_cpu_seconds_total, job node); the live endpoint on metricsPort is
     * scraped by that Prometheus while the level runs.
     */
    @Test
    void everySourceInResultJsonAndTheLiveEndpointScraped(@TempDir Path tmp) throws Exception {
        Tools.requireEnv("OLTPBENCH_NODE_EXPORTER_URL", "start prometheus-node-exporter and Prometheus as .ci/run does");
        Tools.requireEnv("OLTPBENCH_PROMETHEUS_URL", "start Prometheus as .ci/run does");
        Tools.requireEnv("OLTPBENCH_METRICS_PORT", "give Prometheus a scrape target for metricsPort as .ci/run does");
        String prom = System.getenv("OLTPBENCH_PROMETHEUS_URL");
        RunResult run = OltpBench.fromMap(job(tmp, "workload", "oltp_point_select", "threads", "2", "time", "6",
                "serverMetrics", System.getenv("OLTPBENCH_NODE_EXPORTER_URL"), "prometheus", prom,
                "prometheusCpu", "process_cpu_seconds_total{job=\"node\"}",
                "prometheusMemory", "process_resident_memory_bytes{job=\"node\"}",
                "metricsPort", System.getenv("OLTPBENCH_METRICS_PORT"))).run();
        RepeatResult r = run.levels().get(0).kept();
        IntervalResult last = r.intervals().get(r.intervals().size() - 1);
        Map<ResourceSource, Resources.ServerUse> by = new HashMap<>();
        for (Resources.ServerUse s : last.resources().servers()) by.put(s.source(), s);
        assertTrue(by.get(ResourceSource.PROC).cpuSeconds() > 0, "the local server: " + by);
        assertTrue(by.get(ResourceSource.NODE_EXPORTER).hostCpu().busy() > 0, "the host: " + by);
        assertEquals("node", by.get(ResourceSource.PROMETHEUS).component(), "a component: " + by);
        // written as run: result.json holds every interval's resources
        assertEquals(run.levels().get(0).kept().usage(), OltpBench.read(tmp).levels().get(0).kept().usage());
        String tps = query(prom, "max_over_time(oltpbench_tps{job=\"oltpbench\"}[5m])");
        assertTrue(tps.contains("\"value\"") && !tps.contains("\"0\"]"), "Prometheus scraped oltpbench_tps: " + tps);
        String types = query(prom, "max_over_time(oltpbench_transactions_total{job=\"oltpbench\",type=\"event\"}[5m])");
        assertTrue(types.contains("\"value\""), "and the transactions by type: " + types);
    }

    /**
     * TiDB's CPU through Prometheus, as a TiUP cluster's Prometheus gives it: the dialect's default selector (jobs
     * tidb, tikv, pd, tiflash) finds the tidb-server that .ci/run's Prometheus scrapes as job tidb; the same server is
     * on this host, so /proc sees it too. Both must see the level's work, and agree within 10% over the window.
     */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"2", "0"})
    void tidbThroughPrometheus(String intervalSecs, @TempDir Path tmp) throws Exception {
        Tools.requireEnv("OLTPBENCH_TIDB_URL", "build and start tidb-server as .ci/run does");
        Tools.requireEnv("OLTPBENCH_PROMETHEUS_URL", "start Prometheus as .ci/run does");
        String base = System.getenv("OLTPBENCH_TIDB_URL");
        String url = base.substring(0, base.lastIndexOf('/') + 1) + "oltpbench_resources";
        Tools.createDatabase(url, "root", 90);
        Map<String, String> job = new HashMap<>(Map.of("db", "tidb", "conn", url, "user", "root", "workload",
                "oltp_point_select", "tables", "1", "tableSize", "1000", "threads", "4", "time", "8", "reportIntervalSecs", intervalSecs,
                "resultDirectory", tmp.toString()));
        job.put("intervalSecs", intervalSecs); // 0: no recorded intervals, Prometheus asked for the whole window
        job.put("prometheus", System.getenv("OLTPBENCH_PROMETHEUS_URL"));
        RepeatResult r = OltpBench.fromMap(job).run().levels().get(0).kept();
        double prom = 0, proc = 0;
        for (var s : r.usage().servers()) {
            if (s.source() == ResourceSource.PROMETHEUS) {
                assertEquals("tidb", s.component());
                prom += s.cores();
            }
            if (s.source() == ResourceSource.PROC) proc += s.cores();
        }
        System.out.printf("tidb-server's cores over the window: Prometheus %.3f, /proc %.3f%n", prom, proc);
        assertTrue(prom > 0.1 && proc > 0.1, "both sources see tidb-server working: " + r.usage().servers());
        assertTrue(Math.abs(prom - proc) <= 0.1 * proc, "Prometheus " + prom + " and /proc " + proc + " agree within 10%");
    }

    /**
     * Issue 35 §1.5: MariaDB exports no CPU of its own, so prometheus= without prometheusCpu asks nothing (one line says
     * so) rather than summing the exporters' own process_cpu_seconds_total into "server CPU"; and a selector with several
     * series per target adds them: node_exporter's user and system time of every CPU, through a real Prometheus,
     * equals what node_exporter itself says of the same window within 5%.
     */
    @Test
    void prometheusSelectorsNameWhatTheyMeasure(@TempDir Path tmp) throws Exception {
        Tools.requireEnv("OLTPBENCH_NODE_EXPORTER_URL", "start prometheus-node-exporter and Prometheus as .ci/run does");
        Tools.requireEnv("OLTPBENCH_PROMETHEUS_URL", "start Prometheus as .ci/run does");
        String prom = System.getenv("OLTPBENCH_PROMETHEUS_URL");
        RunResult none = OltpBench.fromMap(job(tmp.resolve("a"), "workload", "oltp_point_select", "threads", "2", "time", "4",
                "prometheus", prom)).run();
        assertTrue(none.levels().get(0).kept().usage().servers().stream().noneMatch(x -> x.source() == ResourceSource.PROMETHEUS),
                none.levels().get(0).kept().usage().servers().toString());
        RepeatResult r = OltpBench.fromMap(job(tmp.resolve("b"), "workload", "oltp_point_select", "threads", "2", "time", "8",
                "serverMetrics", System.getenv("OLTPBENCH_NODE_EXPORTER_URL"), "prometheus", prom,
                "prometheusCpu", "node_cpu_seconds_total{job=\"node\",mode=~\"user|system\"}")).run().levels().get(0).kept();
        double viaPrometheus = 0, direct = 0, secs = 0;
        for (IntervalResult i : r.intervals()) {
            if (i.warmup()) continue;
            secs += i.seconds();
            for (Resources.ServerUse u : i.resources().servers()) {
                if (u.source() == ResourceSource.PROMETHEUS) viaPrometheus += u.cpuSeconds();
                if (u.source() == ResourceSource.NODE_EXPORTER) direct += u.hostCpu().user() + u.hostCpu().system();
            }
        }
        System.out.printf("user + system over %.1f s: node_exporter %.2f CPU-s, Prometheus (one series per CPU and mode, "
                + "added) %.2f%n", secs, direct, viaPrometheus);
        assertTrue(direct > 1, "the host worked: " + direct);
        assertTrue(Math.abs(viaPrometheus - direct) <= 0.05 * direct, "Prometheus " + viaPrometheus + ", node_exporter " + direct);
    }

    private static String query(String prom, String q) throws Exception {
        HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(prom + "/api/v1/query?query="
                + URLEncoder.encode(q, StandardCharsets.UTF_8))).build(), HttpResponse.BodyHandlers.ofString());
        return r.body();
    }

    static void taskset(long pid, String cpus) throws Exception {
        Process p = new ProcessBuilder("taskset", "-a", "-p", "-c", cpus, Long.toString(pid)).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), "taskset: " + out);
    }

    /** The process listening on {@code port}, from `ss` (iproute2). */
    static long pidOnPort(int port) throws Exception {
        Tools.require("ss", "apt-get install iproute2");
        Process p = new ProcessBuilder("ss", "-Hltnp", "sport = :" + port).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("pid=(\\d+)").matcher(out);
        assertTrue(m.find(), "no process listens on " + port + ": " + out);
        return Long.parseLong(m.group(1));
    }
}
