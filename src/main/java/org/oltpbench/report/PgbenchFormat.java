package org.oltpbench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.HdrHistogram.Histogram;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.repeat.counted.Counts;
import org.oltpbench.result.repeat.counted.Histograms;
import org.oltpbench.result.repeat.counted.IntervalResult;
import org.oltpbench.result.repeat.counted.Schedule;
import org.oltpbench.result.workload.WorkloadInfo;

/**
 * pgbench 15's console (the version Debian 12 and PostgreSQL 15 ship; 15 added the "failed" column and the failure
 * lines, 16 and 17 print the same shape): its progress line and its summary block, with -r its per-statement
 * latencies. Figures follow pgbench's definitions; where oltpbench measures a figure differently, the javadoc of its
 * line says so.
 */
public final class PgbenchFormat {
    private PgbenchFormat() {
    }

    /**
     * What the peer's command line asked, which pgbench's summary shows.
     *
     * @param rate          -R: tps (0: none)
     * @param limitMs       -L: ms (0: none)
     * @param progress      -P was given (a progress interval)
     * @param perClient     -t: transactions per client (0: -T, timed)
     * @param perStatement  -r: the statement latencies block
     * @param queryMode     the protocol the sessions ran, as pgbench's -M names it (the terms' protocol); "" where not known
     */
    public record Run(double rate, double limitMs, boolean progress, long perClient, boolean perStatement, String queryMode) {
        public Run(double rate, double limitMs, boolean progress, long perClient, boolean perStatement) {
            this(rate, limitMs, progress, perClient, perStatement, "");
        }

        /**
         * Whether pgbench measured each transaction's latency: with -R, -P or -L. Without them it prints only a latency
         * average computed from the duration.
         */
        boolean measured() {
            return rate > 0 || limitMs > 0 || progress;
        }

        /**
         * A run's settings as pgbench's flags: rate (its first level's), latencyLimitMs, reportIntervalSecs > 0, and
         * runTxnsPerTerminal (-t); {@code perStatement} when the workload keeps per-statement times (-r); -M from the
         * protocol the sessions run.
         */
        public static Run of(org.oltpbench.config.RunParams p, boolean perStatement,
                             org.oltpbench.result.run.Terms.Protocol statements) {
            var sweep = p.sweep();
            var first = sweep.levels().isEmpty() ? null : sweep.levels().get(0);
            return new Run(first == null ? 0 : first.rate(), sweep.latencyLimitMs(), sweep.reportIntervalSecs() > 0,
                    first == null ? 0 : first.perTerminal(), perStatement, statements.pgbenchMode());
        }
    }

