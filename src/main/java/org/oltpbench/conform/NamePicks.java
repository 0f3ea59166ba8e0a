package org.oltpbench.conform;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.oltpbench.db.Database;
import org.oltpbench.workload.tpcc.TpccTables;

/**
 * The customer a by-name Payment or Order-Status picks in each (warehouse, district, last name) group: 2.5.2.2's row at
 * position ceil(n / 2) of those sorted by C_FIRST, in the order the server's collation gives. Two servers whose
 * collations order C_FIRST (mixed-case random strings) differently pick other customers from the same rows, so the
 * same stream of transactions writes other rows on each: conform's precondition, read before the replay.
 */
final class NamePicks {
    private NamePicks() {
    }

    /** One group whose picks differ: its key and each side's customer. */
    record Differ(int w, int d, String last, int a, int b) {
        @Override
        public String toString() {
            return "warehouse " + w + ", district " + d + ", " + last + ": customer " + a + " against " + b;
        }
    }

    /** What the comparison found: the groups compared and those whose picks differ, in key order. */
    record Comparison(int groups, List<Differ> differ) {
    }

    /** Per "w/d/last" group (ordered by key), the picked customer's id, from {@code db}'s own order. */
    static Map<String, Integer> of(Database db, TpccTables tables) throws SQLException {
        Groups g = new Groups();
        // the workload's order (by C_FIRST) then C_ID: ties under a case-blind collation are placed alike on each
        String sql = tables.sql("SELECT c_w_id, c_d_id, c_last, c_id FROM bmsql_customer ORDER BY c_w_id, c_d_id, c_last, c_first, c_id");
        try (Connection c = db.connect(); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            while (rs.next()) g.add(rs.getInt(1), rs.getInt(2), rs.getString(3), rs.getInt(4));
        }
        return g.picks();
    }

    /** Customers in the server's order, gathered per group; each group's pick is its ceil(n / 2)-th. */
    static final class Groups {
        private final Map<String, List<Integer>> ids = new TreeMap<>();

        void add(int w, int d, String last, int id) {
            ids.computeIfAbsent(String.format("%09d/%09d/%s", w, d, last), k -> new ArrayList<>()).add(id);
        }

        Map<String, Integer> picks() {
            Map<String, Integer> out = new TreeMap<>();
            ids.forEach((k, v) -> out.put(k, v.get((v.size() - 1) / 2)));
            return out;
        }
    }

    /** The groups of {@code a} whose pick {@code b} makes otherwise (the same rows on both: their digests agree). */
    static Comparison compare(Map<String, Integer> a, Map<String, Integer> b) {
        List<Differ> out = new ArrayList<>();
        for (Map.Entry<String, Integer> e : a.entrySet()) {
            Integer other = b.get(e.getKey());
            if (other != null && !other.equals(e.getValue())) {
                String[] k = e.getKey().split("/", 3);
                out.add(new Differ(Integer.parseInt(k[0]), Integer.parseInt(k[1]), k[2], e.getValue(), other));
            }
        }
        return new Comparison(a.size(), out);
    }
}
