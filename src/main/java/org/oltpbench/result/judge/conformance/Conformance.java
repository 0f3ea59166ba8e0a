package org.oltpbench.result.judge.conformance;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.HdrHistogram.Histogram;
import org.oltpbench.result.level.LevelResult;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.repeat.TpccMetrics;
import org.oltpbench.result.repeat.counted.Counts;
import org.oltpbench.result.repeat.counted.Histograms;
import org.oltpbench.result.repeat.counted.TxnMetrics;
import org.oltpbench.result.workload.TxnType;
import org.oltpbench.result.workload.WorkloadInfo;

/**
 * Which of TPC-C's run rules a level's reported repeat meets, each citing its clause as TPC-C 5.11 numbers it. Derived
 * from the result alone (the transaction table, the types' counts, histograms and pacing sums, the window, the trend
 * and the checks after the repeat), so every output that reads {@code result.json} shows the same verdict.
 *
 * @param threads the level (terminals)
 * @param repeat  the repeat judged: the level's reported one
 * @param rules   one line per rule, in the order the console prints them
 */
public record Conformance(int threads, int repeat, List<Rule> rules) {

    /** A rule's outcome. */
    public enum Verdict {
        @JsonProperty("PASS") PASS,
        @JsonProperty("FAIL") FAIL,
        @JsonProperty("not applicable") NOT_APPLICABLE;

        @Override
        public String toString() {
            return this == NOT_APPLICABLE ? "n/a" : name();
        }
    }

    /**
     * @param clause  the spec's clause number
     * @param rule    what it requires, in a few words
     * @param verdict PASS, FAIL or NOT_APPLICABLE
     * @param detail  the measured figures against the limits; for NOT_APPLICABLE, the reason
     */
    public record Rule(String clause, String rule, Verdict verdict, String detail) {
    }

    /** The spec's figures per transaction type: 5.2.3 minimum share, 5.2.5.2 keying, 5.2.5.4 mean think, 5.2.5.3 90th pct. */
    record Spec(String name, String label, double minShare, double keyingSecs, double thinkSecs, double p90Secs) {
    }

    static final List<Spec> SPEC = List.of(
            new Spec("NEW_ORDER", "New-Order", 0, 18, 12, 5),
            new Spec("PAYMENT", "Payment", 43, 3, 12, 5),
            new Spec("ORDER_STATUS", "Order-Status", 4, 2, 10, 5),
            new Spec("DELIVERY", "Delivery", 4, 2, 5, 5),
            new Spec("STOCK_LEVEL", "Stock-Level", 4, 2, 5, 20));

    /**
     * TPC-C's measurement interval: at least two hours, in steady state (Clause 5.5; revision 5.0's "2 Hour Measurement"
     * in the spec's document history). The sub-clause that states 120 minutes could not be read where this was written.
     */
    static final double MIN_MEASURED_MINUTES = 120;
    /**
     * The least tpmC per warehouse a reported throughput may have (about 70% of the maximum). Taken from secondary
     * sources quoting Clause 4.1.3 (openGauss's TPC-C guide: "> 9 and < 12.86"); the spec's own text could not be read
     * where this was written.
     */
    static final double MIN_TPMC_PER_WAREHOUSE = 9;
    /** Clause 4.2.2: ten terminals per warehouse. */
    static final int TERMINALS_PER_WAREHOUSE = 10;

    /** The verdict of {@code level}'s reported repeat of a TPC-C run with {@code info}'s transaction table. */
    public static Conformance of(WorkloadInfo info, LevelResult level) {
        return of(info, level, true);
    }

    /** @param fixed whether each terminal kept its home warehouse (terminalWarehouseFixed) */
    public static Conformance of(WorkloadInfo info, LevelResult level, boolean fixed) {
        RepeatResult r = level.kept();
        int warehouses = level.warehouses() > 0 ? level.warehouses() : info.scale().warehouses();
        boolean keyed = info.transactions().stream().anyMatch(t -> t.keyingMs() > 0);
        boolean thought = info.transactions().stream().anyMatch(t -> t.thinkMs() > 0);
        List<Rule> rules = new ArrayList<>();
        rules.add(mix(info, r));
        rules.add(responseTimes(r, keyed || thought));
        rules.add(deferredDelivery(r, keyed || thought));
        rules.add(keying(info, r, keyed));
        rules.add(thinking(info, r, thought));
        rules.add(terminals(r, warehouses, fixed));
        rules.add(efficiency(r, Efficiency.of(info, r, warehouses)));
        rules.add(floor(r, warehouses, keyed && thought));
        rules.add(consistency(r));
        rules.add(interval(r, level.spread().trend()));
        rules.addAll(Audit.rules(r, warehouses));
        return new Conformance(level.threads(), r.repeat(), rules);
    }

