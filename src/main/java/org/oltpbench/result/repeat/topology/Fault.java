package org.oltpbench.result.repeat.topology;

import com.fasterxml.jackson.annotation.JsonIgnore;
import org.oltpbench.result.repeat.counted.IntervalResult;

/**
 * A fault the user's command caused inside a repeat's measured window (faultAt/faultCommand, recoverAt/recoverCommand)
 * and the outage it made, measured on the repeat's report intervals.
 *
 * <p>Times are on the intervals' axis: seconds since the repeat started, warm-up included ({@link IntervalResult#at}).
 *
 * @param atSecs            when the fault command was started
 * @param exitCode          its exit status; {@link #STILL_RUNNING} when it was still running as the repeat ended,
 *                          {@link #EXIT_NOT_RECORDED} in a repeat rebuilt from the journal (which has the starts only)
 * @param endedAtSecs       when it exited; -1 while it ran, or unknown (a result written before this was recorded, a
 *                          journal's rebuild). It may lie after the window: the repeat's end waits up to 5 s for it.
 * @param recoverAtSecs     when the recover command was started; -1 without one (or when the level ended first)
 * @param recoverExit       its exit status, as exitCode; -1 without one
 * @param recoverEndedAtSecs when it exited (a node's restart that returns once the node is synced: when it was); -1 as
 *                          for endedAtSecs
 * @param outage            what throughput did from the fault on
 */
public record Fault(double atSecs, int exitCode, double endedAtSecs, double recoverAtSecs, int recoverExit,
                    double recoverEndedAtSecs, Outage outage) {
    /** The exit status of a command still running as the repeat ended. */
    public static final int STILL_RUNNING = -1;
    /** The exit status of a command in a repeat rebuilt from the journal, which records when it started only. */
    public static final int EXIT_NOT_RECORDED = -2;

    /** No fault was planned: the repeat ran undisturbed. */
    public static final Fault NONE = new Fault(-1, -1, -1, -1, -1, -1, Outage.NONE);

    /** A command cannot exit before it started: such an end (0, where an older file has none) is unknown, -1. */
    public Fault {
        if (outage == null) outage = Outage.NONE;
        if (endedAtSecs < atSecs || atSecs < 0) endedAtSecs = -1;
        if (recoverEndedAtSecs < recoverAtSecs || recoverAtSecs < 0) recoverEndedAtSecs = -1;
    }

    @JsonIgnore
    public boolean happened() {
        return atSecs >= 0;
    }

    /**
     * Throughput around the fault, as judge/fault's Outages measures it on the report intervals (its rule: the baseline,
     * when throughput fell and when it was back).
     *
     * @param state          what happened
     * @param baselineTps    mean tps before the fault; 0 without a measured interval before it
     * @param fellAtSecs     when it fell below 50%; -1 when it never did
     * @param backAtSecs     when it was back at 90% or more; -1 when it never was
     * @param recoverySecs   from the fault to back; when not back, to the level's last interval (a lower bound)
     * @param lowestShare    the lowest interval tps after the fault as a share of the baseline
     * @param errors         ignored or retried errors in between
     * @param reconnects     reconnects in between
     * @param resolutionSecs the report intervals' length
     */
    public record Outage(State state, double baselineTps, double fellAtSecs, double backAtSecs, double recoverySecs,
                         double lowestShare, long errors, long reconnects, double resolutionSecs) {
        public static final Outage NONE = new Outage(State.NOT_MEASURED, 0, -1, -1, 0, 0, 0, 0, 0);

        public enum State {
            /** No fault, or no report intervals to measure on. */
            @com.fasterxml.jackson.annotation.JsonProperty("not measured") NOT_MEASURED,
            /** No measured interval ended before the fault. */
            @com.fasterxml.jackson.annotation.JsonProperty("no baseline") NO_BASELINE,
            /** Every interval after the fault stayed at 50% of the baseline or more. */
            @com.fasterxml.jackson.annotation.JsonProperty("no outage") NO_OUTAGE,
            @com.fasterxml.jackson.annotation.JsonProperty("recovered") RECOVERED,
            @com.fasterxml.jackson.annotation.JsonProperty("not recovered") NOT_RECOVERED
        }
    }
}
