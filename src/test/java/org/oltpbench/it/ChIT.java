package org.oltpbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintStream;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.oltpbench.config.Config;
import org.oltpbench.config.ConfigLoader;
import org.oltpbench.config.RunParams;
import org.oltpbench.db.Database;
import org.oltpbench.dialect.Dialects;
import org.oltpbench.workload.Workload;
import org.oltpbench.workload.Workloads;
import org.oltpbench.workload.ch.AnalyticStreams;
import org.oltpbench.workload.ch.ChQueries;
import org.oltpbench.workload.ch.ChWorkload;

/**
 * CH-benCHmark's 22 queries give the same answers on every engine: one warehouse loaded with the same randSeed, each
 * query's rows compared sorted, numbers rounded to cents, timestamps (the load's own time) left out. The embedded
 * MariaDB's answers are the reference. Q11, Q21 and Q22 are empty on a freshly loaded data set, for the reasons written
 * beside them in queries.sql; Q20 expects 0.4 rows a warehouse (written there too: randSeed 1 and 11 give none); every
 * other query returns rows.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ChIT {
    /** Empty at load, by TPC-C's initial population (queries.sql says why for each). */
    static final Set<String> EMPTY_AT_LOAD = Set.of("Q11", "Q21", "Q22");
    /** Rows by chance at one warehouse: expected 0.4 (queries.sql). */
    static final String SPARSE = "Q20";
    private Map<String, List<String>> reference;

    private static Config cfg(String... sets) {
        List<String> all = new ArrayList<>(List.of("workload=ch", "warehouses=1", "loadWorkers=2", "randSeed=11"));
        all.addAll(List.of(sets));
        return ConfigLoader.load(null, all, Map.of());
    }

    private static final PrintStream QUIET = new PrintStream(java.io.OutputStream.nullOutputStream());

    /** What a test does on the loaded data set after the queries, before it is dropped. */
    @FunctionalInterface
    interface OnLoaded {
        OnLoaded NOTHING = db -> { };

        void accept(Database db) throws Exception;
    }

    /** Loads the CH data set afresh, runs the 22 queries once, drops the data set; each query's canonical rows. */
    static Map<String, List<String>> answers(Config cfg) throws Exception {
        return answers(cfg, QUIET, OnLoaded.NOTHING);
    }

    static Map<String, List<String>> answers(Config cfg, PrintStream printed, OnLoaded after) throws Exception {
        RunParams p = Params.of(cfg);
        try (Database db = Database.open(p.target(), Dialects.forName(p.target().db()))) {
            Workload w = Workloads.create(p.workload(), p.load(), db.dialect(), printed);
            w.cleanup(db);
            long t0 = System.nanoTime();
            w.prepare(db);
            double loadSecs = (System.nanoTime() - t0) / 1e9;
            try {
                AnalyticStreams.Dates dates = ChWorkload.dates(db, 1);
                Map<String, List<String>> out = new LinkedHashMap<>();
                try (Connection c = db.connect()) {
                    long t = System.nanoTime();
                    Map<String, Double> took = new LinkedHashMap<>();
                    for (ChQueries.Query q : ChQueries.of(db.dialect())) {
                        long t1 = System.nanoTime();
                        out.put(q.name(), rows(c, q, dates));
                        took.put(q.name(), (System.nanoTime() - t1) / 1e9);
                    }
                    System.err.printf("CH at 1 warehouse on %s: load %.1f s, the 22 queries %.1f s (the slowest: %s)%n",
                            p.target().db(), loadSecs, (System.nanoTime() - t) / 1e9, took.entrySet().stream()
                                    .sorted(Map.Entry.<String, Double>comparingByValue().reversed()).limit(5)
                                    .map(e -> String.format(java.util.Locale.ROOT, "%s %.1f s", e.getKey(), e.getValue()))
                                    .collect(java.util.stream.Collectors.joining(", ")));
                }
                after.accept(db);
                return out;
            } finally {
                w.cleanup(db);
            }
        }
    }

    private static List<String> rows(Connection c, ChQueries.Query q, AnalyticStreams.Dates dates) throws Exception {
        List<String> rows = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(q.sql())) {
            for (int b = 0; b < q.binds().size(); b++) {
                ps.setTimestamp(b + 1, q.binds().get(b) == ChQueries.Bound.SINCE ? dates.since() : dates.until());
            }
            try (ResultSet rs = ps.executeQuery()) {
                ResultSetMetaData md = rs.getMetaData();
                while (rs.next()) {
                    StringBuilder row = new StringBuilder();
                    for (int i = 1; i <= md.getColumnCount(); i++) row.append(i > 1 ? "|" : "").append(canonical(rs.getObject(i)));
                    rows.add(row.toString());
                }
            }
        }
        rows.sort(null);
        return rows;
    }

    /** A value as the engines should agree on it: numbers to cents, text as text, the load's timestamps left out. */
    static String canonical(Object v) {
        if (v == null) return "NULL";
        if (v instanceof Timestamp || v instanceof java.time.temporal.Temporal || v instanceof java.util.Date) return "ts";
        if (v instanceof byte[] b) return new String(b, StandardCharsets.UTF_8);
        if (v instanceof Number n) return new BigDecimal(n.toString()).setScale(2, RoundingMode.HALF_UP).toPlainString();
        return v.toString();
    }

    private Map<String, List<String>> reference() throws Exception {
        if (reference == null) reference = answers(cfg("db=mariadb", "embedded=true"));
        return reference;
    }

    private void sameAsReference(String engine, Map<String, List<String>> got) throws Exception {
        Map<String, List<String>> ref = reference();
        for (String q : ref.keySet()) {
            List<String> a = ref.get(q), b = got.get(q);
            assertEquals(a.size(), b.size(), engine + " " + q + ": row count");
            assertEquals(a, b, engine + " " + q + ": rows");
        }
    }

    @Test
    @Order(1)
    void embeddedMariaDbAnswersEveryQueryButTheThreeEmptyAtLoad() throws Exception {
        for (Map.Entry<String, List<String>> e : reference().entrySet()) {
            if (e.getKey().equals(SPARSE)) continue;
            boolean empty = e.getValue().isEmpty();
            assertEquals(EMPTY_AT_LOAD.contains(e.getKey()), empty, e.getKey() + " rows: " + e.getValue().size());
        }
        // Q17 is one row of NULL at load: every ol_quantity is 5, none below its item's average
        assertEquals(List.of("NULL"), reference().get("Q17"));
    }

    /**
     * The postgres answers; then, on the data set they were read from, a query the server cannot run is refused in one
     * line before the level starts (here: a column renamed away).
     */
    @Test
    @Order(2)
    void postgresGivesTheSameAnswersAndRefusesAQueryItCannotRunBeforeTheLevel() throws Exception {
        PgServer.Target server = PgServer.get();
        PgServer.Target pg = new PgServer.Target(Tools.ownDatabase(server.url(), server.user(), "", ChIT.class, 60), server.user());
        sameAsReference("postgres", answers(cfg("postgres", new Tools.Login(pg.url(), pg.user(), "")), QUIET,
                db -> aQueryTheServerCannotRunIsRefusedBeforeTheLevel(pg)));
    }

    /** {@code pg}'s CH data set as {@link #cfg} loads it: its Q2 made unrunnable, a run refused before its level. */
    private static void aQueryTheServerCannotRunIsRefusedBeforeTheLevel(PgServer.Target pg) throws Exception {
        String[] job = {"--set", "db=postgres", "--set", "conn=" + pg.url(), "--set", "user=" + pg.user(), "--set", "workload=ch",
                "--set", "warehouses=1", "--set", "loadWorkers=2", "--set", "randSeed=11"};
        try (Connection c = Tools.connect(pg.url(), pg.user(), ""); var st = c.createStatement()) {
            st.execute("ALTER TABLE bmsql_supplier RENAME COLUMN su_comment TO su_note");
        }
        Tools.Outcome o = Tools.cli(Tools.concat(job, "--set", "time=2", "run"));
        assertEquals(2, o.code(), o.out() + o.err());
        String err = o.err().strip();
        assertTrue(err.startsWith("oltpbench: CH's Q2 cannot run on this server (") && err.contains("su_comment")
                && err.endsWith("run with analyticStreams=0 for TPC-C alone on CH's data") && !err.contains("\n"), err);
        assertTrue(!o.out().contains("[Current]"), "no level started: " + o.out());
    }

    /** CH's keys on {@code server} (its URL and login) as {@code db}. */
    private static Config cfg(String db, Tools.Login server, String... sets) {
        return cfg(Tools.concat(new String[] {"db=" + db, "conn=" + server.url(), "user=" + server.user(), "password="
                + server.password()}, sets));
    }

    /** The server of OLTPBENCH_{@code engine}_URL (this class's own database there) as db={@code db}: the reference's answers. */
    private void sameAnswersOn(String engine, String db, String hint) throws Exception {
        sameAsReference(db, answers(cfg(db, Tools.ownDatabase(engine, ChIT.class, hint))));
    }

    @Test
    @Order(3)
    void mysqlGivesTheSameAnswers() throws Exception {
        sameAnswersOn("MYSQL", "mysql", "start mysqld 8.0 and set OLTPBENCH_MYSQL_URL, as .ci/run does");
    }

    @Test
    @Order(4)
    void tidbGivesTheSameAnswers() throws Exception {
        Tools.Login tidb = Tools.ownDatabase("TIDB", ChIT.class, "build and start tidb-server and set OLTPBENCH_TIDB_URL, as "
                + ".ci/run does");
        java.io.ByteArrayOutputStream printed = new java.io.ByteArrayOutputStream();
        // tidb-server has no TiFlash store: asking for replicas is refused, said in one line, and the queries read TiKV's rows
        sameAsReference("tidb", answers(cfg("tidb", tidb, "tiflashReplicas=1"), new PrintStream(printed, true,
                StandardCharsets.UTF_8), OnLoaded.NOTHING));
        String out = printed.toString(StandardCharsets.UTF_8);
        assertTrue(out.contains("tiflashReplicas=1: this cluster refused them (") && out.contains("it has no TiFlash store"), out);
    }

    @Test
    @Order(5)
    void seekdbGivesTheSameAnswers() throws Exception {
        sameAnswersOn("OB", "oceanbase", "start seekdb and set OLTPBENCH_OB_URL, as .ci/run does");
    }

    /** Debian's MariaDB 10.11 (Tools.debianMariaDb: in CI the replica sets' primary, whose replicas apply the load too). */
    @Test
    @Order(6)
    void debiansMariaDbGivesTheSameAnswers() throws Exception {
        Tools.Login l = Tools.debianMariaDb();
        Tools.Login own = new Tools.Login(Tools.ownDatabase(l.url(), l.user(), l.password(), ChIT.class, 60), l.user(), l.password());
        sameAsReference("Debian's mariadb", answers(cfg("mariadb", own)));
    }

    /** tiflashReplicas is TiDB's: elsewhere it is refused in one line before anything is loaded. */
    @Test
    @Order(8)
    void tiflashReplicasElsewhereIsRefused() {
        Tools.Outcome o = Tools.cli("--set", "db=mariadb", "--set", "embedded=true", "--set", "workload=ch", "--set",
                "tiflashReplicas=1", "prepare");
        assertEquals(2, o.code(), o.out() + o.err());
        assertEquals("oltpbench: tiflashReplicas asks TiDB for TiFlash replicas; this is db=mariadb, which has none: leave "
                + "tiflashReplicas out", o.err().strip());
    }

    /** The README's command: workload=ch on the embedded default prints tpmC, QphH, freshness and the per-query table. */
    @Test
    @Order(6)
    void theReadmeCommandPrintsTheHtapFigures() throws Exception {
        java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("ch-it");
        Tools.Outcome o = Tools.cli("--set", "db=mariadb", "--set", "embedded=true", "--set", "workload=ch", "--set",
                "warehouses=1", "--set", "terminals=2", "--set", "analyticStreams=2", "--set", "time=8", "--set",
                "randSeed=11", "--set", "resultDirectory=" + dir);
        assertEquals(0, o.code(), o.err() + o.out());
        String out = o.out();
        assertTrue(out.matches("(?s).*\\[HTAP] 2 terminals, 2 analytic streams on the OLTP front end: tpmC [0-9.]+, QphH "
                + "[0-9.]+ \\(\\d+ queries in 8\\.0 s.*freshness p50 [0-9.]+ s, p95 [0-9.]+ s, max [0-9.]+ s.*"), out);
        assertTrue(out.contains("| query | completed | cancelled | timed out |"), out);
        assertTrue(out.matches("(?s).*\\nQphH: [0-9.]+\\n.*"), out);
        var run = org.oltpbench.result.file.ResultFiles.read(dir.resolve("result.json"));
        var a = run.levels().get(0).repeats().get(0).analytics();
        assertEquals(2, a.streams());
        assertEquals(22, a.queries().size());
        assertTrue(a.completed() > 0 && a.freshnessHistogram().getTotalCount() > 0, a.toString());
        assertEquals(a.completed() * 3600.0 / a.seconds(), a.qphH(), 1e-9);
    }
}
