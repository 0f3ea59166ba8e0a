package org.oltpbench.acid;

import java.math.BigDecimal;
import java.sql.SQLException;

/**
 * One session of the ACID tests, autocommit off, at one isolation level: the steps of TPC-C's transactions the tests
 * stop between (2.4 New-Order, 2.5 Payment, 2.6 Order-Status, 2.7 Delivery), each leaving its transaction open until
 * {@link #commit} or {@link #rollback}.
 */
interface AcidSession extends AutoCloseable {
    /** The server's id of this session, as the engine's lock view shows it; -1 when unknown. */
    long id();

    /** Order-Status's read: the customer's last order id (2.6.2.2); -1 when it has none. */
    int lastOrder(int w, int d, int c) throws SQLException;

    /**
     * New-Order up to its COMMIT (2.4.2.2): the district's next order id taken and raised, the ORDER, NEW-ORDER and
     * one ORDER-LINE per item (stock updated). Returns the order id, or -1 when an item is unused (2.4.2.3: the caller
     * rolls back).
     */
    int newOrder(int w, int d, int c, int[] items) throws SQLException;

    /** Payment up to its COMMIT (2.5.2.2), the customer by number: warehouse and district YTD, the customer, HISTORY. */
    void payment(int w, int d, int c, BigDecimal amount) throws SQLException;

    /** Delivery of one district up to its COMMIT (2.7.4.2): its oldest undelivered order; null when there is none. */
    Delivered deliver(int w, int d) throws SQLException;

    /** What a Delivery delivered: the order, its customer and the sum of its lines' amounts. */
    record Delivered(int order, int customer, BigDecimal amount) {
    }

    BigDecimal balance(int w, int d, int c) throws SQLException;

    /** The figures 3.2.2 compares: C_BALANCE, C_YTD_PAYMENT, C_PAYMENT_CNT, D_YTD, W_YTD and the customer's HISTORY rows. */
    PaymentState paymentState(int w, int d, int c) throws SQLException;

    /** What a Payment changes (2.5.2.2). */
    record PaymentState(BigDecimal balance, BigDecimal ytdPayment, long paymentCount, BigDecimal districtYtd,
                        BigDecimal warehouseYtd, long historyRows) {
        /** This state after a committed Payment of {@code amount}. */
        PaymentState paid(BigDecimal amount) {
            return new PaymentState(balance.subtract(amount), ytdPayment.add(amount), paymentCount + 1,
                    districtYtd.add(amount), warehouseYtd.add(amount), historyRows + 1);
        }

        /** Equal figure by figure, whatever the scale each decimal came back with. */
        boolean same(PaymentState o) {
            return balance.compareTo(o.balance) == 0 && ytdPayment.compareTo(o.ytdPayment) == 0 && paymentCount == o.paymentCount
                    && districtYtd.compareTo(o.districtYtd) == 0 && warehouseYtd.compareTo(o.warehouseYtd) == 0
                    && historyRows == o.historyRows;
        }

        @Override
        public String toString() {
            return "C_BALANCE " + balance.stripTrailingZeros().toPlainString() + ", C_YTD_PAYMENT "
                    + ytdPayment.stripTrailingZeros().toPlainString() + ", C_PAYMENT_CNT " + paymentCount + ", D_YTD "
                    + districtYtd.stripTrailingZeros().toPlainString() + ", W_YTD " + warehouseYtd.stripTrailingZeros().toPlainString()
                    + ", HISTORY rows " + historyRows;
        }
    }

    int nextOrderId(int w, int d) throws SQLException;

    /** Delivery's read (2.7.4.2): the district's oldest NEW-ORDER row, locked (FOR UPDATE); -1 when there is none. */
    int oldestNewOrder(int w, int d) throws SQLException;

    /** The district's oldest undelivered order and its customer, read without a lock; null when there is none. */
    int[] oldestUndelivered(int w, int d) throws SQLException;

    BigDecimal price(int item) throws SQLException;

    void setPrice(int item, BigDecimal price) throws SQLException;

    void commit() throws SQLException;

    void rollback() throws SQLException;

    /** Ends the session at once (its statement may still be running): a stuck step's session is not waited for. */
    void abort();

    @Override
    void close();
}
