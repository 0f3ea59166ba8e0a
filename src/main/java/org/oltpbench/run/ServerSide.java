package org.oltpbench.run;

import java.io.PrintStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.oltpbench.config.RunParams;
import org.oltpbench.result.run.ClientInfo;
import org.oltpbench.result.run.Terms;
import org.oltpbench.config.ConfigException;
import org.oltpbench.db.Database;
import org.oltpbench.dialect.AutoProtocol;
import org.oltpbench.dialect.Demand;
import org.oltpbench.workload.Workload;
import org.oltpbench.tune.Setting;
import org.oltpbench.tune.Tuner;

/**
 * What a run does to and learns from the server around its sweep: the limit precheck, tune=true and the restore,
 * and the server facts result.json records.
 */
final class ServerSide {
    private final RunParams params;
    private final Database db;
    private final PrintStream out;
    private final Tuner tuner;
    private String protocolNote = "";

    ServerSide(RunParams params, Database db, PrintStream out) {
        this.params = params;
        this.db = db;
        this.out = out;
        this.tuner = new Tuner(out);
    }

    /** tune=true: the dialect's profile, each change printed; nothing is fatal. */
    void tune(Workload w) throws SQLException {
        List<Setting> profile = db.dialect().tuningProfile(w.info().family());
        try (Connection c = db.connect()) {
            var settings = db.dialect().settings(c);
            if (settings == null || profile.isEmpty()) {
                out.println("tune: " + db.dialect().name() + " has no settings oltpbench changes at run time; nothing changed");
                return;
            }
            tuner.apply(settings, profile);
        }
        out.println();
    }

    /** Puts tuned settings back, on a fresh connection (the job may be ending on a failure or Ctrl-C). */
    void restore() {
        if (tuner.changes().isEmpty()) return;
        try (Connection c = db.connect()) {
            tuner.restore(db.dialect().settings(c));
        } catch (SQLException | RuntimeException e) {
            out.println("tune: could NOT restore " + tuner.changes() + ": " + e.getMessage() + "; set them back by hand");
        }
    }

    /**
     * The terms the benchmark sessions ran on: driver, statement protocol, isolation and transaction mode as a
     * session reports them, the session variables and driver properties oltpbench set, and what tuning changed.
     */
    Terms terms(ClientInfo client) throws SQLException {
        String isolation, mode, tls;
        try (Connection c = db.connect()) {
            isolation = serverIsolation(c);
            mode = db.dialect().transactionMode(c);
            tls = db.dialect().tls(c);
        }
        Map<String, String> tuned = new java.util.TreeMap<>();
        for (Tuner.Change ch : tuner.changes()) tuned.put(ch.name(), ch.newValue());
        return new Terms(client.driverName(), client.driverVersion(), db.statements(), isolation, mode,
                db.dialect().sessionVariables(params.target().session()), tuned, tls, db.benchmarkDriverProperties());
    }

    /** The server's reading of the session's isolation; the driver's when the server's variable cannot be read. */
    private String serverIsolation(Connection c) throws SQLException {
        try {
            return db.dialect().isolation(c);
        } catch (SQLException e) {
            return isolationName(c.getTransactionIsolation());
        }
    }

    private static String isolationName(int level) {
        return switch (level) {
            case Connection.TRANSACTION_READ_UNCOMMITTED -> "READ-UNCOMMITTED";
            case Connection.TRANSACTION_READ_COMMITTED -> "READ-COMMITTED";
            case Connection.TRANSACTION_REPEATABLE_READ -> "REPEATABLE-READ";
            case Connection.TRANSACTION_SERIALIZABLE -> "SERIALIZABLE";
            default -> "NONE";
        };
    }

    /** What result.json records about the server: version, dialect, key variables, layout, front ends, tuning. */
    Map<String, Object> facts(String version) throws SQLException {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("version", version);
        s.put("dialect", db.dialect().name());
        try (Connection c = db.connect()) {
            s.put("variables", db.dialect().serverFacts(c));
        }
        s.put("partitions", params.load().partitions());
        s.put("tablegroup", params.load().tablegroup());
        s.put("serverPreparedStatements", db.serverPrepared());
        s.put("frontEnds", db.frontEnds().shownUrls());
        s.put("tuning", tuner.changes());
        s.put("tuningSkipped", tuner.skipped());
        return s;
    }

    /**
     * The line saying why dbPsMode=auto chose another protocol here than on the other engines (see
     * {@link org.oltpbench.dialect.AutoProtocol}); empty when it did not, or before {@link #checkLimits}.
     */
    String protocolNote() {
        return protocolNote;
    }

    /**
     * Settles dbPsMode=auto for the workload (the probe terminal counts its statements), then refuses to start when a server limit (connections, prepared statements, open cursors) is below what the
     * largest level needs, in one line naming the setting. The statement count comes from a probe terminal.
     */
    void checkLimits(Workload w) throws SQLException {
        int maxThreads = params.sweep().maxThreads(), sessions = params.sweep().maxSessions();
        String fds = fileDescriptorProblem(sessions, openFileLimit());
        if (fds != null) throw new ConfigException(fds);
        int perFrontEnd = (sessions + db.frontEnds().size() - 1) / db.frontEnds().size();
        try (Connection c = db.connect()) {
            int statements;
            try (var probe = w.terminal(c, 0, maxThreads, 1)) {
                statements = probe.preparedStatements();
            }
            if (!c.getAutoCommit()) {
                c.rollback();
                c.setAutoCommit(true);
            }
            if (params.target().psMode().equals("auto")) {
                AutoProtocol auto = db.dialect().autoProtocol(c, new Demand(perFrontEnd + 1, statements, true));
                db.useServerPrepared(auto.serverPrepared());
                protocolNote = auto.note();
            }
            List<String> problems = db.dialect().limitProblems(c, new Demand(perFrontEnd + 1, statements, db.serverPrepared()));
            if (!problems.isEmpty()) throw new ConfigException(String.join("; ", problems));
        }
    }

    /** File descriptors a level of {@code threads} needs beyond its sockets: the jar, the JVM's own, setup connections. */
    static final int SPARE_FILES = 256;

    /** The line that refuses a level the client's open-file limit cannot hold, or null. */
    static String fileDescriptorProblem(int threads, long limit) {
        if (limit < 0 || threads + SPARE_FILES <= limit) return null;
        return "threads=" + threads + " needs about " + (threads + SPARE_FILES) + " open files (one socket per connection) but "
                + "this process may open " + limit + " (ulimit -n); raise the limit (ulimit -n " + Math.max(65536, 2 * threads)
                + ") or lower threads";
    }

    /** The soft limit on open files of this process (Linux /proc/self/limits); -1 when unknown or unlimited. */
    static long openFileLimit() {
        try {
            for (String line : java.nio.file.Files.readAllLines(java.nio.file.Path.of("/proc/self/limits"))) {
                if (!line.startsWith("Max open files")) continue;
                String soft = line.substring("Max open files".length()).trim().split("\\s+")[0];
                return soft.equals("unlimited") ? -1 : Long.parseLong(soft);
            }
        } catch (java.io.IOException | RuntimeException e) {
            // not Linux: the server's refusal will say it instead
        }
        return -1;
    }
}
