package org.oltpbench.measure.resources;

import java.io.IOException;
import java.util.List;

/** One source of server readings, read by the reporter at each interval's edge. */
interface ServerProbe {
    /** What it reads, for the one line that reports a failure. */
    String describe();

    /** The servers' cumulative counters now. */
    List<ServerReading> read() throws IOException;
}
