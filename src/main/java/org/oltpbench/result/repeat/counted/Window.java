package org.oltpbench.result.repeat.counted;

/**
 * The measured window of one repeat: wall-clock start and end (ISO-8601, UTC) and the elapsed time measured
 * with the monotonic clock. Rates divide by {@code seconds}, never by the nominal run time.
 *
 * @param edgeSecs how far {@code seconds} may be off: the counters at each edge are read thread by thread, and
 *                 this is half the time both readings took together (microseconds normally; seconds with thousands
 *                 of platform threads on few cores). 0 in files written before it was recorded.
 */
public record Window(String start, String end, double seconds, double edgeSecs) {
    /** The share of the window above which the console warns that its edges are uncertain. */
    public static final double EDGE_WARNING = 0.01;

    public Window(String start, String end, double seconds) {
        this(start, end, seconds, 0);
    }

    /** True when the edges' uncertainty exceeds {@link #EDGE_WARNING} of the window. */
    public boolean uncertain() {
        return seconds > 0 && edgeSecs > EDGE_WARNING * seconds;
    }
}
