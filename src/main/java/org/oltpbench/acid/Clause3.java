package org.oltpbench.acid;

import java.math.BigDecimal;
import java.sql.SQLException;
import java.util.Random;
import java.util.concurrent.Future;
import org.oltpbench.acid.AcidOutcome.Verdict;

/**
 * TPC-C clause 3's tests on a loaded database, each with sessions of its own stepped by hand: atomicity (3.2.2.1,
 * 3.2.2.2, and 2.4.2.3's rolled-back New-Order) and the isolation tests of 3.4.2. Each test leaves every transaction it
 * began ended and the data consistent (what it commits is a whole TPC-C transaction; a price it changes is put back).
 *
 * <p>The isolation tests follow 3.4.2's pattern: T1 runs up to just before its COMMIT, T2 starts on the same rows, and
 * T2 either waits for T1 (passed, blocked), or goes on and sees the state committed before T1 (passed, MVCC), or the
 * engine aborts one of them (passed, aborted), or the phenomenon happens (failed, named, with the rows that show it).
 * Where the specification's steps could not be read here (3.4.2.2-3.4.2.6 and 3.4.2.9 in full; see performance.md's
 * ACID section) they follow the pattern on the rows its heading names, and the test's name says what it exercises.
 */
final class Clause3 {
    /** The sessions a test opens: at the level under test, and a checker at the engine's default. */
    interface Sessions {
        AcidSession open() throws SQLException;

        AcidSession check() throws SQLException;
    }

    /** Items of the New-Orders the tests run: five lines of items every load has (2.4.1.3's minimum). */
    private static final int[] ITEMS = {11, 22, 33, 44, 55};
    private static final BigDecimal PAYMENT = new BigDecimal("10.00");

    private final Sessions sessions;
    private final Steps steps;
    private final int warehouse;
    private final Random random;
    /** Whether an error is the engine aborting a transaction to resolve a conflict (serialization, deadlock, write conflict). */
    private final java.util.function.Predicate<SQLException> aborts;

    Clause3(Sessions sessions, Steps steps, int warehouse, long seed, java.util.function.Predicate<SQLException> aborts) {
        this.sessions = sessions;
        this.steps = steps;
        this.warehouse = warehouse;
        this.random = new Random(seed);
        this.aborts = aborts;
    }

    private int district() {
        return 1 + random.nextInt(10);
    }

    private int customer() {
        return 1 + random.nextInt(3000);
    }

    private static AcidOutcome outcome(String clause, String test, Verdict v, String evidence) {
        return new AcidOutcome(clause, test, null, v, evidence);
    }

    // --- 3.2.2 atomicity ---

    /** 3.2.2.1 / 3.2.2.2: a Payment by customer number committed changes exactly its rows; rolled back, none. */
    AcidOutcome payment(boolean commit) throws SQLException {
        String clause = commit ? "3.2.2.1" : "3.2.2.2", test = "atomicity: Payment " + (commit ? "committed" : "rolled back");
        int w = warehouse, d = district(), c = customer();
        try (AcidSession s = sessions.check()) {
            AcidSession.PaymentState before = s.paymentState(w, d, c);
            s.commit();
            s.payment(w, d, c, PAYMENT);
            if (commit) s.commit();
            else s.rollback();
            AcidSession.PaymentState after = s.paymentState(w, d, c), expected = commit ? before.paid(PAYMENT) : before;
            s.commit();
            String ev = "customer (" + w + ", " + d + ", " + c + "), " + PAYMENT + ": before " + before + "; after " + after;
            return outcome(clause, test, after.same(expected) ? Verdict.PASSED : Verdict.FAILED,
                    after.same(expected) ? ev : ev + "; expected " + expected);
        }
    }

    /** 2.4.2.3 (atomicity): a New-Order whose last item is unused is rolled back whole: no order, D_NEXT_O_ID as before. */
    AcidOutcome newOrderRollback() throws SQLException {
        int w = warehouse, d = district(), c = customer();
        int[] items = {ITEMS[0], ITEMS[1], ITEMS[2], ITEMS[3], 100_001};
        try (AcidSession s = sessions.check()) {
            int next = s.nextOrderId(w, d), last = s.lastOrder(w, d, c);
            s.commit();
            int got = s.newOrder(w, d, c, items);
            s.rollback();
            int nextAfter = s.nextOrderId(w, d), lastAfter = s.lastOrder(w, d, c);
            s.commit();
            boolean ok = got == -1 && nextAfter == next && lastAfter == last;
            return outcome("2.4.2.3", "atomicity: New-Order on an unused item rolled back", ok ? Verdict.PASSED : Verdict.FAILED,
                    "district (" + w + ", " + d + "): D_NEXT_O_ID " + next + " before, " + nextAfter + " after; customer " + c
                            + "'s last order " + last + " before, " + lastAfter + " after" + (got == -1 ? "" : "; item 100001 was found"));
        }
    }

