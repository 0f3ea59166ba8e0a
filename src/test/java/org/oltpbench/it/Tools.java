package org.oltpbench.it;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** External programs the integration tests use: absent locally means a loud skip, absent in CI a failure. */
public final class Tools {
    private Tools() {
    }

    /** Skips (locally) or fails (CI=true) when {@code program} is not on the PATH. */
    public static void require(String program, String installHint) {
        boolean present = false;
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (new File(dir, program).canExecute()) present = true;
        }
        if (present) return;
        String msg = "*** " + program + " is not installed: skipping; " + installHint + " ***";
        if ("true".equals(System.getenv("CI"))) throw new AssertionError(msg + " (required in CI)");
        System.err.println(msg);
        assumeTrue(false, msg);
    }

    /** Skips (locally) or fails (CI=true) when the environment variable naming a test server is not set. */
    public static void requireEnv(String name, String hint) {
        if (System.getenv(name) != null && !System.getenv(name).isBlank()) return;
        String msg = "*** " + name + " is not set: skipping; " + hint + " ***";
        if ("true".equals(System.getenv("CI"))) throw new AssertionError(msg + " (required in CI)");
        System.err.println(msg);
        assumeTrue(false, msg);
    }

    /** Fails in CI (CI=true) when the environment variable naming a test server is not set; locally does nothing. */
    static void requireEnvInCi(String name, String hint) {
        if (System.getenv(name) != null && !System.getenv(name).isBlank()) return;
        if ("true".equals(System.getenv("CI"))) throw new AssertionError("*** " + name + " is not set (required in CI): " + hint + " ***");
    }

    /** Waits until the server of a JDBC URL answers SQL (a server just started needs seconds), then creates the URL's database. */
    /** Waits up to {@code waitSecs} for the server at {@code url} to accept {@code user}'s login. */
    /** A server's URL and login, as the ITs pass them to the jar. */
    record Login(String url, String user, String password) {
    }

    /**
     * Debian's MariaDB: OLTPBENCH_MARIADB_URL (_USER, _PASSWORD; bench/bench when absent) when set, else the primary of
     * the replica sets .ci/run starts (MY1, bench/bench).
     */
    static Login debianMariaDb() throws IOException {
        String url = System.getenv("OLTPBENCH_MARIADB_URL");
        if (url != null && !url.isBlank()) {
            return new Login(url, System.getenv().getOrDefault("OLTPBENCH_MARIADB_USER", "bench"),
                    System.getenv().getOrDefault("OLTPBENCH_MARIADB_PASSWORD", "bench"));
        }
        requireEnv("OLTPBENCH_REPLICAS_DIR", "start the replica sets as .ci/run does (.ci/replicas up DIR), or set "
                + "OLTPBENCH_MARIADB_URL");
        java.util.Properties ports = new java.util.Properties();
        try (var in = java.nio.file.Files.newBufferedReader(java.nio.file.Path.of(System.getenv("OLTPBENCH_REPLICAS_DIR"), "ports"))) {
            ports.load(in);
        }
        return new Login("jdbc:mariadb://127.0.0.1:" + ports.getProperty("MY1") + "/oltpbench", "bench", "bench");
    }

    static void awaitLogin(String url, String user, String password, int waitSecs) throws Exception {
        long deadline = System.nanoTime() + waitSecs * 1_000_000_000L;
        while (true) {
            try (java.sql.Connection c = Tools.connect(url, user, password)) {
                return;
            } catch (java.sql.SQLException e) {
                if (System.nanoTime() > deadline) throw new AssertionError(url + " did not take a login in " + waitSecs + " s", e);
                Thread.sleep(500);
            }
        }
    }

    public static void createDatabase(String url, String user, int waitSecs) throws Exception {
        String server = url.substring(0, url.lastIndexOf('/') + 1), name = url.substring(url.lastIndexOf('/') + 1);
        long deadline = System.nanoTime() + waitSecs * 1_000_000_000L;
        while (true) {
            try (java.sql.Connection c = Tools.connect(server, user, "");
                 java.sql.Statement st = c.createStatement()) {
                st.execute("CREATE DATABASE IF NOT EXISTS " + name);
                return;
            } catch (java.sql.SQLException e) {
                if (System.nanoTime() > deadline) throw new AssertionError(server + " did not answer in " + waitSecs + " s", e);
                Thread.sleep(1000);
            }
        }
    }

    /**
     * The database of one test class on the server of {@code url}: the URL's database name and the class's simple name
     * in lower case ({@code oltpbench_tidbcontractit} in CI), dropped if a former run left it and created empty, so that
     * classes running at the same time on one server share no table and no per-database counter. Waits up to
     * {@code waitSecs} for the server to answer (one just started needs seconds). Returns the URL naming it.
     */
    static String ownDatabase(String url, String user, String password, Class<?> test, int waitSecs) throws Exception {
        int slash = url.lastIndexOf('/'), query = url.indexOf('?', slash);
        String base = url.substring(0, slash + 1), tail = query < 0 ? "" : url.substring(query);
        String name = (query < 0 ? url.substring(slash + 1) : url.substring(slash + 1, query)) + "_"
                + test.getSimpleName().toLowerCase(java.util.Locale.ROOT);
        boolean postgres = url.startsWith("jdbc:postgresql:");
        long deadline = System.nanoTime() + waitSecs * 1_000_000_000L;
        while (true) {
            try (java.sql.Connection c = Tools.connect(base + (postgres ? "postgres" : ""), user, password);
                 java.sql.Statement st = c.createStatement()) {
                st.execute("DROP DATABASE IF EXISTS " + name + (postgres ? " WITH (FORCE)" : ""));
                st.execute("CREATE DATABASE " + name);
                return base + name + tail;
            } catch (java.sql.SQLException e) {
                if (System.nanoTime() > deadline) throw new AssertionError(base + " did not answer in " + waitSecs + " s", e);
                Thread.sleep(500);
            }
        }
    }

    /**
     * The server that {@code OLTPBENCH_<engine>_URL} names (its login in _USER and _PASSWORD; root and none when they are
     * absent) with {@code test}'s own database on it ({@link #ownDatabase}); without the variable a loud skip (in CI a
     * failure) that says {@code hint}.
     */
    static Login ownDatabase(String engine, Class<?> test, String hint) throws Exception {
        String prefix = "OLTPBENCH_" + engine;
        requireEnv(prefix + "_URL", hint);
        String url = System.getenv(prefix + "_URL");
        String user = System.getenv().getOrDefault(prefix + "_USER", "root");
        String password = System.getenv().getOrDefault(prefix + "_PASSWORD", "");
        // MySQL 8's caching_sha2_password in clear: the test's own login may fetch the server's RSA key
        if (!url.startsWith("jdbc:mysql:")) return new Login(ownDatabase(url, user, password, test, 90), user, password);
        String own = ownDatabase(url + "?allowPublicKeyRetrieval=true&useSSL=false", user, password, test, 90);
        return new Login(own.substring(0, own.indexOf('?')), user, password);
    }

    /**
     * A test's own connection, beside the benchmark's: in clear on the MySQL protocol, as oltpbench's sessions are by
     * default (MariaDB Connector/J 4 would otherwise ask for TLS, which the test servers do not all have).
     */
    static java.sql.Connection connect(String url, String user, String password) throws java.sql.SQLException {
        java.util.Properties p = new java.util.Properties();
        if (user != null) p.put("user", user);
        if (password != null) p.put("password", password);
        if (url.startsWith("jdbc:mariadb:")) p.put("sslMode", "disable");
        return java.sql.DriverManager.getConnection(url, p);
    }

    record Result(int code, String out) {
    }

    static Result run(List<String> cmd, int timeoutSecs) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(timeoutSecs, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError(cmd + " did not finish in " + timeoutSecs + " s");
        }
        return new Result(p.exitValue(), out);
    }

    /** What one in-process command line gave: its exit code and what it printed to stdout and stderr. */
    record Outcome(int code, String out, String err) {
    }

    /**
     * A python3 program that gives SIGINT, SIGTERM and SIGHUP their defaults and then executes its arguments: a process
     * started in a script's background begins with SIGINT ignored (and under nohup SIGHUP), and a JVM cannot handle an
     * ignored signal; a terminal, docker or a supervisor starts it with the defaults.
     */
    static final String DEFAULT_SIGNALS = "import os, signal, sys\n"
            + "for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP): signal.signal(s, signal.SIG_DFL)\n"
            + "os.execvp(sys.argv[1], sys.argv[1:])";

    /** An embedded MariaDB that this test owns (its data outlives the jars it starts against it). */
    static org.oltpbench.db.Database embeddedMariaDb() {
        return org.oltpbench.db.Database.open(Params.target(org.oltpbench.config.ConfigLoader.load(null,
                List.of("db=mariadb", "embedded=true"), java.util.Map.of())), org.oltpbench.dialect.Dialects.forName("mariadb"));
    }

    /** The first column of {@code sql}'s first row, as a count. */
    static long count(org.oltpbench.db.Database db, String sql) throws Exception {
        try (java.sql.Connection c = db.connect(); java.sql.Statement st = c.createStatement();
             java.sql.ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /** A java older than 21 (the launcher then re-runs the jar); CI's Debian has 17 as its default. */
    static String oldJava() {
        for (java.io.File jvm : new java.io.File[] {new java.io.File("/usr/lib/jvm/java-17-openjdk-amd64"),
                new java.io.File("/usr/lib/jvm/java-17-openjdk-arm64")}) {
            java.io.File java = new java.io.File(jvm, "bin/java");
            if (java.canExecute()) return java.getPath();
        }
        requireEnv("OLTPBENCH_OLD_JAVA", "install openjdk-17-jre-headless, or name a java older than 21");
        return System.getenv("OLTPBENCH_OLD_JAVA");
    }

    /** Runs oltpbench's command line in this JVM (no Ctrl-C hook). */
    static Outcome cli(String... args) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream(), err = new java.io.ByteArrayOutputStream();
        int code = org.oltpbench.cli.Main.execute(args, new java.io.PrintStream(out, true, StandardCharsets.UTF_8),
                new java.io.PrintStream(err, true, StandardCharsets.UTF_8), false);
        return new Outcome(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** {@code a} followed by {@code b}: a command line's common part and one call's own arguments. */
    static String[] concat(String[] a, String... b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
