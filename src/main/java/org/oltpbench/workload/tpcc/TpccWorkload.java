package org.oltpbench.workload.tpcc;

import java.io.PrintStream;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.oltpbench.config.ClientShare;
import org.oltpbench.config.LoadParams;
import org.oltpbench.config.TpccParams;
import org.oltpbench.result.workload.Family;
import org.oltpbench.result.workload.WorkloadInfo;
import org.oltpbench.config.ConfigException;
import org.oltpbench.db.Database;
import org.oltpbench.db.SharedConnections;
import org.oltpbench.db.load.LoadMeter;
import org.oltpbench.db.load.LoadStop;
import org.oltpbench.db.load.LoadStopped;
import org.oltpbench.result.run.LoadResult;
import org.oltpbench.workload.LoadReport;
import org.oltpbench.dialect.Dialect;
import org.oltpbench.dialect.Layout;
import org.oltpbench.workload.CheckReport;
import org.oltpbench.workload.Terminal;
import org.oltpbench.util.Progress;
import org.oltpbench.workload.Workload;

/** TPC-C on BenchmarkSQL 5.0's bmsql_* tables or go-tpc's ({@link TpccTables}, tpccSchema). */
public final class TpccWorkload implements Workload {
    /** The tablegroup of the partitioned tables on OceanBase (obd's name for it). */
    static final String TABLEGROUP = "tpcc_group";

    private final TpccParams params;
    private final LoadParams load;
    private final Dialect dialect;
    private final PrintStream out;
    private final int first, count;
    /** The whole job's warehouses, of which this client drives {@code first..first+count-1}. */
    private final int[] whole;
    private final ClientShare share;
    private final long seed;
    private volatile int[] runConstants;
    /** tpccMode=procedures' stored routines; null in client mode. */
    private final TpccProcedures procs;
    /** Whose tables (tpccSchema): every statement here is written with BenchmarkSQL's names and given these. */
    private final TpccTables tables;
    /** How long a client waits for another client's part of a shared load before giving up. */
    static final long STALL_SECS = 30 * 60;

    public TpccWorkload(TpccParams params, LoadParams load, Dialect dialect, PrintStream out) {
        this.params = params;
        this.load = load;
        this.dialect = dialect;
        this.out = out;
        this.share = params.share();
        this.whole = new int[] {params.firstWarehouse(), params.lastWarehouse()};
        int[] range = params.mine();
        this.first = range[0];
        this.count = range[1] - range[0] + 1;
        long s = params.randSeed();
        this.seed = s != 0 ? s : System.nanoTime();
        this.tables = TpccTables.of(params.schema());
        this.procs = params.mode() == org.oltpbench.config.TpccMode.PROCEDURES ? TpccProcedures.of(dialect, tables) : null;
        if (procs != null && procs.hammerDb() != null && params.perItemNewOrder()) {
            throw new ConfigException("newOrderStyle=perItem: HammerDB's NEWORD is one routine that takes no lines; on "
                    + "tpccSchema=hammerdb use tpccMode=client for the row-by-row New-Order");
        }
    }

    /**
     * TPC-C's transaction table; the scale is the warehouses this client's terminals drive (its loaded ones, or its
     * share of activeWarehouses), which tpmC's efficiency divides by.
     */
    @Override
    public WorkloadInfo info() {
        int[] driven = params.driven();
        return new WorkloadInfo("tpcc", Family.TPCC, TpccType.table(params), WorkloadInfo.Scale.warehouses(driven[1] - driven[0] + 1),
                TpccTally.names());
    }

    /** The same data set and seed, its terminals on warehouses 1..{@code warehouses} (a warehouses=search probe). */
    @Override
    public Workload onWarehouses(int warehouses) {
        TpccWorkload w = new TpccWorkload(params.withActiveWarehouses(warehouses), load, dialect, out);
        w.runConstants = runConstants;
        return w;
    }

    public int warehouses() {
        return count;
    }

    @Override
    public boolean isPrepared(Database db) throws SQLException {
        try (Connection c = db.connect()) {
            if (!tablesPresent(c) || peerLayout(c) != null) return false;
            return missingWarehouses(c).isEmpty() && loadFinished(c);
        }
    }

