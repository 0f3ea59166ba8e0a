package org.oltpbench.workload.sql;

import org.oltpbench.db.load.LoadMeter;
import org.oltpbench.result.run.LoadResult;
import org.oltpbench.workload.LoadReport;
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
import org.oltpbench.config.LoadParams;
import org.oltpbench.config.SqlParams;
import org.oltpbench.result.workload.Family;
import org.oltpbench.result.workload.TxnType;
import org.oltpbench.result.workload.WorkloadInfo;
import org.oltpbench.config.ConfigException;
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

    private final SqlParams params;
    private final LoadParams load;
    private final PrintStream out;
    private final String querySource;
    private final List<SqlScript.Statement> statements;
    private static final Pattern READS = Pattern.compile("^\\s*(?:SELECT|WITH|SHOW)\\b", Pattern.CASE_INSENSITIVE);

    /** Every statement a SELECT (or WITH ... SELECT, SHOW). */
    @Override
    public boolean readsOnly() {
        return statements.stream().allMatch(s -> READS.matcher(s.sql()).find()
                && !s.sql().toUpperCase(java.util.Locale.ROOT).contains("FOR UPDATE"));
    }
    private final List<SqlScript.Statement> creates;
    private final List<String> tables = new ArrayList<>();
    private final long seed;

    public SqlWorkload(SqlParams params, LoadParams load, PrintStream out) {
        this.params = params;
        this.load = load;
        this.out = out;
        String query = params.query();
        this.querySource = looksLikeFile(query) ? query : "query";
        this.statements = SqlScript.parse(text(query, "query"), querySource);
        String create = params.create();
        this.creates = create == null ? List.of() : SqlScript.parse(text(create, "create"), create);
        for (SqlScript.Statement s : creates) {
            Matcher m = CREATE_TABLE.matcher(s.sql());
            if (m.find()) tables.add(m.group(1));
        }
        long s = params.randSeed();
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

    /** The tally of queries that returned no row (issue 58 §4): a script whose constants miss the table measures nothing. */
    public static final String EMPTY_READS = "emptyReads";

    /** One type per statement, q1, q2, ... in file order, weighted as its '-- weight:' line says. */
    @Override
    public WorkloadInfo info() {
        double total = 0;
        for (SqlScript.Statement s : statements) total += s.weight();
        List<TxnType> types = new ArrayList<>();
        for (int i = 0; i < statements.size(); i++) {
            types.add(new TxnType("q" + (i + 1), statements.get(i).weight() * 100.0 / total, 0, 0, false));
        }
        return new WorkloadInfo("sql", Family.SQL, types, WorkloadInfo.Scale.tables(tables.size(), params.tableSize()),
                List.of(EMPTY_READS));
    }

    @Override
    public boolean isPrepared(Database db) throws SQLException {
        try (Connection c = db.connect()) {
            for (String t : tables) if (!Database.tableExists(c, t)) return false;
        }
        return true;
    }

    @Override
    public LoadResult prepare(Database db, org.oltpbench.db.load.LoadStop stop) throws SQLException {
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
                    throw new ConfigException(params.create() + " line " + s.line() + ": the server refused it: "
                            + Text.firstLine(e.getMessage()) + "; fix the statement", e);
                }
            }
        }
        LoadMeter meter = new LoadMeter(stop);
        RowLoader loader = new RowLoader(db, load.method(), load.workers(), seed, out, meter);
        for (int i = 0; i < tables.size(); i++) {
            out.printf("Inserting %d records into '%s'%n", params.tableSize(), tables.get(i));
            try {
                loader.load(tables.get(i), params.tableSize());
            } catch (org.oltpbench.db.load.LoadStopped e) {
                // prepare refuses tables that exist, so it cannot resume: the tables go, and a prepare again makes them
                throw org.oltpbench.db.load.LoadStopped.kept((i == 0 ? "kept nothing complete" : "complete: "
                        + String.join(", ", tables.subList(0, i))) + "; incomplete: " + String.join(", ", tables.subList(i, tables.size())),
                        "run cleanup, then the same command again (workload=sql loads its tables whole)");
            }
        }
        LoadResult loaded = meter.result(load.workers(), load.method(), 0);
        LoadReport.print(out, loaded);
        return loaded;
    }

    /**
     * Runs every statement once with drawn values in a transaction that is rolled back, so SQL the server refuses
     * stops the job before any level, with the server's message and where the statement is. A retryable error (a lock
     * wait timeout behind another session's lock, a conflict) passes: the server parsed and ran the statement.
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
                    // a lock wait or conflict means the server took the SQL: the level restarts such errors
                    if (db.dialect().classify(e) == org.oltpbench.dialect.Dialect.ErrorClass.RETRYABLE) continue;
                    throw new ConfigException(querySource + " line " + s.line() + ": the server refused the statement: "
                            + Text.firstLine(e.getMessage()) + "; " + fix(e, s));
                }
            }
            c.rollback();
            c.setAutoCommit(true);
        }
    }

    /**
     * What to do about a statement the server refused (issue 60 §2): a missing table (SQLSTATE 42S02, PostgreSQL's 42P01)
     * is created or found first, as mysqlslap's --create or --create-schema would; a quoted placeholder is unquoted
     * (placeholders become bind parameters); else the statement is fixed.
     */
    static String fix(SQLException e, SqlScript.Statement s) {
        String state = e.getSQLState() == null ? "" : e.getSQLState();
        if (state.equals("42S02") || state.equals("42P01")) {
            return "create the table first (mysqlslap's --create, or a CREATE TABLE in the script) or connect to the "
                    + "database that holds it (--create-schema, database=)";
        }
        if (!s.params().isEmpty() && s.sql().matches("(?s).*'[^']*\\?[^']*'.*")) {
            return "fix it (placeholders become bind parameters: do not quote them)";
        }
        return "fix it";
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
                    report.add(t + " rows", rows >= params.tableSize(), rows + " rows, loaded " + params.tableSize());
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
