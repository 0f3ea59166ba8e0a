package org.oltpbench.measure.resources;

import java.io.IOException;
import java.util.List;

/** One source of server readings, read by the reporter at each interval's edge. */
interface ServerProbe {
    /** What it reads, for the one line that reports a failure. */
    String describe();

    /**
     * Whether a reading costs little and fails only while the server is away (a local process): such a probe is
     * tried at every edge; a remote one that fails is tried again after a back-off, so that a source that hangs does
     * not hold the reporter at every edge.
     */
    default boolean cheap() {
        return false;
    }

    /** The servers' cumulative counters now. */
    List<ServerReading> read() throws IOException;
}
