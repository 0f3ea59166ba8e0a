package org.oltpbench.workload.sql;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.oltpbench.config.Config;
import org.oltpbench.config.ConfigException;
import org.oltpbench.config.Keys;
import org.oltpbench.db.Database;
import org.oltpbench.util.Text;
import org.oltpbench.workload.CheckReport;
import org.oltpbench.workload.Terminal;
import org.oltpbench.workload.Workload;

/**
 * mysqlslap-style custom SQL ({@code workload=sql}): the statements of {@code query} (a file, or SQL inline), one per
 * event, autocommitted, drawn by weight, with placeholders bound per execution ({@link SqlScript}). An optional
 * {@code create} file makes the tables, which prepare fills with {@code tableSize} generated rows each
 * ({@link RowLoader}). Each statement is a transaction type of its own (q1, q2, ...), with its own latency.
 */
public final class SqlWorkload implements Workload {
    private static final Pattern CREATE_TABLE = Pattern.compile(
            "^\\s*CREATE\\s+TABLE\\s+(?:IF\\s+NOT\\s+EXISTS\\s+)?[`\"]?([A-Za-z0-9_$]+)[`\"]?", Pattern.CASE_INSENSITIVE);

    private final Config cfg;
    private final PrintStream out;
    private final String querySource;
    private final List<SqlScript.Statement> statements;
    private final List<SqlScript.Statement> creates;
    private final List<String> tables = new ArrayList<>();
    private final long seed;

    public SqlWorkload(Config cfg, PrintStream out) {
        this.cfg = cfg;
        this.out = out;
        String query = cfg.get(Keys.QUERY);
        if (query == null || query.isBlank()) {
            throw new ConfigException("workload=sql needs query: a file of ;-separated statements, or the SQL itself");
        }
        this.querySource = looksLikeFile(query) ? query : "query";
        this.statements = SqlScript.parse(text(query, "query"), querySource);
        String create = cfg.get(Keys.CREATE);
        this.creates = create == null ? List.of() : SqlScript.parse(text(create, "create"), create);
        for (SqlScript.Statement s : creates) {
            Matcher m = CREATE_TABLE.matcher(s.sql());
            if (m.find()) tables.add(m.group(1));
        }
        long s = cfg.get(Keys.RAND_SEED);
        this.seed = s != 0 ? s : System.nanoTime();
    }

    /** A value that names a file (it exists, or it ends in .sql or holds a path separator) rather than SQL. */
    private static boolean looksLikeFile(String value) {
        String v = value.strip();
        return Files.isRegularFile(Path.of(v)) || (!v.contains(" ") && (v.endsWith(".sql") || v.contains("/")));
    }

    private static String text(String value, String key) {
        if (!looksLikeFile(value)) return value;
        try {
            return Files.readString(Path.of(value.strip()));
        } catch (IOException | RuntimeException e) {
            throw new ConfigException(key + " file " + value + " cannot be read (" + org.oltpbench.util.Text.ioReason(e)
                    + "); give a readable file, or the SQL inline");
        }
    }

    @Override
    public String name() {
        return "sql";
    }

    @Override
    public List<String> kinds() {
        List<String> k = new ArrayList<>();
        for (int i = 1; i <= statements.size(); i++) k.add("q" + i);
        return k;
    }

    @Override
    public boolean isPrepared(Database db) throws SQLException {
        try (Connection c = db.connect()) {
            for (String t : tables) if (!Database.tableExists(c, t)) return false;
        }
        return true;
    }

    @Override
    public void prepare(Database db) throws SQLException {
        if (tables.isEmpty()) {
            throw new ConfigException("workload=sql has no create file naming a table, so there is nothing to prepare; give "
                    + "create=FILE with CREATE TABLE statements, or run the queries without prepare");
        }
        try (Connection c = db.connect(); Statement st = c.createStatement()) {
            for (String t : tables) {
                if (Database.tableExists(c, t)) throw new ConfigException("table " + t + " already exists; run cleanup first");
            }
            for (SqlScript.Statement s : creates) {
                try {
                    st.execute(s.sql());
                } catch (SQLException e) {
                    throw new ConfigException(cfg.get(Keys.CREATE) + " line " + s.line() + ": the server refused it: "
                            + Text.firstLine(e.getMessage()) + "; fix the statement", e);
                }
            }
        }
        RowLoader loader = new RowLoader(db, cfg.get(Keys.LOAD_METHOD), cfg.get(Keys.LOAD_WORKERS), seed, out);
        for (String t : tables) {
            out.printf("Inserting %d records into '%s'%n", cfg.get(Keys.TABLE_SIZE), t);
            loader.load(t, cfg.get(Keys.TABLE_SIZE));
        }
    }

    /**
     * Runs every statement once with drawn values in a transaction that is rolled back, so SQL the server refuses
     * stops the job before any level, with the server's message and where the statement is.
     */
    @Override
    public void validate(Database db) throws SQLException {
        try (Connection c = db.connect()) {
            c.setAutoCommit(false);
            Binder binder = new Binder(seed);
            for (SqlScript.Statement s : statements) {
                try (PreparedStatement ps = c.prepareStatement(s.sql())) {
                    binder.bind(ps, s.params());
                    if (ps.execute()) {
                        try (ResultSet rs = ps.getResultSet()) {
                            while (rs.next()) {
                                // read, as the run will
                            }
                        }
                    }
                } catch (SQLException e) {
                    c.rollback();
                    throw new ConfigException(querySource + " line " + s.line() + ": the server refused the statement: "
                            + Text.firstLine(e.getMessage()) + "; fix it (placeholders become bind parameters: do not quote them)");
                }
            }
            c.rollback();
            c.setAutoCommit(true);
        }
    }

    @Override
    public CheckReport check(Database db) throws SQLException {
        CheckReport report = new CheckReport();
        try (Connection c = db.connect(); Statement st = c.createStatement()) {
            for (String t : tables) {
                if (!Database.tableExists(c, t)) {
                    report.add(t, false, "missing; run prepare");
                    continue;
                }
                try (ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM " + t)) {
                    rs.next();
                    long rows = rs.getLong(1);
                    report.add(t + " rows", rows >= cfg.get(Keys.TABLE_SIZE), rows + " rows, loaded " + cfg.get(Keys.TABLE_SIZE));
                }
            }
        }
        if (tables.isEmpty()) report.add("tables", true, "no create file: nothing to check");
        return report;
    }

    @Override
    public void cleanup(Database db) throws SQLException {
        try (Connection c = db.connect(); Statement st = c.createStatement()) {
            for (String t : tables) {
                out.println("Dropping table '" + t + "'...");
                st.execute("DROP TABLE IF EXISTS " + t);
            }
        }
    }

    @Override
    public Terminal terminal(Connection connection, int index, int threads, long seed) throws SQLException {
        return new SqlTerminal(connection, statements, seed);
    }
}
