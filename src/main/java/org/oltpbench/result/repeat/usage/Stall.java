package org.oltpbench.result.repeat.usage;

import java.util.List;
import org.oltpbench.result.repeat.counted.IntervalResult;

/**
 * Whether a level stalled: a time when the server (or something between) stopped answering, which a mean over the
 * window hides. Judged by three stated rules, any one of which names the stall (judge/stall's StallRule states them).
 *
 * @param quiet       each quiet interval's span, {from, to} in seconds on the intervals' axis
 * @param medianTps   the median measured interval's tps; 0 when not judged
 * @param maxMs       the window's maximum latency
 * @param p99Ms       its 99th percentile
 * @param slowShare   share of the window's transactions that took a second or more
 * @param windowSecs  how long the window ran
 * @param plannedSecs how long it was to run; 0 for a level bounded by events
 * @param evidence    one line naming every rule that held, with its figures; empty when none did
 * @param undecided   quiet spans the rules could not tell from the latency's own tail, said instead of judged (issue
 *                    58 §2; schema 3.16); empty when none, or when a stall was found
 */
public record Stall(List<double[]> quiet, double medianTps, double maxMs, double p99Ms, double slowShare, double windowSecs,
                    int plannedSecs, String evidence,
                    @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_EMPTY)
                    String undecided) {
    /** Not judged: files before 3.5, merged runs. */
    public static final Stall NONE = new Stall(List.of(), 0, 0, 0, 0, 0, 0, "");

    public Stall {
        quiet = quiet == null ? List.of() : List.copyOf(quiet);
        if (evidence == null) evidence = "";
        if (undecided == null) undecided = "";
    }

    /** Without undecided spans. */
    public Stall(List<double[]> quiet, double medianTps, double maxMs, double p99Ms, double slowShare, double windowSecs,
                 int plannedSecs, String evidence) {
        this(quiet, medianTps, maxMs, p99Ms, slowShare, windowSecs, plannedSecs, evidence, "");
    }

    public boolean found() {
        return !evidence.isEmpty();
    }

    /** The intervals among {@code intervals} that were quiet (by their spans). */
    public List<IntervalResult> quietIn(List<IntervalResult> intervals) {
        return intervals.stream().filter(i -> !i.warmup() && quiet.stream().anyMatch(q -> q[1] == i.at()
                && q[0] == i.at() - i.seconds())).toList();
    }
}
