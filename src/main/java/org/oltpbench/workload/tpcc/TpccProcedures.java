package org.oltpbench.workload.tpcc;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.oltpbench.config.ConfigException;
import org.oltpbench.dialect.Dialect;
import org.oltpbench.dialect.ProcedureLanguage;

/**
 * tpccMode=procedures: the five transactions as stored routines, one file per language
 * ({@code /tpcc/procedures/<language>.sql}: CREATE statements, each ended by a line holding only {@code //}).
 * Installed by prepare, and by run when missing or of another version: the version is a digest of the file, returned
 * by the routine {@value #VERSION_FUNCTION}, created last (so its presence says every routine was created).
 * Each routine takes the transaction's inputs as the client form draws them (lists as JSON arrays of integers) and
 * returns one integer; see the file's header for the contract.
 */
final class TpccProcedures {
    static final String VERSION_FUNCTION = "tpcc_version";
    /** The routines, each with its number of parameters. */
    enum Routine {
        NEWORD("tpcc_neword", 8), NEWORD_ROW("tpcc_neword_row", 8), PAYMENT("tpcc_payment", 7), OSTAT("tpcc_ostat", 4),
        DELIVERY("tpcc_delivery", 2), SLEV("tpcc_slev", 3);

        final String name;
        final int params;

        Routine(String name, int params) {
            this.name = name;
            this.params = params;
        }
    }

    private final ProcedureLanguage language;
    /** tpccSchema=hammerdb: the calls of HammerDB's routine names and signatures; null for oltpbench's own. */
    private final HammerDbCalls hammerDb;
    private final List<String> creates;

    /** The file's CREATE statements, in order. */
    List<String> creates() {
        return creates;
    }

    private final String version;

    private TpccProcedures(ProcedureLanguage language, HammerDbCalls hammerDb, String text) {
        this.language = language;
        this.hammerDb = hammerDb;
        this.creates = statements(text);
        this.version = digest(text);
    }

    /** The routines for {@code dialect} on BenchmarkSQL's tables; a one-line refusal when it has no stored routines. */
    static TpccProcedures of(Dialect dialect) {
        return of(dialect, TpccTables.BENCHMARKSQL);
    }

    /**
     * The routines for {@code dialect} on {@code tables} (the file names BenchmarkSQL's; its version, a digest of the text
     * given these names, tells one layout's routines from another's).
     */
    static TpccProcedures of(Dialect dialect, TpccTables tables) {
        ProcedureLanguage l = dialect.procedureLanguage();
        if (l == ProcedureLanguage.NONE) {
            throw new ConfigException("tpccMode=procedures: " + dialect.noProcedures() + "; use tpccMode=client");
        }
        String text = resource("/tpcc/procedures/" + l.file() + ".sql");
        if (tables != TpccTables.HAMMERDB) return new TpccProcedures(l, null, tables.sql(text));
        // HammerDB's names and signatures over oltpbench's routines, created after them
        String hammer = resource("/tpcc/procedures/hammerdb-" + l.file() + ".sql");
        return new TpccProcedures(l, HammerDbCalls.of(l), tables.sql(text + "\n//\n" + hammer));
    }

