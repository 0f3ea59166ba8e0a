package org.oltpbench.workload.pgbench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class PgDoubleTest {
    /** Expected values from C's printf: Python's '%.15g' % v, read back with float(). */
    @Test
    void aDoubleIsSentAsPgbenchsFifteenSignificantDigits() {
        assertEquals(0.333333333333333, PgDouble.asSent(1.0 / 3));
        assertEquals(0.3, PgDouble.asSent(0.1 + 0.2));
        assertEquals(0.666666666666667, PgDouble.asSent(2.0 / 3));
        assertEquals(3.33333333333333e-06, PgDouble.asSent(1e-5 / 3));
        assertEquals(123456789.123457, PgDouble.asSent(123456789.123456789));
        assertEquals(3.33333333333333e+19, PgDouble.asSent(1e20 / 3));
        assertEquals(-2.5e-310, PgDouble.asSent(-2.5e-310));
        assertEquals(1.0, PgDouble.asSent(1.0000000000000002));
        assertEquals(2.675, PgDouble.asSent(2.675));
        assertEquals(0.5, PgDouble.asSent(0.5));
        assertEquals(Double.POSITIVE_INFINITY, PgDouble.asSent(Double.POSITIVE_INFINITY));
        assertEquals(-0.0, PgDouble.asSent(-0.0));
    }
}