    // --- 3.4.2 isolation ---

    /** 3.4.2.1 / 3.4.2.2: Order-Status (T2) reads the customer's last order while New-Order (T1) holds one uncommitted. */
    AcidOutcome newOrderVsOrderStatus(boolean commit) throws SQLException {
        String clause = commit ? "3.4.2.1" : "3.4.2.2";
        String test = "New-Order vs Order-Status (read-write), T1 " + (commit ? "commits" : "rolls back");
        int w = warehouse, d = district(), c = customer();
        try (AcidSession check = sessions.check(); AcidSession t1 = sessions.open(); AcidSession t2 = sessions.open()) {
            int before = check.lastOrder(w, d, c);
            check.commit();
            int o1 = t1.newOrder(w, d, c, ITEMS);
            Future<Integer> read = steps.start(() -> t2.lastOrder(w, d, c));
            Steps.Seen seen = steps.observe(read, t2.id(), t1.id());
            if (seen == Steps.Seen.NEITHER) return stuck(clause, test, t1, t2, seen);
            Integer early = seen == Steps.Seen.DONE ? Steps.finish(read) : null;
            if (commit) t1.commit();
            else t1.rollback();
            int saw = early != null ? early : Steps.finish(read);
            t2.commit();
            int after = check.lastOrder(w, d, c);
            check.commit();
            String ev = "customer (" + w + ", " + d + ", " + c + "): last order " + before + "; T1 New-Order " + o1 + " held; "
                    + steps.words(seen) + " and saw " + saw + "; T1 " + (commit ? "committed" : "rolled back") + "; after: " + after;
            if (early != null && early == o1) return outcome(clause, test, Verdict.FAILED, "dirty read: " + ev);
            if (!commit && saw == o1) return outcome(clause, test, Verdict.FAILED, "dirty read of a rolled-back order: " + ev);
            if (after != (commit ? o1 : before)) return outcome(clause, test, Verdict.FAILED, "T1's outcome not as committed: " + ev);
            return outcome(clause, test, seen == Steps.Seen.DONE ? Verdict.PASSED_SNAPSHOT : Verdict.PASSED_BLOCKED, ev);
        }
    }

    /** 3.4.2.3 / 3.4.2.4: two New-Orders in one district: T2 must not take T1's order id (D_NEXT_O_ID's lost update). */
    AcidOutcome newOrderVsNewOrder(boolean commit) throws SQLException {
        String clause = commit ? "3.4.2.3" : "3.4.2.4";
        String test = "New-Order vs New-Order (write-write), T1 " + (commit ? "commits" : "rolls back");
        int w = warehouse, d = district(), c1 = customer(), c2 = customer();
        try (AcidSession check = sessions.check(); AcidSession t1 = sessions.open(); AcidSession t2 = sessions.open()) {
            int next = check.nextOrderId(w, d);
            check.commit();
            int o1 = t1.newOrder(w, d, c1, ITEMS);
            Future<Integer> second = steps.start(() -> t2.newOrder(w, d, c2, ITEMS));
            Steps.Seen seen = steps.observe(second, t2.id(), t1.id());
            if (seen == Steps.Seen.NEITHER) return stuck(clause, test, t1, t2, seen);
            if (commit) t1.commit();
            else t1.rollback();
            Ended t2End = end(second, t2);
            if (t2End.failed()) return failed(clause, test, "T2", t2End);
            int nextAfter = check.nextOrderId(w, d);
            check.commit();
            String ev = "district (" + w + ", " + d + "): D_NEXT_O_ID " + next + "; T1 took " + o1 + " and held; " + steps.words(seen)
                    + "; T1 " + (commit ? "committed" : "rolled back") + "; T2 " + t2End.words() + "; D_NEXT_O_ID after: " + nextAfter;
            if (t2End.duplicate()) return outcome(clause, test, Verdict.FAILED, "lost update of D_NEXT_O_ID (only the ORDER key stopped it): " + ev);
            int expectedNext = next + (commit ? 1 : 0) + (t2End.committed() ? 1 : 0);
            int expectedO2 = commit ? o1 + 1 : o1;
            if (nextAfter != expectedNext || t2End.committed() && t2End.value() != expectedO2) {
                return outcome(clause, test, Verdict.FAILED, "lost update of D_NEXT_O_ID: " + ev + " (expected " + expectedNext
                        + (t2End.committed() ? ", T2's order " + expectedO2 : "") + ")");
            }
            return outcome(clause, test, verdict(seen, t2End), ev);
        }
    }

