package org.oltpbench.acid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.oltpbench.acid.AcidOutcome.Verdict;

/**
 * Issue 61: each isolation test fails when its phenomenon is forced, on scripted sessions: a T2 that reads T1's
 * uncommitted order (dirty read), a T2 that takes T1's order id or loses a balance update (lost update), a second read
 * that changed (non-repeatable read), a repeated scan that found a new row (phantom); and passes, blocked or MVCC, when
 * the sessions behave. A blocked T2 is one held on a latch until T1 ends, which the scripted lock view reports.
 */
class Clause3Test {
    /** Every step unscripted: a test scripts the ones it calls. */
    static class Stub implements AcidSession {
        final long id;

        Stub(long id) {
            this.id = id;
        }

        @Override
        public long id() {
            return id;
        }

        @Override
        public int lastOrder(int w, int d, int c) throws SQLException {
            throw new UnsupportedOperationException();
        }

        @Override
        public int newOrder(int w, int d, int c, int[] items) throws SQLException {
            throw new UnsupportedOperationException();
        }

        @Override
        public void payment(int w, int d, int c, BigDecimal amount) throws SQLException {
            throw new UnsupportedOperationException();
        }

        @Override
        public Delivered deliver(int w, int d) throws SQLException {
            throw new UnsupportedOperationException();
        }

        @Override
        public BigDecimal balance(int w, int d, int c) throws SQLException {
            throw new UnsupportedOperationException();
        }

        @Override
        public PaymentState paymentState(int w, int d, int c) throws SQLException {
            throw new UnsupportedOperationException();
        }

        @Override
        public int nextOrderId(int w, int d) throws SQLException {
            throw new UnsupportedOperationException();
        }

        @Override
        public int oldestNewOrder(int w, int d) throws SQLException {
            throw new UnsupportedOperationException();
        }

        @Override
        public int[] oldestUndelivered(int w, int d) throws SQLException {
            throw new UnsupportedOperationException();
        }

        @Override
        public void abort() {
        }

        @Override
        public BigDecimal price(int item) throws SQLException {
            throw new UnsupportedOperationException();
        }

        @Override
        public void setPrice(int item, BigDecimal price) {
        }

        @Override
        public void commit() throws SQLException {
        }

        @Override
        public void rollback() throws SQLException {
        }

        @Override
        public void close() {
        }
    }

    /** T1 ended: releases a T2 held on it. */
    static class Holder extends Stub {
        final CountDownLatch ended = new CountDownLatch(1);

        Holder(long id) {
            super(id);
        }

        @Override
        public void commit() {
            ended.countDown();
        }

        @Override
        public void rollback() {
            ended.countDown();
        }

        void awaitEnd() {
            try {
                if (!ended.await(30, TimeUnit.SECONDS)) throw new AssertionError("T1 never ended");
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        }
    }

    /** A lock view that shows {@code blocked} waiting while {@code holder} has not ended. */
    private static LockWatch view(long blocked, Holder holder) {
        return ScriptedView.waiting(id -> id == blocked && holder != null && holder.ended.getCount() > 0);
    }

    private static AcidOutcome run(LockWatch watch, AcidSession check, List<AcidSession> opened, Case c) throws SQLException {
        Deque<AcidSession> queue = new ArrayDeque<>(opened);
        Clause3.Sessions sessions = new Clause3.Sessions() {
            @Override
            public AcidSession open() {
                return queue.removeFirst();
            }

            @Override
            public AcidSession check() {
                return check;
            }
        };
        try (Steps steps = new Steps(watch)) {
            // the engine's aborts, as a dialect classes them: serialization failures here
            return c.run(new Clause3(sessions, steps, 1, 7, e -> "40001".equals(e.getSQLState())));
        }
    }

    @FunctionalInterface
    interface Case {
        AcidOutcome run(Clause3 t) throws SQLException;
    }

    /** A checker whose reads answer in turn: before T1, then after. */
    private static Stub checker(int... lastOrders) {
        return new Stub(9) {
            int n;

            @Override
            public int lastOrder(int w, int d, int c) {
                return lastOrders[n++];
            }

            @Override
            public int nextOrderId(int w, int d) {
                return lastOrders[n++];
            }
        };
    }

    private static Stub newOrderOf(long id, int order) {
        return new Stub(id) {
            @Override
            public int newOrder(int w, int d, int c, int[] items) {
                return order;
            }
        };
    }

    @Test
    void aDirtyReadFailsTest1() throws SQLException {
        Stub t2 = new Stub(2) {
            @Override
            public int lastOrder(int w, int d, int c) {
                return 9001; // T1's order, not yet committed: read uncommitted
            }
        };
        AcidOutcome o = run(view(2, null), checker(100, 9001), List.of(newOrderOf(1, 9001), t2), t -> t.newOrderVsOrderStatus(true));
        assertEquals(Verdict.FAILED, o.verdict(), o.evidence());
        assertTrue(o.evidence().startsWith("dirty read: ") && o.evidence().contains("T2 did not wait and saw 9001"), o.evidence());
    }

