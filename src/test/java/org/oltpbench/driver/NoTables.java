package org.oltpbench.driver;

import org.oltpbench.db.Database;
import org.oltpbench.result.run.LoadResult;
import org.oltpbench.workload.Workload;

/** A test's workload that needs no table: always prepared, nothing to load or drop (its terminals are the test's). */
public interface NoTables extends Workload {
    @Override
    default boolean isPrepared(Database db) {
        return true;
    }

    @Override
    default LoadResult prepare(Database db, org.oltpbench.db.load.LoadStop stop) {
        return LoadResult.NONE;
    }

    @Override
    default void cleanup(Database db) {
    }
}
