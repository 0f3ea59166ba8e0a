package org.oltpbench.workload.ch;

import java.io.PrintStream;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.List;
import org.oltpbench.config.AnalyticParams;
import org.oltpbench.config.ConfigException;
import org.oltpbench.config.TpccParams;
import org.oltpbench.db.Database;
import org.oltpbench.db.FrontEnds;
import org.oltpbench.db.SharedConnections;
import org.oltpbench.result.run.LoadResult;
import org.oltpbench.result.workload.WorkloadInfo;
import org.oltpbench.util.Clock;
import org.oltpbench.workload.CheckReport;
import org.oltpbench.workload.SideLoad;
import org.oltpbench.workload.Terminal;
import org.oltpbench.workload.Workload;

/**
 * CH-benCHmark (workload=ch): TPC-C's terminals, checks and figures as they are, on TPC-C's data set plus CH's three
 * tables, with analytic streams of CH's 22 queries beside them ({@link AnalyticStreams}). A TPC-C data set loaded
 * before (by oltpbench or BenchmarkSQL) only gains the three tables.
 */
public final class ChWorkload implements Workload {
    private final Workload tpcc;
    private final TpccParams params;
    private final AnalyticParams analytic;
    private final String loadMethod;
    private final PrintStream out;
    /** Whose tables: BenchmarkSQL's with CH's bmsql_ three, or go-tpc's with go-tpc ch's region, nation, supplier. */
    private final org.oltpbench.workload.tpcc.TpccTables tables;

    public ChWorkload(Workload tpcc, TpccParams params, String loadMethod, PrintStream out, org.oltpbench.dialect.Dialect dialect) {
        if (params.analytic().tiflash() > 0 && dialect.columnarReplicas("t", 1) == null) {
            throw new ConfigException("tiflashReplicas asks TiDB for TiFlash replicas; this is db=" + dialect.name()
                    + ", which has none: leave tiflashReplicas out");
        }
        this.tables = org.oltpbench.workload.tpcc.TpccTables.of(params.schema());
        if (!tables.hasCh()) {
            throw new ConfigException("workload=ch: " + tables.title() + " has no CH-benCHmark tables of its own; "
                    + "tpccSchema=" + params.schema() + " is TPC-C's alone here: set tpccSchema=benchmarksql or go-tpc");
        }
        this.tpcc = tpcc;
        this.params = params;
        this.analytic = params.analytic();
        this.loadMethod = loadMethod;
        this.out = out;
    }

    @Override
    public WorkloadInfo info() {
        WorkloadInfo t = tpcc.info();
        return new WorkloadInfo("ch", t.family(), t.transactions(), t.scale(), t.tallies());
    }

    @Override
    public boolean isPrepared(Database db) throws SQLException {
        if (!tpcc.isPrepared(db)) return false;
        try (Connection c = db.connect()) {
            return ChData.present(c, tables);
        }
    }

    @Override
    public String unprepared(Database db) throws SQLException {
        if (!tpcc.isPrepared(db)) return tpcc.unprepared(db).replace("the tables of tpcc", "the tables of ch");
        return "CH-benCHmark's tables (" + String.join(", ", ChData.tables(tables)) + ") are missing beside the TPC-C data set; "
                + "run prepare with workload=ch: it adds them and loads nothing else";
    }

    @Override
    public LoadResult prepare(Database db, org.oltpbench.db.load.LoadStop stop) throws SQLException {
        LoadResult loaded = LoadResult.NONE;
        if (tpcc.isPrepared(db)) {
            out.println("TPC-C's data set is present: adding CH-benCHmark's tables only");
        } else {
            loaded = tpcc.prepare(db, stop);
        }
        if (stop.stopping()) {
            // CH's own tables are small and made again whole by a prepare again; the TPC-C data set is complete
            throw org.oltpbench.db.load.LoadStopped.kept("kept the TPC-C data set; not yet done: CH-benCHmark's tables");
        }
        if (params.share().leads()) {
            out.println("Loading CH-benCHmark's tables: 5 regions, 62 nations, 10,000 suppliers...");
            ChData.prepare(db, loadMethod, params.randSeed() != 0 ? params.randSeed() : System.nanoTime(), tables);
            analyze(db);
            columnarReplicas(db);
        }
        return loaded;
    }