    @Test
    void aRolledBackOrderSeenFailsTest2AndTheOldStatePasses() throws SQLException {
        Stub dirty = new Stub(2) {
            @Override
            public int lastOrder(int w, int d, int c) {
                return 9001;
            }
        };
        assertEquals(Verdict.FAILED, run(view(2, null), checker(100, 100), List.of(newOrderOf(1, 9001), dirty),
                t -> t.newOrderVsOrderStatus(false)).verdict());
        Stub snapshot = new Stub(2) {
            @Override
            public int lastOrder(int w, int d, int c) {
                return 100;
            }
        };
        AcidOutcome ok = run(view(2, null), checker(100, 100), List.of(newOrderOf(1, 9001), snapshot), t -> t.newOrderVsOrderStatus(false));
        assertEquals(Verdict.PASSED_SNAPSHOT, ok.verdict(), ok.evidence());
    }

    @Test
    void aT2HeldByT1IsSeenBlocked() throws SQLException {
        Holder t1 = new Holder(1) {
            @Override
            public int newOrder(int w, int d, int c, int[] items) {
                return 9001;
            }
        };
        Stub t2 = new Stub(2) {
            @Override
            public int lastOrder(int w, int d, int c) {
                t1.awaitEnd(); // a read lock: waits until T1 ends, then sees its order
                return 9001;
            }
        };
        AcidOutcome o = run(view(2, t1), checker(100, 9001), List.of(t1, t2), t -> t.newOrderVsOrderStatus(true));
        assertEquals(Verdict.PASSED_BLOCKED, o.verdict(), o.evidence());
        assertTrue(o.evidence().contains("T2 waited for a lock (a scripted lock view) while T1 was open"), o.evidence());
    }

    @Test
    void aLostUpdateOfTheOrderIdFailsTest3() throws SQLException {
        // T2 read D_NEXT_O_ID without waiting for T1's update: both took 500, and the district went up once
        AcidOutcome o = run(view(2, null), checker(500, 501), List.of(newOrderOf(1, 500), newOrderOf(2, 500)),
                t -> t.newOrderVsNewOrder(true));
        assertEquals(Verdict.FAILED, o.verdict(), o.evidence());
        assertTrue(o.evidence().startsWith("lost update of D_NEXT_O_ID"), o.evidence());
        // the same, where the ORDER key refused T2's insert at its commit
        Stub dup = new Stub(2) {
            @Override
            public int newOrder(int w, int d, int c, int[] items) {
                return 500;
            }

            @Override
            public void commit() throws SQLException {
                throw new SQLException("Duplicate entry '1-1-500' for key 'PRIMARY'", "23000", 1062);
            }
        };
        AcidOutcome key = run(view(2, null), checker(500, 501), List.of(newOrderOf(1, 500), dup), t -> t.newOrderVsNewOrder(true));
        assertEquals(Verdict.FAILED, key.verdict(), key.evidence());
        assertTrue(key.evidence().contains("only the ORDER key stopped it"), key.evidence());
        // T2 waited and took the next id: passed, blocked; rolled back, T2 takes T1's id
        Holder t1 = new Holder(1) {
            @Override
            public int newOrder(int w, int d, int c, int[] items) {
                return 500;
            }
        };
        Stub next = new Stub(2) {
            @Override
            public int newOrder(int w, int d, int c, int[] items) {
                t1.awaitEnd();
                return 501;
            }
        };
        assertEquals(Verdict.PASSED_BLOCKED, run(view(2, t1), checker(500, 502), List.of(t1, next), t -> t.newOrderVsNewOrder(true)).verdict());
    }

    @Test
    void aLostBalanceUpdateFailsTest5() throws SQLException {
        // after: the delivery's 100 landed but the payment's 10 was lost (90, not 80)
        AcidOutcome o = deliveryVsPayment(true, "90.00");
        assertEquals(Verdict.FAILED, o.verdict(), o.evidence());
        assertTrue(o.evidence().startsWith("lost update of C_BALANCE") && o.evidence().contains("(expected 80)"), o.evidence());
    }

    /**
     * 3.4.2.5/6 on scripted sessions: T1 delivers order 700 (customer 42, 100.00), T2's Payment of 10.00 returns at once,
     * and the checker reads C_BALANCE -10.00 before and {@code after} after.
     */
    private static AcidOutcome deliveryVsPayment(boolean commit, String after) throws SQLException {
        Stub t1 = new Stub(1) {
            @Override
            public Delivered deliver(int w, int d) {
                return new Delivered(700, 42, new BigDecimal("100.00"));
            }
        };
        Stub t2 = new Stub(2) {
            @Override
            public void payment(int w, int d, int c, BigDecimal amount) {
            }
        };
        Stub check = new Stub(9) {
            int n;

            @Override
            public int[] oldestUndelivered(int w, int d) {
                return new int[] {700, 42};
            }

            @Override
            public BigDecimal balance(int w, int d, int c) {
                return n++ == 0 ? new BigDecimal("-10.00") : new BigDecimal(after);
            }
        };
        return run(view(2, null), check, List.of(t1, t2), t -> t.deliveryVsPayment(commit));
    }

