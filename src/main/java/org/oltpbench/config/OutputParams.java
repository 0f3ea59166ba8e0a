package org.oltpbench.config;

/**
 * Where results go and how the console shows them.
 *
 * @param resultDirectory the run's result directory, its pattern filled in when the job started
 * @param percentile      the latency percentile of progress lines and summaries
 */
public record OutputParams(String resultDirectory, int percentile) {
}