    /**
     * The most tpmC {@code warehouses} warehouses can reach at the run's configured keying and think times: Clause 4.1.3's
     * comment's computation (ten terminals per warehouse, each cycling through keying, the transaction and think time)
     * with the configured times in place of 5.2.5.7's, and the transactions' own time left out. At the spec's times it is
     * 12.86 per warehouse; with both times scaled by m, 12.86 / m. NaN when the run is not paced.
     */
    public static double pacedCeiling(WorkloadInfo info, int warehouses) {
        double weights = 0, cycleMs = 0, headline = 0;
        for (TxnType t : info.transactions()) {
            weights += t.weight();
            cycleMs += t.weight() * (t.keyingMs() + t.thinkMs());
            if (t.headline()) headline += t.weight();
        }
        if (cycleMs <= 0) return Double.NaN;
        // per terminal: a cycle of the weighted mean keying + think ms; a share headline/weights of cycles are New-Orders
        return TERMINALS_PER_WAREHOUSE * warehouses * 60_000.0 * headline / cycleMs;
    }

    /** True when every rule passed. */
    public boolean passed() {
        return rules.stream().allMatch(x -> x.verdict() == Verdict.PASS);
    }

    /**
     * 5.2.3's minimum shares. The configured weight must be at least the minimum; the measured share is a sample of it
     * (terminals stop part-way through their decks, and a short window holds few cards), so a count within 3 binomial
     * standard errors below the minimum, n·m − 3·√(n·m·(1−m)), passes, as the efficiency rule allows for its count.
     * New-Order has no minimum (its rate is the reported throughput).
     */
    static Rule mix(WorkloadInfo info, RepeatResult r) {
        long all = 0;
        for (TxnMetrics t : r.transactions()) all += t.completed();
        if (all == 0) return new Rule("5.2.3", "transaction mix", Verdict.NOT_APPLICABLE, "not applicable, because no transaction completed");
        boolean ok = true;
        List<String> parts = new ArrayList<>(), low = new ArrayList<>();
        for (Spec s : SPEC) {
            if (s.minShare() == 0) continue;
            TxnMetrics t = r.transaction(s.name());
            long n = t == null ? 0 : t.completed();
            double m = s.minShare() / 100, floor = Math.max(0, all * m - 3 * Math.sqrt(all * m * (1 - m)));
            ok &= n >= floor;
            parts.add(String.format(Locale.ROOT, "%s %.3f%% (min %.0f%%, %d of %d against a floor of %.1f)", s.label(),
                    100.0 * n / all, s.minShare(), n, all, floor));
            for (TxnType type : info.transactions()) {
                if (type.name().equals(s.name()) && type.weight() < s.minShare() - 1e-9) low.add(s.label() + " weight " + num(type.weight()));
            }
        }
        if (!low.isEmpty()) {
            return new Rule("5.2.3", "transaction mix", Verdict.FAIL, "configured below the minimum: " + String.join(", ", low)
                    + "; " + String.join(", ", parts));
        }
        return new Rule("5.2.3", "transaction mix", ok ? Verdict.PASS : Verdict.FAIL, String.join(", ", parts)
                + "; a count within 3 binomial standard errors of its minimum passes");
    }

    static Rule responseTimes(RepeatResult r) {
        return responseTimes(r, false);
    }

    /** @param deferred whether Delivery ran deferred (under pacing): its response then ends when it is queued */
    public static Rule responseTimes(RepeatResult r, boolean deferred) {
        boolean ok = true, any = false;
        List<String> parts = new ArrayList<>();
        for (Spec s : SPEC) {
            TxnMetrics t = r.transaction(s.name());
            if (t == null || t.completed() == 0) continue;
            any = true;
            Histogram h = t.histogram();
            double p90 = Histograms.percentileMs(h, 90) / 1000;
            ok &= p90 <= s.p90Secs();
            parts.add(String.format(Locale.ROOT, "%s %s s (max %.0f s)", s.label(), secs(p90), s.p90Secs()));
        }
        if (!any) return new Rule("5.2.5.3", "90th percentile response time", Verdict.NOT_APPLICABLE,
                "not applicable, because no transaction completed");
        return new Rule("5.2.5.3", "90th percentile response time", ok ? Verdict.PASS : Verdict.FAIL,
                String.join(", ", parts) + (deferred ? "; Delivery's response ends when it is queued (2.7.2)"
                        : "; Delivery timed in full (not deferred)"));
    }

