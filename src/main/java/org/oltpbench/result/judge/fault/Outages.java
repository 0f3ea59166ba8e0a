package org.oltpbench.result.judge.fault;

import java.util.List;
import org.oltpbench.result.repeat.counted.IntervalResult;
import org.oltpbench.result.repeat.topology.Fault;
import org.oltpbench.result.repeat.topology.Fault.Outage;
import org.oltpbench.result.repeat.topology.Fault.Outage.State;

/**
 * A fault's {@link Outage}, measured on the repeat's report intervals.
 *
 * <p>The baseline is the mean tps of the measured intervals that ended at or before the fault (transactions over
 * their seconds). Throughput <em>fell</em> at the start of the first interval after the fault whose tps is below
 * {@link #FELL} of the baseline (not before the fault itself), and was <em>back</em> at the start of the first later
 * interval at {@link #BACK} of it or more. The recovery time runs from the fault to being back. Times are as
 * exact as the report interval ({@code resolutionSecs}). Errors and reconnects are summed over the intervals
 * that overlap the fault to being back (to the level's end when it never came back).
 */
public final class Outages {
    /** Below this share of the baseline, throughput has fallen. */
    public static final double FELL = 0.5;
    /** At or above this share of the baseline after falling, it is back. */
    public static final double BACK = 0.9;

    private Outages() {
    }

    /**
     * The fault started at {@code atSecs}, its outage measured on {@code intervals}; the commands' exits as
     * {@link Fault} records them (-1 for each unknown part).
     */
    public static Fault fault(double atSecs, int exitCode, double endedAtSecs, double recoverAtSecs, int recoverExit,
                              double recoverEndedAtSecs, List<IntervalResult> intervals) {
        return new Fault(atSecs, exitCode, endedAtSecs, recoverAtSecs, recoverExit, recoverEndedAtSecs,
                outage(intervals, atSecs));
    }

    static Outage outage(List<IntervalResult> all, double faultAt) {
        List<IntervalResult> measured = all.stream().filter(i -> !i.warmup() && i.seconds() > 0).toList();
        if (faultAt < 0 || measured.isEmpty()) return Outage.NONE;
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
