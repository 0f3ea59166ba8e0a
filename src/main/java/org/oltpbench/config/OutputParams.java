package org.oltpbench.config;

/**
 * Where results go and how the console shows them.
 *
 * @param resultDirectory the run's result directory, its pattern filled in when the job started
 * @param percentile      the latency percentile of progress lines and summaries
 * @param monitor         server resource sources and the live metrics endpoint
 */
public record OutputParams(String resultDirectory, int percentile, MonitorParams monitor) {
    public OutputParams {
        if (monitor == null) monitor = MonitorParams.NONE;
    }

    public OutputParams(String resultDirectory, int percentile) {
        this(resultDirectory, percentile, MonitorParams.NONE);
    }
}
