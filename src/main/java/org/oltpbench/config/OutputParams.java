package org.oltpbench.config;

/**
 * Where results go and how the console shows them.
 *
 * @param resultDirectory the run's result directory, its pattern filled in when the job started
 * @param percentile      the latency percentile of progress lines and summaries
 * @param monitor         server resource sources and the live metrics endpoint
 * @param peerSummary     a peer's own summary printed beside oltpbench's (consoleSummary=)
 */
public record OutputParams(String resultDirectory, int percentile, MonitorParams monitor, PeerSummary peerSummary) {
    /**
     * Which peer's lines the console adds to its own: none; mysqlslap's "Benchmark" block at each level's end; or, for
     * TPC-C, BenchmarkSQL 5's running-average line as the progress line instead of go-tpc's [Current] block.
     */
    public enum PeerSummary {
        NONE, MYSQLSLAP, BENCHMARKSQL
    }

    public OutputParams {
        if (monitor == null) monitor = MonitorParams.NONE;
        if (peerSummary == null) peerSummary = PeerSummary.NONE;
    }

    public OutputParams(String resultDirectory, int percentile, MonitorParams monitor) {
        this(resultDirectory, percentile, monitor, PeerSummary.NONE);
    }

    public OutputParams(String resultDirectory, int percentile) {
        this(resultDirectory, percentile, MonitorParams.NONE);
    }

    /** These settings with another result directory. */
    public OutputParams withResultDirectory(String dir) {
        return new OutputParams(dir, percentile, monitor, peerSummary);
    }
}
