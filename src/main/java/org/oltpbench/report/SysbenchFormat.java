package org.oltpbench.report;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import org.oltpbench.result.repeat.counted.Histograms;
import org.oltpbench.result.repeat.counted.IntervalResult;
import org.oltpbench.result.level.LevelResult;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.run.RunResult;
import org.HdrHistogram.Histogram;

/** sysbench 1.0.20's console output: progress lines and the end-of-run summary, byte for byte in layout. */
public final class SysbenchFormat {
    private SysbenchFormat() {
    }

    /**
     * {@code [ 10s ] thds: 24 tps: 495.89 qps: 9917.89 (r/w/o: ...) lat (ms,95%): 61.08 err/s: 0.00 reconn/s: 0.00}.
     * Rates divide by the interval's measured length; the time is rounded to whole seconds as sysbench prints it.
     */
    public static String interval(IntervalResult i, int percentile) {
        double s = i.seconds();
        double p = Histograms.percentileMs(i.histogram(), percentile);
        return String.format(Locale.ROOT,
                "[ %ds ] thds: %d tps: %4.2f qps: %4.2f (r/w/o: %4.2f/%4.2f/%4.2f) lat (ms,%d%%): %4.2f err/s: %4.2f reconn/s: %4.2f",
                Math.round(i.at()), i.threads(), i.transactions() / s, i.queries() / s, i.reads() / s,
                i.writes() / s, i.other() / s, percentile, p, i.ignoredErrors() / s, i.reconnects() / s);
    }

    /** With latencyLimitMs, the progress line's last part: transactions above the limit, arrivals skipped. */
    public static String limit(org.oltpbench.result.repeat.counted.Schedule s) {
        return String.format(Locale.ROOT, " late/skipped: %d/%d", s.late(), s.skipped());
    }

    /**
     * With latencyLimitMs, after the summary: the window's transactions above the limit of those sent, and the arrivals
     * skipped of those scheduled (pgbench's percentages: late of processed, skipped of processed + skipped + failed).
     */
    public static String limitSummary(RepeatResult r, double limitMs) {
        var c = r.counts();
        var s = c.schedule();
        long sent = c.transactions(), all = sent + s.skipped() + c.ignoredErrors();
        return String.format(Locale.ROOT, "[Latency limit] %d of %d transactions above %.1f ms (%.3f%%); %d arrivals skipped (%.3f%%)",
                s.late(), sent, limitMs, sent > 0 ? 100.0 * s.late() / sent : 0, s.skipped(), all > 0 ? 100.0 * s.skipped() / all : 0);
    }

    /** With a rate: arrivals due but not yet started (an estimate, see IntervalResult.queue). */
    public static String queue(IntervalResult i) {
        return String.format(Locale.ROOT, "[ %ds ] queue length: %d", Math.round(i.at()), i.queue());
    }

    public static void summary(PrintStream out, RepeatResult r, int percentile) {
        var c = r.counts();
        double s = r.seconds() > 0 ? r.seconds() : 1;
        Histogram h = r.histogram();
        out.println("SQL statistics:");
        out.println("    queries performed:");
        out.printf(Locale.ROOT, "        read:                            %d%n", c.reads());
        out.printf(Locale.ROOT, "        write:                           %d%n", c.writes());
        out.printf(Locale.ROOT, "        other:                           %d%n", c.other());
        out.printf(Locale.ROOT, "        total:                           %d%n", c.queries());
        out.printf(Locale.ROOT, "    transactions:                        %-6d (%.2f per sec.)%n", c.transactions(), c.transactions() / s);
        out.printf(Locale.ROOT, "    queries:                             %-6d (%.2f per sec.)%n", c.queries(), c.queries() / s);
        out.printf(Locale.ROOT, "    ignored errors:                      %-6d (%.2f per sec.)%n", c.ignoredErrors(), c.ignoredErrors() / s);
        out.printf(Locale.ROOT, "    reconnects:                          %-6d (%.2f per sec.)%n", c.reconnects(), c.reconnects() / s);
        out.println();
        out.println("General statistics:");
        out.printf(Locale.ROOT, "    total time:                          %.4fs%n", r.seconds());
        out.printf(Locale.ROOT, "    total number of events:              %d%n", c.transactions());
        out.println();
        out.println("Latency (ms):");
        out.printf(Locale.ROOT, "         min: %39.2f%n", Histograms.minMs(h));
        out.printf(Locale.ROOT, "         avg: %39.2f%n", r.avgMs());
        out.printf(Locale.ROOT, "         max: %39.2f%n", Histograms.maxMs(h));
        out.printf(Locale.ROOT, "        %3dth percentile: %27.2f%n", percentile, Histograms.percentileMs(h, percentile));
        out.printf(Locale.ROOT, "         sum: %39.2f%n", c.latencySumNanos() / 1e6);
        out.println();
        Histogram service = serviceTime(r);
        if (service != null) {
            out.println("Service time (ms), from each transaction's actual start (the latency above runs from its intended start):");
            out.printf(Locale.ROOT, "         avg: %39.2f%n", Histograms.meanMs(service));
            out.printf(Locale.ROOT, "         max: %39.2f%n", Histograms.maxMs(service));
            out.printf(Locale.ROOT, "        %3dth percentile: %27.2f%n", percentile, Histograms.percentileMs(service, percentile));
            out.println();
        }
        fairness(out, r);
    }

