package org.oltpbench.result.search;

import org.oltpbench.stats.Interval;

/**
 * One probe of a search as the search judged it: an entry of result.json's {@code search.path} (and its peak, knee and
 * first broken). What decided it is the sweep's (driver/search); this is what the result records.
 *
 * @param tps       the mean tps its interval is of (the reported repeat's when it has no interval): repeatPick=max
 *                  would favour the noisiest probe, whose best of five repeats is highest
 * @param latencyMs the limit's percentile of all transactions in the reported repeat (NaN without a limit)
 * @param noisy     its repeats ran out before the interval was as narrow as searchHalfWidth asks
 * @param at        its level on the search's axis: threads, an arrival rate in tps, or warehouses
 * @param against   the level its step was decided against (the last that rose), or 0 for none
 */
public record Probe(int threads, double tps, Interval interval, double latencyMs, boolean held, Step step, int repeats,
                    boolean noisy, int at, int against) {
    /** What a probe showed: against the last level that rose (a peak search), or its pass or fail (a capacity search). */
    public enum Step {
        FIRST("first probe"), ROSE("rose beyond noise over"), NO_RISE("no rise beyond noise over"),
        UNDECIDED("too noisy to decide against"), BROKE("broke the limit"), ABORTED("aborted"), PASSED("passed"),
        FAILED("failed");

        private final String words;

        Step(String words) {
            this.words = words;
        }

        public String words() {
            return words;
        }
    }

    /** A probe whose step was decided against no other level. */
    public Probe(int threads, double tps, Interval interval, double latencyMs, boolean held, Step step, int repeats,
                 boolean noisy, int at) {
        this(threads, tps, interval, latencyMs, held, step, repeats, noisy, at, 0);
    }

    /** Its step as the path prints it: "rose beyond noise over 16", "first probe". */
    public String stepText() {
        return step.words() + (against > 0 ? " " + against : "");
    }

    /** Whether its interval is present but wider than searchHalfWidth asked: too noisy to call another level the same. */
    public boolean tooNoisy() {
        return noisy && interval.present();
    }
}
