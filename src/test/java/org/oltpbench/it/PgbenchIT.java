package org.oltpbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oltpbench.result.file.ResultFiles;
import org.oltpbench.result.run.RunResult;

/**
 * Issue 43 §3: pgbench's own lines on PostgreSQL (-i -s 1, a 3-s run of two clients, a custom script with \set and
 * :var), the tables each tool made run by the other (PostgreSQL 15's pgbench), and the built-in tpcb-like on MariaDB
 * through oltpbench's keys.
 */
class PgbenchIT {
    @TempDir
    Path dir;

    /** This class's own database on the PostgreSQL server (Tools.ownDatabase), made once. */
    private static PgServer.Target own;

    private static synchronized PgServer.Target target() throws Exception {
        if (own == null) {
            PgServer.Target server = PgServer.get();
            own = new PgServer.Target(Tools.ownDatabase(server.url(), server.user(), "", PgbenchIT.class, 60), server.user());
        }
        return own;
    }

    /** host, port, database and user of the PostgreSQL server, as pgbench's -h -p -U and dbname. */
    private static String[] pg() throws Exception {
        PgServer.Target t = target();
        URI u = URI.create(t.url().substring("jdbc:".length()));
        return new String[] {"-h", u.getHost(), "-p", String.valueOf(u.getPort()), "-U", t.user(), u.getPath().substring(1)};
    }

    /** PostgreSQL 15's pgbench: $PGBIN's, Debian's under /usr/lib/postgresql, or the PATH's; absent: skip (CI: fail). */
    private static String peer() {
        List<String> places = new ArrayList<>();
        if (System.getenv("PGBIN") != null) places.add(System.getenv("PGBIN"));
        File[] debian = new File("/usr/lib/postgresql").listFiles();
        if (debian != null) for (File v : debian) places.add(v + "/bin");
        for (String p : places) if (new File(p, "pgbench").canExecute()) return p + "/pgbench";
        Tools.require("pgbench", "install postgresql-client (Debian) or set PGBIN");
        return "pgbench";
    }

    private Tools.Outcome oltpbench(String name, String... line) {
        List<String> args = new ArrayList<>(List.of(line));
        args.addAll(List.of("--set", "resultDirectory=" + dir.resolve(name)));
        Tools.Outcome o = Tools.cli(args.toArray(String[]::new));
        assertEquals(0, o.code(), String.join(" ", line) + "\n" + o.out() + o.err());
        return o;
    }

    private static String[] pgbench(String[] where, String... options) {
        List<String> out = new ArrayList<>(List.of("pgbench"));
        out.addAll(List.of(options));
        out.addAll(List.of(where));
        return out.toArray(String[]::new);
    }

