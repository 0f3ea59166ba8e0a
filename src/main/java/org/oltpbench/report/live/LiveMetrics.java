package org.oltpbench.report.live;

import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Gauge;
import io.prometheus.metrics.exporter.httpserver.HTTPServer;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.IOException;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.oltpbench.config.ConfigException;
import org.oltpbench.driver.RunListener;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.repeat.client.Resources;
import org.oltpbench.result.repeat.counted.ErrorCount;
import org.oltpbench.result.repeat.counted.IntervalResult;
import org.oltpbench.result.repeat.counted.TxnMetrics;
import org.oltpbench.result.run.RunResult;

/**
 * The job's figures in Prometheus' text format on {@code metricsPort} while it runs (the Prometheus Java client's
 * HTTP server, path /metrics): updated once per report interval and per repeat by the reporter, never by the
 * terminals, so serving them costs the transaction path nothing.
 *
 * <ul>
 * <li>per interval: tps, qps, err/s, reconn/s, connected threads, latency percentiles of the interval (all types),
 * transactions per type (a counter), client and server CPU cores;</li>
 * <li>per repeat: each type's latency percentiles over the window, errors by kind, type and code (counters);</li>
 * <li>the level running: its threads and repeat, and the target rate.</li>
 * </ul>
 */
public final class LiveMetrics implements RunListener, AutoCloseable {
    private static final double[] QUANTILES = {0.5, 0.9, 0.95, 0.99, 0.999};
    private final HTTPServer server;
    private final Gauge tps, qps, errorsPerSec, reconnectsPerSec, threads, latency, level, repeat, targetRate, clientCpu,
            serverCpu, windowLatency;
    private final Counter transactions, errors;
    private List<String> types = List.of();
    private List<org.oltpbench.config.SweepParams.LevelParams> levels = List.of();

    private LiveMetrics(PrometheusRegistry r, HTTPServer server) {
        this.server = server;
        tps = gauge(r, "oltpbench_tps", "transactions per second over the last report interval");
        qps = gauge(r, "oltpbench_qps", "queries per second over the last report interval");
        errorsPerSec = gauge(r, "oltpbench_errors_per_second", "ignored errors per second over the last interval (err/s)");
        reconnectsPerSec = gauge(r, "oltpbench_reconnects_per_second", "reconnects per second over the last interval");
        threads = gauge(r, "oltpbench_threads_connected", "terminals connected at the interval's end (thds)");
        latency = Gauge.builder().name("oltpbench_interval_latency_seconds").help("latency percentile of the last "
                + "interval's transactions, all types").labelNames("quantile").register(r);
        windowLatency = Gauge.builder().name("oltpbench_latency_seconds").help("latency percentile of the last finished "
                + "repeat's window, per transaction type").labelNames("type", "quantile").register(r);
        level = gauge(r, "oltpbench_level_threads", "the thread level running");
        repeat = gauge(r, "oltpbench_level_repeat", "the repeat of the level running (1-based)");
        targetRate = gauge(r, "oltpbench_target_tps", "the rate= target in transactions per second; 0 = unlimited");
        clientCpu = gauge(r, "oltpbench_client_cpu_cores", "cores the oltpbench process kept busy over the last interval");
        serverCpu = Gauge.builder().name("oltpbench_server_cpu_cores").help("cores each server kept busy over the last "
                + "interval").labelNames("source", "host", "component").register(r);
        transactions = Counter.builder().name("oltpbench_transactions").help("transactions ended (committed or prescribed "
                + "rollback), by type, warm-up included").labelNames("type").register(r);
        errors = Counter.builder().name("oltpbench_errors").help("errors in measured windows by what they led to, type and "
                + "code (SQLState for PostgreSQL)").labelNames("kind", "type", "code").register(r);
    }

    private static Gauge gauge(PrometheusRegistry r, String name, String help) {
        return Gauge.builder().name(name).help(help).register(r);
    }

    /** Serves on {@code port} of every interface; a port in use is refused in one line. */
    public static LiveMetrics serve(int port) {
        PrometheusRegistry r = new PrometheusRegistry();
        try {
            HTTPServer s = HTTPServer.builder().port(port).registry(r).buildAndStart();
            return new LiveMetrics(r, s);
        } catch (IOException e) {
            throw new ConfigException("metricsPort=" + port + ": cannot listen (" + e.getMessage() + "); choose a free port");
        }
    }

    public int port() {
        return server.getPort();
    }

    @Override
    public void runStarted(RunResult run) {
        types = run.workload().typeNames();
        if (run.params() != null) levels = run.params().sweep().levels();
    }

    @Override
    public void repeatStarted(int threads, int rep, int repeats) {
        level.set(threads);
        repeat.set(rep);
        for (var l : levels) if (l.threads() == threads) targetRate.set(l.rate());
    }

    @Override
    public void interval(IntervalResult i) {
        tps.set(i.tps());
        qps.set(i.qps());
        double s = i.seconds() > 0 ? i.seconds() : 1;
        errorsPerSec.set(i.ignoredErrors() / s);
        reconnectsPerSec.set(i.reconnects() / s);
        threads.set(i.threads());
        Histogram h = i.histogram();
        for (double q : QUANTILES) latency.labelValues(Double.toString(q)).set(h.getValueAtPercentile(q * 100) / 1e6);
        for (int k = 0; k < i.types().size() && k < types.size(); k++) transactions.labelValues(types.get(k)).inc(i.types().get(k));
        Resources r = i.resources();
        clientCpu.set(r.clientCpuSeconds(s) / s);
        for (Resources.ServerUse u : r.servers()) {
            serverCpu.labelValues(u.source().label(), u.host(), u.component()).set(r.serverCpuSeconds(u, s) / s);
        }
    }

    @Override
    public void repeatFinished(RunResult run, RepeatResult r) {
        for (TxnMetrics t : r.transactions()) {
            Histogram h = t.histogram();
            for (double q : QUANTILES) windowLatency.labelValues(t.name(), Double.toString(q)).set(h.getValueAtPercentile(q * 100) / 1e6);
        }
        for (ErrorCount e : r.counts().errorCodes()) {
            errors.labelValues(e.kind().toString(), e.type(), e.code() != 0 ? Integer.toString(e.code()) : e.sqlState()).inc(e.count());
        }
    }

    @Override
    public void close() {
        server.close();
    }
}
