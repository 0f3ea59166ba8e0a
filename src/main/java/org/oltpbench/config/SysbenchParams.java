package org.oltpbench.config;

/**
 * sysbench's oltp_common.lua options and general random options (1.0.20 names in camelCase).
 *
 * @param preset     a built-in preset's name or a preset file's path
 * @param maxThreads the whole job's largest level (bulk_insert uses one table per thread)
 * @param counts     statements of each group per transaction
 * @param rand       the row-id distribution
 * @param share      this client's share: its tables when tables >= clientCount
 */
public record SysbenchParams(String preset, int tables, int tableSize, int rangeSize, StatementCounts counts,
                             boolean rangeSelects, boolean autoInc, boolean skipTrx, boolean secondary,
                             boolean createSecondary, int randomPoints, int numberOfRanges, int delta, RandParams rand,
                             long randSeed, int maxThreads, ClientShare share) implements WorkloadParams {

    /** The name results carry: a preset's name, or a preset file's name without its extension. */
    @Override
    public String name() {
        String w = java.nio.file.Path.of(preset).getFileName().toString();
        int dot = w.lastIndexOf('.');
        return dot > 0 ? w.substring(0, dot) : w;
    }

    /** How many statements of each oltp_common.lua group one transaction runs. */
    public record StatementCounts(int pointSelects, int simpleRanges, int sumRanges, int orderRanges, int distinctRanges,
                                  int indexUpdates, int nonIndexUpdates, int deleteInserts) {
    }

    /**
     * sysbench's --rand-* options.
     *
     * @param type uniform, gaussian, special, pareto or zipfian
     */
    public record RandParams(String type, int specIter, int specPct, int specRes, double paretoH, double zipfianExp) {
    }
}