    /**
     * go-tpc ch's own rows (TPC-H dbgen's 25 nations keyed 0-24, suppliers 1-10000) where CH's queries expect CH's (62
     * nations keyed by the ASCII code of a customer's c_state's first letter, suppliers 0-9999): one line saying that the
     * queries joining customers or suppliers to nations find no rows there, so the QphH is not comparable; null otherwise.
     */
    private String peerData(Database db) throws SQLException {
        if (tables != org.oltpbench.workload.tpcc.TpccTables.GO_TPC) return null;
        try (Connection c = db.connect(); java.sql.Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT max(n_nationkey) FROM " + tables.table("bmsql_nation"))) {
            if (!rs.next() || rs.getLong(1) >= '0') return null;
        }
        return "note: these nation and supplier rows are go-tpc ch's (TPC-H's 25 nations keyed 0-24), not CH's (62 nations "
                + "keyed by the ASCII code of c_state's first letter): CH's Q5, Q7, Q8, Q10, Q11 and Q21 find no rows on them, "
                + "so this QphH is comparable neither with go-tpc's on the same rows nor with oltpbench's on its own load";
    }

    /** TPC-C's tables and CH's three, in this layout. */
    private List<String> allTables() {
        List<String> all = new java.util.ArrayList<>(tables.tables());
        all.addAll(ChData.tables(tables));
        return all;
    }

    /**
     * tiflashReplicas=N: asks for N columnar replicas of every table. A cluster without a TiFlash store refuses, and
     * that is said in one line: the streams then read the row store, as without the key.
     */
    private void columnarReplicas(Database db) {
        int n = analytic.tiflash();
        if (n == 0) return;
        List<String> tables = allTables();
        try (Connection c = db.connect(); java.sql.Statement st = c.createStatement()) {
            for (String t : tables) st.execute(db.dialect().columnarReplicas(t, n));
            out.println("Asked for " + n + " TiFlash replica(s) of the " + tables.size() + " tables; TiFlash copies them in "
                    + "the background (information_schema.tiflash_replica shows their progress)");
        } catch (SQLException e) {
            out.println("tiflashReplicas=" + n + ": this cluster refused them (" + org.oltpbench.util.Text.firstLine(e.getMessage())
                    + "); it has no TiFlash store to hold them, and the analytic streams read the row store");
        }
    }

    /**
     * Gathers every table's optimizer statistics: the analytic queries join up to eight tables, and a planner without
     * statistics on freshly loaded tables picks nested loops (PostgreSQL took 107 s for Q8 at one warehouse, 0.1 s
     * after ANALYZE). go-tpc ch analyzes after its load too. A server that refuses is named, not fatal.
     */
    private void analyze(Database db) {
        List<String> tables = allTables();
        try (Connection c = db.connect(); java.sql.Statement st = c.createStatement()) {
            for (String t : tables) st.execute(db.dialect().analyze(t));
        } catch (SQLException e) {
            out.println("warning: gathering statistics failed (" + e.getMessage() + "); the analytic queries may run on "
                    + "plans made without them");
        }
    }

    @Override
    public String disclaimer() {
        return tpcc.disclaimer();
    }

    /**
     * Every query is explained on the analytic side before the first level: a query this engine cannot run (a missing
     * function, a syntax it lacks) is refused in one line naming it, never met in the middle of a level.
     */
    @Override
    public void validate(Database db) throws SQLException {
        tpcc.validate(db);
        if (analytic.streams() == 0) return;
        String peer = peerData(db);
        if (peer != null) out.println(peer);
        AnalyticStreams.Dates d = dates(db);
        try (Connection c = connector(db).open()) {
            for (ChQueries.Query q : ChQueries.of(db.dialect(), tables)) {
                try (PreparedStatement ps = c.prepareStatement("EXPLAIN " + q.sql())) {
                    for (int b = 0; b < q.binds().size(); b++) {
                        ps.setTimestamp(b + 1, q.binds().get(b) == ChQueries.Bound.SINCE ? d.since() : d.until());
                    }
                    ps.executeQuery().close();
                } catch (SQLException e) {
                    throw new ConfigException("CH's " + q.name() + " cannot run on this server (" + org.oltpbench.util.Text.firstLine(
                            e.getMessage()) + "); its text and adaptations are in queries.sql; run with analyticStreams=0 "
                            + "for TPC-C alone on CH's data", e);
                }
            }
        }
    }

