package org.oltpbench.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.oltpbench.measure.LevelResult;
import org.oltpbench.measure.ThreadStats;

/** Writes result.json: the job's identity, its config without secrets, and every level with its runs. */
public final class ResultJson {
    private ResultJson() {
    }

    /** One thread level: the run kept by repeatPick, and all runs. */
    public record Level(LevelResult kept, List<LevelResult> runs) {
    }

    /** Fields a workload adds to each level's object (TPC-C: tpmC and per-transaction figures). */
    public interface Extra {
        Map<String, Object> fields(LevelResult r);

        Extra NONE = r -> Map.of();
    }

    public static Path write(Path dir, Map<String, Object> header, List<Level> levels, Extra extra) throws IOException {
        Map<String, Object> root = new LinkedHashMap<>(header);
        List<Object> out = new ArrayList<>();
        for (Level l : levels) {
            Map<String, Object> m = level(l.kept(), extra);
            List<Object> runs = new ArrayList<>();
            for (LevelResult r : l.runs()) runs.add(level(r, extra));
            m.put("runs", runs);
            out.add(m);
        }
        root.put("levels", out);
        Files.createDirectories(dir);
        Path file = dir.resolve("result.json");
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(file.toFile(), root);
        return file;
    }

    static Map<String, Object> level(LevelResult r, Extra extra) {
        long[] t = r.totals();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("threads", r.threads());
        m.put("seconds", round(r.seconds()));
        m.put("tps", round(r.tps()));
        m.put("qps", round(r.qps()));
        m.put("events", r.events());
        m.put("queries", Map.of("read", t[ThreadStats.READS], "write", t[ThreadStats.WRITES], "other", t[ThreadStats.OTHER]));
        m.put("errors", t[ThreadStats.ERRORS]);
        m.put("reconnects", t[ThreadStats.RECONNECTS]);
        Map<String, Object> lat = new LinkedHashMap<>();
        lat.put("avg", round(r.avgMs()));
        lat.put("p50", round(r.percentileMs(50)));
        lat.put("p95", round(r.percentileMs(95)));
        lat.put("p99", round(r.percentileMs(99)));
        lat.put("max", round(r.maxMs()));
        m.put("latencyMs", lat);
        m.putAll(extra.fields(r));
        if (r.aborted() != null) m.put("aborted", r.aborted());
        return m;
    }

    private static double round(double v) {
        return Math.round(v * 1000.0) / 1000.0;
    }
}
