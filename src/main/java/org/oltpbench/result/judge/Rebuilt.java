package org.oltpbench.result.judge;

import java.util.List;
import org.HdrHistogram.Histogram;
import org.oltpbench.result.judge.fault.Outages;
import org.oltpbench.result.judge.stall.StallRule;
import org.oltpbench.result.judge.usage.Usages;
import org.oltpbench.result.judge.usage.VerdictRules;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.repeat.counted.Counts;
import org.oltpbench.result.repeat.counted.Histograms;
import org.oltpbench.result.repeat.counted.IntervalResult;
import org.oltpbench.result.repeat.counted.TxnMetrics;
import org.oltpbench.result.repeat.topology.Fault;
import org.oltpbench.result.repeat.usage.Stall;

/**
 * The judgements of a repeat rebuilt from the journal (a run killed in it; file/'s Journal rebuilds it), drawn from
 * what its measured intervals add up to as the live run draws them at a repeat's end: whether it stalled, what bounded
 * the load, its resources and verdict, and its fault's outage. Journal.rebuild is given {@link #judged} by its caller.
 */
public final class Rebuilt {
    private Rebuilt() {
    }

    /**
     * {@code counted} with its stall, resources, verdict and fault's outage.
     *
     * @param counted     the repeat as its measured intervals add up: no resources, verdict, stall or fault
     * @param rateTps     the arrival rate its level was held to (rate=); 0 without one
     * @param faultAt     when its fault plan's fault command started; -1 when none did
     * @param recoverAt   when its recover command started; -1 when none did
     * @param clientCores processors the client had (the run's client info); 0 unknown
     */
    public static RepeatResult judged(RepeatResult counted, double rateTps, double faultAt, double recoverAt,
                                      int clientCores) {
        List<IntervalResult> intervals = counted.intervals();
        List<TxnMetrics> types = counted.transactions();
        Counts counts = counted.counts();
        double seconds = counted.seconds();
        Histogram all = Histograms.empty();
        for (TxnMetrics t : types) all.add(t.histogram());
        // the level's time is not in the journal: the window rule is left out
        Stall stall = StallRule.of(intervals, all, seconds, 0, reportInterval(intervals));
        // what bounded the load, as the live run judged it: the pacing and the rate (a paced level is not "locks")
        VerdictRules.Offered offered = VerdictRules.Offered.of(intervals, types, counted.threads(), rateTps,
                counts.transactions(), seconds);
        // the journal has the commands' starts, not their exits: a stall beside the fault is said, never judged its
        Fault fault = faultAt < 0 ? Fault.NONE : Outages.fault(faultAt, Fault.EXIT_NOT_RECORDED, -1, recoverAt,
                recoverAt < 0 ? -1 : Fault.EXIT_NOT_RECORDED, -1, intervals);
        var in = new VerdictRules.Inputs(0, 0, counts.retries() + counts.ignoredErrors(), counts.transactions(), stall, offered)
                .withFault(fault);
        return counted.withFault(fault).withUsage(Usages.of(intervals, counts.transactions(), clientCores, in));
    }

    /** The report interval the journal's intervals were cut at: the most common length, in whole seconds. */
    private static int reportInterval(List<IntervalResult> intervals) {
        java.util.Map<Long, Integer> n = new java.util.HashMap<>();
        for (IntervalResult i : intervals) if (!i.warmup()) n.merge(Math.round(i.seconds()), 1, Integer::sum);
        return n.entrySet().stream().max(java.util.Map.Entry.comparingByValue()).map(e -> e.getKey().intValue()).orElse(0);
    }
}
