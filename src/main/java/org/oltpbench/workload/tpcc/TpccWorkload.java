package org.oltpbench.workload.tpcc;

import java.io.PrintStream;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.oltpbench.config.Config;
import org.oltpbench.config.ConfigException;
import org.oltpbench.config.Keys;
import org.oltpbench.db.Database;
import org.oltpbench.dialect.Dialect;
import org.oltpbench.dialect.Layout;
import org.oltpbench.workload.CheckReport;
import org.oltpbench.workload.Terminal;
import org.oltpbench.workload.Workload;

/** TPC-C on BenchmarkSQL 5.0's bmsql_* schema. */
public final class TpccWorkload implements Workload {
    /** The tablegroup of the partitioned tables on OceanBase (obd's name for it). */
    static final String TABLEGROUP = "tpcc_group";
    public static final List<String> KINDS = List.of("NEW_ORDER", "PAYMENT", "ORDER_STATUS", "DELIVERY", "STOCK_LEVEL");

    private final Config cfg;
    private final Dialect dialect;
    private final PrintStream out;
    private final int first, count;
    private final double[] weights;
    private final long seed;
    private volatile int[] runConstants;

    public TpccWorkload(Config cfg, Dialect dialect, PrintStream out) {
        this.cfg = cfg;
        this.dialect = dialect;
        this.out = out;
        int[] range = range(cfg.get(Keys.WAREHOUSE_RANGE), cfg.get(Keys.WAREHOUSES));
        this.first = range[0];
        this.count = range[1] - range[0] + 1;
        this.weights = new double[] {cfg.get(Keys.NEW_ORDER_WEIGHT), cfg.get(Keys.PAYMENT_WEIGHT),
            cfg.get(Keys.ORDER_STATUS_WEIGHT), cfg.get(Keys.DELIVERY_WEIGHT), cfg.get(Keys.STOCK_LEVEL_WEIGHT)};
        double sum = 0;
        for (double w : weights) sum += w;
        if (Math.abs(sum - 100) > 0.01) {
            throw new ConfigException("newOrderWeight + paymentWeight + orderStatusWeight + deliveryWeight + stockLevelWeight = "
                    + sum + "; they must add up to 100 (TPC-C: 45, 43, 4, 4, 4)");
        }
        long s = cfg.get(Keys.RAND_SEED);
        this.seed = s != 0 ? s : System.nanoTime();
    }

    /** How many warehouses a config drives: the size of warehouseRange, or warehouses. */
    public static int warehouseCount(Config cfg) {
        int[] r = range(cfg.get(Keys.WAREHOUSE_RANGE), cfg.get(Keys.WAREHOUSES));
        return r[1] - r[0] + 1;
    }

    /** warehouseRange "a-b" (or "" for 1-warehouses) as {first, last}. */
    public static int[] range(String text, int warehouses) {
        if (text.isBlank()) return new int[] {1, warehouses};
        String[] p = text.trim().split("-");
        try {
            int a = Integer.parseInt(p[0].trim()), b = p.length > 1 ? Integer.parseInt(p[1].trim()) : a;
            if (p.length <= 2 && a >= 1 && b >= a) return new int[] {a, b};
        } catch (NumberFormatException e) {
            // falls through to the message
        }
        throw new ConfigException("bad value for warehouseRange: '" + text + "'; allowed: FIRST-LAST with 1 <= FIRST <= LAST, e.g. 1-50");
    }

    @Override
    public String name() {
        return "tpcc";
    }

    @Override
    public List<String> kinds() {
        return KINDS;
    }

    @Override
    public String reportStyle() {
        return "tpcc";
    }

    public int warehouses() {
        return count;
    }

    @Override
    public boolean isPrepared(Database db) throws SQLException {
        try (Connection c = db.connect()) {
            for (String t : TpccSchema.TABLES) if (!Database.tableExists(c, t)) return false;
            return missingWarehouses(c).isEmpty();
        }
    }