    private static String resource(String path) {
        try (InputStream in = TpccProcedures.class.getResourceAsStream(path)) {
            if (in == null) throw new IllegalStateException(path + " is missing from the jar");
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + path, e);
        }
    }

    /**
     * Whether {@code e} is New-Order's rollback on an unused item (2.4.2.3), which a routine signals with SQLSTATE 45000
     * and a message starting "tpcc rollback" after undoing its work.
     */
    static boolean rolledBack(SQLException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SQLException s && "45000".equals(s.getSQLState()) && s.getMessage() != null
                    && s.getMessage().contains("tpcc rollback")) return true;
        }
        return false;
    }

    /** Whether a routine commits with its own COMMIT (counted as one) or is one autocommitted statement. */
    boolean commitsItself() {
        return language.commitsItself();
    }

    /** The statement that calls {@code r}: oltpbench's routine, or HammerDB's name and signature (tpccSchema=hammerdb). */
    String call(Routine r) {
        return hammerDb == null ? language.call(r.name, r.params) : hammerDb.call(r);
    }

    /** The statement that runs before {@code r}'s call (HammerDB's INOUT variables on the MySQL family); null when none. */
    String before(Routine r) {
        return hammerDb == null ? null : hammerDb.before(r);
    }

    /** HammerDB's calls (tpccSchema=hammerdb), whose inputs bind otherwise; null for oltpbench's own routines. */
    HammerDbCalls hammerDb() {
        return hammerDb;
    }

    String version() {
        return version;
    }

    /** The version of the routines installed in {@code c}'s database; null when none are (or they are incomplete). */
    String installed(Connection c) {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(language.call(VERSION_FUNCTION, 0))) {
            return rs.next() ? rs.getString(1) : null;
        } catch (SQLException e) {
            return null; // no such function: not installed
        } finally {
            endTransaction(c);
        }
    }

    /** Whether routines of HammerDB's names are in {@code c}'s schema (its own, where oltpbench's version is not). */
    boolean peerRoutines(Connection c) throws SQLException {
        for (String name : new String[] {HammerDbCalls.NAMES[0], HammerDbCalls.NAMES[0].toLowerCase(java.util.Locale.ROOT)}) {
            try (ResultSet rs = c.getMetaData().getProcedures(c.getCatalog(), c.getSchema(), name)) {
                if (rs.next()) return true;
            }
        }
        return false;
    }

    /** Installs the routines unless this version is installed; returns whether it installed them. */
    boolean ensure(Connection c) throws SQLException {
        if (version.equals(installed(c))) return false;
        install(c);
        return true;
    }

    /** Drops any routines of this benchmark, then creates them and the version function last. */
    void install(Connection c) throws SQLException {
        drop(c);
        try (Statement st = c.createStatement()) {
            for (String sql : creates) st.execute(sql);
            st.execute(language.versionFunction(VERSION_FUNCTION, version));
        }
        endTransaction(c);
    }

    /** Drops the routines and the version function, whichever exist. */
    void drop(Connection c) throws SQLException {
        try (Statement st = c.createStatement()) {
            st.execute(language.dropVersionFunction(VERSION_FUNCTION)); // first: a half-dropped set is never current
            for (Routine r : Routine.values()) st.execute(language.drop(r.name));
            if (hammerDb != null) for (String name : HammerDbCalls.NAMES) st.execute(language.drop(name));
        }
        endTransaction(c);
    }

    /** Commits DDL on a connection with autocommit off (PostgreSQL's DDL is transactional); a no-op otherwise. */
    private static void endTransaction(Connection c) {
        try {
            if (!c.getAutoCommit()) c.commit();
        } catch (SQLException e) {
            // nothing was open
        }
    }

    /** The file's statements: text between lines holding only {@code //}, blank ones skipped. */
    static List<String> statements(String text) {
        List<String> out = new ArrayList<>();
        StringBuilder sb = new StringBuilder();
        for (String line : text.split("\n", -1)) {
            if (line.strip().equals("//")) {
                if (!onlyComments(sb.toString())) out.add(sb.toString().strip());
                sb.setLength(0);
            } else {
                sb.append(line).append('\n');
            }
        }
        if (!onlyComments(sb.toString())) out.add(sb.toString().strip());
        return out;
    }

    private static boolean onlyComments(String s) {
        return s.lines().map(String::strip).allMatch(l -> l.isEmpty() || l.startsWith("--"));
    }

    /** The first 16 hex digits of the file's SHA-256: a new file is a new version. */
    private static String digest(String text) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return "oltpbench-" + HexFormat.of().formatHex(d, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
