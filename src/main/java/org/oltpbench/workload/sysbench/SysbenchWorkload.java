package org.oltpbench.workload.sysbench;

import org.oltpbench.db.load.LoadMeter;
import org.oltpbench.result.run.LoadResult;
import org.oltpbench.workload.LoadReport;
import org.oltpbench.random.SbRandom;
import java.io.PrintStream;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Collections;
import java.util.List;
import org.oltpbench.config.LoadParams;
import org.oltpbench.config.SysbenchParams;
import org.oltpbench.result.workload.Family;
import org.oltpbench.result.workload.TxnType;
import org.oltpbench.result.workload.WorkloadInfo;
import org.oltpbench.config.ConfigException;
import org.oltpbench.db.Database;
import org.oltpbench.dialect.Dialect;
import org.oltpbench.dialect.Layout;
import org.oltpbench.workload.CheckReport;
import org.oltpbench.workload.Terminal;
import org.oltpbench.workload.Workload;

/** The eleven sysbench 1.0.20 OLTP scripts on sysbench's sbtestN schema, driven by a {@link Preset}. */
public final class SysbenchWorkload implements Workload {
    private final Preset preset;
    private final Plan plan;
    private final SysbenchSettings s;
    private final SysbenchParams params;
    private final LoadParams load;
    private final PrintStream out;
    private final UniqueIds unique;
    private final Dialect dialect;

    public SysbenchWorkload(Preset preset, SysbenchParams params, LoadParams load, Dialect dialect, PrintStream out) {
        this.preset = preset;
        this.dialect = dialect;
        this.params = params;
        this.load = load;
        this.plan = Plan.of(preset, params);
        this.s = SysbenchSettings.of(params);
        this.out = out;
        long seed = seed(params);
        this.unique = new UniqueIds(seed, seed >>> 32);
        if (preset.singleTable() && params.tables() != 1) {
            throw new ConfigException("workload " + preset.name() + " works on sbtest1 only; set tables=1");
        }
    }

    public Plan plan() {
        return plan;
    }

    /** One type, sysbench's "event"; the scale is every table of the job (this client's share when split). */
    @Override
    public WorkloadInfo info() {
        return new WorkloadInfo(preset.name(), Family.SYSBENCH, List.of(TxnType.only("event")),
                WorkloadInfo.Scale.tables(params.tables(), params.tableSize()));
    }

    /** The numbers N of the sbtestN this client uses: its share of 1..tables, or one per thread for bulk_insert. */
    private List<Integer> tableNumbers() {
        List<Integer> out = new java.util.ArrayList<>();
        if (bulk()) for (int t = 1; t <= params.maxThreads(); t++) out.add(t);
        else for (int i = 0; i < s.tables(); i++) out.add(s.table(i));
        return out;
    }

    private boolean bulk() {
        return preset.script().equals("bulk_insert");
    }

    /** Rows prepare loads: none for bulk_insert, and none for oltp_insert without auto_inc (as sysbench). */
    private int loadRows() {
        if (bulk() || (preset.script().equals("insert") && !s.autoInc())) return 0;
        return s.tableSize();
    }

    /**
     * True when every table exists. Refuses data that cannot give right numbers: fewer ids than table_size (the run
     * would miss rows it believes are there). Some tables missing is not prepared: prepare completes the set.
     */
    @Override
    public boolean isPrepared(Database db) throws SQLException {
        try (Connection c = db.connect()) {
            for (int t : tableNumbers()) if (!Database.tableExists(c, "sbtest" + t)) return false;
            // the k index is made after a table's last row: without it the table's load was stopped (prepare resumes it)
            if (loadRows() > 0 && params.createSecondary()) {
                for (int t : tableNumbers()) if (!hasIndex(c, "sbtest" + t, "k_" + t)) return false;
            }
            if (!bulk() && preset.rows().equals("equal") && loadRows() > 0) checkIdRange(c);
        }
        return true;
    }

    @Override
    public String unprepared(Database db) throws SQLException {
        try (Connection c = db.connect()) {
            List<String> missing = new java.util.ArrayList<>();
            for (int t : tableNumbers()) if (!Database.tableExists(c, "sbtest" + t)) missing.add("sbtest" + t);
            if (missing.isEmpty()) {
                return "the tables are there but their prepare was stopped before it ended (a k index is missing); run "
                        + "prepare, which keeps the complete tables and loads the rest";
            }
            if (missing.size() < tableNumbers().size()) {
                return String.join(", ", missing) + (missing.size() == 1 ? " is" : " are") + " missing; run prepare, which keeps "
                        + "the complete tables and loads the rest";
            }
        }
        return Workload.super.unprepared(db);
    }

