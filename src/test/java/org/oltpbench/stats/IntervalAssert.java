package org.oltpbench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Assertions on a confidence interval's figures. */
public final class IntervalAssert {
    private IntervalAssert() {
    }

    /** Asserts {@code i}'s lower and upper bounds, each within {@code delta}. */
    public static void assertBounds(double lower, double upper, Interval i, double delta) {
        assertEquals(lower, i.lower(), delta, "lower bound");
        assertEquals(upper, i.upper(), delta, "upper bound");
    }
}
