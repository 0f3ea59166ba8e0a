package org.oltpbench.report.files;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.oltpbench.driver.RunListener;
import org.oltpbench.result.repeat.counted.Histograms;
import org.oltpbench.result.repeat.counted.IntervalResult;
import org.oltpbench.result.run.RunResult;

/**
 * Appends every report interval as it happens, flushed at once, so a run killed with SIGKILL leaves every finished
 * interval on disk: one row of intervals.csv, and one interval histogram in {@code <threads>.hlog} (repeat k > 1:
 * {@code <threads>-run<k>.hlog}), HdrHistogram's interval log that its HistogramLogProcessor reads. Values in µs.
 */
public final class IntervalLog implements RunListener {
    public static final String CSV = "intervals.csv";
    static final List<String> HEADER = List.of("threads", "repeat", "time_s", "interval_s", "warmup", "tps", "qps",
            "reads_per_s", "writes_per_s", "other_per_s", "p95_ms", "p99_ms", "errors_per_s", "reconnects_per_s",
            "client_cpu_cores", "queue");

    private final Path dir;
    private PrintStream csv;
    private PrintStream hlogStream;
    private HistogramLogWriter hlog;
    private int threads, repeat;

    public IntervalLog(Path dir) {
        this.dir = dir;
    }

    /** The hlog file of a level's repeat. */
    public static String hlogName(int threads, int repeat) {
        return repeat == 1 ? threads + ".hlog" : threads + "-run" + repeat + ".hlog";
    }

    @Override
    public void runStarted(RunResult run) {
        try {
            Files.createDirectories(dir);
            csv = open(dir.resolve(CSV));
            csv.println(String.join(",", HEADER));
            csv.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("could not write " + dir.resolve(CSV) + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void repeatStarted(int threads, int repeat, int repeats) {
        this.threads = threads;
        this.repeat = repeat;
        closeHlog();
        try {
            hlogStream = open(dir.resolve(hlogName(threads, repeat)));
        } catch (IOException e) {
            throw new UncheckedIOException("could not write " + dir.resolve(hlogName(threads, repeat)) + ": " + e.getMessage(), e);
        }
        hlog = new HistogramLogWriter(hlogStream);
        long now = System.currentTimeMillis();
        hlog.outputComment("oltpbench: threads " + threads + ", repeat " + repeat + "; latency in microseconds");
        hlog.outputLogFormatVersion();
        hlog.outputStartTime(now);
        hlog.setBaseTime(now);
        hlog.outputLegend();
        hlogStream.flush();
    }

    @Override
    public void interval(IntervalResult i) {
        if (csv == null) return;
        double s = i.seconds() > 0 ? i.seconds() : 1;
        Histogram h = i.histogram();
        csv.println(Csv.row(List.of(i.threads(), repeat, SummaryCsv.num(i.at()), SummaryCsv.num(i.seconds()), i.warmup(),
                SummaryCsv.num(i.tps()), SummaryCsv.num(i.qps()), SummaryCsv.num(i.reads() / s),
                SummaryCsv.num(i.writes() / s), SummaryCsv.num(i.other() / s),
                SummaryCsv.num(Histograms.percentileMs(h, 95)), SummaryCsv.num(Histograms.percentileMs(h, 99)),
                SummaryCsv.num(i.ignoredErrors() / s), SummaryCsv.num(i.reconnects() / s), SummaryCsv.num(i.clientCpuCores()),
                i.queue() < 0 ? "" : String.valueOf(i.queue()))));
        csv.flush();
        if (hlog != null) {
            // the interval just ended: the event is published the moment it is measured
            double end = (System.currentTimeMillis() - hlog.getBaseTime()) / 1000.0;
            // the last argument scales the max column: µs / 1000 = ms
            hlog.outputIntervalHistogram(Math.max(0, end - i.seconds()), end, h, 1000.0);
            hlogStream.flush();
        }
    }

    @Override
    public void runFinished(RunResult run) {
        closeHlog();
        if (csv != null) csv.close();
        csv = null;
    }

    private void closeHlog() {
        if (hlogStream != null) hlogStream.close();
        hlogStream = null;
        hlog = null;
    }

    private static PrintStream open(Path file) throws IOException {
        return new PrintStream(new FileOutputStream(file.toFile(), false), false, StandardCharsets.UTF_8);
    }
}