    /**
     * 2.7.2 and 5.2.5.3's footnote: under pacing Delivery runs deferred, and at least 90% of the deferred Deliveries
     * complete within 80 s of their queuing. Deliveries still queued when the level ends are counted apart. Without
     * pacing Delivery runs inline, as BenchmarkSQL 5 and go-tpc run it.
     */
    public static Rule deferredDelivery(RepeatResult r, boolean paced) {
        String what = "deferred Delivery within 80 s";
        if (!paced) return new Rule("2.7.2", what, Verdict.NOT_APPLICABLE,
                "not applicable, because without pacing Delivery runs inline and its response time is its whole execution");
        Counts c = r.counts();
        if (!c.tallies().containsKey("deliveryQueued")) return new Rule("2.7.2", what, Verdict.NOT_APPLICABLE,
                "not applicable, because this result has no tallies of deferred Deliveries (written before they were kept)");
        long queued = c.tally("deliveryQueued"), done = c.tally("deliveryCompleted"), late = c.tally("deliveryOver80s");
        if (done == 0) return new Rule("2.7.2", what, Verdict.NOT_APPLICABLE,
                "not applicable, because no deferred Delivery completed (" + queued + " queued)");
        boolean ok = late * 10 <= done;
        return new Rule("2.7.2", what, ok ? Verdict.PASS : Verdict.FAIL, String.format(Locale.ROOT,
                "%d of %d completed more than 80 s after their queuing (%.1f%%; at most 10%%); %d queued, %d still queued "
                        + "when the level ended", late, done, 100.0 * late / done, queued, Math.max(0, queued - done)));
    }

    static Rule keying(WorkloadInfo info, RepeatResult r, boolean on) {
        if (!on) return new Rule("5.2.5.2", "keying time", Verdict.NOT_APPLICABLE,
                "not applicable, because the run had no keying time (keyingTime=false)");
        return paced("5.2.5.2", "keying time", r, info, true);
    }

    static Rule thinking(WorkloadInfo info, RepeatResult r, boolean on) {
        if (!on) return new Rule("5.2.5.4", "think time", Verdict.NOT_APPLICABLE,
                "not applicable, because the run had no think time (thinkTime=false)");
        return paced("5.2.5.4", "think time", r, info, false);
    }

    /**
     * Measured mean keying (fixed, so never below the configured time) or think time (negative exponential: its mean
     * over n draws has a standard error of mean/√n, so a mean within 3 standard errors of the spec's passes) per type.
     */
    private static Rule paced(String clause, String what, RepeatResult r, WorkloadInfo info, boolean keying) {
        boolean ok = true;
        List<String> parts = new ArrayList<>();
        for (Spec s : SPEC) {
            TxnMetrics t = r.transaction(s.name());
            if (t == null || t.completed() == 0) continue;
            double min = keying ? s.keyingSecs() : s.thinkSecs();
            double mean = keying ? t.keyingMeanSecs() : t.thinkMeanSecs();
            double floor = keying ? min * 0.995 : min * (1 - 3 / Math.sqrt(t.completed()));
            ok &= mean >= floor;
            parts.add(String.format(Locale.ROOT, "%s %s s (min %s s)", s.label(), secs(mean), secs(min)));
        }
        String scaled = scaledBelowSpec(info, keying);
        if (!scaled.isEmpty()) return new Rule(clause, what, Verdict.FAIL, scaled + ": " + String.join(", ", parts));
        return new Rule(clause, what, ok ? Verdict.PASS : Verdict.FAIL, "measured means " + String.join(", ", parts)
                + (keying ? "" : "; a mean within 3 standard errors of the spec's passes"));
    }

    /** "scaled by 0.01" when the configured times are below the spec's (a multiplier under 1); empty otherwise. */
    private static String scaledBelowSpec(WorkloadInfo info, boolean keying) {
        for (TxnType t : info.transactions()) {
            for (Spec s : SPEC) {
                if (!s.name().equals(t.name())) continue;
                double spec = (keying ? s.keyingSecs() : s.thinkSecs()) * 1000, set = keying ? t.keyingMs() : t.thinkMs();
                if (set < spec - 0.5) return String.format(Locale.ROOT, "scaled by %s below the spec's", num(set / spec));
            }
        }
        return "";
    }

    /**
     * 4.1.3: tpmC at most what the pacing allows, the level's {@link Efficiency} (12.86 per warehouse at the spec's times,
     * scaled with them). A paced run at the ceiling counts New-Orders that arrive at random, so its count has a standard
     * error of about √n: a tpmC within 3 standard errors above the ceiling passes. Not applicable without pacing.
     */
    static Rule efficiency(RepeatResult r, Efficiency e) {
        TxnMetrics no = r.transaction("NEW_ORDER");
        long n = no == null ? 0 : no.completed();
        if (!e.paced()) return new Rule("4.1.3", "efficiency", Verdict.NOT_APPLICABLE, String.format(Locale.ROOT,
                "not applicable, because without keying and think time tpmC is not bounded by the warehouses; tpmC %.2f, "
                        + "efficiency %s", e.tpmC(), e.text()));
        double allowed = n == 0 ? e.ceiling() : e.ceiling() * (1 + 3 / Math.sqrt(n));
        String figures = String.format(Locale.ROOT, "tpmC %.2f against %.2f (%.2f x %d warehouses): %s", e.tpmC(), e.ceiling(),
                e.perWarehouse(), e.warehouses(), e.text());
        if (e.tpmC() <= e.ceiling()) return new Rule("4.1.3", "efficiency", Verdict.PASS, figures);
        if (e.tpmC() <= allowed) {
            return new Rule("4.1.3", "efficiency", Verdict.PASS, figures + String.format(Locale.ROOT,
                    ", within 3 standard errors of the ceiling (%.2f for %d New-Orders)", allowed, n));
        }
        return new Rule("4.1.3", "efficiency", Verdict.FAIL, figures + ", above what the pacing allows");
    }

