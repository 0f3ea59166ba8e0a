package org.oltpbench.result.repeat.server;

/**
 * Where an active session of the benchmark was when it was sampled, in the classes every engine's own wait names map to
 * (issue 45): the same eight on every engine, so that two engines' levels can be set side by side. Each dialect holds
 * the one table from its names to these ({@code SessionWaits}), with its names kept beside.
 */
public enum WaitClass {
    /** Running, or runnable: no wait the engine names. */
    CPU("CPU"),
    /** Waiting for a row or table lock another transaction holds. */
    LOCK("row and table locks"),
    /** Waiting for the commit's log write or flush. */
    COMMIT("commit / log flush"),
    /** Waiting for data pages read from storage. */
    IO("data reads (I/O)"),
    /** Waiting for an internal latch or lightweight lock of the engine. */
    LATCH("internal latches"),
    /** Waiting for another node: a replica's acknowledgement, a certification, a remote store. */
    NETWORK("network / other nodes"),
    /** Idle inside an open transaction, or sending to or reading from the client: the client is the wait. */
    CLIENT("waiting for the client"),
    /** A wait the table names but none of the classes above covers. */
    OTHER("other");

    private final String label;

    WaitClass(String label) {
        this.label = label;
    }

    /** The class as outputs print it. */
    public String label() {
        return label;
    }
}
