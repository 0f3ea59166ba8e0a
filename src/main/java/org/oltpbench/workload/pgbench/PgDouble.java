package org.oltpbench.workload.pgbench;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * A script's double as pgbench 15 sends it: pgbench writes a double variable into a command with {@code "%.15g"}, so
 * the server receives it rounded to 15 significant digits (0.1 + 0.2 arrives as 0.3, 1.0 / 3 as 0.333333333333333).
 * Rounded here the way C's printf rounds the exact binary value (half even), then read back as strtod does (nearest).
 * It allocates; only scripts that bind doubles call it.
 */
final class PgDouble {
    private static final MathContext FIFTEEN = new MathContext(15, RoundingMode.HALF_EVEN);

    private PgDouble() {
    }

    /** {@code v} as pgbench's %.15g text reads back; NaN and the infinities as they are. */
    static double asSent(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v) || v == 0) return v;
        return new BigDecimal(v).round(FIFTEEN).doubleValue();
    }
}
