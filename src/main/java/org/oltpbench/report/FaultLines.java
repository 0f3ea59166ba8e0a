package org.oltpbench.report;

import java.util.List;
import java.util.Locale;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.repeat.topology.Fault;
import org.oltpbench.result.repeat.topology.Fault.Outage;

/** The console's {@code [Fault]} and {@code [Outage]} lines of a repeat that ran a fault plan (faultAt). */
public final class FaultLines {
    private FaultLines() {
    }

    public static List<String> lines(RepeatResult r) {
        Fault f = r.fault();
        if (!f.happened()) return List.of();
        String fault = String.format(Locale.ROOT, "[Fault] faultCommand at %.1fs (%s)", f.atSecs(),
                exit(f.exitCode(), f.endedAtSecs()));
        if (f.recoverAtSecs() >= 0) {
            fault += String.format(Locale.ROOT, ", recoverCommand at %.1fs (%s)", f.recoverAtSecs(),
                    exit(f.recoverExit(), f.recoverEndedAtSecs()));
        }
        return List.of(fault, outage(f.outage()));
    }

    /** A command's exit: "exit 0 at 24.1s" (when it returned is known), or that it still ran. */
    private static String exit(int code, double endedAtSecs) {
        if (code == Fault.EXIT_NOT_RECORDED) return "its exit not recorded: rebuilt from the journal";
        if (code < 0) return "still running at the level's end";
        return endedAtSecs < 0 ? "exit " + code : String.format(Locale.ROOT, "exit %d at %.1fs", code, endedAtSecs);
    }

    static String outage(Outage o) {
        String base = String.format(Locale.ROOT, "its mean before the fault (%.1f tps)", o.baselineTps());
        String between = String.format(Locale.ROOT, "lowest %.0f%% of the mean; %d errors and %d reconnects in between; times "
                + "to the %.0fs report interval", 100 * o.lowestShare(), o.errors(), o.reconnects(), o.resolutionSecs());
        return switch (o.state()) {
            case NOT_MEASURED -> "[Outage] not measured: no measured report interval";
            case NO_BASELINE -> "[Outage] not measured: no report interval ended inside the window before the fault; "
                    + "set faultAt later than intervalSecs";
            case NO_OUTAGE -> String.format(Locale.ROOT, "[Outage] none: tps stayed at 50%% or more of %s (%s)", base,
                    between);
            case RECOVERED -> String.format(Locale.ROOT, "[Outage] tps fell below 50%% of %s at %.1fs and was back at 90%% "
                    + "at %.1fs: recovery %.1fs after the fault (%s)", base, o.fellAtSecs(), o.backAtSecs(),
                    o.recoverySecs(), between);
            case NOT_RECOVERED -> String.format(Locale.ROOT, "[Outage] tps fell below 50%% of %s at %.1fs and was not back "
                    + "at 90%% by the level's end: recovery more than %.1fs (%s)", base, o.fellAtSecs(), o.recoverySecs(),
                    between);
        };
    }
}