    /** 3.4.2.5 / 3.4.2.6: Delivery (T1) and Payment (T2) update one customer's balance: neither update is lost. */
    AcidOutcome deliveryVsPayment(boolean commit) throws SQLException {
        String clause = commit ? "3.4.2.5" : "3.4.2.6";
        String test = "Delivery vs Payment (write-write on C_BALANCE), T1 " + (commit ? "commits" : "rolls back");
        int w = warehouse;
        try (AcidSession check = sessions.check(); AcidSession t1 = sessions.open(); AcidSession t2 = sessions.open()) {
            // the customer whose order the Delivery will take, and its balance, read before T1 starts
            int d = district();
            int[] oldest = check.oldestUndelivered(w, d);
            for (int tries = 1; tries < 10 && oldest == null; tries++) {
                d = d % 10 + 1;
                oldest = check.oldestUndelivered(w, d);
            }
            if (oldest == null) {
                return outcome(clause, test, Verdict.NOT_RUN, "warehouse " + w + " has no undelivered order left; run prepare again");
            }
            int dd = d, c = oldest[1];
            BigDecimal before = check.balance(w, dd, c);
            check.commit();
            AcidSession.Delivered delivered = t1.deliver(w, dd);
            if (delivered == null || delivered.order() != oldest[0]) {
                t1.rollback();
                return outcome(clause, test, Verdict.NOT_RUN, "another session delivered district (" + w + ", " + dd + ")'s order "
                        + oldest[0] + " meanwhile: acid needs the database to itself");
            }
            Future<Integer> pay = steps.start(() -> {
                t2.payment(w, dd, c, PAYMENT);
                return 0;
            });
            Steps.Seen seen = steps.observe(pay, t2.id(), t1.id());
            if (seen == Steps.Seen.NEITHER) return stuck(clause, test, t1, t2, seen);
            if (commit) t1.commit();
            else t1.rollback();
            Ended t2End = end(pay, t2);
            if (t2End.failed()) return failed(clause, test, "T2", t2End);
            BigDecimal after = check.balance(w, dd, c);
            check.commit();
            BigDecimal expected = before.add(commit ? delivered.amount() : BigDecimal.ZERO).subtract(t2End.committed() ? PAYMENT : BigDecimal.ZERO);
            String ev = "customer (" + w + ", " + dd + ", " + c + "): C_BALANCE " + plain(before) + "; T1 delivered order "
                    + delivered.order() + " (" + plain(delivered.amount()) + ") and held; " + steps.words(seen) + "; T1 "
                    + (commit ? "committed" : "rolled back") + "; T2's Payment of " + PAYMENT + " " + t2End.words()
                    + "; C_BALANCE after: " + plain(after);
            if (after.compareTo(expected) != 0) {
                return outcome(clause, test, Verdict.FAILED, "lost update of C_BALANCE: " + ev + " (expected " + plain(expected) + ")");
            }
            return outcome(clause, test, verdict(seen, t2End), ev);
        }
    }

