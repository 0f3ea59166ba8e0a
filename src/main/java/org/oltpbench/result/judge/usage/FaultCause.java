package org.oltpbench.result.judge.usage;

import java.util.List;
import java.util.Locale;
import org.oltpbench.result.repeat.topology.Fault;
import org.oltpbench.result.repeat.usage.Stall;

/**
 * Whether a stall is the fault plan's (the verdict FAULT), and what a stall's line says of the fault where it is not.
 * A stall is the fault's only where all of these hold; each one that fails is said instead:
 * <ol>
 * <li>the fault's command exited 0 (one that failed, or still ran at the level's end, did not show it did anything);</li>
 * <li>the stall has quiet intervals (a tail or a long window does not say when it began);</li>
 * <li>its first quiet interval began in the fault's interval or the next: no earlier than {@link #BEFORE} of its length
 * before the command started (a quiet interval has under 10% of what was asked of it, which more than a tenth of it
 * before the fault could not give) and no later than one interval after it;</li>
 * <li>its quiet intervals are one run, each beginning where the one before ended, and the outage the fault made
 * (judge/fault's Outages) holds them: throughput was not back at 90% before the last ended; a later quiet interval,
 * after throughput rose again, is another's (even where it never got back to 90%: a cluster that lost a node may
 * settle below it), unless it began while the recover command ran (from its start, or a tenth of an interval before,
 * to one interval after it returned, exit 0): a node's rejoin may pause the others (Galera's did, 16-18 s of a
 * restart from 14 to 24.4 s, in CI).</li>
 * </ol>
 * The verdict's order places it after the stall's measured causes (the client's own work, other processes, a starved
 * client): those are judged as without a fault, and their line says the fault ran.
 *
 * @param explains whether the stall is the fault's
 * @param why      FAULT's words, or why the stall is not judged the fault's ("" without a fault)
 */
record FaultCause(boolean explains, String why) {
    /** The share of its first quiet interval that may lie before the fault: the quiet rule's 10%. */
    static final double BEFORE = 0.1;
    static final FaultCause NONE = new FaultCause(false, "");

    static FaultCause of(Stall stall, Fault f) {
        if (!f.happened()) return NONE;
        String at = String.format(Locale.ROOT, "the fault plan's command ran at %.1f s", f.atSecs());
        if (f.exitCode() != 0) {
            return not(at + switch (f.exitCode()) {
                case Fault.EXIT_NOT_RECORDED -> ", its exit not recorded (a repeat rebuilt from the journal)";
                case Fault.STILL_RUNNING -> " and still ran at the level's end";
                default -> " and failed with exit " + f.exitCode();
            });
        }
        if (stall.quiet().isEmpty()) return not(at + "; a tail or a long window does not say when the stall began");
        List<double[]> quiet = stall.quiet();
        double[] first = quiet.get(0);
        double len = first[1] - first[0];
        if (first[0] < f.atSecs() - BEFORE * len - 1e-9) {
            return not(String.format(Locale.ROOT, "%s; the stall began at %.1f s, before it", at, first[0]));
        }
        if (first[0] > f.atSecs() + len + 1e-9) {
            return not(String.format(Locale.ROOT, "%s; the stall began at %.1f s, more than an interval after it", at, first[0]));
        }
        // the fault's run: the quiet intervals one after another from the first; any later one must be the recovery's
        int run = 1;
        while (run < quiet.size() && quiet.get(run)[0] <= quiet.get(run - 1)[1] + 1e-9) run++;
        double[] last = quiet.get(run - 1);
        boolean recovered = f.recoverExit() == 0 && f.recoverAtSecs() >= 0 && f.recoverEndedAtSecs() >= 0;
        for (int k = run; k < quiet.size(); k++) {
            double from = quiet.get(k)[0];
            if (recovered && from >= f.recoverAtSecs() - BEFORE * len - 1e-9 && from <= f.recoverEndedAtSecs() + len + 1e-9) continue;
            return not(String.format(Locale.ROOT, "%s; the stall's quiet intervals are not one run from it (throughput rose "
                    + "between %.1f s and %.1f s)%s", at, quiet.get(k - 1)[1], from, recovered ? String.format(Locale.ROOT,
                    ", and the later ones not in its recovery (%.1f-%.1f s)", f.recoverAtSecs(), f.recoverEndedAtSecs()) : ""));
        }
        String recovery = run == quiet.size() ? "" : String.format(Locale.ROOT, ", and its recovery (%.1f-%.1f s) from %.1f s",
                f.recoverAtSecs(), f.recoverEndedAtSecs(), quiet.get(run)[0]);
        Fault.Outage o = f.outage();
        String outside = switch (o.state()) {
            case NOT_RECOVERED -> null;
            case RECOVERED -> last[1] <= o.backAtSecs() + 1e-9 ? null
                    : String.format(Locale.ROOT, "the stall lasted to %.1f s, after throughput was back at %.1f s", last[1], o.backAtSecs());
            case NO_BASELINE -> "no measured interval ended before it to measure its outage against";
            case NO_OUTAGE -> "throughput never fell below half its mean before it";
            case NOT_MEASURED -> "its outage was not measured";
        };
        if (outside != null) return not(at + "; " + outside);
        String until = o.state() == Fault.Outage.State.RECOVERED
                ? String.format(Locale.ROOT, " until throughput was back at %.1f s", o.backAtSecs()) : " to the level's end";
        return new FaultCause(true, String.format(Locale.ROOT, "the fault plan's command at %.1f s held throughput up%s%s, "
                + "as planned (its outage: the [Outage] line)", f.atSecs(), until, recovery));
    }

    private static FaultCause not(String why) {
        return new FaultCause(false, why);
    }

    /**
     * What a stall's line adds beside a cause other than FAULT: the fault's outage held it too, where it does (a measured
     * cause comes first), or why it is not judged the fault's; "" without a fault.
     */
    String beside() {
        if (why.isEmpty()) return "";
        return explains ? " (inside the outage of " + why.substring(0, why.indexOf(" held")) + ")" : " (" + why + ": not judged the fault's)";
    }
}
