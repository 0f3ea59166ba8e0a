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
    /** Each server's ids ({@link FrontEnds#serverKey}): servers number their sessions each on its own, so ids collide. */
    private final java.util.Map<String, Set<Long>> byServer = new ConcurrentHashMap<>();
    /** The ids of sessions whose server the driver chose among several hosts: taken as ours on any of them. */
    private final Set<Long> anyServer = ConcurrentHashMap.newKeySet();
    private volatile boolean unknown;

    /**
     * A session connected to {@code server} (null when the URL names several hosts and the driver chose); {@code id}
     * -1 when its driver did not say (then every session is taken as ours).
     */
    void add(String server, long id) {
        if (id < 0) unknown = true;
        else if (server == null) anyServer.add(id);
        else byServer.computeIfAbsent(server, k -> ConcurrentHashMap.newKeySet()).add(id);
    }

    /** Whether session {@code id} of {@code server}'s view is one of the benchmark's; true for all once a driver did not say. */
    public boolean ours(String server, long id) {
        if (unknown || anyServer.contains(id)) return true;
        Set<Long> ids = byServer.get(server);
        return ids != null && ids.contains(id);
    }

    /** Whether every session's id is known, so that {@link #ours} tells them apart. */
    public boolean known() {
        return !unknown;
    }

    /** Forgets the sessions of the level before (the next level's connect anew). */
    public void clear() {
        byServer.clear();
        anyServer.clear();
        unknown = false;
    }
}
