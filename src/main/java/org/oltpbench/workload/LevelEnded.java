package org.oltpbench.workload;

import java.sql.SQLException;

/**
 * Thrown by a terminal whose wait by design (TPC-C keying or think time) ended with the level: the next transaction
 * was never submitted, so it is no result, neither counted nor timed. SQLState 57014 (query canceled) for readers of
 * the cause chain.
 */
public final class LevelEnded extends SQLException {
    public LevelEnded(String what) {
        super("the level ended during the " + what, "57014");
    }
}
