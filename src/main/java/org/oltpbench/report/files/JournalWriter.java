package org.oltpbench.report.files;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import org.oltpbench.driver.RunListener;
import org.oltpbench.result.file.Journal;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.repeat.counted.IntervalDetail;
import org.oltpbench.result.repeat.counted.IntervalResult;
import org.oltpbench.result.run.RunResult;

/**
 * Writes the run's journal ({@link Journal}) as it goes: a line when a repeat starts, one per report interval with its
 * detail, one when the repeat is in result.json; each flushed at once, so SIGKILL loses at most the interval in
 * progress and {@code report DIR} rebuilds the rest.
 */
public final class JournalWriter implements RunListener {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private final Path dir;
    private PrintStream out;
    private int threads, repeat;

    public JournalWriter(Path dir) {
        this.dir = dir;
    }

    @Override
    public boolean wantsDetail() {
        return true;
    }

    @Override
    public void runStarted(RunResult run) {
        try {
            Files.createDirectories(dir);
            out = new PrintStream(new FileOutputStream(dir.resolve(Journal.FILE).toFile()), false, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("could not write " + dir.resolve(Journal.FILE) + ": " + e.getMessage(), e);
        }
    }

    /** The probe the next repeats belong to (a search's rate and warehouses); 0 for listed levels. */
    private double rate;
    private int warehouses;

    @Override
    public void probeStarted(int threads, double rate, int warehouses) {
        this.rate = rate;
        this.warehouses = warehouses;
    }

    @Override
    public void repeatStarted(int threads, int repeat, int repeats) {
        this.threads = threads;
        this.repeat = repeat;
        write("repeat", MAPPER.valueToTree(new Journal.Started(threads, repeat, Instant.now().toString(), rate, warehouses)));
    }

    @Override
    public void intervalDetail(IntervalResult interval, IntervalDetail detail) {
        ObjectNode line = MAPPER.createObjectNode();
        line.set("interval", MAPPER.valueToTree(interval));
        line.set("detail", MAPPER.valueToTree(detail));
        print(line.toString());
    }

    @Override
    public void faultStarted(String key, double atSecs) {
        write("fault", MAPPER.createObjectNode().put("key", key).put("atSecs", atSecs));
    }

    /** The result writer, listed before this one, has written the repeat into result.json by now. */
    @Override
    public void repeatFinished(RunResult run, RepeatResult r) {
        ObjectNode end = MAPPER.createObjectNode().put("threads", threads).put("repeat", repeat);
        write("end", end);
    }

    @Override
    public void runFinished(RunResult run) {
        if (out != null) out.close();
    }

    private void write(String key, com.fasterxml.jackson.databind.JsonNode value) {
        print(MAPPER.createObjectNode().set(key, value).toString());
    }

    private void print(String line) {
        if (out == null) return;
        out.println(line);
        out.flush();
    }
}
