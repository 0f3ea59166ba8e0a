package org.oltpbench.workload.tpcc;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.oltpbench.workload.CheckReport;

/**
 * The twelve consistency conditions of TPC-C 3.3.2.1-3.3.2.12, in plain SQL that every dialect runs (no
 * engine hints). Each query returns the offending (warehouse, district) pairs, first one first.
 */
public final class TpccCheck {

    /** One condition: its clause, what it states, and the SQL that finds violations. */
    public record Condition(String clause, String statement, String sql) {
    }

    private final List<Condition> conditions;

    /** @param initialDelivered orders per district delivered at load time (2100 in TPC-C's population) */
    public TpccCheck(int initialDelivered) {
        this(conditions(initialDelivered));
    }

    private TpccCheck(List<Condition> conditions) {
        this.conditions = conditions;
    }

    /** This check on {@code t}'s tables (each condition's SQL is written with BenchmarkSQL's names). */
    public TpccCheck in(TpccTables t) {
        return new TpccCheck(conditions.stream().map(k -> new Condition(k.clause(), k.statement(), t.sql(k.sql()))).toList());
    }

    /** This check with the condition of {@code clause} alone (e.g. "3.3.2.1"): one condition's probe, at its cost. */
    public TpccCheck only(String clause) {
        return new TpccCheck(conditions.stream().filter(k -> k.clause().equals(clause)).toList());
    }

    public List<Condition> conditions() {
        return conditions;
    }

    public CheckReport run(Connection c) throws SQLException {
        CheckReport report = new CheckReport();
        try (Statement st = c.createStatement()) {
            for (Condition k : conditions) {
                try (ResultSet rs = st.executeQuery(k.sql())) {
                    if (rs.next()) {
                        Object d = rs.getObject(2);
                        report.add(k.clause(), false, k.statement() + "; fails first at warehouse " + rs.getInt(1)
                                + (d == null ? "" : ", district " + d));
                    } else {
                        report.add(k.clause(), true, k.statement());
                    }
                } catch (SQLException e) {
                    // the server failed (a temporary table's delete, a lost connection): this condition is not judged,
                    // and the others still run where the connection stands
                    report.serverError(k.clause(), k.statement(), e);
                    if (c.isClosed() || !c.isValid(5)) break;
                }
            }
        }
        return report;
    }

