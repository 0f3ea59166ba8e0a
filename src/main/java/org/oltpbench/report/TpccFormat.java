package org.oltpbench.report;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.oltpbench.result.judge.conformance.Conformance;
import org.oltpbench.result.judge.conformance.Efficiency;
import org.oltpbench.result.level.LevelResult;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.repeat.TpccMetrics;
import org.oltpbench.result.repeat.counted.Histograms;
import org.oltpbench.result.repeat.counted.IntervalResult;
import org.oltpbench.result.repeat.counted.TxnMetrics;
import org.oltpbench.result.repeat.server.ServerWindow;
import org.oltpbench.result.run.RunResult;

/**
 * TPC-C results: go-tpc's per-transaction summary lines, BenchmarkSQL's tpmC lines, and the terminal sweep table.
 * Count and TPM in the per-transaction lines count every transaction that ended, committed or rolled back as
 * the spec prescribes, which is also what each line's latency histogram holds (go-tpc counts the same way).
 */
public final class TpccFormat {
    private TpccFormat() {
    }

    /** go-tpc's and BenchmarkSQL's summary of a repeat; {@code efficiency} is its level's ({@link Efficiency}). */
    public static void summary(PrintStream out, RepeatResult r, Efficiency efficiency) {
        out.println("Finished"); // go-tpc's word as its workers stop
        List<TxnMetrics> byName = new ArrayList<>(r.transactions());
        byName.sort(java.util.Comparator.comparing(TxnMetrics::name)); // go-tpc's order
        for (TxnMetrics t : byName) out.println(typeLine("Summary", t.name(), r.seconds(), t.histogram()));
        queueTimes(out, r);
        var c = r.counts();
        long errors = 0;
        for (TxnMetrics t : r.transactions()) errors += t.errors();
        out.printf(Locale.ROOT, "Rollbacks (expected): %d, retries: %d, errors: %d%n", c.rollbacks(), c.retries(), errors);
        out.printf(Locale.ROOT, "Measured tpmC (NewOrders) = %.2f%n", TpccMetrics.tpmC(r));
        out.printf(Locale.ROOT, "Measured tpmC (committed NewOrders only) = %.2f%n", TpccMetrics.tpmCCommitted(r));
        out.printf(Locale.ROOT, "Measured tpmTOTAL = %.2f%n", TpccMetrics.tpmTotal(r));
        // go-tpc's line, kept for scripts that read it; its efficiency is the level's one figure, or the word "unpaced"
        out.printf(Locale.ROOT, "tpmC: %.2f, tpmTotal: %.2f, efficiency: %s%s%n", TpccMetrics.tpmC(r), TpccMetrics.tpmTotal(r),
                efficiency.text(), efficiency.paced() ? "" : " (no keying or think time, so not bounded by the warehouses)");
        for (String line : hammerDb(r)) out.println(line);
        for (String line : onTheWire(r)) out.println(line);
        out.println();
        ChFormat.summary(out, r);
    }

    /** HammerDB's names of the five transactions' stored procedures, by type. */
    private static final Map<String, String> PROCEDURES = Map.of("NEW_ORDER", "NEWORD", "PAYMENT", "PAYMENT",
            "ORDER_STATUS", "OSTAT", "DELIVERY", "DELIVERY", "STOCK_LEVEL", "SLEV");

    /**
     * HammerDB's summary: per procedure (each type, by HammerDB's name) its calls and latencies in ms (RATIO: its share of
     * the summed latency of all five), then its closing line, NOPM and TPM from the server's own counts over the window
     * ({@link ServerWindow}); where they were not read, the line says so.
     */
    static List<String> hammerDb(RepeatResult r) {
        List<String> out = new ArrayList<>();
        double total = 0;
        for (TxnMetrics t : r.transactions()) total += Histograms.meanMs(t.histogram()) * t.histogram().getTotalCount();
        out.add(">>>>> SUMMARY BY TRANSACTION, HammerDB's shape (its procedure names; with tpccMode=client each call is the "
                + "client's transaction)");
        boolean deferred = r.counts().tally("deliveryQueued") > 0;
        for (String type : List.of("NEW_ORDER", "PAYMENT", "DELIVERY", "STOCK_LEVEL", "ORDER_STATUS")) { // HammerDB's order
            TxnMetrics t = r.transaction(type);
            if (t == null) continue;
            Histogram h = t.histogram();
            long n = h.getTotalCount();
            double sum = Histograms.meanMs(h) * n;
            out.add(">>>>> PROC: " + PROCEDURES.get(type) + (deferred && type.equals("DELIVERY")
                    ? " (deferred, 2.7.2: these times are the queuing; the run itself is in the think time)" : ""));
            out.add(String.format(Locale.ROOT, "CALLS: %d\tMIN: %.3fms\tAVG: %.3fms\tMAX: %.3fms\tTOTAL: %.3fms", n,
                    n == 0 ? 0 : Histograms.minMs(h), Histograms.meanMs(h), Histograms.maxMs(h), sum));
            out.add(String.format(Locale.ROOT, "P99: %.3fms\tP95: %.3fms\tP50: %.3fms\tSD: %.3fms\tRATIO: %.3f%%",
                    Histograms.percentileMs(h, 99), Histograms.percentileMs(h, 95), Histograms.percentileMs(h, 50),
                    Histograms.stddevMs(h), total > 0 ? sum * 100 / total : 0));
        }
        out.add(nopmLine(r.server().window()));
        return out;
    }