    /** 4.2.2: ten terminals per warehouse, each with a fixed home warehouse. */
    static Rule terminals(RepeatResult r, int warehouses, boolean fixed) {
        String figures = String.format(Locale.ROOT, "%d terminals for %d warehouses (%d each)%s", r.threads(), warehouses,
                TERMINALS_PER_WAREHOUSE, fixed ? ", home warehouses fixed" : ", home warehouse drawn per transaction");
        boolean ok = warehouses > 0 && r.threads() == TERMINALS_PER_WAREHOUSE * warehouses && fixed;
        return new Rule("4.2.2", "terminals per warehouse", ok ? Verdict.PASS : Verdict.FAIL,
                figures + (ok ? "" : "; set terminals=" + TERMINALS_PER_WAREHOUSE * warehouses + " and terminalWarehouseFixed=true"));
    }

    /**
     * 4.1.3's floor: at least 9 tpmC per warehouse, under the spec's pacing (without it tpmC is not bounded by the
     * warehouses). A count within 3 standard errors (√n) below the floor passes, as the ceiling allows above.
     */
    static Rule floor(RepeatResult r, int warehouses, boolean paced) {
        double tpmC = TpccMetrics.tpmC(r), floor = MIN_TPMC_PER_WAREHOUSE * warehouses;
        TxnMetrics no = r.transaction("NEW_ORDER");
        long n = no == null ? 0 : no.completed();
        String figures = String.format(Locale.ROOT, "tpmC %.2f against %.2f (9 x %d warehouses)", tpmC, floor, warehouses);
        if (!paced) return new Rule("4.1.3", "throughput floor", Verdict.NOT_APPLICABLE,
                "not applicable, because without keying and think time the floor does not bound anything; " + figures);
        double allowed = n == 0 ? floor : floor * (1 - 3 / Math.sqrt(n));
        return new Rule("4.1.3", "throughput floor", tpmC >= allowed ? Verdict.PASS : Verdict.FAIL, figures
                + (tpmC >= floor ? "" : tpmC >= allowed ? String.format(Locale.ROOT,
                ", within 3 standard errors of the floor (%.2f for %d New-Orders)", allowed, n)
                : ": below the floor; the system did not keep up with the terminals (see the 90th percentiles)"));
    }

    static Rule consistency(RepeatResult r) {
        return switch (r.consistency()) {
            case PASSED -> new Rule("3.3.2", "consistency conditions", Verdict.PASS, "checks 3.3.2.1-3.3.2.12 passed after the run");
            case FAILED -> new Rule("3.3.2", "consistency conditions", Verdict.FAIL, "a check of 3.3.2.1-3.3.2.12 failed after the run");
            case NOT_CHECKED -> new Rule("3.3.2", "consistency conditions", Verdict.NOT_APPLICABLE,
                    "not applicable, because the data was not checked after the run; set checkAfterRun=true");
        };
    }

    static Rule interval(RepeatResult r, org.oltpbench.stats.Trend trend) {
        double minutes = r.seconds() / 60;
        String length = String.format(Locale.ROOT, "%s min measured (min %.0f min)", num(minutes), MIN_MEASURED_MINUTES);
        if (trend.drifting()) {
            return new Rule("5.5", "measurement interval", Verdict.FAIL, length + "; not in steady state: tps "
                    + (trend.stopped() ? "was " : "drifted ") + trend.brief());
        }
        boolean ok = minutes >= MIN_MEASURED_MINUTES;
        return new Rule("5.5", "measurement interval", ok ? Verdict.PASS : Verdict.FAIL,
                length + (ok ? ", no drift found" : ""));
    }

    private static String secs(double s) {
        return s >= 10 ? String.format(Locale.ROOT, "%.1f", s) : String.format(Locale.ROOT, "%.3f", s);
    }

    private static String num(double v) {
        if (v == Math.rint(v)) return String.valueOf((long) v);
        return v < 0.1 ? String.format(Locale.ROOT, "%.3g", v) : String.format(Locale.ROOT, "%.2f", v);
    }
}