    private static List<Condition> conditions(int delivered) {
        return List.of(
                new Condition("3.3.2.1", "W_YTD = sum(D_YTD)",
                        "SELECT w.w_id, NULL FROM bmsql_warehouse w JOIN (SELECT d_w_id, SUM(d_ytd) AS s FROM bmsql_district "
                                + "GROUP BY d_w_id) d ON d.d_w_id = w.w_id WHERE w.w_ytd <> d.s ORDER BY w.w_id LIMIT 1"),
                new Condition("3.3.2.2", "D_NEXT_O_ID - 1 = max(O_ID) = max(NO_O_ID)",
                        "SELECT d.d_w_id, d.d_id FROM bmsql_district d "
                                + "JOIN (SELECT o_w_id, o_d_id, MAX(o_id) AS m FROM bmsql_oorder GROUP BY o_w_id, o_d_id) o "
                                + "ON o.o_w_id = d.d_w_id AND o.o_d_id = d.d_id "
                                + "LEFT JOIN (SELECT no_w_id, no_d_id, MAX(no_o_id) AS m FROM bmsql_new_order GROUP BY no_w_id, no_d_id) n "
                                + "ON n.no_w_id = d.d_w_id AND n.no_d_id = d.d_id "
                                + "WHERE d.d_next_o_id - 1 <> o.m OR (n.m IS NOT NULL AND n.m <> o.m) ORDER BY 1, 2 LIMIT 1"),
                new Condition("3.3.2.3", "max(NO_O_ID) - min(NO_O_ID) + 1 = count(NEW-ORDER) per district",
                        "SELECT no_w_id, no_d_id FROM bmsql_new_order GROUP BY no_w_id, no_d_id "
                                + "HAVING MAX(no_o_id) - MIN(no_o_id) + 1 <> COUNT(*) ORDER BY 1, 2 LIMIT 1"),
                new Condition("3.3.2.4", "sum(O_OL_CNT) = count(ORDER-LINE) per district",
                        "SELECT o.o_w_id, o.o_d_id FROM (SELECT o_w_id, o_d_id, SUM(o_ol_cnt) AS s FROM bmsql_oorder "
                                + "GROUP BY o_w_id, o_d_id) o LEFT JOIN (SELECT ol_w_id, ol_d_id, COUNT(*) AS c FROM bmsql_order_line "
                                + "GROUP BY ol_w_id, ol_d_id) l ON l.ol_w_id = o.o_w_id AND l.ol_d_id = o.o_d_id "
                                + "WHERE l.c IS NULL OR o.s <> l.c ORDER BY 1, 2 LIMIT 1"),
                new Condition("3.3.2.5", "O_CARRIER_ID is null exactly for orders with a NEW-ORDER row",
                        "SELECT o.o_w_id, o.o_d_id FROM bmsql_oorder o LEFT JOIN bmsql_new_order n "
                                + "ON n.no_w_id = o.o_w_id AND n.no_d_id = o.o_d_id AND n.no_o_id = o.o_id "
                                + "WHERE (o.o_carrier_id IS NULL) <> (n.no_o_id IS NOT NULL) ORDER BY 1, 2 LIMIT 1"),
                new Condition("3.3.2.6", "O_OL_CNT = count(ORDER-LINE) per order",
                        "SELECT o.o_w_id, o.o_d_id FROM bmsql_oorder o LEFT JOIN (SELECT ol_w_id, ol_d_id, ol_o_id, COUNT(*) AS c "
                                + "FROM bmsql_order_line GROUP BY ol_w_id, ol_d_id, ol_o_id) l "
                                + "ON l.ol_w_id = o.o_w_id AND l.ol_d_id = o.o_d_id AND l.ol_o_id = o.o_id "
                                + "WHERE l.c IS NULL OR l.c <> o.o_ol_cnt ORDER BY 1, 2 LIMIT 1"),
                new Condition("3.3.2.7", "OL_DELIVERY_D is null exactly when O_CARRIER_ID is null",
                        "SELECT o.o_w_id, o.o_d_id FROM bmsql_oorder o JOIN bmsql_order_line l "
                                + "ON l.ol_w_id = o.o_w_id AND l.ol_d_id = o.o_d_id AND l.ol_o_id = o.o_id "
                                + "WHERE (o.o_carrier_id IS NULL) <> (l.ol_delivery_d IS NULL) ORDER BY 1, 2 LIMIT 1"),
                new Condition("3.3.2.8", "W_YTD = sum(H_AMOUNT) per warehouse",
                        "SELECT w.w_id, NULL FROM bmsql_warehouse w LEFT JOIN (SELECT h_w_id, SUM(h_amount) AS s FROM bmsql_history "
                                + "GROUP BY h_w_id) h ON h.h_w_id = w.w_id WHERE h.s IS NULL OR w.w_ytd <> h.s ORDER BY 1 LIMIT 1"),
                new Condition("3.3.2.9", "D_YTD = sum(H_AMOUNT) per district",
                        "SELECT d.d_w_id, d.d_id FROM bmsql_district d LEFT JOIN (SELECT h_w_id, h_d_id, SUM(h_amount) AS s "
                                + "FROM bmsql_history GROUP BY h_w_id, h_d_id) h ON h.h_w_id = d.d_w_id AND h.h_d_id = d.d_id "
                                + "WHERE h.s IS NULL OR d.d_ytd <> h.s ORDER BY 1, 2 LIMIT 1"),
                new Condition("3.3.2.10", "C_BALANCE = sum(delivered OL_AMOUNT) - sum(H_AMOUNT) per customer",
                        ledger("c_balance", true)),
                // 3.3.2.11 states "= 2100", which holds for the initial population (3,000 orders, the last 900 new) only;
                // after a run oltpbench checks its adaptation: the loaded delivered orders plus those delivered since
                new Condition("3.3.2.11", "count(ORDER) - count(NEW-ORDER) = " + delivered + " + orders delivered since load "
                        + "(the spec's \"= 2100\" adapted to a database after a run)",
                        "SELECT o.o_w_id, o.o_d_id FROM (SELECT o_w_id, o_d_id, COUNT(*) AS c, "
                                + "SUM(CASE WHEN o_id > " + delivered + " AND o_carrier_id IS NOT NULL THEN 1 ELSE 0 END) AS late "
                                + "FROM bmsql_oorder GROUP BY o_w_id, o_d_id) o LEFT JOIN (SELECT no_w_id, no_d_id, COUNT(*) AS c "
                                + "FROM bmsql_new_order GROUP BY no_w_id, no_d_id) n ON n.no_w_id = o.o_w_id AND n.no_d_id = o.o_d_id "
                                + "WHERE o.c - COALESCE(n.c, 0) <> " + delivered + " + o.late ORDER BY 1, 2 LIMIT 1"),
                new Condition("3.3.2.12", "C_BALANCE + C_YTD_PAYMENT = sum(delivered OL_AMOUNT) per customer",
                        ledger("c_balance + c_ytd_payment", false)));
    }

    /**
     * The first (warehouse, district) with a customer whose ledger does not balance: {@code customerValue}, less the
     * customer's delivered order-line amounts, plus (withPayments) its payments, must be 0. One GROUP BY over a
     * UNION ALL rather than joins of per-customer aggregates, whose group counts planners misjudge: PostgreSQL picked
     * a 450-million-row nested loop (37 s) for that form at 1 warehouse.
     */
    private static String ledger(String customerValue, boolean withPayments) {
        return "SELECT w, d FROM (SELECT c_w_id AS w, c_d_id AS d, c_id AS cid, " + customerValue + " AS v FROM bmsql_customer "
                + "UNION ALL SELECT o.o_w_id, o.o_d_id, o.o_c_id, -l.ol_amount FROM bmsql_oorder o JOIN bmsql_order_line l "
                + "ON l.ol_w_id = o.o_w_id AND l.ol_d_id = o.o_d_id AND l.ol_o_id = o.o_id WHERE l.ol_delivery_d IS NOT NULL"
                + (withPayments ? " UNION ALL SELECT h_c_w_id, h_c_d_id, h_c_id, h_amount FROM bmsql_history" : "")
                + ") t GROUP BY w, d, cid HAVING SUM(v) <> 0 ORDER BY 1, 2 LIMIT 1";
    }
}