    /** Tables present but warehouses missing: the data set is of another scale than warehouses (or warehouseRange) asks. */
    @Override
    public String unprepared(Database db) throws SQLException {
        try (Connection c = db.connect()) {
            if (!tablesPresent(c)) {
                String other = otherLayout(c);
                return other != null ? other : Workload.super.unprepared(db);
            }
            String peer = peerLayout(c);
            if (peer != null) return peer;
            List<Integer> missing = missingWarehouses(c);
            if (missing.isEmpty()) {
                return "warehouses " + first + "-" + (first + count - 1) + " are loaded, but their prepare was stopped before "
                        + "its last steps (the secondary indexes, " + tables.config() + "); run prepare to finish it";
            }
            Integer loaded = configured(c, "warehouses");
            int lo = missing.get(0), hi = missing.get(missing.size() - 1);
            String which = missing.size() == 1 ? "warehouse " + lo + " is"
                    : missing.size() == hi - lo + 1 ? "warehouses " + lo + "-" + hi + " are"
                    : missing.size() + " warehouses between " + lo + " and " + hi + " are";
            return which + " not loaded" + (loaded == null ? "" : " (" + tables.config() + " says warehouses=" + loaded + ")")
                    + " but this run asks for warehouses " + first + "-" + (first + count - 1) + "; set warehouses="
                    + (loaded == null ? "<the loaded count>" : loaded) + ", or run prepare to load the missing ones";
        }
    }

    /**
     * Whether this layout's tables are all there: its nine, and its configuration table unless the layout's peer loads
     * without one (go-tpc).
     */
    private boolean tablesPresent(Connection c) throws SQLException {
        for (String t : tables.specTables()) if (!Database.tableExists(c, t)) return false;
        return tables.configOptional() || Database.tableExists(c, tables.config());
    }

    /**
     * Issue 60: the one line for a database that holds another layout's TPC-C tables than tpccSchema asks for (found by
     * its warehouse table); null when it holds none.
     */
    private String otherLayout(Connection c) throws SQLException {
        List<TpccTables> found = new ArrayList<>();
        for (TpccTables other : TpccTables.values()) {
            if (other != tables && !other.sameNames(tables) && Database.tableExists(c, other.table("bmsql_warehouse"))) found.add(other);
        }
        if (found.isEmpty()) return null;
        // go-tpc's and HammerDB's tables share their names: the customer index each one's load writes says whose
        List<TpccTables> marked = new ArrayList<>();
        for (TpccTables t : found) if (indexExists(c, t)) marked.add(t);
        if (!marked.isEmpty()) found = marked;
        StringBuilder whose = new StringBuilder(), keys = new StringBuilder();
        for (TpccTables t : found) {
            whose.append(whose.isEmpty() ? "" : " or ").append(t.title()).append("'s");
            keys.append(keys.isEmpty() ? "" : " or ").append(t.key());
        }
        TpccTables first = found.get(0);
        return "this database holds " + whose + " TPC-C tables (" + first.table("bmsql_warehouse") + ", "
                + first.table("bmsql_oorder") + ", ...), not " + tables.title() + "'s that tpccSchema=" + tables.key()
                + " asks for; set tpccSchema=" + keys + " to run them";
    }

    /**
     * The one line for a data set of a layout with the same table names as this one's (go-tpc's and HammerDB's) that the
     * other peer's load marked (its customer index) and this layout's did not: never run, nor finished with this layout's
     * indexes, as if it were this layout's. Null when it is not.
     */
    private String peerLayout(Connection c) throws SQLException {
        for (TpccTables other : TpccTables.values()) {
            if (other == tables || !other.sameNames(tables) || !indexExists(c, other) || indexExists(c, tables)) continue;
            return "this database holds " + other.title() + "'s TPC-C tables (its index " + TpccSchema.customerIndex(other, dialect)
                    + " on " + other.table("bmsql_customer") + "), not " + tables.title() + "'s that tpccSchema=" + tables.key()
                    + " asks for; set tpccSchema=" + other.key() + " to run them";
        }
        return null;
    }

