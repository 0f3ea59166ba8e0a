package org.oltpbench.db;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The server's ids of the benchmark sessions a {@link Database} opened (the processlist's ID, PostgreSQL's backend pid),
 * so that the wait sampler counts these sessions and no other: not its own, not another tool's, not another
 * oltpbench client's against the same database. Added when a session connects (no round trip: the driver knows the id),
 * never on the transaction path.
 */
public final class SessionIds {
    private final Set<Long> ids = ConcurrentHashMap.newKeySet();
    private volatile boolean unknown;

    /** A session connected; {@code id} -1 when its driver did not say (then every session is taken as ours). */
    void add(long id) {
        if (id < 0) unknown = true;
        else ids.add(id);
    }

    /** Whether {@code id} is one of the benchmark's sessions; true for every id once a driver did not say. */
    public boolean ours(long id) {
        return unknown || ids.contains(id);
    }

    /** Whether every session's id is known, so that {@link #ours} tells them apart. */
    public boolean known() {
        return !unknown;
    }

    /** Forgets the sessions of the level before (the next level's connect anew). */
    public void clear() {
        ids.clear();
        unknown = false;
    }
}
