package org.oltpbench.workload.sysbench;

import java.util.ArrayList;
import java.util.List;
import org.oltpbench.config.SysbenchParams;

/**
 * One event of an oltp-shaped preset, resolved against the config: the steps that run, in order,
 * each with its count, and whether BEGIN/COMMIT wrap them. Pure data, so the statements a transaction
 * issues can be counted without a database.
 */
public record Plan(boolean transaction, List<Step> steps, int[] counts) {

    public static Plan of(Preset preset, SysbenchParams params) {
        List<Step> steps = new ArrayList<>();
        List<Integer> counts = new ArrayList<>();
        for (Step step : preset.steps()) {
            if (step.range && !params.rangeSelects()) continue;
            Integer n = preset.fixed().get(step);
            if (n == null) n = step.count.applyAsInt(params.counts());
            steps.add(step);
            counts.add(n);
        }
        boolean trx = preset.transaction() && !params.skipTrx();
        return new Plan(trx, List.copyOf(steps), counts.stream().mapToInt(Integer::intValue).toArray());
    }

    public int reads() {
        int n = 0;
        for (int i = 0; i < steps.size(); i++) n += steps.get(i).readsPerRun() * counts[i];
        return n;
    }

    public int writes() {
        int n = 0;
        for (int i = 0; i < steps.size(); i++) n += steps.get(i).writesPerRun() * counts[i];
        return n;
    }

    /** BEGIN and COMMIT. */
    public int other() {
        return transaction ? 2 : 0;
    }
}
