package org.oltpbench.report.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.oltpbench.config.ConfigException;
import org.oltpbench.report.Metric;
import org.oltpbench.result.level.LevelResult;
import org.oltpbench.result.run.RunResult;
import org.oltpbench.stats.Confidence;
import org.oltpbench.stats.Interval;

/**
 * A regression gate: a figure and the loss of it a new run may show against a base run, judged beyond noise. The new
 * run fails only when its figure over the base's is worse than the tolerance by the whole 95% interval of that ratio
 * ({@link Confidence#ratio}); an interval that holds the bound is "within noise" and passes. A level whose figures have
 * no interval is not judged (a level run once needs 8 recorded intervals, or repeat=2 and more), which fails a pipeline
 * loudly rather than letting it pass unmeasured. The line prints the figures whose ratio it judged (the means) and what
 * undermines the judgement ({@link Caveats}: single runs, whose batch means cannot see run-to-run swings; a level not
 * clean; a drift); the outcome stands, so a pipeline on single runs still fails, and says on what.
 *
 * @param name      as the user wrote it ("tps", "p95")
 * @param metric    the figure, with its interval and which way is better
 * @param tolerance the loss tolerated, as a fraction (0.025 for 2.5%)
 */
public record Gate(String name, Metric metric, double tolerance) {
    /** How a level stands against a gate. */
    public enum Outcome {
        /** Better than the bound beyond noise, or worse than it by less than noise. */
        PASS("pass"), WITHIN_NOISE(Comparison.WITHIN_NOISE), FAIL("fail"), NOT_JUDGED("not judged");

        private final String word;

        Outcome(String word) {
            this.word = word;
        }

        public String word() {
            return word;
        }
    }

    /**
     * The figures a judgement compares. Judged on intervals, they are the means the ratio's interval belongs to (its
     * centre is value / base), named "means" where they print otherwise than the reported repeats' figures (repeatPick
     * picks one of several); not judged, the reported figures; a level the new run lacks has no value.
     */
    public record Figures(double base, double value, Kind kind) {
        /** Which figures they are. */
        public enum Kind { REPORTED, MEANS, MISSING }

        /** The base's figure beside a new run that lacks the level. */
        static Figures missing(double base) {
            return new Figures(base, Double.NaN, Kind.MISSING);
        }

        /** "means 100.00 -> 82.00", or "100.00 -> 50.00". */
        String text() {
            return (kind == Kind.MEANS ? "means " : "") + Metric.format(base) + " -> " + Metric.format(value);
        }
    }

    /** One level's verdict against one gate, with the figures it is made of. */
    public record Judgement(Gate gate, int threads, Figures figures, Interval ratio, Outcome outcome, String why) {
        /** The line compare prints: level, figures, ratio and interval, bound and verdict; or that the level is missing. */
        public String line() {
            String level = String.format(Locale.ROOT, "%s at %d: ", gate.name, threads);
            if (figures.kind() == Figures.Kind.MISSING) {
                return level + "the new run has no level of " + threads + " (the base's " + Metric.format(figures.base())
                        + "): " + outcome.word + ", as a gate fails on every level of the base that the new run lacks";
            }
            String r = ratio.present() ? String.format(Locale.ROOT, ", ratio %s [%s, %s]", Metric.format(ratio.mean()),
                    Metric.format(ratio.lower()), Metric.format(ratio.upper())) : "";
            return level + figures.text() + r + String.format(Locale.ROOT, " against %s (%s): %s", plain(gate.bound()),
                    gate.spec(), outcome.word) + (why.isEmpty() ? "" : "; " + why);
        }
    }

    private static final Pattern SPEC = Pattern.compile("([A-Za-z0-9]+):([+-]?)(\\d+(?:\\.\\d+)?)%");

    /** Parses {@code tps:-2.5%} or {@code p95:+10%}; the sign, when given, must be the direction the figure worsens. */
    public static Gate parse(String spec, int percentile) {
        Matcher m = SPEC.matcher(spec.trim());
        if (!m.matches()) {
            throw new ConfigException("--gate " + spec + ": write FIGURE:LOSS%, e.g. tps:-2.5% or p95:+10% (figures: tps, qps, "
                    + "tpmC, QphH, p" + percentile + ")");
        }
        Metric metric = metric(m.group(1), percentile);
        double tolerance = Double.parseDouble(m.group(3)) / 100;
        String worse = metric.better() == Metric.Better.HIGHER ? "-" : "+";
        // a throughput cannot fall by 100% or more; a latency may grow by any factor
        if (tolerance >= 1 && worse.equals("-")) {
            throw new ConfigException("--gate " + spec + ": a loss of 100% or more tolerates anything; give less");
        }
        if (!m.group(2).isEmpty() && !m.group(2).equals(worse)) {
            throw new ConfigException("--gate " + spec + ": " + m.group(1) + " is better " + (worse.equals("-") ? "higher" : "lower")
                    + ", so the loss it tolerates is written " + m.group(1) + ":" + worse + m.group(3) + "%");
        }
        return new Gate(m.group(1), metric, tolerance);
    }

