package org.oltpbench.acid;

import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import org.oltpbench.acid.AcidOutcome.Verdict;
import org.oltpbench.db.Database;
import org.oltpbench.workload.tpcc.TpccTables;

/**
 * 3.5's durability test: New-Order terminals commit on warehouse {@code w}, each recording every order whose COMMIT
 * returned (the success file); the server is crashed mid-run and started again; then every acknowledged order must be
 * found, and the New-Orders the database holds (the growth of sum(D_NEXT_O_ID)) must be at least those acknowledged and
 * at most those plus the ones in flight (a commit that reached the log but whose answer the crash cut).
 */
public final class Durability {
    /** New-Order terminals during the crash. */
    static final int TERMINALS = 4;
    /** How long they commit before the crash. */
    static final long BEFORE_CRASH_MS = 2_000;
    /** How long the server may take to accept connections again after its restart. */
    static final long BACK_WITHIN_MS = 120_000;

    private Durability() {
    }

    /** One acknowledged New-Order: its district and order id. */
    record Order(int district, int id) {
    }

    public static AcidOutcome run(Database db, TpccTables tables, int w, ServerCrash crash, long seed) throws SQLException, IOException {
        String clause = "3.5", test = "durability: committed New-Orders survive a crash";
        if (crash.how() == null) {
            return new AcidOutcome(clause, test, "-", Verdict.NOT_RUN, "not run: give acidCrash= (a command that kills the server "
                    + "as a crash does, e.g. kill -9) and acidRestart= (one that starts it again), or run it on embedded=true");
        }
        long before = nextIdSum(db, tables, w);
        long uptimeBefore = uptime(db), t0 = System.nanoTime();
        java.util.concurrent.atomic.AtomicInteger cut = new java.util.concurrent.atomic.AtomicInteger();
        ConcurrentLinkedQueue<Order> acked = new ConcurrentLinkedQueue<>();
        AtomicBoolean stop = new AtomicBoolean();
        List<Thread> terminals = new ArrayList<>();
        for (int t = 0; t < TERMINALS; t++) {
            Random r = new Random(seed + t);
            Thread th = new Thread(() -> {
                if (!commitOrders(db, tables, w, r, acked, stop)) cut.incrementAndGet();
            }, "acid-durability-" + t);
            th.setDaemon(true);
            terminals.add(th);
            th.start();
        }
        sleep(BEFORE_CRASH_MS);
        crash.crashAndRestart();
        stop.set(true);
        for (Thread th : terminals) {
            try {
                th.join(30_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        awaitServer(db);
        double seconds = (System.nanoTime() - t0) / 1e9; // taken before the reading: a slow answer cannot pass for a restart
        String notCrashed = notCrashed(uptimeBefore, uptime(db), seconds, cut.get(), crash.how());
        if (notCrashed != null) return new AcidOutcome(clause, test, "-", Verdict.NOT_RUN, notCrashed);
        List<Order> missing = missing(db, tables, w, acked);
        long after = nextIdSum(db, tables, w), held = after - before;
        String ev = crash.how() + " after " + BEFORE_CRASH_MS / 1000 + " s of " + TERMINALS + " New-Order terminals on warehouse " + w
                + ": " + acked.size() + " New-Orders acknowledged, " + held + " in the database after recovery (sum(D_NEXT_O_ID) "
                + before + " to " + after + ")";
        if (acked.isEmpty()) return new AcidOutcome(clause, test, "-", Verdict.NOT_RUN, "no New-Order committed before the crash: " + ev);
        if (!missing.isEmpty()) {
            return new AcidOutcome(clause, test, "-", Verdict.FAILED, "lost " + missing.size() + " committed New-Orders (first: district "
                    + missing.get(0).district() + ", order " + missing.get(0).id() + "): " + ev);
        }
        if (held < acked.size() || held > acked.size() + TERMINALS) {
            return new AcidOutcome(clause, test, "-", Verdict.FAILED, "the database holds " + held + " New-Orders, not between "
                    + acked.size() + " and " + (acked.size() + TERMINALS) + ": " + ev);
        }
        return new AcidOutcome(clause, test, "-", Verdict.PASSED, "every acknowledged order found: " + ev);
    }

    /**
     * Why the test cannot say the server crashed, or null when it can: at least one terminal's session was cut, and,
     * where the engine says (the dialect's uptimeQuery; -1 where not), its time since it last came up restarted over
     * the test ({@code uptimeAfter} well below {@code uptimeBefore + seconds}, a second for each reading's rounding).
     * Both: an uptime alone drops on another node behind a balancer or a clock stepped back; a cut session alone is a
     * proxy's restart too.
     */
    static String notCrashed(long uptimeBefore, long uptimeAfter, double seconds, int sessionsCut, String how) {
        if (sessionsCut == 0) return "not run: no terminal's session was cut: " + how + " did not crash the server";
        if (uptimeBefore < 0 || uptimeAfter < 0 || uptimeAfter + 2 < uptimeBefore + seconds) return null;
        return "not run: the server did not restart (its time since it last came up went from " + uptimeBefore + " s to "
                + uptimeAfter + " s over " + Math.round(seconds) + " s): " + how + " did not crash it";
    }

    /** The server's seconds since it last came up, as {@link org.oltpbench.dialect.Dialect#uptimeQuery()} reads it; -1 when the engine does not say or it cannot be read. */
    private static long uptime(Database db) {
        String q = db.dialect().uptimeQuery();
        if (q == null) return -1;
        try (Connection c = db.connect(); java.sql.Statement st = c.createStatement(); ResultSet rs = st.executeQuery(q)) {
            if (!rs.next()) return -1;
            long v = rs.getLong(rs.getMetaData().getColumnCount());
            return rs.wasNull() ? -1 : v;
        } catch (SQLException | RuntimeException e) {
            return -1;
        }
    }

    /**
     * A terminal: New-Orders until the crash cuts its session; each one whose COMMIT returned is recorded. Returns
     * whether it ended by the stop (false: its session was cut).
     */
    private static boolean commitOrders(Database db, TpccTables tables, int w, Random r, ConcurrentLinkedQueue<Order> acked,
                                        AtomicBoolean stop) {
        try (Connection c = db.connect()) {
            JdbcAcidSession s = new JdbcAcidSession(c, tables, -1, -1);
            int[] items = {11, 22, 33, 44, 55};
            while (!stop.get()) {
                int d = 1 + r.nextInt(10);
                int o = s.newOrder(w, d, 1 + r.nextInt(3000), items);
                s.commit();
                acked.add(new Order(d, o));
            }
            return true;
        } catch (SQLException | RuntimeException e) {
            // the crash: this terminal's session is gone (or could not be opened); what it acknowledged is recorded
            return false;
        }
    }

    private static void awaitServer(Database db) throws SQLException {
        long deadline = System.nanoTime() + BACK_WITHIN_MS * 1_000_000;
        while (true) {
            try (Connection c = db.connect()) {
                return;
            } catch (SQLException | RuntimeException e) { // Database.connect's refusal is a ConfigException: starting up
                if (System.nanoTime() > deadline) {
                    throw new SQLException("the server did not accept connections within " + BACK_WITHIN_MS / 1000 + " s of its restart", e);
                }
                sleep(500);
            }
        }
    }

    private static List<Order> missing(Database db, TpccTables tables, int w, Iterable<Order> acked) throws SQLException {
        Set<Long> found = new HashSet<>();
        try (Connection c = db.connect(); PreparedStatement ps = c.prepareStatement(tables.sql(
                "SELECT o_d_id, o_id FROM bmsql_oorder WHERE o_w_id = ? AND o_id >= ?"))) {
            int low = Integer.MAX_VALUE;
            for (Order o : acked) low = Math.min(low, o.id());
            ps.setInt(1, w);
            ps.setInt(2, low);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) found.add(rs.getLong(1) << 32 | rs.getInt(2));
            }
        }
        List<Order> out = new ArrayList<>();
        for (Order o : acked) if (!found.contains((long) o.district() << 32 | o.id())) out.add(o);
        return out;
    }

    private static long nextIdSum(Database db, TpccTables tables, int w) throws SQLException {
        try (Connection c = db.connect()) {
            return tables.nextOrderIdSum(c, w, w);
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