    @Test
    void aSecondReadThatChangedFailsTest7() throws SQLException {
        Stub check = new Stub(9) {
            @Override
            public BigDecimal price(int item) {
                return item <= 50_000 ? new BigDecimal("10.00") : new BigDecimal("20.00");
            }
        };
        Stub t2 = new Stub(2) {
            int reads;

            @Override
            public BigDecimal price(int item) {
                if (item > 50_000) return new BigDecimal("20.00");
                return reads++ == 0 ? new BigDecimal("10.00") : new BigDecimal("11.00"); // T3's committed price
            }
        };
        Stub t3 = new Stub(3);
        AcidOutcome o = run(view(3, null), check, List.of(t2, t3), Clause3::priceRepeatableRead);
        assertEquals(Verdict.FAILED, o.verdict(), o.evidence());
        assertTrue(o.evidence().startsWith("non-repeatable read of x"), o.evidence());
    }

    @Test
    void aNewRowInTheRepeatedScanFailsTest8() throws SQLException {
        Stub t1 = new Stub(1) {
            int reads;

            @Override
            public int oldestNewOrder(int w, int d) {
                return reads++ == 0 ? -1 : 3001; // the empty district, then T2's committed order
            }
        };
        Stub check = new Stub(9) {
            @Override
            public Delivered deliver(int w, int d) {
                return null; // already empty
            }
        };
        AcidOutcome o = run(view(2, null), check, List.of(t1, newOrderOf(2, 3001)), Clause3::deliveryPhantom);
        assertEquals(Verdict.FAILED, o.verdict(), o.evidence());
        assertTrue(o.evidence().startsWith("phantom: ") && o.evidence().contains("oldest NEW-ORDER found none")
                && o.evidence().endsWith("T1's same read again: order 3001"), o.evidence());
    }

    /** T2 failing otherwise than by the engine's abort (here a constraint of the test's own) is no judgement, never a pass. */
    @Test
    void aStepThatFailsIsNotAPass() throws SQLException {
        Stub t2 = new Stub(2) {
            @Override
            public int newOrder(int w, int d, int c, int[] items) throws SQLException {
                throw new SQLException("disk full", "53100");
            }
        };
        AcidOutcome o = run(view(2, null), checker(500, 501), List.of(newOrderOf(1, 500), t2), t -> t.newOrderVsNewOrder(true));
        assertEquals(Verdict.NO_JUDGEMENT, o.verdict(), o.evidence());
        assertTrue(o.evidence().startsWith("no judgement: T2 failed (SQLState 53100"), o.evidence());
        // the engine's abort is a pass, with what it said
        Stub aborted = new Stub(2) {
            @Override
            public int newOrder(int w, int d, int c, int[] items) throws SQLException {
                throw new SQLException("could not serialize access due to concurrent update", "40001");
            }
        };
        AcidOutcome a = run(view(2, null), checker(500, 501), List.of(newOrderOf(1, 500), aborted), t -> t.newOrderVsNewOrder(true));
        assertEquals(Verdict.PASSED_ABORTED, a.verdict(), a.evidence());
    }

    /** 3.4.2.4: T1 rolled back, T2 must take T1's order id; a T2 that took the next one (T1's raise kept) fails. */
    @Test
    void anOrderIdAfterARolledBackOneFailsTest4() throws SQLException {
        AcidOutcome o = run(view(2, null), checker(500, 502), List.of(newOrderOf(1, 500), newOrderOf(2, 501)),
                t -> t.newOrderVsNewOrder(false));
        assertEquals(Verdict.FAILED, o.verdict(), o.evidence());
        assertTrue(o.evidence().startsWith("lost update of D_NEXT_O_ID") && o.evidence().contains("(expected 501, T2's order 500)"),
                o.evidence());
    }

    /** 3.4.2.6: T1's Delivery rolled back, the balance must hold T2's Payment alone; one that kept the delivery's fails. */
    @Test
    void aRolledBackDeliveryLeftInTheBalanceFailsTest6() throws SQLException {
        AcidOutcome o = deliveryVsPayment(false, "80.00"); // T1's 100 kept after its rollback
        assertEquals(Verdict.FAILED, o.verdict(), o.evidence());
        assertTrue(o.evidence().contains("(expected -20)"), o.evidence());
    }

    /** 3.4.2.9: Order-Status's second read of the customer's last order finds T2's new order: a phantom. */
    @Test
    void aNewerLastOrderInTheSecondReadFailsTest9() throws SQLException {
        Stub t1 = new Stub(1) {
            int reads;

            @Override
            public int lastOrder(int w, int d, int c) {
                return reads++ == 0 ? 1894 : 3001;
            }
        };
        AcidOutcome o = run(view(2, null), new Stub(9), List.of(t1, newOrderOf(2, 3001)), Clause3::orderStatusPhantom);
        assertEquals(Verdict.FAILED, o.verdict(), o.evidence());
        assertTrue(o.evidence().startsWith("phantom: ") && o.evidence().endsWith("T1's same read again: 3001"), o.evidence());
    }
}