    private static Metric metric(String name, int percentile) {
        return switch (name) {
            case "tps" -> Metric.TPS;
            case "qps" -> Metric.QPS;
            case "tpmC" -> Metric.TPMC;
            case "QphH" -> Metric.HTAP.get(0);
            default -> {
                if (!name.equals("p" + percentile)) {
                    throw new ConfigException("--gate " + name + ": no such figure with an interval; gate on tps, qps, tpmC, "
                            + "QphH or p" + percentile + " (latency intervals are of the runs' percentile=" + percentile + ")");
                }
                yield Metric.percentile(percentile);
            }
        };
    }

    /** The ratio new/base at which a level fails: 1 - tolerance for a figure better higher, 1 + tolerance otherwise. */
    public double bound() {
        return metric.better() == Metric.Better.HIGHER ? 1 - tolerance : 1 + tolerance;
    }

    /** The gate as written back: {@code tps:-2.5%}. */
    public String spec() {
        return name + ":" + (metric.better() == Metric.Better.HIGHER ? "-" : "+") + plain(tolerance * 100) + "%";
    }

    /** A bound or tolerance as written: 0.975, 1.1, 2.5 (six significant digits, no trailing zeros). */
    static String plain(double v) {
        return new java.math.BigDecimal(v).round(new java.math.MathContext(6)).stripTrailingZeros().toPlainString();
    }

    /** Every level of {@code base}, judged in {@code next}. */
    public List<Judgement> judge(RunResult base, RunResult next) {
        List<Judgement> out = new ArrayList<>();
        for (LevelResult b : base.comparedLevels()) {
            if (b.threads() == 0) continue; // CH's analytics alone: judged only by a QphH gate, at the levels with terminals
            out.add(judge(b, next.level(b.threads())));
        }
        return out;
    }

    /** One level: {@code next} null when the new run lacks it. */
    public Judgement judge(LevelResult base, LevelResult next) {
        double b = metric.of(base.kept());
        if (next == null) return new Judgement(this, base.threads(), Figures.missing(b), Interval.NONE, Outcome.FAIL, "");
        Figures reported = new Figures(b, metric.of(next.kept()), Figures.Kind.REPORTED);
        if (!base.kept().completed() || !next.kept().completed()) {
            return new Judgement(this, base.threads(), reported, Interval.NONE, Outcome.FAIL,
                    (!next.kept().completed() ? "the new run's level aborted: " + next.kept().reason()
                            : "the base run's level aborted: record the base again"));
        }
        Interval ratio = Confidence.ratio(metric.interval(next), metric.interval(base));
        if (!ratio.present()) {
            return new Judgement(this, base.threads(), reported, ratio, Outcome.NOT_JUDGED, "no interval of " + name + " in "
                    + (metric.interval(base).present() ? "the new run" : "the base run") + " (a level run once needs 8 "
                    + "recorded intervals; or repeat=3)");
        }
        double bound = bound();
        boolean higher = metric.better() == Metric.Better.HIGHER;
        Outcome o = ratio.contains(bound) ? Outcome.WITHIN_NOISE
                : (higher ? ratio.upper() < bound : ratio.lower() > bound) ? Outcome.FAIL : Outcome.PASS;
        Caveats caveats = caveats(base, next);
        return new Judgement(this, base.threads(), means(reported, metric.interval(base), metric.interval(next)), ratio, o,
                caveats.text());
    }

    /**
     * What undermines a judgement of {@code next} against {@code base} ({@link Caveats}: single runs, a level not clean,
     * a drift), said on its line; a gate's base is a stored run by design, so that the runs were not interleaved is not.
     */
    public Caveats caveats(LevelResult base, LevelResult next) {
        return Caveats.of("the new run", next, metric.interval(next), "the base run", base, metric.interval(base));
    }

    /** The means of the two intervals, named so where either prints otherwise than the reported figure. */
    private static Figures means(Figures reported, Interval base, Interval next) {
        boolean alike = Metric.format(base.mean()).equals(Metric.format(reported.base()))
                && Metric.format(next.mean()).equals(Metric.format(reported.value()));
        return new Figures(base.mean(), next.mean(), alike ? Figures.Kind.REPORTED : Figures.Kind.MEANS);
    }
}
