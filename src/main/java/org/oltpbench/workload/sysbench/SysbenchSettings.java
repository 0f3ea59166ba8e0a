package org.oltpbench.workload.sysbench;

import org.oltpbench.config.ClientShare;
import org.oltpbench.config.SysbenchParams;
import org.oltpbench.random.SbRandom;

/**
 * The sysbench options a terminal needs, read from the parameters once. {@code tables} is how many tables this
 * client uses: sbtest{firstTable}, sbtest{firstTable + tableStep}, ...; all of them (1, 2, ...) for a single client.
 */
record SysbenchSettings(int tables, int tableSize, int rangeSize, boolean autoInc, int randomPoints,
                        int numberOfRanges, int delta, SbRandom.Type randType, int specIter, int specPct,
                        int specRes, double paretoH, double zipfExp, int firstTable, int tableStep) {

    /** This client's tables: its share when there are at least as many tables as clients, else every table. */
    static SysbenchSettings of(SysbenchParams p) {
        ClientShare share = p.share();
        int all = p.tables();
        boolean split = all >= share.count();
        var r = p.rand();
        return new SysbenchSettings(split ? share.tables(all).size() : all, p.tableSize(), p.rangeSize(), p.autoInc(),
                p.randomPoints(), p.numberOfRanges(), p.delta(), SbRandom.Type.valueOf(r.type().toUpperCase(java.util.Locale.ROOT)),
                r.specIter(), r.specPct(), r.specRes(), r.paretoH(), r.zipfianExp(), split ? share.index() + 1 : 1,
                split ? share.count() : 1);
    }

    /** The number N of sbtestN for this client's i-th table (0-based). */
    int table(int i) {
        return firstTable + i * tableStep;
    }

    SbRandom random(long seed) {
        return new SbRandom(seed, randType, specIter, specPct, specRes, paretoH, zipfExp);
    }
}