    private static long query(String sql) throws Exception {
        PgServer.Target t = target();
        try (Connection c = Tools.connect(t.url(), t.user(), ""); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    @Test
    void pgbenchsLinesRunAndEachToolReadsTheOthersTables() throws Exception {
        String[] where = pg();
        String pgbench = peer();
        // oltpbench makes the tables, pgbench 15 runs on them
        Tools.Outcome init = oltpbench("init", pgbench(where, "-i", "-s", "1"));
        assertTrue(init.out().contains("creating primary keys...") && init.out().contains("done in "), init.out());
        assertEquals(100_000, query("SELECT count(*) FROM pgbench_accounts"));
        List<String> peerRun = new ArrayList<>(List.of(pgbench, "-n", "-c", "2", "-t", "50"));
        peerRun.addAll(List.of(where));
        Tools.Result r = Tools.run(peerRun, 60);
        assertEquals(0, r.code(), r.out());
        assertTrue(r.out().contains("number of transactions actually processed: 100/100"), r.out());
        // pgbench's run line, 3 s of two clients
        oltpbench("run", pgbench(where, "-c", "2", "-j", "2", "-T", "3", "-P", "1"));
        RunResult run = ResultFiles.read(dir.resolve("run"));
        assertEquals("pgbench", run.workload().name());
        assertEquals(2, run.levels().get(0).threads());
        assertTrue(run.levels().get(0).kept().counts().transactions() > 0);
        // tpcb-like moves a teller and its branch together: their sums agree (check)
        oltpbench("check", "--set", "workload=pgbench", "--set", "db=postgres", "--set", "conn=" + target().url(),
                "--set", "user=" + target().user(), "check");
        customScript(where);
        // pgbench 15 makes the tables, oltpbench runs on them
        List<String> peerInit = new ArrayList<>(List.of(pgbench, "-i", "-s", "1", "-q"));
        peerInit.addAll(List.of(where));
        r = Tools.run(peerInit, 120);
        assertEquals(0, r.code(), r.out());
        oltpbench("select", pgbench(where, "-S", "-c", "2", "-t", "100"));
        assertEquals(200, ResultFiles.read(dir.resolve("select")).levels().get(0).kept().counts().transactions());
    }

    /**
     * pgbench's -M, mode for mode, read from what the server was sent (through a relay that keeps the clients' bytes):
     * simple sends each statement as text with the values in it, extended parses an unnamed statement at every
     * execution, prepared parses a named one once per session. The console is pgbench's from its first line.
     */
    @Test
    void eachQueryModeSendsWhatPgbenchSends() throws Exception {
        String[] where = pg();
        oltpbench("init-modes", pgbench(where, "-i", "-s", "1"));
        String update = "UPDATE pgbench_accounts SET abalance = abalance + ";
        for (String mode : List.of("simple", "extended", "prepared")) {
            try (TcpProxy relay = new TcpProxy(Integer.parseInt(where[3]), true)) {
                String[] via = where.clone();
                via[3] = String.valueOf(relay.port());
                Tools.Outcome o = oltpbench("mode-" + mode, pgbench(via, "-n", "-c", "2", "-t", "20", "-M", mode));
                String sent = relay.sent();
                int parsed = occurrences(sent, update + "$1"), inlined = occurrences(sent, update + "(");
                String seen = mode + ": " + parsed + " parsed, " + inlined + " sent as text";
                switch (mode) {
                    case "simple" -> assertTrue(parsed == 0 && inlined == 40, seen);
                    case "extended" -> assertTrue(parsed == 40 && inlined == 0, seen);
                    default -> assertTrue(parsed == 2 && inlined == 0, seen);
                }
                // BEGIN too: prepared once a session as pgbench -M prepared does, never a named statement per execution
                long namedBegins = java.util.regex.Pattern.compile("S_\\d+\u0000BEGIN\u0000").matcher(sent).results().count();
                assertEquals(mode.equals("prepared") ? 2 : 0, namedBegins, mode + ": BEGIN parsed as a named statement");
                assertTrue(o.out().startsWith("pgbench ("), o.out());
                assertTrue(o.out().contains("\nquery mode: " + mode + "\n"), o.out());
                assertTrue(!o.out().contains("Running the test with following options"), o.out());
                assertEquals(mode, ResultFiles.read(dir.resolve("mode-" + mode)).terms().protocol().pgbenchMode());
            }
        }
    }

    /**
     * sysbench's line on PostgreSQL, read from what the server was sent: oltp_common's BEGIN and COMMIT prepared once a
     * session (as sysbench's pgsql driver prepares them), and oltp_insert's INSERTs as text, never a named statement per
     * event (a plain Statement at prepareThreshold=1 would parse each as S_n).
     */
    @Test
    void sysbenchsTransactionControlAndInsertsGoAsSysbenchSendsThem() throws Exception {
        String[] where = pg();
        try (TcpProxy relay = new TcpProxy(Integer.parseInt(where[3]), true)) {
            String[] sb = {"--db-driver=pgsql", "--pgsql-host=" + where[1], "--pgsql-port=" + relay.port(),
                    "--pgsql-user=" + where[5], "--pgsql-db=" + where[6], "--tables=1", "--table-size=1000"};
            oltpbench("sb-prepare", line("oltp_read_write", sb, "prepare"));
            int before = relay.sent().length();
            oltpbench("sb-rw", line("oltp_read_write", sb, "--threads=2", "--events=20", "--time=0", "run"));
            oltpbench("sb-insert", line("oltp_insert", sb, "--threads=2", "--events=20", "--time=0", "run"));
            String sent = relay.sent().substring(before);
            long begins = java.util.regex.Pattern.compile("S_\\d+\u0000BEGIN\u0000").matcher(sent).results().count();
            long commits = java.util.regex.Pattern.compile("S_\\d+\u0000COMMIT\u0000").matcher(sent).results().count();
            // oltp_insert's carry their values as text (auto_inc: PostgreSQL's SERIAL id left out); oltp_read_write's own
            // INSERT names its id and is prepared once a session
            long inserts = java.util.regex.Pattern.compile("S_\\d+\u0000INSERT INTO sbtest1 \\(k, c, pad\\)").matcher(sent).results().count();
            assertEquals(List.of(2L, 2L, 0L), List.of(begins, commits, inserts), "named BEGIN, COMMIT and sysbench-insert parses");
            assertEquals(20, occurrences(sent, "INSERT INTO sbtest1 (k, c, pad) VALUES ("), "oltp_insert's 20 events as text");
        }
    }

    private static String[] line(String test, String[] options, String... rest) {
        List<String> out = new ArrayList<>(List.of("sysbench", test));
        out.addAll(List.of(options));
        out.addAll(List.of(rest));
        return out.toArray(String[]::new);
    }

    private static int occurrences(String text, String what) {
        int n = 0;
        for (int at = text.indexOf(what); at >= 0; at = text.indexOf(what, at + 1)) n++;
        return n;
    }

    /** A custom script: \set with the random functions and arithmetic, :var bound, \sleep; each delta is 1..100. */
    private void customScript(String[] where) throws Exception {
        Path script = dir.resolve("bump.sql");
        Files.writeString(script, """
                \\set aid random(1, 100000 * :scale)
                \\set delta random_gaussian(1, 100, 2.5) + 0 * :client_id
                \\set z random_zipfian(1, 10, 1.5) * 2 - 1
                BEGIN;
                UPDATE pgbench_accounts SET abalance = abalance + :delta WHERE aid = :aid;
                \\sleep 1 ms
                SELECT abalance, :z::int FROM pgbench_accounts WHERE aid = :aid;
                END;
                """);
        long before = query("SELECT sum(abalance) FROM pgbench_accounts");
        oltpbench("custom", pgbench(where, "-n", "-f", script + "@1", "-c", "2", "-t", "20"));
        long after = query("SELECT sum(abalance) FROM pgbench_accounts");
        assertEquals(40, ResultFiles.read(dir.resolve("custom")).levels().get(0).kept().counts().transactions());
        assertTrue(after - before >= 40 && after - before <= 4_000, "40 deltas of 1..100 added " + (after - before));
    }

    /**
     * Issue 60 §2: {@code pgbench -n -f custom.sql} runs on any database, as pgbench does: here one without pgbench's
     * tables (before: "pgbench's tables are missing; run pgbench -i"); a built-in script there still asks for them.
     */
    @Test
    void aCustomScriptRunsOnAnyDatabase() throws Exception {
        PgServer.Target server = PgServer.get();
        String other = Tools.ownDatabase(server.url().replaceFirst("/[^/?]*(\\?|$)", "/anydb$1"), server.user(), "",
                PgbenchIT.class, 60);
        URI u = URI.create(other.substring("jdbc:".length()));
        String[] where = {"-h", u.getHost(), "-p", String.valueOf(u.getPort()), "-U", server.user(), u.getPath().substring(1)};
        Path script = dir.resolve("any.sql");
        Files.writeString(script, "SELECT :client_id + 1;\n");
        oltpbench("any", pgbench(where, "-n", "-f", script.toString(), "-c", "1", "-t", "5"));
        assertEquals(5, ResultFiles.read(dir.resolve("any")).levels().get(0).kept().counts().transactions());
        List<String> args = new ArrayList<>(List.of(pgbench(where, "-n", "-S", "-c", "1", "-t", "5")));
        Tools.Outcome builtIn = Tools.cli(args.toArray(String[]::new));
        assertTrue(builtIn.code() != 0 && builtIn.err().contains("pgbench's tables are missing"), builtIn.out() + builtIn.err());
    }

    /** Debian's MariaDB (Tools.debianMariaDb), this class's own database on it. */
    private static List<String> mariadb() throws Exception {
        Tools.Login l = Tools.debianMariaDb();
        String url = Tools.ownDatabase(l.url(), l.user(), l.password(), PgbenchIT.class, 60);
        return List.of("--set", "db=mariadb", "--set", "conn=" + url, "--set", "user=" + l.user(), "--set",
                "password=" + l.password(), "--set", "workload=pgbench");
    }

    @Test
    void tpcbLikeOnMariaDb() throws Exception {
        List<String> target = mariadb();
        List<String> prepare = new ArrayList<>(target);
        prepare.addAll(List.of("--set", "scale=1", "--set", "partitions=2", "prepare"));
        Tools.Outcome p = oltpbench("prepare", prepare.toArray(String[]::new));
        assertTrue(p.out().contains("check passed"), p.out());
        List<String> run = new ArrayList<>(target);
        run.addAll(List.of("--set", "threads=2", "--set", "time=3", "run"));
        Tools.Outcome o = oltpbench("run", run.toArray(String[]::new));
        assertTrue(o.out().contains("pgbench on mariadb"), o.out());
        assertTrue(ResultFiles.read(dir.resolve("run")).levels().get(0).kept().counts().transactions() > 0);
        List<String> check = new ArrayList<>(target);
        check.add("check");
        oltpbench("check", check.toArray(String[]::new));
        List<String> cleanup = new ArrayList<>(target);
        cleanup.add("cleanup");
        oltpbench("cleanup", cleanup.toArray(String[]::new));
    }
}
