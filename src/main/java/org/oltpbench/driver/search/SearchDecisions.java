package org.oltpbench.driver.search;

import org.oltpbench.config.SearchParams;
import org.oltpbench.result.level.LevelResult;
import org.oltpbench.result.search.SearchOutcome;
import org.oltpbench.result.workload.WorkloadInfo;

/**
 * A search's decisions, from its probes' results alone, so that the sweep and a replay of its levels
 * ({@link SearchReplay}) reach the same path and answer: {@link PeakSearch} over threads, {@link CapacitySearch} over
 * an arrival rate or warehouses.
 */
public interface SearchDecisions {
    /** Whether the probe has repeated enough to be judged. */
    boolean enough(LevelResult probe);

    /** Records a finished probe; returns the next level on the search's axis, or 0 when the search is over. */
    int next(LevelResult probe);

    /** Whether the search is over. */
    boolean over();

    /** The search's answer so far. */
    SearchOutcome outcome();

    /**
     * A new search of {@code p}'s axis; {@code info} is the run's transaction table (the warehouses' pacing),
     * {@code warmupSecs} the warm-up each probe ran (a capacity search's hint when its first probe fails).
     */
    static SearchDecisions of(SearchParams p, WorkloadInfo info, int warmupSecs) {
        return p.axis() == SearchParams.Axis.THREADS ? new PeakSearch(p) : new CapacitySearch(p, info, warmupSecs);
    }
}