    /** Every type's service times together; null when the run had no rate. */
    static Histogram serviceTime(RepeatResult r) {
        Histogram all = null;
        for (var t : r.transactions()) {
            Histogram h = t.serviceHistogram();
            if (h == null) return null;
            if (all == null) all = Histograms.empty();
            all.add(h);
        }
        return all;
    }

    /** sysbench's fairness: population standard deviation of events and of busy time over threads. */
    static void fairness(PrintStream out, RepeatResult r) {
        List<Long> ev = r.threadEvents(), ns = r.threadLatencyNanos();
        int n = ev.size();
        double evAvg = 0, timeAvg = 0;
        for (int i = 0; i < n; i++) {
            evAvg += ev.get(i);
            timeAvg += ns.get(i) / 1e9;
        }
        evAvg /= n;
        timeAvg /= n;
        double evDev = 0, timeDev = 0;
        for (int i = 0; i < n; i++) {
            evDev += (ev.get(i) - evAvg) * (ev.get(i) - evAvg);
            timeDev += (ns.get(i) / 1e9 - timeAvg) * (ns.get(i) / 1e9 - timeAvg);
        }
        out.println("Threads fairness:");
        out.printf(Locale.ROOT, "    events (avg/stddev):           %.4f/%3.2f%n", evAvg, Math.sqrt(evDev / n));
        out.printf(Locale.ROOT, "    execution time (avg/stddev):   %.4f/%3.2f%n", timeAvg, Math.sqrt(timeDev / n));
        out.println();
    }

    /** The seeds' comparison table: one row per thread level, the reported repeat of each. */
    public static void sweepTable(PrintStream out, RunResult run) {
        int percentile = run.percentile();
        List<LevelResult> levels = run.levels();
        String pct = percentile + "th(ms)";
        // the first column as wide as its widest label ("8 @900 tps" for a rate search's probe)
        int w = Math.max(7, levels.stream().mapToInt(l -> Marks.threads(l).length()).max().orElse(7));
        out.printf(Locale.ROOT, "| %" + w + "s | %10s | %11s | %9s | %9s | %9s | %8s | %10s |%n", "threads", "tps", "qps", "avg(ms)",
                "max(ms)", pct, "errors", "client cpu");
        out.println("|" + "-".repeat(w + 2) + "|------------|-------------|-----------|-----------|-----------|----------|------------|");
        for (LevelResult l : levels) {
            RepeatResult r = l.kept();
            Histogram h = r.histogram();
            out.printf(Locale.ROOT, "| %" + w + "s | %10.2f | %11.2f | %9.2f | %9.2f | %9.2f | %8d | %10s |%n", Marks.threads(l),
                    r.tps(), r.qps(), r.avgMs(), Histograms.maxMs(h), Histograms.percentileMs(h, percentile),
                    r.counts().ignoredErrors() + r.counts().errors(), Marks.cpu(r));
        }
        Marks.footnotes(out, run);
    }
}
