package org.oltpbench.workload.tpcc;

import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Whose TPC-C tables a job runs on (tpccSchema, issue 60): the same nine tables of the specification's columns under
 * each peer's names, so that data one tool loaded runs under the other. The workload's SQL is written once, with
 * BenchmarkSQL's names; {@link #sql} gives it this layout's.
 * <ul>
 * <li>{@link #BENCHMARKSQL}: BenchmarkSQL 5.0's {@code bmsql_*} tables, its bmsql_config and bmsql_history.hist_id;</li>
 * <li>{@link #GO_TPC}: go-tpc's (v1.0.7 tpcc/ddl.go): warehouse, district, customer, history, new_order, orders,
 * order_line, stock, item, DATETIME dates, a history without a key, its indexes idx_customer, idx_order, idx_h_w_id and
 * idx_h_c_w_id. go-tpc keeps no configuration table; oltpbench's own load keeps its NURand constants and the loaded
 * scale in oltpbench_tpcc_config beside them (go-tpc's check and run read only their nine), and a data set go-tpc loaded
 * runs without it. CH's three tables are go-tpc ch's region, nation and supplier (its s_ supplier columns).</li>
 * <li>{@link #HAMMERDB}: HammerDB's TPROC-C (v5 src/mysql/mysqloltp.tcl and src/postgresql/pgoltp.tcl, CreateTables
 * and CreateIndexes): the same nine names as go-tpc's, each engine family's own DDL ({@link TpccSchema}), a history
 * without a key; with tpccMode=procedures, routines of HammerDB's names and signatures ({@link HammerDbCalls}).
 * Its tables and go-tpc's share their names: the customer index each writes tells them apart.</li>
 * </ul>
 */
public enum TpccTables {
    BENCHMARKSQL("benchmarksql", "BenchmarkSQL 5.0", Map.of()),
    GO_TPC("go-tpc", "go-tpc", Map.of("config", "oltpbench_tpcc_config", "oorder", "orders")),
    HAMMERDB("hammerdb", "HammerDB", Map.of("config", "oltpbench_tpcc_config", "oorder", "orders"));

    /**
     * BenchmarkSQL's table names as words in SQL text (never a longer name such as an index's bmsql_customer_idx1), CH's
     * three (bmsql_region, bmsql_nation, bmsql_supplier) among them.
     */
    private static final Pattern NAMES = Pattern.compile(
            "\\bbmsql_(config|warehouse|district|customer|history|new_order|oorder|order_line|item|stock|region|nation|supplier)\\b");
    /** CH's supplier columns as BenchmarkSQL's CH names them (su_); go-tpc's ch names them s_ (its ch/ddl.go). */
    private static final Pattern SUPPLIER_COLUMNS = Pattern.compile("\\bsu_(suppkey|name|address|nationkey|phone|acctbal|comment)\\b");

    private final String key, title;
    /** BenchmarkSQL's name without its prefix, to this layout's name where it is not the same without the prefix. */
    private final Map<String, String> renamed;

    TpccTables(String key, String title, Map<String, String> renamed) {
        this.key = key;
        this.title = title;
        this.renamed = renamed;
    }

    /** tpccSchema's value. */
    public String key() {
        return key;
    }

    /** The tool whose tables these are, as the banner names it. */
    public String title() {
        return title;
    }

    /** The layout tpccSchema names; BenchmarkSQL's for null (results and props before the key). */
    public static TpccTables of(String key) {
        if (key == null) return BENCHMARKSQL;
        for (TpccTables t : values()) if (t.key.equals(key)) return t;
        throw new IllegalArgumentException("tpccSchema=" + key);
    }

    /** {@code bmsqlName} (bmsql_warehouse, ...) in this layout. */
    public String table(String bmsqlName) {
        return sql(bmsqlName);
    }

    /** BenchmarkSQL's SQL with this layout's table names; the same text for BenchmarkSQL's own. */
    /**
     * sum(D_NEXT_O_ID) over warehouses {@code first}..{@code last}, read on {@code c} (committed after when it is not
     * autocommit): it grows by one per committed New-Order (2.4.2.2); -1 when no district answers.
     */
    public long nextOrderIdSum(java.sql.Connection c, int first, int last) throws java.sql.SQLException {
        try (java.sql.PreparedStatement ps = c.prepareStatement(sql("SELECT SUM(d_next_o_id) FROM bmsql_district WHERE d_w_id BETWEEN ? AND ?"))) {
            ps.setInt(1, first);
            ps.setInt(2, last);
            try (java.sql.ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getLong(1) : -1;
            } finally {
                if (!c.getAutoCommit()) c.commit();
            }
        }
    }

    public String sql(String text) {
        if (this == BENCHMARKSQL) return text;
        Matcher m = NAMES.matcher(text);
        StringBuilder out = new StringBuilder(text.length());
        while (m.find()) m.appendReplacement(out, renamed.getOrDefault(m.group(1), m.group(1)));
        m.appendTail(out);
        return this == GO_TPC ? SUPPLIER_COLUMNS.matcher(out).replaceAll("s_$1") : out.toString();
    }

    /** Every table, in load order (the configuration table first); dropped in reverse. */
    public List<String> tables() {
        return TpccSchema.TABLES.stream().map(this::table).toList();
    }

    /** The nine of the specification, without the configuration table: what another layout's data set is found by. */
    public List<String> specTables() {
        return tables().stream().filter(t -> !t.equals(config())).toList();
    }

    /** The table the load keeps its scale and NURand constants in. */
    public String config() {
        return table("bmsql_config");
    }

    /** Whether this layout's nine tables have the same names as {@code other}'s (go-tpc's and HammerDB's do). */
    boolean sameNames(TpccTables other) {
        return specTables().equals(other.specTables());
    }

    /**
     * Whether CH-benCHmark's three tables have this layout's peer's form: BenchmarkSQL's (bmsql_region, bmsql_nation,
     * bmsql_supplier with su_ columns) and go-tpc's ch (region, nation, supplier with s_ columns); HammerDB has no CH.
     */
    public boolean hasCh() {
        return this != HAMMERDB;
    }

    /**
     * Views over this layout's tables that its peer's CH creates, dropped before the tables: go-tpc ch's revenue1 (its
     * Q15's, over stock and order_line); none elsewhere.
     */
    public List<String> views() {
        return this == GO_TPC ? List.of("revenue1") : List.of();
    }

    /** Whether a data set of this layout that lacks the configuration table runs (loaded by the peer, which keeps none). */
    public boolean configOptional() {
        return this != BENCHMARKSQL;
    }
}
