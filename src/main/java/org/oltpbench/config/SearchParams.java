package org.oltpbench.config;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A search: the levels are found, not given. {@code threads=search} (the {@link Axis#THREADS} axis): The search doubles the level from {@code from} while
 * throughput rises beyond noise and the latency limit holds, then bisects between the last level that rose and the first
 * that did not, until they are within {@code resolution} of each other. Each probe repeats until its tps interval's
 * half-width is at most {@code halfWidth} of its mean, or {@code maxRepeats} repeats ran.
 *
 * @param from       the first level probed
 * @param max        the highest level the doubling may reach
 * @param resolution how close the bisection comes, as a fraction of the lower level (0.10: within 10%)
 * @param halfWidth  the relative half-width of a probe's tps interval that ends its repeats (0.03: ±3%)
 * @param maxRepeats the most repeats of one probe
 * @param limit      the latency limit every probe is held to; {@link LatencyLimit#NONE} for none
 * @param model      threadModel as given (auto chooses per probe)
 * @param axis       what the search varies: threads (the peak), the arrival rate or TPC-C's warehouses (a capacity)
 */
public record SearchParams(int from, int max, double resolution, double halfWidth, int maxRepeats, LatencyLimit limit,
                           ThreadModel model, Axis axis) {
    /** No search: the levels are the ones {@code threads} lists. */
    public static final SearchParams NONE = new SearchParams(0, 0, 0, 0, 0, LatencyLimit.NONE);

    /**
     * What a search varies. THREADS looks for the peak of throughput (and its knee) within the limit. RATE and WAREHOUSES
     * look for a capacity: the highest level that still passes, the next one up failing. A RATE probe passes while the
     * limit's percentile of latency from the scheduled start holds (capacity free of coordinated omission); a WAREHOUSES
     * probe (10 paced terminals per warehouse) while TPC-C's efficiency is at least 85% and every type's 90th percentile is
     * within 5.2.5.3's limits.
     */
    public enum Axis {
        THREADS("threads", "threads"), RATE("rate", "tps arrival rate"), WAREHOUSES("warehouses", "warehouses");

        private final String key, unit;

        Axis(String key, String unit) {
            this.key = key;
            this.unit = unit;
        }

        /** The key set to search: threads, rate or warehouses. */
        public String key() {
            return key;
        }

        /** What a level on this axis is counted in, for the reader. */
        public String unit() {
            return unit;
        }
    }

    public SearchParams {
        if (limit == null) limit = LatencyLimit.NONE;
        if (model == null) model = ThreadModel.AUTO;
        if (axis == null) axis = Axis.THREADS;
    }

    /** A thread search whose probes run on the thread model their size needs. */
    public SearchParams(int from, int max, double resolution, double halfWidth, int maxRepeats, LatencyLimit limit) {
        this(from, max, resolution, halfWidth, maxRepeats, limit, ThreadModel.AUTO, Axis.THREADS);
    }

    /** A thread search. */
    public SearchParams(int from, int max, double resolution, double halfWidth, int maxRepeats, LatencyLimit limit,
                        ThreadModel model) {
        this(from, max, resolution, halfWidth, maxRepeats, limit, model, Axis.THREADS);
    }

    /** The most repeats of one probe: searchMaxRepeats for threads; a capacity search runs each probe once. */
    public int repeatsAtMost() {
        return axis == Axis.THREADS ? maxRepeats : 1;
    }

    /** The most threads one of its probes runs (a rate search's probes run the level's threads: 0 here). */
    public int maxThreads() {
        return axis == Axis.THREADS ? max : axis == Axis.WAREHOUSES ? 10 * max : 0;
    }

    public boolean present() {
        return from > 0;
    }

    /** What result.json leaves out: no search (so that a sweep of listed levels reads as it always did). */
    public static final class Absent extends org.oltpbench.config.JsonAbsent {
        @Override
        protected boolean absent(Object o) {
            return o instanceof SearchParams s && !s.present();
        }
    }

    /**
     * A latency percentile's ceiling, as {@code searchLimit=p99<=20ms} writes it.
     *
     * @param percentile the percentile of all transactions' latency (99 for p99, 99.9 for p99.9); 0 for no limit
     * @param maxMs      its ceiling in milliseconds
     */
    public record LatencyLimit(double percentile, double maxMs) {
        public static final LatencyLimit NONE = new LatencyLimit(0, Double.POSITIVE_INFINITY);
        private static final Pattern FORM = Pattern.compile("p(\\d+(?:\\.\\d+)?)\\s*<=\\s*(\\d+(?:\\.\\d+)?)\\s*(ms|s)");

        public boolean present() {
            return percentile > 0;
        }

        /** Whether a latency at this percentile, in ms, keeps within the limit. */
        public boolean holds(double ms) {
            return !present() || ms <= maxMs;
        }

        /** The limit as written: {@code p99<=20ms}. */
        public String text() {
            if (!present()) return "none";
            return "p" + number(percentile) + "<=" + number(maxMs) + "ms";
        }

        private static String number(double v) {
            return v == Math.rint(v) ? String.valueOf((long) v) : String.format(Locale.ROOT, "%s", v);
        }

        /** Parses {@code p99<=20ms}, {@code p95<=0.05s}; empty text is no limit. */
        public static LatencyLimit parse(String text) {
            if (text.isBlank()) return NONE;
            Matcher m = FORM.matcher(text.trim());
            double p = m.matches() ? Double.parseDouble(m.group(1)) : -1;
            if (p <= 0 || p >= 100) {
                throw new ConfigException("searchLimit=" + text + ": write a latency percentile's ceiling, e.g. p99<=20ms or "
                        + "p95<=0.05s");
            }
            double v = Double.parseDouble(m.group(2)) * (m.group(3).equals("s") ? 1000 : 1);
            return new LatencyLimit(p, v);
        }
    }
}