    /**
     * {@code progress: 5.0 s, 1234.5 tps, lat 0.810 ms stddev 0.213, 0 failed}, with a rate {@code , lag 0.132 ms},
     * with a limit beside it {@code , 1 skipped}. The time is seconds since the repeat started (warm-up included), as
     * pgbench's is since its start; lat and stddev come from the interval's histogram (3 significant digits), pgbench's
     * from exact sums. "failed" counts errors on the ignore list, each of which restarted its transaction (pgbench
     * with --max-tries=1 ends a transaction that fails).
     */
    public static String progress(IntervalResult i, boolean rate, boolean limit) {
        Histogram h = i.histogram();
        StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "progress: %.1f s, %.1f tps, lat %.3f ms stddev %.3f, %d failed",
                i.at(), i.tps(), Histograms.meanMs(h), Histograms.stddevMs(h), i.ignoredErrors()));
        if (rate) {
            b.append(String.format(Locale.ROOT, ", lag %.3f ms", i.schedule().lagMs(i.transactions())));
            if (limit) b.append(", ").append(i.schedule().skipped()).append(" skipped");
        }
        return b.toString();
    }

    /**
     * The summary block after a repeat, as pgbench prints it after a run. "duration" is the measured window rounded
     * to whole seconds (pgbench prints its -T); tps divides by the measured window, as pgbench's divides by its
     * benchmarking time without the initial connections.
     *
     * @param connectSecs the seconds the repeat's terminals took to connect (pgbench's initial connection time)
     */
    public static List<String> summary(RepeatResult r, WorkloadInfo.Script script, Run run, int clients, double connectSecs) {
        List<String> out = new ArrayList<>();
        Counts c = r.counts();
        Schedule s = c.schedule();
        long cnt = c.transactions(), failed = c.ignoredErrors(), total = cnt + s.skipped() + failed;
        out.add("transaction type: " + script.description());
        out.add("scaling factor: " + script.scaleFactor());
        // the protocol the sessions ran; else -M as given, else pgbench's default
        out.add("query mode: " + (!run.queryMode().isEmpty() ? run.queryMode() : script.queryMode().isEmpty() ? "simple" : script.queryMode()));
        out.add("number of clients: " + clients);
        out.add(threads(clients));
        out.add("maximum number of tries: 1");
        if (run.perClient() > 0) {
            out.add("number of transactions per client: " + run.perClient());
            out.add("number of transactions actually processed: " + cnt + "/" + run.perClient() * clients);
        } else {
            out.add("duration: " + Math.round(r.seconds()) + " s");
            out.add("number of transactions actually processed: " + cnt);
        }
        if (total <= 0) return out;
        out.add(String.format(Locale.ROOT, "number of failed transactions: %d (%.3f%%)", failed, 100.0 * failed / total));
        if (run.rate() > 0 && run.limitMs() > 0) {
            out.add(String.format(Locale.ROOT, "number of transactions skipped: %d (%.3f%%)", s.skipped(), 100.0 * s.skipped() / total));
        }
        if (run.limitMs() > 0) {
            out.add(String.format(Locale.ROOT, "number of transactions above the %.1f ms latency limit: %d/%d (%.3f%%)",
                    run.limitMs(), s.late(), cnt, cnt > 0 ? 100.0 * s.late() / cnt : 0.0));
        }
        out.addAll(latency(r, run, clients, total, failed));
        if (run.rate() > 0) {
            out.add(String.format(Locale.ROOT, "rate limit schedule lag: avg %.3f (max %.3f) ms", s.lagMs(cnt), s.maxLagNanos() / 1e6));
        }
        out.add(String.format(Locale.ROOT, "initial connection time = %.3f ms", connectSecs * 1000));
        out.add(String.format(Locale.ROOT, "tps = %f (without initial connection time)", r.seconds() > 0 ? cnt / r.seconds() : 0));
        if (run.perStatement()) out.addAll(statements(c, script));
        return out;
    }

    /**
     * "number of threads", in pgbench's shape: the threads that ran the clients, one each. pgbench's -j below -c shares a
     * thread among clients (libpq's asynchronous calls); a JDBC session blocks its thread, so a line given -j 2 at -c 4
     * ran 4 threads, as pgbench -j 4 does, and says so here (the -j given is recorded in the workload's script).
     */
    static String threads(int clients) {
        return "number of threads: " + Math.max(1, clients);
    }

    /**
     * pgbench's latency lines: measured (-R, -P or -L), the exact mean and the stddev (from the window's histogram, 3
     * significant digits); otherwise only an average from the duration, window x clients / transactions (failed and
     * skipped included), which holds each client's time between transactions too.
     */
    static List<String> latency(RepeatResult r, Run run, int clients, long total, long failed) {
        if (!run.measured()) {
            return List.of(String.format(Locale.ROOT, "latency average = %.3f ms%s", 1000.0 * r.seconds() * clients / total,
                    failed > 0 ? " (including failures)" : ""));
        }
        Histogram h = r.histogram();
        return List.of(String.format(Locale.ROOT, "latency average = %.3f ms", r.avgMs()),
                String.format(Locale.ROOT, "latency stddev = %.3f ms", Histograms.stddevMs(h)));
    }

    /**
     * -r's block: each statement's average time in ms (its summed time over its executions in the window) and its
     * failures (0: a failed statement is not attributed to a statement here), then its first line.
     */
    static List<String> statements(Counts c, WorkloadInfo.Script script) {
        List<String> out = new ArrayList<>();
        out.add("statement latencies in milliseconds and failures:");
        for (int k = 0; k < script.statements().size(); k++) {
            long n = c.tallies().getOrDefault(WorkloadInfo.Script.countTally(k), 0L);
            long nanos = c.tallies().getOrDefault(WorkloadInfo.Script.nanosTally(k), 0L);
            out.add(String.format(Locale.ROOT, "   %11.3f  %10d  %s", n > 0 ? nanos / 1e6 / n : 0.0, 0, script.statements().get(k)));
        }
        return out;
    }
}
