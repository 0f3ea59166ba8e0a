package org.oltpbench.report;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import org.oltpbench.measure.Interval;
import org.oltpbench.measure.LevelResult;
import org.oltpbench.measure.ThreadStats;

/** sysbench 1.0.20's console output: progress lines and the end-of-run summary, byte for byte in layout. */
public final class SysbenchFormat {
    private SysbenchFormat() {
    }

    /** {@code [ 10s ] thds: 24 tps: 495.89 qps: 9917.89 (r/w/o: ...) lat (ms,95%): 61.08 err/s: 0.00 reconn/s: 0.00} */
    public static String interval(Interval i, int percentile) {
        double s = i.seconds();
        return String.format(Locale.ROOT,
                "[ %ds ] thds: %d tps: %4.2f qps: %4.2f (r/w/o: %4.2f/%4.2f/%4.2f) lat (ms,%d%%): %4.2f err/s: %4.2f reconn/s: %4.2f",
                i.elapsedSecs(), i.threads(), i.events() / s, (i.reads() + i.writes() + i.other()) / s, i.reads() / s,
                i.writes() / s, i.other() / s, percentile, i.percentileMs(), i.errors() / s, i.reconnects() / s);
    }

    public static void summary(PrintStream out, LevelResult r, int percentile) {
        long[] t = r.totals();
        double s = r.seconds() > 0 ? r.seconds() : 1;
        out.println("SQL statistics:");
        out.println("    queries performed:");
        out.printf(Locale.ROOT, "        read:                            %d%n", t[ThreadStats.READS]);
        out.printf(Locale.ROOT, "        write:                           %d%n", t[ThreadStats.WRITES]);
        out.printf(Locale.ROOT, "        other:                           %d%n", t[ThreadStats.OTHER]);
        out.printf(Locale.ROOT, "        total:                           %d%n", r.queries());
        out.printf(Locale.ROOT, "    transactions:                        %-6d (%.2f per sec.)%n", r.events(), r.events() / s);
        out.printf(Locale.ROOT, "    queries:                             %-6d (%.2f per sec.)%n", r.queries(), r.queries() / s);
        out.printf(Locale.ROOT, "    ignored errors:                      %-6d (%.2f per sec.)%n", t[ThreadStats.ERRORS], t[ThreadStats.ERRORS] / s);
        out.printf(Locale.ROOT, "    reconnects:                          %-6d (%.2f per sec.)%n", t[ThreadStats.RECONNECTS], t[ThreadStats.RECONNECTS] / s);
        out.println();
        out.println("General statistics:");
        out.printf(Locale.ROOT, "    total time:                          %.4fs%n", r.seconds());
        out.printf(Locale.ROOT, "    total number of events:              %d%n", r.events());
        out.println();
        out.println("Latency (ms):");
        out.printf(Locale.ROOT, "         min: %39.2f%n", r.minMs());
        out.printf(Locale.ROOT, "         avg: %39.2f%n", r.avgMs());
        out.printf(Locale.ROOT, "         max: %39.2f%n", r.maxMs());
        out.printf(Locale.ROOT, "        %3dth percentile: %27.2f%n", percentile, r.percentileMs(percentile));
        out.printf(Locale.ROOT, "         sum: %39.2f%n", t[ThreadStats.LATENCY_NS] / 1e6);
        out.println();
        fairness(out, r);
    }

    private static void fairness(PrintStream out, LevelResult r) {
        long[] ev = r.threadEvents();
        long[] ns = r.threadNanos();
        int n = ev.length;
        double evAvg = 0, timeAvg = 0;
        for (int i = 0; i < n; i++) {
            evAvg += ev[i];
            timeAvg += ns[i] / 1e9;
        }
        evAvg /= n;
        timeAvg /= n;
        double evDev = 0, timeDev = 0;
        for (int i = 0; i < n; i++) {
            evDev += (ev[i] - evAvg) * (ev[i] - evAvg);
            timeDev += (ns[i] / 1e9 - timeAvg) * (ns[i] / 1e9 - timeAvg);
        }
        out.println("Threads fairness:");
        out.printf(Locale.ROOT, "    events (avg/stddev):           %.4f/%3.2f%n", evAvg, Math.sqrt(evDev / n));
        out.printf(Locale.ROOT, "    execution time (avg/stddev):   %.4f/%3.2f%n", timeAvg, Math.sqrt(timeDev / n));
        out.println();
    }

    /** The seeds' comparison table: one row per thread level. */
    public static void sweepTable(PrintStream out, List<LevelResult> levels, int percentile) {
        String pct = percentile + "th(ms)";
        out.printf(Locale.ROOT, "| %7s | %10s | %11s | %9s | %9s | %9s | %8s |%n", "threads", "tps", "qps", "avg(ms)",
                "max(ms)", pct, "errors");
        out.println("|---------|------------|-------------|-----------|-----------|-----------|----------|");
        for (LevelResult r : levels) {
            out.printf(Locale.ROOT, "| %7d | %10.2f | %11.2f | %9.2f | %9.2f | %9.2f | %8d |%n", r.threads(), r.tps(),
                    r.qps(), r.avgMs(), r.maxMs(), r.percentileMs(percentile), r.totals()[ThreadStats.ERRORS]);
        }
    }
}
