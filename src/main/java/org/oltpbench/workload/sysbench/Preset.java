package org.oltpbench.workload.sysbench;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import org.oltpbench.config.ConfigException;

/**
 * A sysbench script described as data (a file in workloads/): which event shape it has, whether the
 * event is wrapped in BEGIN/COMMIT, the ordered statement groups, fixed counts that the script forces,
 * and what row counts {@code check} expects after a run.
 *
 * @param name        preset name (file name without .properties)
 * @param script      event shape: oltp, insert, random_points, random_ranges or bulk_insert
 * @param transaction BEGIN ... COMMIT around the event unless skip_trx
 * @param steps       statement groups in order (script=oltp)
 * @param fixed       counts the script forces, by step (oltp_point_select runs 1 point select)
 * @param rows        row count rule for check: equal, grows, shrinks or any
 * @param singleTable the script works on sbtest1 only (tables must be 1)
 */
public record Preset(String name, String script, boolean transaction, List<Step> steps, Map<Step, Integer> fixed,
                     String rows, boolean singleTable) {

    public static final List<String> BUILT_IN = List.of("oltp_read_write", "oltp_read_only", "oltp_write_only",
            "oltp_point_select", "oltp_insert", "oltp_delete", "oltp_update_index", "oltp_update_non_index",
            "select_random_points", "select_random_ranges", "bulk_insert");

    /** A built-in name (from workloads/ inside the jar) or a path to a preset file. */
    public static Preset load(String nameOrPath) {
        if (BUILT_IN.contains(nameOrPath)) {
            try (InputStream in = Preset.class.getResourceAsStream("/workloads/" + nameOrPath + ".properties")) {
                if (in == null) throw new IllegalStateException("workloads/" + nameOrPath + ".properties missing from the jar");
                return parse(nameOrPath, new String(in.readAllBytes(), StandardCharsets.UTF_8));
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }
        Path p = Path.of(nameOrPath);
        if (!Files.isRegularFile(p)) {
            throw new ConfigException("unknown workload '" + nameOrPath + "'; use one of " + String.join(", ", BUILT_IN)
                    + ", tpcc, or a path to a preset file");
        }
        try {
            String base = p.getFileName().toString().replaceFirst("\\.properties$", "");
            return parse(base, Files.readString(p));
        } catch (IOException e) {
            throw new ConfigException("cannot read workload file " + p + ": " + e.getMessage());
        }
    }

    static Preset parse(String name, String text) {
        Properties p = new Properties();
        try (Reader r = new StringReader(text)) {
            p.load(r);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        String script = p.getProperty("script", "oltp").trim();
        if (!List.of("oltp", "insert", "random_points", "random_ranges", "bulk_insert").contains(script)) {
            throw new ConfigException("workload " + name + ": script=" + script
                    + " is not one of oltp, insert, random_points, random_ranges, bulk_insert");
        }
        List<Step> steps = new ArrayList<>();
        for (String s : p.getProperty("steps", "").split("[,\\s]+")) {
            if (!s.isBlank()) steps.add(step(name, s));
        }
        Map<Step, Integer> fixed = new LinkedHashMap<>();
        for (String k : p.stringPropertyNames()) {
            if (k.startsWith("count.")) fixed.put(step(name, k.substring(6)), Integer.parseInt(p.getProperty(k).trim()));
        }
        String rows = p.getProperty("rows", "equal").trim();
        return new Preset(name, script, Boolean.parseBoolean(p.getProperty("transaction", "false").trim()),
                List.copyOf(steps), Map.copyOf(fixed), rows, Boolean.parseBoolean(p.getProperty("singleTable", "false").trim()));
    }

    private static Step step(String preset, String s) {
        try {
            return Step.valueOf(s.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new ConfigException("workload " + preset + ": unknown step '" + s + "'; steps are point_selects, "
                    + "simple_ranges, sum_ranges, order_ranges, distinct_ranges, index_updates, non_index_updates, "
                    + "delete_inserts, deletes");
        }
    }
}