    /** "System achieved N NOPM from M engine TPM", from the server's counts, with what was read over how long. */
    public static String nopmLine(ServerWindow w) {
        if (w.dataPerMinute() < 0) return "NOPM not read: the server's sum(d_next_o_id) was not read at both edges of the window";
        String tpm = w.tpm() < 0 ? "TPM not read (" + (w.transactionsNote() != null ? w.transactionsNote()
                : w.transactionsCounter() == null ? w.engine() + " has no transaction counter oltpbench reads"
                : w.transactionsCounter() + " could not be read") + ")" : String.format(Locale.ROOT, "%d %s TPM", Math.round(w.tpm()), w.engine());
        String lag = w.tpm() < 0 || w.lagSecs() <= 0 || w.seconds() <= 0 || (w.closeSettled() && !w.openedBusy()) ? ""
                : w.closeSettled() ? String.format(Locale.ROOT, "; %s publishes a busy session's commits up to %.0f s late, "
                + "so the window's opening read, after the warm-up, may lag: the TPM up to %.1f%% high", w.engine(),
                w.lagSecs(), 100 * w.lagSecs() / w.seconds())
                : String.format(Locale.ROOT, "; %s publishes a busy session's commits up to %.0f s late, so each edge's "
                + "read may lag: the TPM within ±%.1f%%", w.engine(), w.lagSecs(), 100 * w.lagSecs() / w.seconds());
        return String.format(Locale.ROOT, "System achieved %d NOPM from %s (server counts over %.1f s: %s +%d%s%s)",
                Math.round(w.dataPerMinute()), tpm, w.seconds(), w.dataCounter(), w.data(),
                w.tpm() < 0 ? "" : ", " + w.transactionsCounter() + " +" + w.transactions(), lag);
    }

    /**
     * Per type, what one transaction cost on the wire (means over the window's ended transactions, retries included):
     * round trips, queries (as qps counts them), bytes sent and received. Empty for a result without these tallies.
     */
    static List<String> onTheWire(RepeatResult r) {
        List<String> out = new ArrayList<>();
        var c = r.counts();
        if (!c.tallies().containsKey("NEW_ORDER.roundTrips")) return out;
        out.add(String.format(Locale.ROOT, "%-30s %11s %9s %10s %10s", "On the wire, per transaction", "round trips", "queries",
                "bytes out", "bytes in"));
        for (TxnMetrics t : r.transactions()) {
            long n = t.completed();
            if (n == 0) continue;
            String k = t.name() + ".";
            out.add(String.format(Locale.ROOT, "%-30s %11.2f %9.2f %,10.0f %,10.0f", t.name(), c.tally(k + "roundTrips") / (double) n,
                    c.tally(k + "queries") / (double) n, c.tally(k + "bytesOut") / (double) n, c.tally(k + "bytesIn") / (double) n));
        }
        return out;
    }

    /**
     * go-tpc's line for one type over {@code seconds}: Count and TPM count every transaction that ended (its histogram's
     * count), Sum(ms) their latencies added. go-tpc's Takes(s) is the time from the run's start; here it is the seconds
     * the line covers, which is what TPM divides.
     */
    static String typeLine(String tag, String name, double seconds, Histogram h) {
        long n = h.getTotalCount();
        return String.format(Locale.ROOT, "[%s] %s - Takes(s): %.1f, Count: %d, TPM: %.1f, Sum(ms): %.1f, Avg(ms): %.1f, "
                        + "50th(ms): %.1f, 90th(ms): %.1f, 95th(ms): %.1f, 99th(ms): %.1f, 99.9th(ms): %.1f, Max(ms): %.1f",
                tag, name, seconds, n, seconds > 0 ? n * 60 / seconds : 0, Histograms.meanMs(h) * n, Histograms.meanMs(h),
                Histograms.percentileMs(h, 50), Histograms.percentileMs(h, 90), Histograms.percentileMs(h, 95),
                Histograms.percentileMs(h, 99), Histograms.percentileMs(h, 99.9), Histograms.maxMs(h));
    }

