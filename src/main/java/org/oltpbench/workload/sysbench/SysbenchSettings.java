package org.oltpbench.workload.sysbench;

import org.oltpbench.config.Config;
import org.oltpbench.config.Keys;

/** The sysbench options a terminal needs, read from the config once. */
record SysbenchSettings(int tables, int tableSize, int rangeSize, boolean autoInc, int randomPoints,
                        int numberOfRanges, int delta, SbRandom.Type randType, int specIter, int specPct,
                        int specRes, double paretoH, double zipfExp) {

    static SysbenchSettings of(Config c) {
        return new SysbenchSettings(c.get(Keys.TABLES), c.get(Keys.TABLE_SIZE), c.get(Keys.RANGE_SIZE),
                c.get(Keys.AUTO_INC), c.get(Keys.RANDOM_POINTS), c.get(Keys.NUMBER_OF_RANGES), c.get(Keys.DELTA),
                SbRandom.Type.valueOf(c.get(Keys.RAND_TYPE).toUpperCase(java.util.Locale.ROOT)),
                c.get(Keys.RAND_SPEC_ITER), c.get(Keys.RAND_SPEC_PCT), c.get(Keys.RAND_SPEC_RES),
                c.get(Keys.RAND_PARETO_H), c.get(Keys.RAND_ZIPFIAN_EXP));
    }

    SbRandom random(long seed) {
        return new SbRandom(seed, randType, specIter, specPct, specRes, paretoH, zipfExp);
    }
}