    /**
     * 3.4.2.7: New-Order (T2) reads item x's price twice and y's once while an arbitrary transaction (T3) raises both:
     * T2 must see T1's prices throughout (cases A-D: T3 waits, T3 aborts, or T3 commits unseen).
     */
    AcidOutcome priceRepeatableRead() throws SQLException {
        String clause = "3.4.2.7", test = "New-Order's repeatable read of I_PRICE vs an arbitrary update";
        int x = 1 + random.nextInt(50_000), y = 50_001 + random.nextInt(50_000);
        try (AcidSession check = sessions.check(); AcidSession t2 = sessions.open(); AcidSession t3 = sessions.open()) {
            BigDecimal px = check.price(x), py = check.price(y);
            check.commit();
            BigDecimal rx = px.multiply(new BigDecimal("1.1")).setScale(2, java.math.RoundingMode.HALF_UP);
            BigDecimal ry = py.multiply(new BigDecimal("1.1")).setScale(2, java.math.RoundingMode.HALF_UP);
            try {
                BigDecimal px1 = t2.price(x);
                Future<Integer> raise = steps.start(() -> {
                    t3.setPrice(x, rx);
                    t3.setPrice(y, ry);
                    t3.commit();
                    return 0;
                });
                Steps.Seen seen = steps.observe(raise, t3.id(), t2.id());
                if (seen == Steps.Seen.NEITHER) return stuck(clause, test, t2, t3, seen);
                BigDecimal px2 = t2.price(x), py2 = t2.price(y);
                t2.commit();
                Ended t3End = end(raise, t3);
                if (t3End.failed()) return failed(clause, test, "T3", t3End);
                BigDecimal px4 = check.price(x), py4 = check.price(y);
                check.commit();
                String ev = "items " + x + ", " + y + ": T1 read " + plain(px) + ", " + plain(py) + "; New-Order T2 read x "
                        + plain(px1) + "; T3 raised both to " + plain(rx) + ", " + plain(ry) + ": " + steps.words(seen, "T3", "T2")
                        + ", " + t3End.words() + "; T2 read x again " + plain(px2) + " and y " + plain(py2) + ", committed; T4 read "
                        + plain(px4) + ", " + plain(py4);
                if (px2.compareTo(px1) != 0) return outcome(clause, test, Verdict.FAILED, "non-repeatable read of x: " + ev);
                if (py2.compareTo(py) != 0) return outcome(clause, test, Verdict.FAILED, "read skew (y's new price beside x's old): " + ev);
                BigDecimal fx = t3End.committed() ? rx : px, fy = t3End.committed() ? ry : py;
                if (px4.compareTo(fx) != 0 || py4.compareTo(fy) != 0) {
                    return outcome(clause, test, Verdict.FAILED, "T4 did not read what T3's " + (t3End.committed() ? "commit" : "abort")
                            + " left: " + ev);
                }
                return outcome(clause, test, verdict(seen, t3End), ev);
            } finally {
                check.setPrice(x, px); // the prices as loaded, whatever happened
                check.setPrice(y, py);
                check.commit();
            }
        }
    }

    /**
     * 3.4.2.8: Delivery (T1) finds no undelivered order in a district (its oldest-NEW-ORDER read, FOR UPDATE), a
     * New-Order (T2) there commits, and T1's same read must still find none: no phantom. The district is emptied first by
     * Delivery transactions, committed (the data stays consistent).
     */
    AcidOutcome deliveryPhantom() throws SQLException {
        String clause = "3.4.2.8", test = "phantom: Delivery's read of an empty district vs New-Order";
        int w = warehouse, d = district(), c = customer();
        try (AcidSession check = sessions.check(); AcidSession t1 = sessions.open(); AcidSession t2 = sessions.open()) {
            int delivered = 0;
            while (check.deliver(w, d) != null) {
                check.commit();
                delivered++;
            }
            check.rollback();
            int first = t1.oldestNewOrder(w, d);
            Future<Integer> insert = steps.start(() -> t2.newOrder(w, d, c, ITEMS));
            Steps.Seen seen = steps.observe(insert, t2.id(), t1.id());
            if (seen == Steps.Seen.NEITHER) return stuck(clause, test, t1, t2, seen);
            Ended t2End = seen == Steps.Seen.DONE ? end(insert, t2) : null;
            int again = t1.oldestNewOrder(w, d);
            t1.rollback();
            if (t2End == null) t2End = end(insert, t2);
            if (t2End.failed()) return failed(clause, test, "T2", t2End);
            return phantom(clause, test, "district (" + w + ", " + d + ") emptied by " + delivered + " Deliveries: T1's read of its "
                    + "oldest NEW-ORDER found " + found(first), found(first), found(again), seen, t2End);
        }
    }

