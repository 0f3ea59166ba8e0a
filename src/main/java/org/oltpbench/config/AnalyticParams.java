package org.oltpbench.config;

import java.util.List;

/**
 * CH-benCHmark's analytic side (workload=ch), beside TPC-C's terminals.
 *
 * @param streams     streams of the 22 queries, each on its own connection; 0 = none; -1 = not CH (TPC-C alone)
 * @param conn        the URL the streams connect to; empty = the OLTP front end (or {@code host})
 * @param host        host[:port] the streams connect to with the OLTP target's database and user; empty = none
 * @param sessionSql  statements each analytic session runs once after connecting
 * @param timeoutSecs a query running longer is cancelled and counted as timed out; 0 = no limit
 * @param tiflash     TiFlash replicas prepare asks for per table (TiDB); 0 = none
 * @param sweep       every value analyticStreams lists: the command line runs one sweep per value, interleaved
 *                    ({@code streams} is the first)
 */
public record AnalyticParams(int streams, String conn, String host, List<String> sessionSql, int timeoutSecs, int tiflash,
                             @com.fasterxml.jackson.annotation.JsonIgnore List<Integer> sweep) {
    /** TPC-C alone: no CH data set, no streams. */
    public static final AnalyticParams NONE = new AnalyticParams(-1, "", "", List.of(), 0, 0, List.of());

    public AnalyticParams {
        sessionSql = List.copyOf(sessionSql);
        sweep = sweep == null || sweep.isEmpty() ? List.of(streams) : List.copyOf(sweep);
    }

    /** Where the streams run, for the console and result.json: the OLTP front end unless redirected. */
    public String where() {
        return !conn.isEmpty() ? "analyticConn" : !host.isEmpty() ? host : "the OLTP front end";
    }

    /** Leaves TPC-C's NONE out of result.json: a filter Jackson calls with the value, true meaning "omit". */
    public static final class Absent extends org.oltpbench.config.JsonAbsent {
        @Override
        protected boolean absent(Object o) {
            return o instanceof AnalyticParams a && a.streams() < 0;
        }
    }
}
