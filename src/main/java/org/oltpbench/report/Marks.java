package org.oltpbench.report;

import java.io.PrintStream;
import java.util.Locale;
import org.oltpbench.result.level.LevelResult;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.run.RunResult;

/** The flags every results table shares: aborted repeats, client saturation, the repeat pick rule and spread. */
public final class Marks {
    private Marks() {
    }

    /** The level's threads (with a rate search's probe rate: "8 @900 tps"), "*" when its reported repeat aborted (no repeat completed). */
    public static String threads(LevelResult l) {
        return l.threads() + (l.rate() > 0 ? " @" + Math.round(l.rate()) + " tps" : "") + (l.kept().completed() ? "" : "*");
    }

    /** Cores the client kept busy, with "!" when that was more than half of the host's. */
    public static String cpu(RepeatResult r) {
        return org.oltpbench.result.repeat.usage.Usage.cores(r.cpu().cores()) + "/" + r.cpu().hostCores() + (r.cpu().saturated() ? " !" : "");
    }

    static void footnotes(PrintStream out, RunResult run) {
        boolean aborted = false, saturated = false;
        for (LevelResult l : run.levels()) {
            aborted |= !l.kept().completed();
            saturated |= l.kept().cpu().saturated();
            if (l.repeats().size() > 1) out.println(repeats(l, run.repeatPick()));
        }
        if (aborted) out.println("* aborted: no run of this level completed; its figures are partial");
        if (saturated) {
            out.println("! client cpu: " + org.oltpbench.result.repeat.client.ClientCpu.SATURATED_NOTE);
        }
    }

    /** "threads 8: kept run 2 of 3 by max tps; tps 480.10-495.90; run 3 aborted". */
    public static String repeats(LevelResult l, String rule) {
        StringBuilder b = new StringBuilder("threads " + l.threads() + ": ");
        if (l.picked() < 0) b.append("no run completed");
        else b.append("kept run ").append(l.picked() + 1).append(" of ").append(l.repeats().size()).append(" by ").append(rule).append(" tps");
        double[] spread = l.tpsSpread();
        b.append(String.format(Locale.ROOT, "; tps %.2f-%.2f over completed runs", spread[0], spread[1]));
        for (RepeatResult r : l.repeats()) if (!r.completed()) b.append("; run ").append(r.repeat()).append(" aborted");
        return b.toString();
    }
}
