package org.oltpbench.report.compare;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.oltpbench.config.SweepParams;
import org.oltpbench.result.run.Flat;
import org.oltpbench.result.run.RunResult;

/**
 * A run's parameters as named settings, for the lists of what differs between runs and for labels: every leaf of the
 * parameters by its dotted path, but the sweep's levels as the keys a user set (threads, time, events, rate,
 * connections, threadModel) instead of the records' internal form, and without the result directory (which always
 * differs) and whether the engine was named or read from the server (the same engine either way).
 */
public final class RunSettings {
    private RunSettings() {
    }

    public static Map<String, String> of(RunResult run) {
        Map<String, String> out = new LinkedHashMap<>();
        if (run.params() == null) return out;
        for (Map.Entry<String, Object> e : Flat.of(run.params()).entrySet()) {
            if (e.getKey().equals("output.resultDirectory") || e.getKey().equals("target.detected")) continue;
            if (e.getKey().equals("sweep.levels")) {
                out.putAll(levels(run.params().sweep().levels()));
                continue;
            }
            out.put(e.getKey(), String.valueOf(e.getValue()));
        }
        return out;
    }

    /** Each level field as its key reads: one value when every level has it, else the levels' values in order. */
    static Map<String, String> levels(List<SweepParams.LevelParams> levels) {
        Map<String, String> out = new LinkedHashMap<>();
        put(out, "threads", levels, l -> String.valueOf(l.totalThreads()));
        put(out, "time", levels, l -> String.valueOf(l.secs()));
        put(out, "events", levels, l -> String.valueOf(l.events()));
        put(out, "rate", levels, l -> String.valueOf(l.rate()));
        put(out, "connections", levels, l -> String.valueOf(l.connections()));
        put(out, "threadModel", levels, l -> l.model().name().toLowerCase(java.util.Locale.ROOT));
        return out;
    }

    private static void put(Map<String, String> out, String key, List<SweepParams.LevelParams> levels,
                            Function<SweepParams.LevelParams, String> value) {
        List<String> all = new ArrayList<>();
        for (SweepParams.LevelParams l : levels) all.add(value.apply(l));
        Set<String> distinct = new LinkedHashSet<>(all);
        out.put(key, key.equals("threads") || distinct.size() > 1 ? String.join(",", all) : all.isEmpty() ? "" : all.get(0));
    }

    /**
     * Labels for runs that were given none: the engine where it is alone among the runs; for several runs of one engine,
     * the engine and the settings in which they differ ("mariadb ssl=ON"), up to two; "mariadb run 2" when none differ.
     */
    public static List<String> labels(List<RunResult> runs) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            String engine = runs.get(i).server().dialect();
            List<Integer> same = new ArrayList<>();
            for (int k = 0; k < runs.size(); k++) if (runs.get(k).server().dialect().equals(engine)) same.add(k);
            if (same.size() == 1) {
                out.add(engine);
                continue;
            }
            out.add(engine + " " + differing(runs, same, i));
        }
        return unique(out);
    }

    private static String differing(List<RunResult> runs, List<Integer> same, int i) {
        Map<String, String> mine = of(runs.get(i));
        List<String> parts = new ArrayList<>();
        for (Map.Entry<String, String> e : mine.entrySet()) {
            boolean differs = false;
            for (int k : same) differs |= !e.getValue().equals(of(runs.get(k)).getOrDefault(e.getKey(), ""));
            if (differs && parts.size() < 2) parts.add(e.getKey().substring(e.getKey().lastIndexOf('.') + 1) + "=" + e.getValue());
        }
        return parts.isEmpty() ? "run " + (same.indexOf(i) + 1) : String.join(" ", parts);
    }

    /** A label that two runs share gets " (2)", " (3)"... after its first. */
    private static List<String> unique(List<String> labels) {
        List<String> out = new ArrayList<>();
        for (String l : labels) {
            String candidate = l;
            for (int n = 2; out.contains(candidate); n++) candidate = l + " (" + n + ")";
            out.add(candidate);
        }
        return out;
    }
}
