package org.oltpbench.workload.sysbench;

import org.oltpbench.config.ClientShare;
import org.oltpbench.config.Config;
import org.oltpbench.config.Keys;

/**
 * The sysbench options a terminal needs, read from the config once. {@code tables} is how many tables this client
 * uses: sbtest{firstTable}, sbtest{firstTable + tableStep}, ...; all of them (1, 2, ...) for a single client.
 */
record SysbenchSettings(int tables, int tableSize, int rangeSize, boolean autoInc, int randomPoints,
                        int numberOfRanges, int delta, SbRandom.Type randType, int specIter, int specPct,
                        int specRes, double paretoH, double zipfExp, int firstTable, int tableStep) {

    /** This client's tables: its share when there are at least as many tables as clients, else every table. */
    static SysbenchSettings of(Config c) {
        ClientShare share = ClientShare.of(c);
        int all = c.get(Keys.TABLES);
        boolean split = all >= share.count();
        return new SysbenchSettings(split ? share.tables(all).size() : all, c.get(Keys.TABLE_SIZE), c.get(Keys.RANGE_SIZE),
                c.get(Keys.AUTO_INC), c.get(Keys.RANDOM_POINTS), c.get(Keys.NUMBER_OF_RANGES), c.get(Keys.DELTA),
                SbRandom.Type.valueOf(c.get(Keys.RAND_TYPE).toUpperCase(java.util.Locale.ROOT)),
                c.get(Keys.RAND_SPEC_ITER), c.get(Keys.RAND_SPEC_PCT), c.get(Keys.RAND_SPEC_RES),
                c.get(Keys.RAND_PARETO_H), c.get(Keys.RAND_ZIPFIAN_EXP), split ? share.index() + 1 : 1, split ? share.count() : 1);
    }

    /** The number N of sbtestN for this client's i-th table (0-based). */
    int table(int i) {
        return firstTable + i * tableStep;
    }

    SbRandom random(long seed) {
        return new SbRandom(seed, randType, specIter, specPct, specRes, paretoH, zipfExp);
    }
}
