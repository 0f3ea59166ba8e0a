package org.oltpbench.workload.pgbench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.oltpbench.config.ConfigException;
import org.oltpbench.config.LoadParams;
import org.oltpbench.config.PgbenchParams;
import org.oltpbench.db.Database;
import org.oltpbench.dialect.Dialect;
import org.oltpbench.dialect.Layout;
import org.oltpbench.result.run.LoadResult;
import org.oltpbench.result.workload.Family;
import org.oltpbench.result.workload.TxnType;
import org.oltpbench.result.workload.WorkloadInfo;
import org.oltpbench.workload.CheckReport;
import org.oltpbench.workload.LoadReport;
import org.oltpbench.workload.Terminal;
import org.oltpbench.workload.Workload;

/**
 * pgbench (PostgreSQL 15) on its four tables: prepare is {@code pgbench -i}, a transaction is one of the run's scripts
 * (the built-in tpcb-like, simple-update, select-only, or files in pgbench's syntax) drawn by weight, each script a
 * transaction type of its own. The same scripts run on the MySQL family, in its words where they differ.
 */
public final class PgbenchWorkload implements Workload {
    private final PgbenchParams params;
    private final LoadParams load;
    private final Dialect dialect;
    private final PrintStream out;
    private final Symbols symbols = new Symbols();
    private final List<Script> scripts;
    private final long seed;
    /** :scale as the scripts see it: the loaded one for built-ins (read in validate), else the scale key. */
    private volatile long scale;

    public PgbenchWorkload(PgbenchParams params, LoadParams load, Dialect dialect, PrintStream out) {
        this.params = params;
        this.load = load;
        this.dialect = dialect;
        this.out = out;
        this.scripts = params.scripts().stream().map(this::script).toList();
        this.scale = params.scale();
        long s = params.randSeed();
        this.seed = s != 0 ? s : System.nanoTime();
    }

    /** {@code NAME[@W]} or {@code FILE[@W]}: a built-in (or a prefix of one's name) when no such file exists. */
    private Script script(String spec) {
        int at = spec.lastIndexOf('@');
        String what = at > 0 ? spec.substring(0, at) : spec;
        int weight = 1;
        if (at > 0) {
            try {
                weight = Integer.parseInt(spec.substring(at + 1));
            } catch (NumberFormatException e) {
                weight = -1;
            }
            if (weight < 0) throw new ConfigException("scripts: the weight in '" + spec + "' is not a whole number >= 0; write NAME@W");
        }
        Path file = Path.of(what);
        if (Files.isRegularFile(file)) {
            try {
                return ScriptParser.parse(Files.readString(file), file.getFileName().toString(), what, weight, symbols);
            } catch (IOException e) {
                throw new ConfigException("scripts: " + what + " cannot be read (" + e.getMessage() + "); give a readable file");
            }
        }
        BuiltIn b = BuiltIn.find(what);
        if (b == null) {
            throw new ConfigException("scripts: '" + what + "' is neither a file nor one of pgbench's built-in scripts ("
                    + String.join(", ", BuiltIn.ids()) + ")");
        }
        return ScriptParser.parse(b.text(), b.id(), b.label(), weight, symbols);
    }

    public List<Script> scripts() {
        return scripts;
    }

    /**
     * One type per script (its name, weighted as given); the scale is the accounts table; with -r, two tallies per
     * command ({@link CommandTimes}).
     */
    @Override
    public WorkloadInfo info() {
        double total = scripts.stream().mapToInt(Script::weight).sum();
        List<TxnType> types = new ArrayList<>();
        for (Script s : scripts) types.add(new TxnType(s.name(), s.weight() * 100.0 / total, 0, 0, false));
        // pgbench's summary lines: the transaction type, -M, the scale the scripts see, -j and, with -r, each command
        WorkloadInfo.Script script = new WorkloadInfo.Script(description(), params.queryMode(), (int) scale, params.jobs(),
                params.perCommand() ? commands().stream().map(PgbenchWorkload::asWritten).toList() : List.of());
        return new WorkloadInfo("pgbench", Family.PGBENCH, types,
                WorkloadInfo.Scale.tables(4, (long) PgbenchLoader.ACCOUNTS * params.scale()), script.tallies(), script);
    }

