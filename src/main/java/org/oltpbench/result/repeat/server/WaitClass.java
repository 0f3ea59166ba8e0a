package org.oltpbench.result.repeat.server;

/**
 * Where an active session of the benchmark was when it was sampled, in the classes every engine's own wait names map to
 * (issue 45): the same eight on every engine, so that two engines' levels can be set side by side. Each dialect holds
 * the one table from its names to these ({@code SessionWaits}), with its names kept beside.
 */
public enum WaitClass {
    /** Running, or runnable: no wait the engine names. */
    CPU,
    /** Waiting for a row or table lock another transaction holds. */
    LOCK,
    /** Waiting for the commit's log write or flush. */
    COMMIT,
    /** Waiting for data pages read from storage. */
    IO,
    /** Waiting for an internal latch or lightweight lock of the engine. */
    LATCH,
    /** Waiting for another node: a replica's acknowledgement, a certification, a remote store. */
    NETWORK,
    /** Idle inside an open transaction, or sending to or reading from the client: the client is the wait. */
    CLIENT,
    /** A wait the table names but none of the classes above covers. */
    OTHER;

    /** The class as outputs print it. */
    public String label() {
        return switch (this) {
            case CPU -> "CPU";
            case LOCK -> "row and table locks";
            case COMMIT -> "commit / log flush";
            case IO -> "data reads (I/O)";
            case LATCH -> "internal latches";
            case NETWORK -> "network / other nodes";
            case CLIENT -> "waiting for the client";
            case OTHER -> "other";
        };
    }
}
