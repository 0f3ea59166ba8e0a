package org.oltpbench.result.repeat.analytics;

import org.HdrHistogram.Histogram;
import org.oltpbench.result.repeat.counted.Histograms;

/**
 * One analytic query's figures in a window, over every stream.
 *
 * @param name      Q1..Q22
 * @param completed runs that ended in the window with their rows read
 * @param cancelled runs still going at the window's end, cancelled there (not completed)
 * @param timedOut  runs cancelled after analyticTimeoutSecs
 * @param errors    runs that failed otherwise
 * @param latency   completed runs' latency (encoded HdrHistogram, µs)
 * @param rows      rows the last completed run returned; -1 when none completed
 */
public record QueryMetrics(String name, long completed, long cancelled, long timedOut, long errors, String latency,
                           long rows) {
    public Histogram histogram() {
        return Histograms.decode(latency);
    }
}