    private void checkIdRange(Connection c) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT MAX(id) FROM sbtest" + s.table(0))) {
            rs.next();
            long max = rs.getLong(1);
            if (max < s.tableSize()) {
                throw new ConfigException("sbtest" + s.table(0) + " holds ids up to " + max + " but tableSize=" + s.tableSize()
                        + "; set tableSize=" + max + " or run cleanup, then prepare");
            }
        }
    }

    @Override
    public LoadResult prepare(Database db, org.oltpbench.db.load.LoadStop stop) throws SQLException {
        int clients = params.share().count();
        if (clients > 1 && (bulk() || params.tables() < clients)) {
            throw new ConfigException("prepare with clientCount=" + clients + " splits the sysbench tables, so it needs tables >= "
                    + "clientCount (tables=" + params.tables() + (bulk() ? ", and bulk_insert has none to split" : "")
                    + "); prepare once with clientCount=1, then run the clients");
        }
        if (bulk()) {
            try (Connection c = db.connect()) {
                for (int t : tableNumbers()) {
                    if (Database.tableExists(c, "sbtest" + t)) {
                        throw new ConfigException("table sbtest" + t + " already exists; run cleanup first, or run without prepare");
                    }
                }
            }
            createBulkTables(db);
            return LoadResult.NONE;
        }
        LoadMeter meter = new LoadMeter(stop);
        SysbenchLoader loader = new SysbenchLoader(db, s, params.secondary(), params.createSecondary(),
                Layout.sysbench(load), load, seed(params), out, meter);
        List<Integer> tables = resumable(db, loader);
        if (tables.isEmpty()) return LoadResult.NONE;
        try {
            loader.load(loadRows(), tables);
        } catch (org.oltpbench.db.load.LoadStopped e) {
            throw org.oltpbench.db.load.LoadStopped.kept(kept(tables, loader.complete()));
        }
        LoadResult loaded = meter.result(load.workers(), load.method(), 0);
        LoadReport.print(out, loaded);
        return loaded;
    }

    /** "kept sbtest1, sbtest2; incomplete: sbtest3": the tables after a stopped load of {@code loading}. */
    private String kept(List<Integer> loading, List<Integer> loaded) {
        List<String> kept = new java.util.ArrayList<>(), not = new java.util.ArrayList<>();
        for (int t : tableNumbers()) (loading.contains(t) && !loaded.contains(t) ? not : kept).add("sbtest" + t);
        return "kept " + (kept.isEmpty() ? "no complete table" : String.join(", ", kept)) + "; incomplete: " + String.join(", ", not);
    }

    /**
     * The tables a prepare after a broken one must load: a table that holds all its rows (ids up to tableSize, at least
     * tableSize of them: runs of oltp_insert add more) is kept untouched, and gets its k index if the load died before
     * it; one that holds fewer (the load died in it) is dropped and loaded again from clean; a missing one is created.
     * One line says which were kept and which reloaded.
     */
    private List<Integer> resumable(Database db, SysbenchLoader loader) throws SQLException {
        List<Integer> load = new java.util.ArrayList<>();
        List<String> kept = new java.util.ArrayList<>(), reloaded = new java.util.ArrayList<>();
        long rows = loadRows();
        try (Connection c = db.connect(); Statement st = c.createStatement()) {
            for (int t : tableNumbers()) {
                String table = "sbtest" + t;
                if (!Database.tableExists(c, table)) {
                    load.add(t);
                    continue;
                }
                long count, max;
                try (ResultSet rs = st.executeQuery("SELECT COUNT(*), COALESCE(MAX(id), 0) FROM " + table)) {
                    rs.next();
                    count = rs.getLong(1);
                    max = rs.getLong(2);
                }
                if (count >= rows && max >= rows) {
                    boolean indexed = !params.createSecondary() || hasIndex(c, table, "k_" + t);
                    if (!indexed) loader.finishTable(t);
                    kept.add(table + (indexed ? "" : " (index added)"));
                } else {
                    st.execute("DROP TABLE " + table);
                    reloaded.add(table + " (" + count + " of " + rows + " rows)");
                    load.add(t);
                }
            }
        }
        if (!kept.isEmpty() || !reloaded.isEmpty()) {
            out.println("resuming a prepare: kept " + (kept.isEmpty() ? "none" : String.join(", ", kept)) + "; reloading from clean "
                    + (reloaded.isEmpty() ? "none" : String.join(", ", reloaded)) + "; loading " + load.size() + " table(s)");
        }
        return load;
    }

    private void createBulkTables(Database db) throws SQLException {
        try (Connection c = db.connect(); Statement st = c.createStatement()) {
            for (int t : tableNumbers()) {
                out.printf("Creating table 'sbtest%d'...%n", t);
                st.execute("CREATE TABLE IF NOT EXISTS sbtest" + t
                        + " (\n  id INTEGER NOT NULL,\n  k INTEGER DEFAULT '0' NOT NULL,\n  PRIMARY KEY (id))");
            }
        }
    }

    /** Row counts per table against the preset's rule (equal, grows, shrinks), and the k_N index. */
    @Override
    public CheckReport check(Database db) throws SQLException {
        CheckReport report = new CheckReport();
        int expected = loadRows();
        try (Connection c = db.connect(); Statement st = c.createStatement()) {
            for (int t : tableNumbers()) {
                String table = "sbtest" + t;
                if (!Database.tableExists(c, table)) {
                    report.add(table, false, "missing; run prepare");
                    continue;
                }
                long rows;
                try (ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM " + table)) {
                    rs.next();
                    rows = rs.getLong(1);
                }
                boolean ok = switch (bulk() ? "any" : preset.rows()) {
                    case "equal" -> rows == expected;
                    case "grows" -> rows >= expected;
                    case "shrinks" -> rows <= expected;
                    default -> true;
                };
                report.add(table + " rows", ok, rows + " rows, expected " + rule(expected));
                if (!bulk() && params.createSecondary()) {
                    report.add(table + " index k_" + t, hasIndex(c, table, "k_" + t), "secondary index on k");
                }
            }
        }
        return report;
    }

    private String rule(int expected) {
        return switch (bulk() ? "any" : preset.rows()) {
            case "equal" -> String.valueOf(expected);
            case "grows" -> ">= " + expected;
            case "shrinks" -> "<= " + expected;
            default -> "any number";
        };
    }

    private static boolean hasIndex(Connection c, String table, String index) throws SQLException {
        try (ResultSet rs = c.getMetaData().getIndexInfo(c.getCatalog(), c.getSchema(), table, false, true)) {
            while (rs.next()) {
                if (index.equalsIgnoreCase(rs.getString("INDEX_NAME"))) return true;
            }
        }
        return false;
    }

    @Override
    public void cleanup(Database db) throws SQLException {
        try (Connection c = db.connect(); Statement st = c.createStatement()) {
            for (int t : tableNumbers()) {
                out.printf("Dropping table 'sbtest%d'...%n", t);
                st.execute("DROP TABLE IF EXISTS sbtest" + t);
            }
        }
    }

    /** oltp_read_only and oltp_point_select (an oltp plan without writes), select_random_points and _ranges. */
    @Override
    public boolean readsOnly() {
        return switch (preset.script()) {
            case "oltp" -> plan.writes() == 0;
            case "random_points", "random_ranges" -> true;
            default -> false;
        };
    }

    @Override
    public Terminal terminal(Connection c, int index, int threads, long seed) throws SQLException {
        SbRandom rnd = s.random(seed);
        return switch (preset.script()) {
            case "oltp" -> new OltpTerminal(c, rnd, plan, s, dialect.preparesTransactionControl());
            case "insert" -> new InsertTerminal(c, rnd, s, dialect, unique);
            case "random_points" -> new RandomKeysTerminal(c, rnd, s, false, index, threads);
            case "random_ranges" -> new RandomKeysTerminal(c, rnd, s, true, index, threads);
            case "bulk_insert" -> new BulkInsertTerminal(c, rnd, index);
            default -> throw new IllegalStateException(preset.script());
        };
    }

    static long seed(SysbenchParams params) {
        long seed = params.randSeed();
        return seed != 0 ? seed : System.nanoTime();
    }
}
