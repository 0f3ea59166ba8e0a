package org.oltpbench.result.search;

import java.util.List;
import org.oltpbench.config.SearchParams.Axis;

/**
 * A search's answer, result.json's {@code search}: its path in order, the peak, the knee and the first level that broke
 * the limit (or null). A capacity search (rate, warehouses) has no knee: its peak is the highest level that passed, its
 * first broken the lowest that failed. When the knee would rest on a probe too noisy to decide ({@link Probe#tooNoisy}),
 * the knee is null and {@code kneeTooNoisy} names those probes (the candidate, the peak, or both); else it is empty.
 * The sweep records it as its probes finish; the decisions that reach it are driver/search's.
 */
public record SearchOutcome(List<Probe> path, Probe peak, Probe knee, Probe firstBroken, List<String> notes, Axis axis,
                            List<Probe> kneeTooNoisy) {
    /** An answer without a knee's doubt: a capacity search's, or a peak search's whose knee was decided. */
    public SearchOutcome(List<Probe> path, Probe peak, Probe knee, Probe firstBroken, List<String> notes, Axis axis) {
        this(path, peak, knee, firstBroken, notes, axis, List.of());
    }

    /** Whether the search looked for a capacity (the highest level that passes) rather than a peak. */
    public boolean capacity() {
        return axis != Axis.THREADS;
    }
}