    @Override
    public boolean readsOnly() {
        return scripts.stream().allMatch(s -> s.statements().stream().allMatch(q -> q.control() != Command.Control.NONE
                ? true : q.reads() && !q.sql().toUpperCase(java.util.Locale.ROOT).contains("FOR UPDATE")));
    }

    /**
     * pgbench's tables, where a built-in script runs on them; a run of custom scripts alone ({@code pgbench -n -f
     * custom.sql}) runs on any database, as pgbench does (issue 60 §2), whatever tables its scripts name.
     */
    @Override
    public boolean isPrepared(Database db) throws SQLException {
        if (!builtIn()) return true;
        try (Connection c = db.connect()) {
            for (String t : PgbenchLoader.TABLES) if (!Database.tableExists(c, t)) return false;
        }
        return true;
    }

    @Override
    public String unprepared(Database db) throws SQLException {
        return "pgbench's tables are missing; run pgbench -i (prepare) first";
    }

    /**
     * pgbench -i: drops the four tables and makes them again, as pgbench does; a stop keeps nothing that a prepare
     * again would keep (it drops them first), as a stopped pgbench -i.
     */
    @Override
    public LoadResult prepare(Database db, org.oltpbench.db.load.LoadStop stop) throws SQLException {
        if (weightsZero()) throw new ConfigException("scripts: every weight is 0; give one a weight above 0");
        LoadResult loaded;
        try {
            loaded = new PgbenchLoader(db, load, params.scale(), params.fillFactor(), params.partitionMethod(), out)
                    .run(Layout.sysbench(load), stop);
        } catch (org.oltpbench.db.load.LoadStopped e) {
            throw org.oltpbench.db.load.LoadStopped.kept("the tables are incomplete (a prepare again drops them and loads them"
                    + " whole, as pgbench -i does)",
                    "run the same command again: it loads the tables from the start");
        }
        LoadReport.print(out, loaded);
        return loaded;
    }

    private boolean weightsZero() {
        return scripts.stream().mapToInt(Script::weight).sum() == 0;
    }

