package org.oltpbench.result;

/**
 * The measured window of one repeat: wall-clock start and end (ISO-8601, UTC) and the elapsed time measured
 * with the monotonic clock. Rates divide by {@code seconds}, never by the nominal run time.
 */
public record Window(String start, String end, double seconds) {
}
