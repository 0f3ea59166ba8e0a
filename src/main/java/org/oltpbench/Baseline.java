package org.oltpbench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.oltpbench.report.Metric;
import org.oltpbench.report.compare.Gate;
import org.oltpbench.result.level.LevelResult;
import org.oltpbench.result.run.RunResult;

/**
 * A performance gate for tests: compares a run with a stored result.json, level by level (matched on threads),
 * on the reported repeat of each level. Each rule names a metric and a ratio:
 * {@code tpsAtLeast(0.9)} holds when tps at every level of the baseline is at least 0.9 x the baseline's.
 * A baseline level the run lacks, or a run level that aborted, is a violation.
 *
 * <p>Noise is judged as {@code compare --gate} judges it ({@link Gate}): where both levels have a 95% interval of the
 * figure, a level breaks a rule only when the whole interval of the ratio lies beyond it; where either has none (a
 * level run once with fewer than 8 recorded intervals, as short tests run), the figures alone decide, and the
 * violation says so.
 */
public final class Baseline {
    private record Rule(String metric, Metric figure, double ratio) {
        Gate gate() {
            boolean higher = figure.better() == Metric.Better.HIGHER;
            return new Gate(metric, figure, higher ? 1 - ratio : ratio - 1);
        }
    }

    private final RunResult base;
    private final List<Rule> rules = new ArrayList<>();

    private Baseline(RunResult base) {
        this.base = base;
    }

    public static Baseline of(RunResult baseline) {
        return new Baseline(baseline);
    }

    /** Reads the baseline from a result.json or a result directory. */
    public static Baseline of(Path resultJsonOrDirectory) throws IOException {
        return new Baseline(OltpBench.read(resultJsonOrDirectory));
    }

    public Baseline tpsAtLeast(double ratio) {
        return rule("tps", Metric.TPS, ratio);
    }

    public Baseline qpsAtLeast(double ratio) {
        return rule("qps", Metric.QPS, ratio);
    }

    /** TPC-C: tpmC (New-Orders that ended, rollbacks included) at least {@code ratio} x the baseline's. */
    public Baseline tpmCAtLeast(double ratio) {
        return rule("tpmC", Metric.TPMC, ratio);
    }

    /** The 95th percentile latency of all transactions at most {@code ratio} x the baseline's. */
    public Baseline p95AtMost(double ratio) {
        return rule("p95(ms)", Metric.percentile(95), ratio);
    }

    public Baseline p99AtMost(double ratio) {
        return rule("p99(ms)", Metric.percentile(99), ratio);
    }

    private Baseline rule(String metric, Metric figure, double ratio) {
        rules.add(new Rule(metric, figure, ratio));
        return this;
    }

    /** Every rule a level breaks, one line each: the level, the metric and both values. Empty when all hold. */
    public List<String> violations(RunResult run) {
        List<String> out = new ArrayList<>();
        for (LevelResult b : base.comparedLevels()) {
            LevelResult l = run.level(b.threads());
            if (l == null) {
                out.add("threads=" + b.threads() + ": the baseline has this level and the run does not");
                continue;
            }
            if (!b.kept().completed()) {
                out.add("threads=" + b.threads() + ": the baseline's own run of this level aborted (" + b.kept().reason()
                        + "); record the baseline again");
                continue;
            }
            if (!l.kept().completed()) {
                out.add("threads=" + b.threads() + ": the run aborted: " + l.kept().reason());
                continue;
            }
            for (Rule rule : rules) check(rule, b, l).ifPresent(out::add);
        }
        return out;
    }

    /**
     * The rule's line when the level breaks it: judged on intervals, the means the ratio belongs to (named "mean" where
     * they print otherwise than the reported repeats'), so that the ratio printed is theirs; without intervals, the
     * reported figures.
     */
    private static java.util.Optional<String> check(Rule rule, LevelResult b, LevelResult l) {
        Gate.Judgement j = rule.gate().judge(b, l);
        boolean higher = rule.figure().better() == Metric.Better.HIGHER;
        double want = j.figures().base(), got = j.figures().value(), bound = want * rule.ratio();
        boolean broken = switch (j.outcome()) {
            case FAIL -> true;
            case NOT_JUDGED -> higher ? got < bound : got > bound;
            case PASS, WITHIN_NOISE -> false;
        };
        if (!broken) return java.util.Optional.empty();
        String noise = j.outcome() != Gate.Outcome.FAIL ? "; no interval, so judged on the figures alone"
                : beyond(rule.gate().caveats(b, l), j.ratio());
        String mean = j.figures().kind() == Gate.Figures.Kind.MEANS ? " mean" : "";
        return java.util.Optional.of(String.format(Locale.ROOT, "threads=%d: %s%s %.2f is %s %.2f x baseline%s %.2f (= %.2f)%s",
                l.threads(), rule.metric(), mean, got, higher ? "below" : "above", rule.ratio(), mean, want, bound, noise));
    }

    /**
     * ", beyond noise: ratio ..." where the levels were repeated and clean; else the ratio's interval lies beyond the
     * bound, and what withholds "noise" follows (single runs' batch means cannot see the swings from run to run).
     */
    private static String beyond(org.oltpbench.report.compare.Caveats c, org.oltpbench.stats.Interval ratio) {
        String r = String.format(Locale.ROOT, "ratio %.2f [%.2f, %.2f]", ratio.mean(), ratio.lower(), ratio.upper());
        return c.judgeNoise() ? ", beyond noise: " + r : " by its ratio's whole interval: " + r + "; not judged beyond noise: "
                + c.text();
    }

    /** Throws an AssertionError listing every violation, so a JUnit test fails with the reason. */
    public void check(RunResult run) {
        List<String> v = violations(run);
        if (!v.isEmpty()) throw new AssertionError("performance below baseline:\n  " + String.join("\n  ", v));
    }
}