    /**
     * The progress block of TPC-C: go-tpc's [Current] line for each type that ended a transaction in {@code sum}'s
     * seconds (its recorded intervals' per-type figures merged), then that span's tpmC (New-Orders that ended, per
     * minute) and tpmTOTAL. Without per-type figures (a file before them), the tpm line alone, from the type counts.
     */
    static List<String> current(IntervalResult sum, List<List<TxnMetrics>> intervals) {
        List<String> out = new ArrayList<>();
        Map<String, Histogram> byType = new java.util.TreeMap<>(); // by name: go-tpc's order
        for (List<TxnMetrics> types : intervals) {
            for (TxnMetrics t : types) byType.computeIfAbsent(t.name(), k -> Histograms.empty()).add(t.histogram());
        }
        double perMinute = sum.seconds() > 0 ? 60 / sum.seconds() : 0;
        long newOrders = 0;
        for (Map.Entry<String, Histogram> e : byType.entrySet()) {
            if (e.getKey().equals(TpccMetrics.NEW_ORDER)) newOrders = e.getValue().getTotalCount();
            if (e.getValue().getTotalCount() > 0) out.add(typeLine("Current", e.getKey(), sum.seconds(), e.getValue()));
        }
        out.add(String.format(Locale.ROOT, "[Current] %ds tpmC: %.1f, tpmTotal: %.1f", Math.round(sum.at()),
                newOrders * perMinute, sum.transactions() * perMinute));
        return out;
    }

    /**
     * BenchmarkSQL 5's progress line: the running average tpmTOTAL since the window opened (the warm-up's own while it
     * lasts), the span's tpmTOTAL, and the client JVM's heap in use of its size. BenchmarkSQL rewrites one line per
     * terminal ("Term-00"); here one line per report interval.
     */
    static String benchmarkSql(long runningTransactions, double runningSeconds, IntervalResult span, long usedMb, long totalMb) {
        double average = runningSeconds > 0 ? runningTransactions * 60 / runningSeconds : 0;
        double current = span.seconds() > 0 ? span.transactions() * 60 / span.seconds() : 0;
        return String.format(Locale.ROOT, "Term-00, Running Average tpmTOTAL: %.2f    Current tpmTOTAL: %d    Memory Usage: %dMB / %dMB",
                average, Math.round(current), usedMb, totalMb);
    }

    /**
     * With shared connections (connections=N): each type's wait for a connection, which the latencies above include
     * (TPC-C 5.3 times a response from the moment it is due); nothing when every terminal owned its connection.
     */
    static void queueTimes(PrintStream out, RepeatResult r) {
        for (TxnMetrics t : r.transactions()) {
            Histogram q = t.queueHistogram();
            if (q == null) continue;
            out.printf(Locale.ROOT, "[Queue] %s - waits for a connection, inside the latency above: Avg(ms): %.1f, "
                            + "90th(ms): %.1f, 99th(ms): %.1f, Max(ms): %.1f%n", t.name(), Histograms.meanMs(q),
                    Histograms.percentileMs(q, 90), Histograms.percentileMs(q, 99), Histograms.maxMs(q));
        }
    }

    /**
     * TPC-C's run rules ({@link Conformance}), one line per level's checked repeat: the counts and the clauses that
     * failed. The full table, each rule's figures against its limit, is in report.html and result.json.
     */
    public static List<String> conformance(RunResult run) {
        List<String> out = new ArrayList<>();
        for (Conformance c : run.conformance()) {
            out.add(String.format(Locale.ROOT, "TPC-C rules, %s%s: %s (each rule's figures: report.html)",
                    org.oltpbench.result.workload.Family.TPCC.workers(c.threads()),
                    c.repeat() > 1 ? ", repeat " + c.repeat() : "", tally(c)));
        }
        return out;
    }

    /** "14 pass, 2 fail (4.2.2, 5.5), 1 n/a": a level's rules counted by verdict, the failed clauses named. */
    public static String tally(Conformance c) {
        int pass = 0, na = 0;
        List<String> failed = new ArrayList<>();
        for (Conformance.Rule r : c.rules()) {
            switch (r.verdict()) {
                case PASS -> pass++;
                case NOT_APPLICABLE -> na++;
                case FAIL -> failed.add(r.clause());
            }
        }
        return pass + " pass, " + failed.size() + " fail" + (failed.isEmpty() ? "" : " (" + String.join(", ", failed) + ")")
                + ", " + na + " n/a";
    }

    /** One row per terminal level, the reported repeat of each. */
    public static void sweepTable(PrintStream out, RunResult run) {
        out.printf(Locale.ROOT, "| %9s | %10s | %13s | %10s | %11s | %11s | %10s | %10s |%n", "terminals", "tpmC",
                "tpmC commit", "tpmTOTAL", "NO p95(ms)", "NO p99(ms)", "efficiency", "client cpu");
        out.println("|-----------|------------|---------------|------------|-------------|-------------|------------|------------|");
        for (LevelResult l : run.levels()) {
            RepeatResult r = l.kept();
            TxnMetrics no = r.transaction(TpccMetrics.NEW_ORDER);
            Histogram h = no == null ? Histograms.empty() : no.histogram();
            String efficiency = Efficiency.of(run.workload(), l).text();
            out.printf(Locale.ROOT, "| %9s | %10.2f | %13.2f | %10.2f | %11.2f | %11.2f | %10s | %10s |%n", Marks.threads(l),
                    TpccMetrics.tpmC(r), TpccMetrics.tpmCCommitted(r), TpccMetrics.tpmTotal(r), Histograms.percentileMs(h, 95),
                    Histograms.percentileMs(h, 99), efficiency, Marks.cpu(r));
        }
        Marks.footnotes(out, run);
    }
}
