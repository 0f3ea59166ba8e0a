package org.oltpbench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;
import org.oltpbench.result.LevelResult;
import org.oltpbench.result.RepeatResult;
import org.oltpbench.result.ResultFiles;
import org.oltpbench.result.RunResult;
import org.oltpbench.result.TpccMetrics;

/**
 * A performance gate for tests: compares a run with a stored result.json, level by level (matched on threads),
 * on the reported repeat of each level. Each rule names a metric and a ratio:
 * {@code tpsAtLeast(0.9)} holds when tps at every level of the baseline is at least 0.9 x the baseline's.
 * A baseline level the run lacks, or a run level that aborted, is a violation.
 */
public final class Baseline {
    private record Rule(String metric, ToDoubleFunction<RepeatResult> value, double ratio, boolean higherIsBetter) {
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
        return new Baseline(ResultFiles.read(resultJsonOrDirectory));
    }

    public Baseline tpsAtLeast(double ratio) {
        return atLeast("tps", RepeatResult::tps, ratio);
    }

    public Baseline qpsAtLeast(double ratio) {
        return atLeast("qps", RepeatResult::qps, ratio);
    }

    /** TPC-C: tpmC (New-Orders that ended, rollbacks included) at least {@code ratio} x the baseline's. */
    public Baseline tpmCAtLeast(double ratio) {
        return atLeast("tpmC", TpccMetrics::tpmC, ratio);
    }

    /** The 95th percentile latency of all transactions at most {@code ratio} x the baseline's. */
    public Baseline p95AtMost(double ratio) {
        rules.add(new Rule("p95(ms)", r -> r.percentileMs(95), ratio, false));
        return this;
    }

    public Baseline p99AtMost(double ratio) {
        rules.add(new Rule("p99(ms)", r -> r.percentileMs(99), ratio, false));
        return this;
    }

    private Baseline atLeast(String metric, ToDoubleFunction<RepeatResult> value, double ratio) {
        rules.add(new Rule(metric, value, ratio, true));
        return this;
    }

    /** Every rule a level breaks, one line each: the level, the metric and both values. Empty when all hold. */
    public List<String> violations(RunResult run) {
        List<String> out = new ArrayList<>();
        for (LevelResult b : base.levels()) {
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

    private static java.util.Optional<String> check(Rule rule, LevelResult b, LevelResult l) {
        double want = rule.value().applyAsDouble(b.kept()), got = rule.value().applyAsDouble(l.kept());
        double bound = want * rule.ratio();
        boolean ok = rule.higherIsBetter() ? got >= bound : got <= bound;
        if (ok) return java.util.Optional.empty();
        return java.util.Optional.of(String.format(Locale.ROOT, "threads=%d: %s %.2f is %s %.2f x baseline %.2f (= %.2f)",
                l.threads(), rule.metric(), got, rule.higherIsBetter() ? "below" : "above", rule.ratio(), want, bound));
    }

    /** Throws an AssertionError listing every violation, so a JUnit test fails with the reason. */
    public void check(RunResult run) {
        List<String> v = violations(run);
        if (!v.isEmpty()) throw new AssertionError("performance below baseline:\n  " + String.join("\n  ", v));
    }
}
