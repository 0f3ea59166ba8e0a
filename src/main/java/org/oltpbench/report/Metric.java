package org.oltpbench.report;

import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import org.oltpbench.result.judge.conformance.Efficiency;
import org.oltpbench.result.workload.Family;
import org.oltpbench.result.repeat.counted.Histograms;
import org.oltpbench.result.level.LevelResult;
import org.oltpbench.result.level.Spread;
import org.oltpbench.stats.Interval;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.repeat.TpccMetrics;
import org.oltpbench.result.repeat.counted.TxnMetrics;
import org.oltpbench.result.workload.WorkloadInfo;

/**
 * One figure of a repeat as the tables and charts show it, computed from the typed result alone.
 *
 * @param label  the row or column name, unit included ("avg(ms)")
 * @param value  the figure of a repeat
 * @param ratio  true when comparisons show it as a ratio row against the baseline
 * @param spread the level's 95% confidence interval of this figure; {@link Interval#NONE} for figures without one
 * @param better which way a figure is better: what a comparison's rows and verdicts state
 * @param text   the figure as a table cell: {@link #format} of the value, or a word where the figure is a word
 *               (efficiency of an unpaced run: {@link Efficiency#UNPACED})
 */
public record Metric(String label, ToDoubleFunction<RepeatResult> value, boolean ratio, Function<Spread, Interval> spread,
                     Better better, Function<RepeatResult, String> text) {
    private static final Function<Spread, Interval> NO_INTERVAL = s -> Interval.NONE;

    /** Which way a figure is better: throughput up, latency and cost down; resources used say neither. */
    public enum Better {
        HIGHER(" ↑"), LOWER(" ↓"), NEITHER("");

        private final String mark;

        Better(String mark) {
            this.mark = mark;
        }

        /** The mark a row's label carries: " ↑", " ↓" or nothing. */
        public String mark() {
            return mark;
        }
    }

    public Metric(String label, ToDoubleFunction<RepeatResult> value, boolean ratio, Better better) {
        this(label, value, ratio, NO_INTERVAL, better);
    }

    /** A figure shown as {@link #format} prints it. */
    public Metric(String label, ToDoubleFunction<RepeatResult> value, boolean ratio, Function<Spread, Interval> spread,
                  Better better) {
        this(label, value, ratio, spread, better, r -> format(value.applyAsDouble(r)));
    }

    /** The figure of a repeat as a table cell ({@link #text}). */
    public String cell(RepeatResult r) {
        return text.apply(r);
    }

    /** The level's interval of this figure. */
    public Interval interval(LevelResult l) {
        return spread.apply(l.spread());
    }

    public double of(RepeatResult r) {
        return value.applyAsDouble(r);
    }

    /**
     * The latency percentile {@code p} of all transactions, for a gate or a baseline ("p99(ms)"); its interval is the
     * level's when the run's percentile is {@code p} (the only latency a spread holds an interval of).
     */
    public static Metric percentile(int p) {
        return latency("p" + p + "(ms)", p);
    }

    private static Metric latency(String label, int p) {
        return new Metric(label, r -> r.percentileMs(p), true, s -> s.percentile() == p ? s.latency() : Interval.NONE,
                Better.LOWER);
    }

    /** An interval's limits as every table prints them: "[low, high]". */
    public static String limits(Interval i) {
        return "[" + format(i.lower()) + ", " + format(i.upper()) + "]";
    }

    /** A share (0..1) as the tables print it: whole percent, "<1%" for one above 0 that would print as 0%. */
    public static String share(double share) {
        return org.oltpbench.result.judge.usage.WaitRules.share(share);
    }

    /** The figure as every table prints it: two decimals, no grouping, so it pastes into spreadsheets. */
    public static String format(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }

    /** The seeds' comparison rows for a workload: sysbench's (seed 000), or TPC-C's with its efficiency. */
    public static List<Metric> table(WorkloadInfo w) {
        return switch (w.family().headline()) {
            case QPS -> SYSBENCH;
            case TPMC -> List.of(TPMC, TPMC_COMMITTED, TPM_TOTAL, NEW_ORDER_P95, NEW_ORDER_P99, efficiency(w, w.scale().warehouses()));
        };
    }

    /** {@link #table(WorkloadInfo)} for one level: its efficiency divides by the warehouses a warehouses=search probe drove. */
    public static List<Metric> table(WorkloadInfo w, LevelResult l) {
        if (l.warehouses() == 0 || w.family().headline() != Family.Headline.TPMC) return table(w);
        return List.of(TPMC, TPMC_COMMITTED, TPM_TOTAL, NEW_ORDER_P95, NEW_ORDER_P99, efficiency(w, l.warehouses()));
    }

    /**
     * The rows a comparison shows: the table's, less efficiency on an unpaced TPC-C run (without keying and think time
     * the warehouses do not bound tpmC, so the percentage means nothing; summary.csv keeps the figure).
     */
    public static List<Metric> compared(WorkloadInfo w) {
        if (w.paced()) return table(w);
        return table(w).stream().filter(m -> !m.label().equals(EFFICIENCY)).toList();
    }

    static final String EFFICIENCY = "efficiency(%)";

    /** The headline throughput of a family: qps for sysbench and sql, tpmC for TPC-C. */
    public static Metric throughput(Family f) {
        return switch (f.headline()) {
            case QPS -> QPS;
            case TPMC -> TPMC;
        };
    }

    /** The headline latency of a family: all transactions' p95, or New-Order's for TPC-C. */
    public static Metric p95(Family f) {
        return switch (f.headline()) {
            case QPS -> P95;
            case TPMC -> NEW_ORDER_P95;
        };
    }

    /**
     * tpmC against the ceiling of {@code warehouses} at the run's pacing ({@link Efficiency}): NaN, shown as the word
     * "unpaced", when the run was not paced; its cell is the figure without the percent sign (the label carries it).
     */
    public static Metric efficiency(WorkloadInfo w, int warehouses) {
        return new Metric(EFFICIENCY, r -> Efficiency.of(w, r, warehouses).percent(), false, NO_INTERVAL, Better.HIGHER,
                r -> Efficiency.of(w, r, warehouses).text().replace("%", ""));
    }

    /**
     * The resource rows of a comparison: server cores busy, the headline per server core (tpmC for TPC-C, else tps;
     * with its interval) and the client's CPU µs per transaction; NaN (shown "-") where no source saw a server.
     */
    public static List<Metric> resources(Family f) {
        String per = f.headline() == Family.Headline.TPMC ? "tpmC" : "tps";
        return List.of(SERVER_CORES, new Metric(per + " per server core", org.oltpbench.result.judge.spread.Spreads::perServerCore, true,
                Spread::perServerCore, Better.HIGHER), SERVER_MICROS, CLIENT_MICROS);
    }

    /**
     * TPC-C's figures counted on the server and on the wire, which set tpccMode=client beside tpccMode=procedures:
     * HammerDB's NOPM and TPM from the server's counts over the window, round trips and bytes (both ways) per
     * transaction over all five types, and New-Order's round trips; NaN (shown "-") where a run did not record them.
     */
    public static final List<Metric> TPCC_WIRE = List.of(
            new Metric("NOPM (server)", r -> known(r.server().window().dataPerMinute()), true, Better.HIGHER),
            new Metric("TPM (server)", r -> known(r.server().window().tpm()), true, Better.HIGHER),
            new Metric("round trips/txn", r -> perTransaction(r, "roundTrips"), true, Better.LOWER),
            new Metric("NewOrder round trips", r -> perTransaction(r, TpccMetrics.NEW_ORDER, "roundTrips"), true, Better.LOWER),
            new Metric("bytes/txn", r -> perTransaction(r, "bytesOut") + perTransaction(r, "bytesIn"), true, Better.LOWER));

    private static double known(double v) {
        return v < 0 ? Double.NaN : v;
    }

    /** Tally {@code TYPE.what} summed over every type, per transaction that ended; NaN without the tallies. */
    static double perTransaction(RepeatResult r, String what) {
        long sum = 0, n = 0;
        for (TxnMetrics t : r.transactions()) {
            if (!r.counts().tallies().containsKey(t.name() + "." + what)) return Double.NaN;
            sum += r.counts().tally(t.name() + "." + what);
            n += t.completed();
        }
        return n == 0 ? Double.NaN : (double) sum / n;
    }

    /** Tally {@code type.what} per transaction of {@code type} that ended; NaN without it. */
    static double perTransaction(RepeatResult r, String type, String what) {
        TxnMetrics t = r.transaction(type);
        if (t == null || t.completed() == 0 || !r.counts().tallies().containsKey(type + "." + what)) return Double.NaN;
        return (double) r.counts().tally(type + "." + what) / t.completed();
    }

    /**
     * CH-benCHmark's analytic side beside tpmC: QphH over every stream (a ratio row, so that the cost terminals impose on
     * the analytics reads as QphH with terminals over QphH alone) and the freshness its queries read; NaN (shown "-")
     * for a run without streams.
     */
    public static final List<Metric> HTAP = List.of(
            new Metric("QphH", r -> r.analytics().present() ? r.analytics().qphH() : Double.NaN, true, Spread::qphH,
                    Better.HIGHER),
            new Metric("freshness p95(s)", r -> r.analytics().freshnessHistogram().getTotalCount() > 0
                    ? Histograms.percentileMs(r.analytics().freshnessHistogram(), 95) / 1000 : Double.NaN, false, Better.LOWER));

    public static final Metric SERVER_CORES = new Metric("server cores busy", r -> r.usage().serverCores() > 0
            ? r.usage().serverCores() : Double.NaN, false, Better.NEITHER);
    /** The server's CPU per transaction: its cores busy over the window's transactions (every server source summed). */
    public static final Metric SERVER_MICROS = new Metric("server CPU µs/txn", r -> r.usage().serverCores() > 0 && r.usage().transactions() > 0
            ? r.usage().serverCores() * r.usage().seconds() * 1e6 / r.usage().transactions() : Double.NaN, true, Better.LOWER);
    public static final Metric CLIENT_MICROS = new Metric("client CPU µs/txn", r -> r.usage().recorded()
            ? r.usage().clientMicrosPerTransaction() : Double.NaN, true, Better.LOWER);

    public static final Metric TPS = new Metric("tps", RepeatResult::tps, true, Spread::tps, Better.HIGHER);
    public static final Metric QPS = new Metric("qps", RepeatResult::qps, true, Spread::qps, Better.HIGHER);
    public static final Metric AVG = new Metric("avg(ms)", RepeatResult::avgMs, false, Better.LOWER);
    public static final Metric MAX = new Metric("max(ms)", r -> Histograms.maxMs(r.histogram()), false, Better.LOWER);
    public static final Metric P95 = latency("95th percentile(ms)", 95);
    public static final Metric P99 = new Metric("99th percentile(ms)", r -> r.percentileMs(99), false, Better.LOWER);

    public static final Metric TPMC = new Metric("tpmC", TpccMetrics::tpmC, true, Spread::tpmC, Better.HIGHER);
    public static final Metric TPMC_COMMITTED = new Metric("tpmC (committed)", TpccMetrics::tpmCCommitted, false, Better.HIGHER);
    public static final Metric TPM_TOTAL = new Metric("tpmTOTAL", TpccMetrics::tpmTotal, true, Better.HIGHER);
    public static final Metric NEW_ORDER_P95 = new Metric("NewOrder 95th(ms)", r -> newOrder(r, 95), true, Better.LOWER);
    public static final Metric NEW_ORDER_P99 = new Metric("NewOrder 99th(ms)", r -> newOrder(r, 99), false, Better.LOWER);

    private static final List<Metric> SYSBENCH = List.of(TPS, QPS, AVG, MAX, P95);

    private static double newOrder(RepeatResult r, double percentile) {
        TxnMetrics no = r.transaction(TpccMetrics.NEW_ORDER);
        return no == null ? 0 : Histograms.percentileMs(no.histogram(), percentile);
    }
}