    /**
     * Before a run, as pgbench: its first line (the server's version), the vacuum it asks (errors, such as a custom script's missing tables, are only said),
     * then the scale read as pgbench does: with a built-in script, from pgbench_branches (a given scale only names the
     * data set); a custom script sees the scale key.
     */
    @Override
    public void validate(Database db) throws SQLException {
        if (weightsZero()) throw new ConfigException("scripts: every weight is 0; give one a weight above 0");
        out.println("pgbench (" + db.serverVersion() + ")"); // pgbench's first line: the server's version once connected
        vacuum(db);
        if (!builtIn()) return;
        try (Connection c = db.connect(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT count(*) FROM pgbench_branches")) {
            rs.next();
            long branches = rs.getLong(1);
            if (branches == 0) throw new ConfigException("pgbench_branches is empty; run pgbench -i (prepare) again");
            scale = branches;
        }
    }

    /** Whether a built-in script (pgbench's tables) is among the scripts. */
    private boolean builtIn() {
        return scripts.stream().anyMatch(s -> s.label().startsWith("<builtin: "));
    }

    private void vacuum(Database db) throws SQLException {
        if (params.vacuum().equals("none")) return;
        List<String> steps = new ArrayList<>(List.of(dialect.vacuumAnalyze("pgbench_branches"),
                dialect.vacuumAnalyze("pgbench_tellers"), "TRUNCATE TABLE pgbench_history"));
        if (params.vacuum().equals("all")) steps.add(dialect.vacuumAnalyze("pgbench_accounts"));
        out.print("starting vacuum...");
        try (Connection c = db.connect(); Statement st = c.createStatement()) {
            for (String sql : steps) {
                try {
                    st.execute(sql);
                } catch (SQLException e) {
                    out.print(" (" + sql + ": " + org.oltpbench.util.Text.firstLine(e.getMessage()) + ")");
                }
            }
        }
        out.println("end.");
    }

    /** pgbench's invariants: the rows -i made, and the tellers' balances adding up to the branches'. */
    @Override
    public CheckReport check(Database db) throws SQLException {
        CheckReport report = new CheckReport();
        long s = params.scale();
        try (Connection c = db.connect(); Statement st = c.createStatement()) {
            long branches = count(st, "pgbench_branches");
            report.add("pgbench_branches rows", branches == s * PgbenchLoader.BRANCHES, branches + " rows, scale " + s);
            long tellers = count(st, "pgbench_tellers");
            report.add("pgbench_tellers rows", tellers == branches * PgbenchLoader.TELLERS, tellers + " rows");
            long accounts = count(st, "pgbench_accounts");
            report.add("pgbench_accounts rows", accounts == branches * PgbenchLoader.ACCOUNTS, accounts + " rows");
            // the built-in tpcb-like moves a teller's and its branch's balance together; the others move neither
            long tellerSum = sum(st, "SELECT coalesce(sum(tbalance), 0) FROM pgbench_tellers");
            long branchSum = sum(st, "SELECT coalesce(sum(bbalance), 0) FROM pgbench_branches");
            report.add("balances", tellerSum == branchSum, "tellers' balances " + tellerSum + ", branches' " + branchSum);
        }
        return report;
    }

    private static long count(Statement st, String table) throws SQLException {
        return sum(st, "SELECT count(*) FROM " + table);
    }

    private static long sum(Statement st, String sql) throws SQLException {
        try (ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    @Override
    public void cleanup(Database db) throws SQLException {
        try (Connection c = db.connect(); Statement st = c.createStatement()) {
            for (String t : PgbenchLoader.TABLES) st.execute("DROP TABLE IF EXISTS " + t);
        }
    }

    /** Client {@code index}: :client_id is its index, :scale the run's, its generator seeded from the run's seed. */
    @Override
    public Terminal terminal(Connection connection, int index, int threads, long seed) throws SQLException {
        Vars vars = new Vars(symbols, new PgRandom(seed ^ this.seed), this.seed);
        vars.set(symbols.get(Symbols.SCALE).slot(), scale);
        vars.set(symbols.get(Symbols.CLIENT_ID).slot(), index);
        vars.set(symbols.get(Symbols.RANDOM_SEED).slot(), this.seed);
        vars.set(symbols.get(Symbols.DEFAULT_SEED).slot(), defaultSeed(threads));
        CommandTimes tally = params.perCommand() ? new CommandTimes() : CommandTimes.NONE;
        return new PgbenchTerminal(connection, scripts, symbols, dialect.endTransaction(),
                dialect.preparesTransactionControl(), vars, tally);
    }

    /** The clients and :default_seed of the level the last terminal was made for (one draw per client to reach it). */
    private volatile long[] defaultSeedOf = {-1, 0};

    /** pgbench 15's :default_seed at {@code clients} clients under this run's seed (PgPrng), made once a level. */
    private long defaultSeed(int clients) {
        long[] known = defaultSeedOf;
        if (known[0] == clients) return known[1];
        long s = PgPrng.defaultSeed(seed, clients);
        defaultSeedOf = new long[] {clients, s};
        return s;
    }

    /** A command as pgbench's -r prints it: an SQL command with the ';' that ended it in the script. */
    static String asWritten(Command c) {
        return c instanceof Command.Sql ? c.text() + ";" : c.text();
    }

    /** Every command of every script, in order: what -r reports a latency for. */
    public List<Command> commands() {
        return scripts.stream().flatMap(sc -> sc.commands().stream()).toList();
    }

    /** pgbench's "transaction type": the script's label (<builtin: TPC-B (sort of)>, a file), or "multiple scripts". */
    public String description() {
        return scripts.size() == 1 ? scripts.get(0).label() : "multiple scripts";
    }
}