    /**
     * 3.4.2.9: Order-Status (T1) reads a customer's most recent order, a New-Order (T2) of that customer commits, and
     * T1's same read must find the same order: no phantom.
     */
    AcidOutcome orderStatusPhantom() throws SQLException {
        String clause = "3.4.2.9", test = "phantom: Order-Status's read of the last order vs New-Order";
        int w = warehouse, d = district(), c = customer();
        try (AcidSession t1 = sessions.open(); AcidSession t2 = sessions.open()) {
            int first = t1.lastOrder(w, d, c);
            Future<Integer> insert = steps.start(() -> t2.newOrder(w, d, c, ITEMS));
            Steps.Seen seen = steps.observe(insert, t2.id(), t1.id());
            if (seen == Steps.Seen.NEITHER) return stuck(clause, test, t1, t2, seen);
            Ended t2End = seen == Steps.Seen.DONE ? end(insert, t2) : null;
            int again = t1.lastOrder(w, d, c);
            t1.commit();
            if (t2End == null) t2End = end(insert, t2);
            if (t2End.failed()) return failed(clause, test, "T2", t2End);
            return phantom(clause, test, "customer (" + w + ", " + d + ", " + c + "): T1's read of the last order found " + first,
                    String.valueOf(first), String.valueOf(again), seen, t2End);
        }
    }

    private static String found(int order) {
        return order < 0 ? "none" : "order " + order;
    }

    private AcidOutcome phantom(String clause, String test, String first, String r1, String r2, Steps.Seen seen, Ended t2End) {
        String ev = first + "; T2's New-Order there: " + steps.words(seen) + ", " + t2End.words() + "; T1's same read again: " + r2;
        if (!r2.equals(r1)) return outcome(clause, test, Verdict.FAILED, "phantom: " + ev);
        return outcome(clause, test, verdict(seen, t2End), ev);
    }

    /** A step held by what the lock view does not show: no judgement; its session is ended at once. */
    private AcidOutcome stuck(String clause, String test, AcidSession holder, AcidSession stepped, Steps.Seen seen) {
        stepped.abort();
        try {
            holder.rollback();
        } catch (SQLException e) {
            holder.abort();
        }
        return outcome(clause, test, Verdict.NO_JUDGEMENT, "no judgement: " + steps.words(seen) + " (another session held it? acid "
                + "needs the database to itself)");
    }

    /** A stepped session that failed otherwise than by the engine's abort: no judgement, with the error. */
    private static AcidOutcome failed(String clause, String test, String who, Ended end) {
        return outcome(clause, test, Verdict.NO_JUDGEMENT, "no judgement: " + who + " failed (SQLState " + end.error().getSQLState()
                + ", code " + end.error().getErrorCode() + ": "
                + (end.error().getMessage() == null ? "" : end.error().getMessage().lines().findFirst().orElse("")) + ")");
    }

    private static Verdict verdict(Steps.Seen seen, Ended other) {
        if (!other.committed()) return Verdict.PASSED_ABORTED;
        return seen == Steps.Seen.DONE ? Verdict.PASSED_SNAPSHOT : Verdict.PASSED_BLOCKED;
    }

    /**
     * How a stepped session's transaction ended: committed with a value, aborted by the engine to resolve a conflict, or
     * failed otherwise ({@link #failed}: no judgement is made on it).
     */
    record Ended(boolean committed, int value, SQLException error, boolean aborted) {
        boolean duplicate() {
            return error != null && error.getSQLState() != null && error.getSQLState().startsWith("23");
        }

        boolean failed() {
            return error != null && !aborted && !duplicate();
        }

        String words() {
            if (committed) return "committed";
            String m = error.getMessage() == null ? "" : error.getMessage().lines().findFirst().orElse("");
            return "was aborted by the engine (SQLState " + error.getSQLState() + ": " + m + ")";
        }
    }

    /**
     * Waits for {@code step} and commits its session; an error on the way ends the session (rolled back, or at once when
     * the step itself did not finish) and says whether it was the engine's abort.
     */
    private Ended end(Future<Integer> step, AcidSession s) throws SQLException {
        try {
            int v = Steps.finish(step);
            s.commit();
            return new Ended(true, v, null, false);
        } catch (SQLException e) {
            if (step.isDone()) s.rollback();
            else s.abort();
            return new Ended(false, -1, e, aborts.test(e));
        }
    }

    private static String plain(BigDecimal b) {
        return b == null ? "null" : b.stripTrailingZeros().toPlainString();
    }
}
