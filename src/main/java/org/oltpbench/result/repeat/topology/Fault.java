package org.oltpbench.result.repeat.topology;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.util.List;
import org.oltpbench.result.repeat.counted.IntervalResult;

/**
 * A fault the user's command caused inside a repeat's measured window (faultAt/faultCommand, recoverAt/recoverCommand)
 * and the outage it made, measured on the repeat's report intervals.
 *
 * <p>Times are on the intervals' axis: seconds since the repeat started, warm-up included ({@link IntervalResult#at}).
 *
 * @param atSecs         when the fault command was started
 * @param exitCode       its exit status; -1 when it was still running as the repeat ended
 * @param recoverAtSecs  when the recover command was started; -1 without one (or when the level ended first)
 * @param recoverExit    its exit status; -1 as for exitCode, or without one
 * @param outage         what throughput did from the fault on
 */
public record Fault(double atSecs, int exitCode, double recoverAtSecs, int recoverExit, Outage outage) {
    /** No fault was planned: the repeat ran undisturbed. */
    public static final Fault NONE = new Fault(-1, -1, -1, -1, Outage.NONE);

    public Fault {
        if (outage == null) outage = Outage.NONE;
    }

    @JsonIgnore
    public boolean happened() {
        return atSecs >= 0;
    }

    /** The fault at {@code atSecs}, its outage measured on {@code intervals}. */
    public static Fault of(double atSecs, int exitCode, double recoverAtSecs, int recoverExit, List<IntervalResult> intervals) {
        return new Fault(atSecs, exitCode, recoverAtSecs, recoverExit, Outage.of(intervals, atSecs));
    }

    /**
     * Throughput around the fault.
     *
     * <p>The baseline is the mean tps of the measured intervals that ended at or before the fault (transactions over
     * their seconds). Throughput <em>fell</em> at the start of the first interval after the fault whose tps is below
     * {@link #FELL} of the baseline (not before the fault itself), and was <em>back</em> at the start of the first later
     * interval at {@link #BACK} of it or more. The recovery time runs from the fault to being back. Times are as
     * exact as the report interval ({@code resolutionSecs}). Errors and reconnects are summed over the intervals
     * that overlap the fault to being back (to the level's end when it never came back).
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
        /** Below this share of the baseline, throughput has fallen. */
        public static final double FELL = 0.5;
        /** At or above this share of the baseline after falling, it is back. */
        public static final double BACK = 0.9;

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

        static Outage of(List<IntervalResult> all, double faultAt) {
            List<IntervalResult> measured = all.stream().filter(i -> !i.warmup() && i.seconds() > 0).toList();
            if (faultAt < 0 || measured.isEmpty()) return NONE;
            double resolution = measured.get(0).seconds();
            long n = 0;
            double secs = 0;
            for (IntervalResult i : measured) {
                if (i.at() > faultAt + 1e-9) break;
                n += i.transactions();
                secs += i.seconds();
            }
            if (secs == 0) return new Outage(State.NO_BASELINE, 0, -1, -1, 0, 0, 0, 0, resolution);
            double base = n / secs, lowest = Double.MAX_VALUE, fell = -1, back = -1;
            for (IntervalResult i : measured) {
                if (i.at() <= faultAt + 1e-9) continue;
                double share = i.tps() / base;
                lowest = Math.min(lowest, share);
                double start = Math.max(faultAt, i.at() - i.seconds());
                if (fell < 0 && share < FELL) fell = start;
                else if (fell >= 0 && share >= BACK) {
                    back = start;
                    break;
                }
            }
            if (lowest == Double.MAX_VALUE) return new Outage(State.NO_OUTAGE, base, -1, -1, 0, 0, 0, 0, resolution);
            // lowest is over the intervals up to being back; later ones cannot be lower than BACK
            IntervalResult last = measured.get(measured.size() - 1);
            double until = back >= 0 ? back : last.at();
            long errors = 0, reconnects = 0;
            for (IntervalResult i : measured) {
                if (i.at() <= faultAt + 1e-9 || i.at() - i.seconds() >= until - 1e-9) continue;
                errors += i.ignoredErrors();
                reconnects += i.reconnects();
            }
            State state = fell < 0 ? State.NO_OUTAGE : back >= 0 ? State.RECOVERED : State.NOT_RECOVERED;
            if (state == State.NO_OUTAGE) return new Outage(state, base, -1, -1, 0, lowest, errors, reconnects, resolution);
            return new Outage(state, base, fell, back, until - faultAt, lowest, errors, reconnects, resolution);
        }
    }
}
