package org.oltpbench.result.level;

import java.util.List;
import java.util.Map;
import org.oltpbench.result.repeat.RepeatResult;

/**
 * One thread level: its repeats and which one is reported.
 *
 * @param threads        the level
 * @param threadsPerHost threads per front end (host:port), as they were spread round-robin
 * @param picked         index into {@code repeats} of the reported one under the run's pick rule; -1 when no repeat
 *                       completed (then the last one is shown, marked aborted)
 * @param repeats        every run of the level, in the order they ran
 * @param spread         95% confidence intervals of the level's figures (judge/spread's Spreads); recomputed by RunResult
 * @param rate           the arrival rate the level was held to when a search varied it (rate=search); 0 otherwise
 * @param warehouses     the warehouses the level's terminals drove when a search varied them (warehouses=search); 0
 *                       when they drove the run's
 */
public record LevelResult(int threads, Map<String, Integer> threadsPerHost, int picked, List<RepeatResult> repeats,
                          Spread spread,
                          @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_DEFAULT) double rate,
                          @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_DEFAULT) int warehouses) {

    public LevelResult {
        threadsPerHost = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(threadsPerHost));
        repeats = List.copyOf(repeats);
        if (spread == null) spread = Spread.NONE;
    }

    /** A level whose spread is not computed yet. */
    public LevelResult(int threads, Map<String, Integer> threadsPerHost, int picked, List<RepeatResult> repeats) {
        this(threads, threadsPerHost, picked, repeats, Spread.NONE);
    }

    /** A level of the run's rate and warehouses. */
    public LevelResult(int threads, Map<String, Integer> threadsPerHost, int picked, List<RepeatResult> repeats, Spread spread) {
        this(threads, threadsPerHost, picked, repeats, spread, 0, 0);
    }

    /** This level as a search's probe at {@code rate} and {@code warehouses} (0: the run's). */
    public LevelResult at(double rate, int warehouses) {
        return new LevelResult(threads, threadsPerHost, picked, repeats, spread, rate, warehouses);
    }

    /** Its level on a search's {@code axis}: its threads, its arrival rate in whole tps, or its warehouses. */
    public int at(org.oltpbench.config.SearchParams.Axis axis) {
        return switch (axis) {
            case THREADS -> threads;
            case RATE -> (int) Math.round(rate);
            case WAREHOUSES -> warehouses;
        };
    }

    /** Whether {@code o} is the same level of the run: the same threads, rate and warehouses. */
    public boolean sameLevel(LevelResult o) {
        return threads == o.threads && rate == o.rate && warehouses == o.warehouses;
    }

    /** This level with {@code s} as its spread (judge/spread's Spreads computes it). */
    public LevelResult with(Spread s) {
        return new LevelResult(threads, threadsPerHost, picked, repeats, s, rate, warehouses);
    }

    /** The reported repeat: the picked one, or the last when none completed. */
    public RepeatResult kept() {
        return picked >= 0 ? repeats.get(picked) : repeats.get(repeats.size() - 1);
    }

    /** Lowest and highest tps over the completed repeats; {0, 0} when none completed. */
    public double[] tpsSpread() {
        double lo = Double.MAX_VALUE, hi = 0;
        for (RepeatResult r : repeats) {
            if (!r.completed()) continue;
            lo = Math.min(lo, r.tps());
            hi = Math.max(hi, r.tps());
        }
        return hi == 0 && lo == Double.MAX_VALUE ? new double[] {0, 0} : new double[] {lo, hi};
    }
}
