package org.oltpbench.result.repeat.analytics;

import java.util.List;
import org.HdrHistogram.Histogram;
import org.oltpbench.result.repeat.counted.Histograms;

/**
 * CH-benCHmark's analytic side of a window: its streams' queries, and how fresh the data they read was.
 *
 * @param streams    analytic streams that ran
 * @param where      where they ran: the OLTP front end, a host, or analyticConn
 * @param seconds    the window the queries were counted in (warm-up end to deadline)
 * @param queries    Q1..Q22 in order
 * @param freshness  staleness of each counted query's snapshot (encoded HdrHistogram, µs): its start less the newest
 *                   heartbeat it read, less half the heartbeat period
 * @param heartbeats heartbeat rows written in the window
 * @param unseen     queries whose heartbeat read failed or found no row, left out of freshness
 * @param endedAt    when each completed query ended, in seconds from the level's start (the intervals' clock), ascending
 */
public record Analytics(int streams, String where, double seconds, List<QueryMetrics> queries, String freshness,
                        long heartbeats, long unseen, List<Double> endedAt) {
    /** No analytic side (every workload but ch). */
    public static final Analytics NONE = new Analytics(0, "", 0, List.of(), null, 0, 0, List.of());

    public Analytics {
        queries = queries == null ? List.of() : List.copyOf(queries);
        endedAt = endedAt == null ? List.of() : List.copyOf(endedAt);
    }

    /** Queries that ended in the interval {@code (at - seconds, at]} of the level's clock. */
    public long endedIn(double at, double seconds) {
        long n = 0;
        for (double t : endedAt) if (t > at - seconds && t <= at) n++;
        return n;
    }

    /**
     * The analytic side of several clients' repeats of one level (merge): streams, counts, heartbeats and freshness added,
     * each query's latencies added, the window the mean of theirs (as the terminals' window is merged), the query ends
     * together on the level's clock; rows returned are the first client's (the same data set). NONE when none ran.
     */
    public static Analytics merge(List<Analytics> parts) {
        List<Analytics> ran = parts.stream().filter(Analytics::present).toList();
        if (ran.isEmpty()) return NONE;
        Analytics first = ran.get(0);
        List<QueryMetrics> queries = new java.util.ArrayList<>();
        for (QueryMetrics q : first.queries) {
            long completed = 0, cancelled = 0, timedOut = 0, errors = 0;
            Histogram h = Histograms.empty();
            for (Analytics a : ran) {
                for (QueryMetrics m : a.queries) {
                    if (!m.name().equals(q.name())) continue;
                    completed += m.completed();
                    cancelled += m.cancelled();
                    timedOut += m.timedOut();
                    errors += m.errors();
                    h.add(m.histogram());
                }
            }
            queries.add(new QueryMetrics(q.name(), completed, cancelled, timedOut, errors, Histograms.encode(h), q.rows()));
        }
        Histogram fresh = Histograms.empty();
        List<Double> ended = new java.util.ArrayList<>();
        int streams = 0;
        long heartbeats = 0, unseen = 0;
        double seconds = 0;
        for (Analytics a : ran) {
            fresh.add(a.freshnessHistogram());
            ended.addAll(a.endedAt);
            streams += a.streams;
            heartbeats += a.heartbeats;
            unseen += a.unseen;
            seconds += a.seconds / ran.size();
        }
        java.util.Collections.sort(ended);
        return new Analytics(streams, first.where, seconds, queries, Histograms.encode(fresh), heartbeats, unseen, ended);
    }

    public boolean present() {
        return streams > 0;
    }

    /** Queries completed in the window over every stream. */
    public long completed() {
        return queries.stream().mapToLong(QueryMetrics::completed).sum();
    }

    public long cancelled() {
        return queries.stream().mapToLong(QueryMetrics::cancelled).sum();
    }

    public long timedOut() {
        return queries.stream().mapToLong(QueryMetrics::timedOut).sum();
    }

    public long errors() {
        return queries.stream().mapToLong(QueryMetrics::errors).sum();
    }

    /**
     * Queries per hour over all streams: completed × 3,600 ÷ the window's seconds, so that it grows with the streams
     * (go-tpc's QphH is 3,600,000 × count ÷ the summed latency in ms: one stream's rate).
     */
    public double qphH() {
        return seconds > 0 ? completed() * 3600.0 / seconds : 0;
    }

    public Histogram freshnessHistogram() {
        return freshness == null ? Histograms.empty() : Histograms.decode(freshness);
    }
}