    /** Warehouses of the range without their warehouse row (never loaded, or interrupted). */
    private List<Integer> missingWarehouses(Connection c) throws SQLException {
        boolean[] present = new boolean[count];
        try (PreparedStatement ps = c.prepareStatement(tables.sql("SELECT w_id FROM bmsql_warehouse WHERE w_id BETWEEN ? AND ?"))) {
            ps.setInt(1, first);
            ps.setInt(2, first + count - 1);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) present[rs.getInt(1) - first] = true;
            }
        }
        List<Integer> missing = new ArrayList<>();
        for (int i = 0; i < count; i++) if (!present[i]) missing.add(first + i);
        return missing;
    }

    /** Without the spec's pacing (the seeds' way, and the default), tpmC is a throughput figure, and it says so. */
    @Override
    public String disclaimer() {
        String on = tables == TpccTables.BENCHMARKSQL ? "" : "On " + tables.title() + "'s tables (tpccSchema=" + tables.key()
                + ")." + (params.paced() ? "" : "\n");
        return on + (params.paced() ? "" : "Not a TPC-C result: no keying or think time; tpmC here is a throughput figure.");
    }

    /** "1-3, 5, 7-8" for ascending warehouse numbers. */
    public static String ranges(List<Integer> ws) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < ws.size(); ) {
            int j = i;
            while (j + 1 < ws.size() && ws.get(j + 1) == ws.get(j) + 1) j++;
            if (b.length() > 0) b.append(", ");
            b.append(ws.get(i));
            if (j > i) b.append('-').append(ws.get(j));
            i = j + 1;
        }
        return b.toString();
    }

    @Override
    public LoadResult prepare(Database db, LoadStop stop) throws SQLException {
        boolean indexesLater = params.indexesAfterLoad();
        List<Integer> missing;
        boolean items;
        int cLoad;
        if (!share.leads()) awaitLead(db, stop, "to create the TPC-C tables", c -> loadConstantIfPresent(c) != null);
        try (Connection c = db.connect(); Statement st = c.createStatement()) {
            String other = Database.tableExists(c, tables.table("bmsql_warehouse")) ? peerLayout(c) : otherLayout(c);
            if (other != null) {
                throw new ConfigException(other + ", or prepare " + tables.title() + "'s in another database (one layout per "
                        + "database)");
            }
            if (!Database.tableExists(c, tables.table("bmsql_warehouse"))) {
                out.println("Creating the TPC-C tables (" + tables.title() + " schema)...");
                Layout layout = Layout.tpcc(load, tablegroup(st));
                for (String sql : TpccSchema.createTables(dialect, layout, tables)) st.execute(sql);
                if (!indexesLater) for (String sql : TpccSchema.createIndexes(dialect, layout, tables)) st.execute(sql);
            } else if (!Database.tableExists(c, tables.config())) { // the peer loaded it, and keeps no configuration
                st.execute(TpccSchema.createTables(dialect, Layout.tpcc(load, null), tables).get(0));
            }
            missing = missingWarehouses(c);
            // a load stopped after its last warehouse is finished here: its indexes and configuration, written last
            if (missing.isEmpty() && loadFinished(c) && (!indexesLater || indexExists(c))) {
                throw new ConfigException("warehouses " + first + "-" + (first + count - 1)
                        + " are already loaded; run cleanup first, or set warehouseRange to the ones still missing");
            }
            items = share.leads() && itemsToLoad(st);
            cLoad = loadConstant(c);
        }
        if (missing.size() < count) {
            List<Integer> kept = new ArrayList<>();
            for (int w = first; w < first + count; w++) if (!missing.contains(w)) kept.add(w);
            out.println("resuming a prepare: kept warehouse(s) " + ranges(kept) + " (complete: their warehouse row, written "
                    + "last, is in); " + (missing.isEmpty() ? "finishing it" : "loading " + ranges(missing)
                    + " from clean (rows a broken load left are deleted first)"));
        }
        LoadResult loaded = missing.isEmpty() && !items ? LoadResult.NONE : loadWarehouses(db, stop, missing, items, cLoad);
        if (!share.leads()) {
            awaitLead(db, stop, "to finish the load (every client's warehouses, then the indexes)", this::loadFinished);
            return loaded;
        }
        if (!share.alone()) awaitOtherClients(db, stop);
        if (stop.stopping()) throw LoadStopped.kept(stoppedBeforeTheEnd());
        finish(db, stop, indexesLater);
        ensureProcedures(db);
        return loaded;
    }

    /**
     * sum(d_next_o_id) over the districts of the warehouses this client drives: it grows by one per committed New-Order
     * (2.4.2.2), so its growth over the window is HammerDB's NOPM, counted on the server.
     */
    @Override
    public org.oltpbench.workload.DataCounter dataCounter() {
        int[] driven = params.driven();
        return new org.oltpbench.workload.DataCounter("sum(d_next_o_id)", c -> tables.nextOrderIdSum(c, driven[0], driven[1]));
    }

    /** tpccMode=procedures: the routines of this version are in the database, created when missing or older. */
    @Override
    public void validate(Database db) throws SQLException {
        ensureProcedures(db);
        String fewer = fewerThanLoaded(db);
        if (fewer != null) out.println(fewer);
    }

    /**
     * Issue 58 §4: a run on fewer warehouses than the database holds (warehouses=1 on a 2-warehouse load) ran with no
     * word; its tpmC is of the warehouses it drove, and the check's scale line fails on it. One line says so; null
     * where the job's warehouses reach the highest loaded.
     */
    private String fewerThanLoaded(Database db) throws SQLException {
        try (Connection c = db.connect(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery(tables.sql("SELECT COUNT(*), MAX(w_id) FROM bmsql_warehouse"))) {
            if (!rs.next()) return null;
            long found = rs.getLong(1), highest = rs.getLong(2);
            if (highest <= whole[1]) return null;
            String drives = whole[0] == whole[1] ? "warehouse " + whole[0] : "warehouses " + whole[0] + "-" + whole[1];
            return String.format(java.util.Locale.ROOT, "note: the database holds %d warehouses (highest w_id %d); this job "
                    + "drives %s, so tpmC is theirs and check's scale line fails: set warehouses=%d to run them all", found,
                    highest, drives, found);
        }
    }

    private void ensureProcedures(Database db) throws SQLException {
        if (procs == null) return;
        try (Connection c = db.connect()) {
            if (procs.version().equals(procs.installed(c))) return;
            if (procs.hammerDb() != null && procs.installed(c) == null && procs.peerRoutines(c)) {
                out.println("Replacing HammerDB's own NEWORD, PAYMENT, OSTAT, DELIVERY and SLEV with oltpbench's of the same "
                        + "names and signatures, which tell the caller each rollback and skipped district it counts");
            }
            out.println("Creating the TPC-C stored routines (tpccMode=procedures, " + procs.version() + ")...");
            procs.install(c);
        }
    }

    /** The warehouses and items a prepare lacks, loaded; a stop says which warehouses it kept complete. */
    private LoadResult loadWarehouses(Database db, LoadStop stop, List<Integer> missing, boolean items, int cLoad)
            throws SQLException {
        out.printf("Loading %d warehouse(s) with %d worker(s)%s...%n", missing.size(), load.workers(),
                items ? " and the 100,000 items" : "");
        LoadMeter meter = new LoadMeter(stop);
        TpccLoader loader = new TpccLoader(db, load, seed, cLoad, out, meter, tables);
        try {
            loader.load(missing, items);
        } catch (LoadStopped e) {
            throw LoadStopped.kept(kept(missing, loader.complete(), !items || loader.itemsComplete()));
        }
        LoadResult loaded = meter.result(load.workers(), load.method(), missing.size());
        LoadReport.print(out, loaded);
        return loaded;
    }

    /** "kept warehouse(s) 1-2 and the items; incomplete: warehouse(s) 3-4": this client's range after a stopped load. */
    private String kept(List<Integer> missing, List<Integer> loaded, boolean itemsComplete) {
        List<Integer> complete = new ArrayList<>(), incomplete = new ArrayList<>();
        for (int w = first; w < first + count; w++) (missing.contains(w) && !loaded.contains(w) ? incomplete : complete).add(w);
        List<String> kept = new ArrayList<>(), not = new ArrayList<>();
        (complete.isEmpty() ? not : kept).add("warehouse(s) " + ranges(complete.isEmpty() ? incomplete : complete));
        if (!complete.isEmpty() && !incomplete.isEmpty()) not.add("warehouse(s) " + ranges(incomplete));
        if (share.leads()) (itemsComplete ? kept : not).add("the items");
        return "kept " + (kept.isEmpty() ? "nothing complete" : String.join(" and ", kept))
                + (not.isEmpty() ? "" : "; incomplete: " + String.join(", ", not));
    }

    /**
     * Whether ITEM must be loaded: empty, or partial (a load stopped in it: its rows are deleted first). It is complete
     * with all of its 100,000 rows.
     */
    private boolean itemsToLoad(Statement st) throws SQLException {
        long n = count(st.getConnection().createStatement(), tables.sql("SELECT COUNT(*) FROM bmsql_item"));
        if (n == TpccLoader.ITEMS) return false;
        if (n > 0) {
            out.println("resuming a prepare: " + tables.table("bmsql_item") + " holds " + n + " of " + TpccLoader.ITEMS + " rows; loading it from clean");
            st.execute(tables.sql("DELETE FROM bmsql_item"));
        }
        return true;
    }

    /** What a load stopped after its last warehouse kept. */
    private String stoppedBeforeTheEnd() {
        return "kept every warehouse (" + ranges(java.util.stream.IntStream.range(first, first + count).boxed().toList())
                + ") and the items; not yet done: the secondary indexes and " + tables.config();
    }

    /** The leading client's last steps: the secondary indexes (indexesAfterLoad), then the configuration table. */
    private void finish(Database db, LoadStop stop, boolean indexesLater) throws SQLException {
        try (Connection c = db.connect(); Statement st = c.createStatement()) {
            if (indexesLater && !indexExists(c)) {
                try {
                    Progress.during(out, "creating the secondary indexes", () -> {
                        for (String sql : TpccSchema.createIndexes(dialect, Layout.tpcc(load, null), tables)) stop.cancelling(st, () -> st.execute(sql));
                        return null;
                    });
                } catch (LoadStopped e) {
                    throw LoadStopped.kept(stoppedBeforeTheEnd());
                }
            }
            writeConfig(c);
        }
    }

    /**
     * Creates the tablegroup the partitioned tables join, and returns its name; null when there is none to use
     * (tablegroup=false, no partitions, or under auto an engine or server without tablegroups, e.g. seekdb).
     */
    private String tablegroup(Statement st) {
        String mode = load.tablegroup(), create = dialect.createTablegroup(TABLEGROUP);
        if (mode.equals("false") || (mode.equals("auto") && (load.partitions() == 0 || create == null))) return null;
        if (create == null || load.partitions() == 0) {
            throw new ConfigException("tablegroup=true needs partitions > 0 on an engine with tablegroups (OceanBase); "
                    + "set tablegroup=auto or false");
        }
        try {
            try {
                st.execute(dialect.dropTablegroup(TABLEGROUP));
            } catch (SQLException leftOver) {
                // none left over from an interrupted prepare
            }
            st.execute(create);
            out.println("Created tablegroup " + TABLEGROUP + " for the partitioned tables");
            return TABLEGROUP;
        } catch (SQLException e) {
            if (mode.equals("auto") && dialect.tablegroupUnsupported(e)) {
                out.println("This server has no tablegroups (it refuses CREATE TABLEGROUP); the tables are partitioned without one");
                return null;
            }
            throw new ConfigException("CREATE TABLEGROUP " + TABLEGROUP + " failed: " + e.getMessage() + "; set tablegroup=false", e);
        }
    }

    private boolean indexExists(Connection c) throws SQLException {
        return indexExists(c, tables);
    }

    /** Whether {@code t}'s customer index, which its load writes last, is on the customer table. */
    private boolean indexExists(Connection c, TpccTables t) throws SQLException {
        try (ResultSet rs = c.getMetaData().getIndexInfo(c.getCatalog(), c.getSchema(), t.table("bmsql_customer"), false, true)) {
            while (rs.next()) if (TpccSchema.customerIndex(t, dialect).equalsIgnoreCase(rs.getString("INDEX_NAME"))) return true;
        }
        return false;
    }

    /** The load-time C of NURand(255, ...): kept in the configuration table so later loads and runs use the same one. */
    private int loadConstant(Connection c) throws SQLException {
        Integer present = loadConstantIfPresent(c);
        if (present != null) return present;
        int cLoad = new TpccRandom(seed, 0, 0, 0).between(0, 255);
        try (PreparedStatement ps = c.prepareStatement(tables.sql("INSERT INTO bmsql_config (cfg_name, cfg_value) VALUES ('nURandCLast', ?)"))) {
            ps.setString(1, String.valueOf(cLoad));
            ps.executeUpdate();
        }
        return cLoad;
    }

    /** The stored load-time C, or null when the tables or the row are not there yet. */
    private Integer loadConstantIfPresent(Connection c) throws SQLException {
        return configured(c, "nURandCLast");
    }

    /** A number kept in the configuration table, or null when the table or the row is not there. */
    private Integer configured(Connection c, String name) throws SQLException {
        return Database.tableExists(c, tables.config()) ? configValue(c, name) : null;
    }

    /** A number kept in the configuration table, or null when the row is not there; the table must exist. */
    private Integer configValue(Connection c, String name) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(tables.sql("SELECT cfg_value FROM bmsql_config WHERE cfg_name = ?"))) {
            ps.setString(1, name);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Integer.parseInt(rs.getString(1).trim()) : null;
            }
        }
    }

    /**
     * True once the leading client wrote the configuration's last rows, which it does after every client's load and the
     * indexes; a layout whose peer keeps none (go-tpc) is finished without it when its peer loaded it.
     */
    private boolean loadFinished(Connection c) throws SQLException {
        if (tables.configOptional() && !Database.tableExists(c, tables.config())) return true;
        Integer loaded = configured(c, "warehouses");
        return loaded != null && loaded >= whole[1];
    }

    /** A condition the leading client (clientIndex 0) makes true. */
    private interface Ready {
        boolean test(Connection c) throws SQLException;
    }

    /** Polls every 2 s, with a progress line, until the leading client has done its part; gives up after {@link #STALL_SECS}. */
    private void awaitLead(Database db, LoadStop stop, String what, Ready ready) throws SQLException {
        long t0 = System.nanoTime();
        Progress p = new Progress(out, "waiting for client 0 " + what, 0, "", () -> 0);
        while (true) {
            try (Connection c = db.connect()) {
                if (ready.test(c)) break;
            }
            if ((System.nanoTime() - t0) / 1_000_000_000L > STALL_SECS) {
                throw new SQLException("client 0 did not " + what.substring(3) + " within " + STALL_SECS / 60 + " minutes; "
                        + "is the client with clientIndex=0 running against the same database?");
            }
            p.print();
            pause(stop);
        }
        p.finish();
    }

    /** The leading client waits until every client's warehouses are loaded; gives up when none arrives for STALL_SECS. */
    private void awaitOtherClients(Database db, LoadStop stop) throws SQLException {
        int total = whole[1] - whole[0] + 1;
        long[] loaded = {0};
        Progress p = new Progress(out, "waiting for the other clients' warehouses", total, "warehouses", () -> loaded[0]);
        long lastChange = System.nanoTime();
        while (true) {
            long n;
            try (Connection c = db.connect(); PreparedStatement ps = c.prepareStatement(
                    tables.sql("SELECT COUNT(*) FROM bmsql_warehouse WHERE w_id BETWEEN ? AND ?"))) {
                ps.setInt(1, whole[0]);
                ps.setInt(2, whole[1]);
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    n = rs.getLong(1);
                }
            }
            if (n != loaded[0]) lastChange = System.nanoTime();
            loaded[0] = n;
            if (n >= total) break;
            if ((System.nanoTime() - lastChange) / 1_000_000_000L > STALL_SECS) {
                throw new SQLException("no client finished a warehouse for " + STALL_SECS / 60 + " minutes (" + n + " of " + total
                        + " loaded); is every client of clientCount=" + share.count() + " running its prepare?");
            }
            p.print();
            pause(stop);
        }
        p.finish();
    }

    /** Two seconds between polls; a stop ends the wait within a tenth of them. */
    private static void pause(LoadStop stop) throws SQLException {
        try {
            for (int i = 0; i < 10; i++) {
                stop.check();
                Thread.sleep(200);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLException("prepare interrupted");
        }
    }

    /** BenchmarkSQL's bmsql_config (or the layout's configuration table): warehouses (the highest loaded), the NURand constants. */
    private void writeConfig(Connection c) throws SQLException {
        long maxW = count(c.createStatement(), tables.sql("SELECT COALESCE(MAX(w_id), 0) FROM bmsql_warehouse"));
        try (Statement st = c.createStatement()) {
            st.execute(tables.sql("DELETE FROM bmsql_config WHERE cfg_name IN ('warehouses', 'nURandCC_ID', 'nURandCI_ID')"));
        }
        TpccRandom r = new TpccRandom(seed + 1, 0, 0, 0);
        try (PreparedStatement ps = c.prepareStatement(tables.sql("INSERT INTO bmsql_config (cfg_name, cfg_value) VALUES (?, ?)"))) {
            String[][] rows = {{"warehouses", String.valueOf(maxW)}, {"nURandCC_ID", String.valueOf(r.between(0, 1023))},
                {"nURandCI_ID", String.valueOf(r.between(0, 8191))}};
            for (String[] row : rows) {
                ps.setString(1, row[0]);
                ps.setString(2, row[1]);
                ps.executeUpdate();
            }
        }
    }

    private static long count(Statement st, String sql) throws SQLException {
        try (st; ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /**
     * The scale found against the one asked for (warehouses=), then TPC-C's consistency conditions: a data set of
     * another scale than the props say fails, whatever its consistency.
     */
    @Override
    public CheckReport check(Database db) throws SQLException {
        try (Connection c = db.connect(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery(tables.sql("SELECT COUNT(*), MAX(w_id) FROM bmsql_warehouse"))) {
            rs.next();
            long found = rs.getLong(1), highest = rs.getLong(2);
            int asked = params.warehouses();
            CheckReport out = new CheckReport();
            out.add("scale", found == asked && highest == asked, found + " warehouses loaded (highest w_id " + highest
                    + "), warehouses=" + asked + " asked for" + (found == asked && highest == asked ? ""
                    : "; set warehouses=" + found + " to check this data set, or prepare the one asked for"));
            for (CheckReport.Line l : new TpccCheck(TpccLoader.FIRST_UNDELIVERED - 1).in(tables).run(c).lines()) {
                out.add(l.name(), l.passed(), l.detail());
            }
            return out;
        }
    }

    @Override
    public void cleanup(Database db) throws SQLException {
        if (dialect.procedureLanguage() != org.oltpbench.dialect.ProcedureLanguage.NONE) {
            try (Connection c = db.connect()) {
                TpccProcedures.of(dialect, tables).drop(c); // whichever mode loaded them
            } catch (SQLException e) {
                out.println("could not drop the TPC-C stored routines: " + e.getMessage());
            }
        }
        try (Connection c = db.connect(); Statement st = c.createStatement()) {
            for (String view : tables.views()) st.execute("DROP VIEW IF EXISTS " + view); // it holds the tables below
            List<String> all = tables.tables();
            for (int i = all.size() - 1; i >= 0; i--) {
                out.println("Dropping table '" + all.get(i) + "'...");
                st.execute("DROP TABLE IF EXISTS " + all.get(i));
            }
            String dropGroup = dialect.dropTablegroup(TABLEGROUP);
            if (dropGroup != null) {
                try {
                    st.execute(dropGroup);
                } catch (SQLException e) {
                    // a server without tablegroups (seekdb)
                }
            }
        }
    }

    @Override
    public Terminal terminal(Connection c, int index, int threads, long seed) throws SQLException {
        int[] k = constants(c);
        TpccRandom r = new TpccRandom(seed, k[0], k[1], k[2]);
        return terminal(Desk.own(c, params.perItemNewOrder(), procs, tables), r, index);
    }

    @Override
    public boolean sharesConnections() {
        return true;
    }

    @Override
    public Terminal sharedTerminal(SharedConnections shared, int index, int threads, long seed) throws SQLException {
        int[] k = runConstants;
        if (k == null) {
            Connection c = shared.borrow();
            try {
                k = constants(c);
            } finally {
                shared.giveBack(c);
            }
        }
        return terminal(Desk.shared(shared, dialect, params.perItemNewOrder(), procs, tables), new TpccRandom(seed, k[0], k[1], k[2]), index);
    }

    private Terminal terminal(Desk desk, TpccRandom r, int index) {
        int[] driven = params.driven();
        return new TpccTerminal(desk, dialect, new Deck(TpccType.weights(params.mix())), r, index, driven[0],
                driven[1] - driven[0] + 1, params.remoteWarehouses(), params.terminalWarehouseFixed(), params.keyingScale(),
                params.thinkScale());
    }

    /** Run-time NURand constants, drawn once per workload: C_last obeys 2.1.6.1 against the loaded one. */
    private int[] constants(Connection c) throws SQLException {
        int[] k = runConstants;
        if (k != null) return k;
        synchronized (this) {
            if (runConstants == null) {
                Integer stored = configured(c, "nURandCLast"); // none where the peer loaded the data: C_load unknown
                int cLoad = stored == null ? 0 : stored;
                TpccRandom r = new TpccRandom(seed ^ 0xC0FFEE, 0, 0, 0);
                runConstants = new int[] {TpccRandom.runCLast(cLoad, r), r.between(0, 1023), r.between(0, 8191)};
            }
            return runConstants;
        }
    }
}
