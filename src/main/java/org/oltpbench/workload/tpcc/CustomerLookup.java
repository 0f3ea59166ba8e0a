package org.oltpbench.workload.tpcc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.oltpbench.measure.ThreadStats;

/**
 * Customer selection by last name (2.5.2.2, 2.6.2.2): the row at position ceil(n / 2) of those sorted by C_FIRST; ties
 * (first names equal under a case-blind collation) by C_ID, so that every engine and mode places them alike.
 */
final class CustomerLookup {
    private final PreparedStatement byName;
    private int[] ids = new int[64];

    CustomerLookup(Txn owner, Connection c) throws SQLException {
        byName = owner.prepare("SELECT c_id FROM bmsql_customer WHERE c_w_id = ? AND c_d_id = ? AND c_last = ? ORDER BY c_first, c_id");
    }

    /** The customer a Payment or Order-Status names: by last name 60% of the time, by id otherwise (2.5.1.2, 2.6.1.2). */
    record Named(String last, int id) {
        static Named draw(TpccRandom r) {
            boolean byName = r.between(1, 100) <= 60;
            return byName ? new Named(r.lastName(), 0) : new Named(null, r.customerId());
        }

        boolean byName() {
            return last != null;
        }

        /** Binds the last name to parameter {@code i} of a routine's call: NULL when the customer is named by id. */
        void bindLast(java.sql.PreparedStatement ps, int i) throws SQLException {
            if (last == null) ps.setNull(i, java.sql.Types.VARCHAR);
            else ps.setString(i, last);
        }
    }

    /** The id of the customer {@code c} names in warehouse {@code w}, district {@code d}. */
    int id(int w, int d, Named c, ThreadStats st) throws SQLException {
        return c.byName() ? byLastName(w, d, c.last(), st) : c.id();
    }

    /** The 0-based index of the chosen row among n: position ceil(n / 2), 1-based. */
    static int middle(int n) {
        return (n - 1) / 2;
    }

    int byLastName(int w, int d, String last, ThreadStats st) throws SQLException {
        Txn.bind(byName, w, d).setString(3, last);
        int n = 0;
        try (ResultSet rs = byName.executeQuery()) {
            while (rs.next()) {
                if (n == ids.length) ids = java.util.Arrays.copyOf(ids, n * 2);
                ids[n++] = rs.getInt(1);
            }
        }
        st.reads(1);
        if (n == 0) throw new SQLException("TPC-C: no customer named " + last + " in warehouse " + w + " district " + d, "02000");
        return ids[middle(n)];
    }
}
