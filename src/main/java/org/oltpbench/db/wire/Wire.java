package org.oltpbench.db.wire;

/**
 * What one thread's connections sent and received on the wire: bytes each way and round trips, counted by the sockets
 * the drivers open through {@link CountingSocketFactory} (or {@link MysqlCountingSocketFactory}). A round trip is a
 * request the client writes after it read a reply: statements a driver pipelines or batches without reading between
 * them are one round trip, a COMMIT is one more. The drivers oltpbench ships are synchronous (a statement's request
 * and reply are written and read on the thread that runs it), so each thread counts its own I/O in plain fields and
 * reads them itself, with no lock; a connection borrowed from a pool counts for the thread that borrowed it.
 * Bytes are TCP payload as the socket sees it: after TLS, so encrypted bytes when the session is encrypted.
 */
public final class Wire {
    private static final ThreadLocal<Wire> MINE = ThreadLocal.withInitial(Wire::new);

    long bytesOut, bytesIn, roundTrips;

    /** The calling thread's counts. */
    public static Wire mine() {
        return MINE.get();
    }

    public long bytesOut() {
        return bytesOut;
    }

    public long bytesIn() {
        return bytesIn;
    }

    public long roundTrips() {
        return roundTrips;
    }
}
