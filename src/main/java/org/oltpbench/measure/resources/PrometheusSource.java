package org.oltpbench.measure.resources;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.oltpbench.result.repeat.client.ResourceSource;
import org.oltpbench.result.repeat.client.Resources.HostCpu;
import org.oltpbench.result.repeat.client.Resources.ServerUse;
import org.oltpbench.result.repeat.counted.IntervalResult;

/**
 * Each component's CPU and memory per interval from a Prometheus server, asked once after the level: the raw samples
 * of the CPU-seconds counters over the level (a range selector at the level's end), grouped by job and instance. A
 * counter's value at an interval's edge is interpolated linearly between the two scrapes around it, so an interval
 * shorter than the scrape interval gets a share of the scrape's slope (configure a short scrape_interval for short
 * report intervals). It waits, at most {@code settleMillis}, for a scrape after the level's end.
 */
final class PrometheusSource {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** A series without a sample in the last minute before the level's end belongs to a target that is down. */
    private static final double STALE_SECONDS = 60;
    private final URI base;
    private final String cpu, memory;
    private final HttpClient http;
    private final long settleMillis;

    PrometheusSource(URI base, String cpu, String memory, HttpClient http, long settleMillis) {
        this.base = base;
        this.cpu = cpu;
        this.memory = memory;
        this.http = http;
        this.settleMillis = settleMillis;
    }

    String describe() {
        return "Prometheus at " + base;
    }

    /**
     * One component (a job's instance) as the sum of its series: a selector may give one target several series (CPU by
     * mode, one per container of a pod), which add up; none may overwrite another.
     */
    record Component(String job, String instance, List<Series> parts) {
        /** The sum of the parts' counters at {@code t}; NaN when no part has samples around it. */
        double valueAt(double t) {
            return sum(p -> p.valueAt(t));
        }

        /** The sum of the parts' last samples at or before {@code t}; NaN when none has one. */
        double gaugeAt(double t) {
            return sum(p -> p.gaugeAt(t));
        }

        /** {@code f} summed over the parts that have a value (not NaN); NaN when none has. */
        private double sum(java.util.function.ToDoubleFunction<Series> f) {
            double sum = 0;
            boolean any = false;
            for (Series p : parts) {
                double v = f.applyAsDouble(p);
                if (Double.isNaN(v)) continue;
                sum += v;
                any = true;
            }
            return any ? sum : Double.NaN;
        }

        /** The earliest of the parts' last sample times (they are scraped together); -inf without samples. */
        double lastSample() {
            double last = Double.POSITIVE_INFINITY;
            for (Series p : parts) last = Math.min(last, p.at().length == 0 ? Double.NEGATIVE_INFINITY : p.at()[p.at().length - 1]);
            return parts.isEmpty() ? Double.NEGATIVE_INFINITY : last;
        }
    }

    /** A series' raw samples: seconds since the epoch and values, in time order. */
    record Series(String job, String instance, double[] at, double[] values) {
        /** The counter at {@code t}, interpolated between the samples around it; NaN outside them. */
        double valueAt(double t) {
            if (at.length == 0 || t < at[0] || t > at[at.length - 1]) return Double.NaN;
            int i = java.util.Arrays.binarySearch(at, t);
            if (i >= 0) return values[i];
            int hi = -i - 1, lo = hi - 1;
            double a = values[lo], b = values[hi];
            if (b < a) return b; // a restart: the counter began again from zero
            return a + (b - a) * (t - at[lo]) / (at[hi] - at[lo]);
        }

        /** The last sample at or before {@code t}, as a gauge; NaN before the first. */
        double gaugeAt(double t) {
            double v = Double.NaN;
            for (int i = 0; i < at.length && at[i] <= t; i++) v = values[i];
            return v;
        }
    }

