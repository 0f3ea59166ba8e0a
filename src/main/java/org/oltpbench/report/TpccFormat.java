package org.oltpbench.report;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.oltpbench.measure.LevelResult;
import org.oltpbench.measure.ThreadStats;

/** TPC-C results: BenchmarkSQL's tpmC lines, go-tpc's per-transaction summary lines, and the terminal sweep table. */
public final class TpccFormat {
    /** Spec maximum tpmC per warehouse (TPC-C 4.2: 12.86), for efficiency. */
    public static final double MAX_TPMC_PER_WAREHOUSE = 12.86;

    private TpccFormat() {
    }

    /** Committed NewOrders per minute. */
    public static double tpmC(LevelResult r) {
        return r.seconds() > 0 ? r.kindCounts()[0][ThreadStats.COUNT] * 60.0 / r.seconds() : 0;
    }

    /** Every finished transaction (expected rollbacks included) per minute. */
    public static double tpmTotal(LevelResult r) {
        return r.seconds() > 0 ? r.events() * 60.0 / r.seconds() : 0;
    }

    public static double efficiency(LevelResult r, int warehouses) {
        return tpmC(r) / (MAX_TPMC_PER_WAREHOUSE * warehouses) * 100;
    }

    public static void summary(PrintStream out, LevelResult r, int warehouses) {
        for (int k = 0; k < r.kinds().size(); k++) {
            Histogram h = r.latency()[k];
            long count = r.kindCounts()[k][ThreadStats.COUNT];
            out.printf(Locale.ROOT, "[Summary] %s - Takes(s): %.1f, Count: %d, TPM: %.1f, Avg(ms): %.1f, 50th(ms): %.1f, "
                            + "90th(ms): %.1f, 95th(ms): %.1f, 99th(ms): %.1f, 99.9th(ms): %.1f, Max(ms): %.1f%n",
                    r.kinds().get(k), r.seconds(), count, r.seconds() > 0 ? count * 60.0 / r.seconds() : 0,
                    h.getTotalCount() == 0 ? 0 : h.getMean() / 1000, pct(h, 50), pct(h, 90), pct(h, 95), pct(h, 99),
                    pct(h, 99.9), h.getTotalCount() == 0 ? 0 : h.getMaxValue() / 1000.0);
        }
        long[][] kc = r.kindCounts();
        out.printf(Locale.ROOT, "Rollbacks (expected): %d, retries: %d, errors: %d%n", sum(kc, ThreadStats.ROLLBACKS),
                sum(kc, ThreadStats.RETRIES), sum(kc, ThreadStats.KIND_ERRORS));
        out.printf(Locale.ROOT, "Measured tpmC (NewOrders) = %.2f%n", tpmC(r));
        out.printf(Locale.ROOT, "Measured tpmTOTAL = %.2f%n", tpmTotal(r));
        out.printf(Locale.ROOT, "tpmC: %.2f, tpmTotal: %.2f, efficiency: %.2f%%%n%n", tpmC(r), tpmTotal(r), efficiency(r, warehouses));
    }

    private static long sum(long[][] kc, int field) {
        long s = 0;
        for (long[] k : kc) s += k[field];
        return s;
    }

    static double pct(Histogram h, double p) {
        return h.getTotalCount() == 0 ? 0 : h.getValueAtPercentile(p) / 1000.0;
    }

    public static void sweepTable(PrintStream out, List<LevelResult> levels, int warehouses) {
        out.printf(Locale.ROOT, "| %9s | %10s | %10s | %11s | %11s | %10s |%n", "terminals", "tpmC", "tpmTOTAL",
                "NO p95(ms)", "NO p99(ms)", "efficiency");
        out.println("|-----------|------------|------------|-------------|-------------|------------|");
        for (LevelResult r : levels) {
            out.printf(Locale.ROOT, "| %9d | %10.2f | %10.2f | %11.2f | %11.2f | %9.2f%% |%n", r.threads(), tpmC(r), tpmTotal(r),
                    pct(r.latency()[0], 95), pct(r.latency()[0], 99), efficiency(r, warehouses));
        }
    }

    /** result.json fields a TPC-C level adds: tpmC, tpmTotal and per-transaction counts and latency. */
    public static Map<String, Object> jsonFields(LevelResult r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("tpmC", round(tpmC(r)));
        m.put("tpmTotal", round(tpmTotal(r)));
        Map<String, Object> txns = new LinkedHashMap<>();
        for (int k = 0; k < r.kinds().size(); k++) {
            long[] c = r.kindCounts()[k];
            Histogram h = r.latency()[k];
            Map<String, Object> t = new LinkedHashMap<>();
            t.put("count", c[ThreadStats.COUNT]);
            t.put("rollbacks", c[ThreadStats.ROLLBACKS]);
            t.put("retries", c[ThreadStats.RETRIES]);
            t.put("errors", c[ThreadStats.KIND_ERRORS]);
            Map<String, Object> lat = new LinkedHashMap<>();
            lat.put("avg", round(h.getTotalCount() == 0 ? 0 : h.getMean() / 1000));
            for (double p : new double[] {50, 90, 95, 99, 99.9}) {
                lat.put("p" + (p == 99.9 ? "999" : String.valueOf((int) p)), round(pct(h, p)));
            }
            lat.put("max", round(h.getTotalCount() == 0 ? 0 : h.getMaxValue() / 1000.0));
            t.put("latencyMs", lat);
            txns.put(r.kinds().get(k), t);
        }
        m.put("transactions", txns);
        return m;
    }

    private static double round(double v) {
        return Math.round(v * 1000.0) / 1000.0;
    }
}
