package org.oltpbench.result.repeat.topology;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.util.List;

/**
 * Where one repeat's terminals were connected: per front end, and the thread-time they spent reconnecting.
 *
 * @param frontEnds                 per front end, in the order of the host list
 * @param disconnectedThreadSeconds thread-seconds inside the window spent without a connection
 */
public record Failover(List<FrontEndUse> frontEnds, double disconnectedThreadSeconds) {
    /** Share of the window's thread-time above which a level says its terminals were disconnected. */
    public static final double NOTABLE = 0.01;

    /** Nothing recorded: shared connections (connections=N), or a file from before it was recorded. */
    public static final Failover NONE = new Failover(List.of(), 0);

    public Failover {
        frontEnds = frontEnds == null ? List.of() : List.copyOf(frontEnds);
    }

    /** The share of {@code threads} x {@code seconds} spent disconnected. */
    public double disconnectedShare(int threads, double seconds) {
        return threads > 0 && seconds > 0 ? disconnectedThreadSeconds / (threads * seconds) : 0;
    }

    /** Front ends that still refused connections at the end. */
    @JsonIgnore
    public List<String> downAtEnd() {
        return frontEnds.stream().filter(FrontEndUse::downAtEnd).map(FrontEndUse::frontEnd).toList();
    }
}