    @Override
    public CheckReport check(Database db) throws SQLException {
        return tpcc.check(db);
    }

    @Override
    public void cleanup(Database db) throws SQLException {
        ChData.drop(db, tables);
        tpcc.cleanup(db);
    }

    @Override
    public Terminal terminal(Connection connection, int index, int threads, long seed) throws SQLException {
        return tpcc.terminal(connection, index, threads, seed);
    }

    @Override
    public boolean sharesConnections() {
        return tpcc.sharesConnections();
    }

    @Override
    public Terminal sharedTerminal(SharedConnections shared, int index, int threads, long seed) throws SQLException {
        return tpcc.sharedTerminal(shared, index, threads, seed);
    }

    @Override
    public SideLoad sideLoad(Database db, Clock clock, long seed) {
        if (analytic.streams() == 0) return SideLoad.NONE;
        try {
            ChData.ensureHeartbeat(db); // a data set go-tpc loaded has none
        } catch (SQLException e) {
            throw new ConfigException("workload=ch: cannot create the freshness table " + ChData.HEARTBEAT + " ("
                    + org.oltpbench.util.Text.firstLine(e.getMessage()) + "); grant CREATE on the database", e);
        }
        AnalyticStreams.Connector to = connector(db);
        return new AnalyticStreams(to, db::connect, ChQueries.of(db.dialect(), tables), analytic.streams(), analytic.sessionSql(),
                analytic.timeoutSecs(), clock, dates(db), analytic.where(), (int) (seed & 0x3fffffff) + 1);
    }

    /** Where the streams connect: analyticConn, analyticHost in the OLTP URL's place, or the OLTP front end. */
    private AnalyticStreams.Connector connector(Database db) {
        if (!analytic.conn().isEmpty()) return () -> db.connectHost(analytic.conn());
        if (analytic.host().isEmpty()) return db::connect;
        String url = db.url(), authority = FrontEnds.authority(url);
        String host = analytic.host().contains(":") || !authority.contains(":") ? analytic.host()
                : analytic.host() + authority.substring(authority.lastIndexOf(':'));
        String replaced = url.replaceFirst(java.util.regex.Pattern.quote(authority), java.util.regex.Matcher.quoteReplacement(host));
        return () -> db.connectHost(replaced);
    }

    private AnalyticStreams.Dates dates(Database db) {
        return dates(db, params.firstWarehouse(), tables);
    }

    /** As {@link #dates(Database, int, org.oltpbench.workload.tpcc.TpccTables)} on BenchmarkSQL's tables. */
    public static AnalyticStreams.Dates dates(Database db, int warehouse) {
        return dates(db, warehouse, org.oltpbench.workload.tpcc.TpccTables.BENCHMARKSQL);
    }

    /** The bounds every query binds: a day before the first order of {@code warehouse}'s district 1, a year after now. */
    public static AnalyticStreams.Dates dates(Database db, int warehouse, org.oltpbench.workload.tpcc.TpccTables t) {
        try (Connection c = db.connect();
             PreparedStatement ps = c.prepareStatement(t.sql("SELECT min(o_entry_d) FROM bmsql_oorder WHERE o_w_id = ? AND o_d_id = 1"))) {
            ps.setInt(1, warehouse);
            try (ResultSet rs = ps.executeQuery()) {
                Timestamp first = rs.next() ? rs.getTimestamp(1) : null;
                long since = (first != null ? first.getTime() : System.currentTimeMillis()) - 86_400_000L;
                return new AnalyticStreams.Dates(new Timestamp(since),
                        new Timestamp(System.currentTimeMillis() + 365L * 86_400_000L));
            }
        } catch (SQLException e) {
            throw new ConfigException("reading the data set's first order date for CH's date bounds failed: " + e.getMessage(), e);
        }
    }
}