    /**
     * The intervals with each component's CPU and memory added.
     *
     * @param edgesMillis the intervals' edges, epoch ms: interval i runs from edges[i] to edges[i + 1]
     */
    List<IntervalResult> annotate(List<IntervalResult> intervals, List<Long> edgesMillis) throws IOException {
        if (intervals.isEmpty() || edgesMillis.size() != intervals.size() + 1) return intervals;
        double from = edgesMillis.get(0) / 1e3, to = edgesMillis.get(edgesMillis.size() - 1) / 1e3;
        Map<String, Component> cpus = settled(cpu, from, to);
        Map<String, Component> mems = memory.isBlank() ? Map.of() : series(memory, from, to);
        List<IntervalResult> out = new ArrayList<>(intervals.size());
        for (int i = 0; i < intervals.size(); i++) {
            double a = edgesMillis.get(i) / 1e3, b = edgesMillis.get(i + 1) / 1e3;
            List<ServerUse> servers = new ArrayList<>();
            for (var e : cpus.entrySet()) {
                Component s = e.getValue();
                double used = s.valueAt(b) - s.valueAt(a);
                if (Double.isNaN(used)) continue;
                Component m = mems.get(e.getKey());
                double rss = m == null ? Double.NaN : m.gaugeAt(b);
                servers.add(new ServerUse(ResourceSource.PROMETHEUS, s.instance(), s.job(), ProcFiles.milli(Math.max(0, used)),
                        Double.isNaN(rss) ? -1 : (long) rss, -1, -1, -1, -1, -1, HostCpu.UNKNOWN, ""));
            }
            IntervalResult x = intervals.get(i);
            out.add(x.with(x.resources().plus(servers)));
        }
        return out;
    }

    /** The CPU series, once every one has a sample at or after {@code to} (or the wait ran out). */
    private Map<String, Component> settled(String selector, double from, double to) throws IOException {
        long giveUp = System.currentTimeMillis() + settleMillis;
        while (true) {
            Map<String, Component> s = series(selector, from, to);
            boolean all = !s.isEmpty();
            // a series scraped no more (its target is down) is not waited for
            for (Component x : s.values()) all &= x.lastSample() >= to || x.lastSample() < to - STALE_SECONDS;
            if (all || System.currentTimeMillis() >= giveUp) return s;
            try {
                Thread.sleep(250);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return s;
            }
        }
    }

    /** The raw samples of {@code selector} from a little before {@code from} to now, by job and instance. */
    private Map<String, Component> series(String selector, double from, double to) throws IOException {
        long now = System.currentTimeMillis() / 1000 + 1;
        long range = Math.max(1, (long) Math.ceil(now - from) + 120); // the scrape before the first edge too
        String q = selector + "[" + range + "s]";
        URI u = base.resolve("/api/v1/query?query=" + URLEncoder.encode(q, StandardCharsets.UTF_8) + "&time=" + now);
        try {
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(u).timeout(Duration.ofSeconds(10)).GET().build(),
                    HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() != 200) throw new IOException("HTTP " + r.statusCode() + " for " + q + ": " + firstLine(r.body()));
            return parse(r.body());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted");
        }
    }

    private static String firstLine(String s) {
        int nl = s.indexOf('\n');
        return (nl < 0 ? s : s.substring(0, nl)).trim();
    }

    /**
     * A range-selector answer ({"data":{"resultType":"matrix","result":[{metric, values}]}}) by job and instance, the
     * series of one job and instance together.
     */
    static Map<String, Component> parse(String body) throws IOException {
        JsonNode root = JSON.readTree(body);
        Map<String, Component> out = new LinkedHashMap<>();
        for (JsonNode r : root.path("data").path("result")) {
            String job = r.path("metric").path("job").asText(""), instance = r.path("metric").path("instance").asText("");
            JsonNode vs = r.path("values");
            double[] at = new double[vs.size()], v = new double[vs.size()];
            for (int i = 0; i < vs.size(); i++) {
                at[i] = vs.get(i).get(0).asDouble();
                v[i] = Exposition.parseValue(vs.get(i).get(1).asText());
            }
            out.computeIfAbsent(job + " " + instance, k -> new Component(job, instance, new ArrayList<>()))
                    .parts().add(new Series(job, instance, at, v));
        }
        return out;
    }
}