    /** Warehouses of the range without their bmsql_warehouse row (never loaded, or interrupted). */
    private List<Integer> missingWarehouses(Connection c) throws SQLException {
        boolean[] present = new boolean[count];
        try (PreparedStatement ps = c.prepareStatement("SELECT w_id FROM bmsql_warehouse WHERE w_id BETWEEN ? AND ?")) {
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

    @Override
    public void prepare(Database db) throws SQLException {
        boolean indexesLater = cfg.get(Keys.INDEXES_AFTER_LOAD);
        List<Integer> missing;
        boolean items;
        int cLoad;
        try (Connection c = db.connect(); Statement st = c.createStatement()) {
            if (!Database.tableExists(c, "bmsql_warehouse")) {
                out.println("Creating the TPC-C tables (BenchmarkSQL 5.0 schema)...");
                Layout layout = Layout.tpcc(cfg, tablegroup(st));
                for (String sql : TpccSchema.createTables(dialect, layout)) st.execute(sql);
                if (!indexesLater) for (String sql : TpccSchema.createIndexes(dialect, layout)) st.execute(sql);
            }
            missing = missingWarehouses(c);
            if (missing.isEmpty()) {
                throw new ConfigException("warehouses " + first + "-" + (first + count - 1)
                        + " are already loaded; run cleanup first, or set warehouseRange to the ones still missing");
            }
            items = count(st, "SELECT COUNT(*) FROM bmsql_item") == 0;
            cLoad = loadConstant(c);
        }
        out.printf("Loading %d warehouse(s) with %d worker(s)%s...%n", missing.size(), cfg.get(Keys.LOAD_WORKERS),
                items ? " and the 100,000 items" : "");
        new TpccLoader(db, cfg.get(Keys.LOAD_METHOD), cfg.get(Keys.LOAD_WORKERS), seed, cLoad, out).load(missing, items);
        try (Connection c = db.connect(); Statement st = c.createStatement()) {
            if (indexesLater && !indexExists(c)) {
                out.println("Creating the secondary indexes...");
                for (String sql : TpccSchema.createIndexes(dialect, Layout.tpcc(cfg, null))) st.execute(sql);
            }
            writeConfig(c);
        }
    }

    /**
     * Creates the tablegroup the partitioned tables join, and returns its name; null when there is none to use
     * (tablegroup=false, no partitions, or under auto an engine or server without tablegroups, e.g. seekdb).
     */
    private String tablegroup(Statement st) {
        String mode = cfg.get(Keys.TABLEGROUP), create = dialect.createTablegroup(TABLEGROUP);
        if (mode.equals("false") || (mode.equals("auto") && (cfg.get(Keys.PARTITIONS) == 0 || create == null))) return null;
        if (create == null || cfg.get(Keys.PARTITIONS) == 0) {
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

    private static boolean indexExists(Connection c) throws SQLException {
        try (ResultSet rs = c.getMetaData().getIndexInfo(c.getCatalog(), c.getSchema(), "bmsql_customer", false, true)) {
            while (rs.next()) if ("bmsql_customer_idx1".equalsIgnoreCase(rs.getString("INDEX_NAME"))) return true;
        }
        return false;
    }

    /** The load-time C of NURand(255, ...): kept in bmsql_config so later loads and runs use the same one. */
    private int loadConstant(Connection c) throws SQLException {
        try (Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT cfg_value FROM bmsql_config WHERE cfg_name = 'nURandCLast'")) {
            if (rs.next()) return Integer.parseInt(rs.getString(1).trim());
        }
        int cLoad = new TpccRandom(seed, 0, 0, 0).between(0, 255);
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO bmsql_config (cfg_name, cfg_value) VALUES ('nURandCLast', ?)")) {
            ps.setString(1, String.valueOf(cLoad));
            ps.executeUpdate();
        }
        return cLoad;
    }

    /** BenchmarkSQL's bmsql_config: warehouses (the highest loaded), the NURand constants. */
    private void writeConfig(Connection c) throws SQLException {
        long maxW = count(c.createStatement(), "SELECT COALESCE(MAX(w_id), 0) FROM bmsql_warehouse");
        try (Statement st = c.createStatement()) {
            st.execute("DELETE FROM bmsql_config WHERE cfg_name IN ('warehouses', 'nURandCC_ID', 'nURandCI_ID')");
        }
        TpccRandom r = new TpccRandom(seed + 1, 0, 0, 0);
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO bmsql_config (cfg_name, cfg_value) VALUES (?, ?)")) {
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

    @Override
    public CheckReport check(Database db) throws SQLException {
        try (Connection c = db.connect()) {
            return new TpccCheck(TpccLoader.FIRST_UNDELIVERED - 1).run(c);
        }
    }

    @Override
    public void cleanup(Database db) throws SQLException {
        try (Connection c = db.connect(); Statement st = c.createStatement()) {
            for (int i = TpccSchema.TABLES.size() - 1; i >= 0; i--) {
                out.println("Dropping table '" + TpccSchema.TABLES.get(i) + "'...");
                st.execute("DROP TABLE IF EXISTS " + TpccSchema.TABLES.get(i));
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
        return new TpccTerminal(c, dialect, new Deck(weights), r, index, first, count, cfg.get(Keys.WAREHOUSES),
                cfg.get(Keys.TERMINAL_WAREHOUSE_FIXED), cfg.get(Keys.KEYING_TIME), cfg.get(Keys.THINK_TIME),
                cfg.get(Keys.NEW_ORDER_STYLE).equals("perItem"));
    }

    /** Run-time NURand constants, drawn once per workload: C_last obeys 2.1.6.1 against the loaded one. */
    private int[] constants(Connection c) throws SQLException {
        int[] k = runConstants;
        if (k != null) return k;
        synchronized (this) {
            if (runConstants == null) {
                int cLoad;
                try (Statement st = c.createStatement();
                     ResultSet rs = st.executeQuery("SELECT cfg_value FROM bmsql_config WHERE cfg_name = 'nURandCLast'")) {
                    cLoad = rs.next() ? Integer.parseInt(rs.getString(1).trim()) : 0;
                }
                TpccRandom r = new TpccRandom(seed ^ 0xC0FFEE, 0, 0, 0);
                runConstants = new int[] {TpccRandom.runCLast(cLoad, r), r.between(0, 1023), r.between(0, 8191)};
            }
            return runConstants;
        }
    }
}
