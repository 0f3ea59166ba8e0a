package org.oltpbench.config;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Resolves a {@link Config}. Precedence, lowest first: defaults in {@link Keys}, the props file,
 * the environment ({@code OLTPBENCH_PASSWORD}), then {@code --set key=value} in command-line order.
 * Unknown keys and bad values are refused with the key, the value, what is allowed and, for a
 * near-miss name, the key that was probably meant.
 */
public final class ConfigLoader {
    public static final String PASSWORD_ENV = "OLTPBENCH_PASSWORD";
    /** Set by Kubernetes in each pod of an Indexed Job: the pod's index, used as clientIndex when that is unset. */
    public static final String JOB_INDEX_ENV = "JOB_COMPLETION_INDEX";

    private ConfigLoader() {
    }

    public static Config load(Path propsFile, List<String> sets, Map<String, String> env) {
        Map<Key<?>, String> raw = new LinkedHashMap<>();
        java.util.Set<String> names = new java.util.HashSet<>();
        if (propsFile != null) readProps(propsFile, raw, names);
        String envPassword = env.get(PASSWORD_ENV);
        if (envPassword != null) raw.put(Keys.PASSWORD, envPassword);
        for (String set : sets) {
            int eq = set.indexOf('=');
            if (eq <= 0) throw new ConfigException("--set '" + set + "' is not key=value; write it as --set threads=16");
            names.add(set.substring(0, eq).trim());
            raw.put(resolve(set.substring(0, eq).trim(), "--set"), set.substring(eq + 1).trim());
        }
        // sysbench's pgsql-host, pgsql-port, ... name the PostgreSQL family when db does not say which engine
        if (!raw.containsKey(Keys.DB) && names.stream().anyMatch(n -> Key.normalize(n).startsWith("pgsql"))) {
            raw.put(Keys.DB, Keys.DB_PGSQL);
        }
        String jobIndex = env.get(JOB_INDEX_ENV);
        if (jobIndex != null && !raw.containsKey(Keys.CLIENT_INDEX)) raw.put(Keys.CLIENT_INDEX, jobIndex.trim());
        return resolveAll(raw);
    }

    /**
     * The config a schema 2.x result.json recorded (key name to value, as JSON gave them): each value is parsed as
     * its key's text would be; names that are no longer keys are skipped.
     */
    public static Config recorded(Map<String, Object> values) {
        Map<Key<?>, String> raw = new LinkedHashMap<>();
        values.forEach((name, value) -> {
            Key<?> key = Keys.lookup(name);
            if (key == null || value == null) return;
            raw.put(key, value instanceof List<?> l ? l.stream().map(String::valueOf).collect(java.util.stream.Collectors.joining(","))
                    : String.valueOf(value));
        });
        return resolveAll(raw);
    }

    /** Parses every key's text; keys nobody set get their default. */
    static Config resolveAll(Map<Key<?>, String> raw) {
        Map<Key<?>, Object> values = new LinkedHashMap<>();
        for (Key<?> key : Keys.all()) {
            String text = raw.get(key);
            values.put(key, text == null ? key.defaultValue() : parse(key, text));
        }
        return new Config(values, raw.keySet());
    }

    private static Object parse(Key<?> key, String text) {
        try {
            return key.parser().parse(text);
        } catch (IllegalArgumentException e) {
            String shown = key.secret() ? "(hidden)" : "'" + text + "'";
            throw new ConfigException("bad value for " + key.name() + ": " + shown + "; allowed: " + e.getMessage());
        }
    }

    /**
     * Reads a props file into {@code raw}, each key's name as written into {@code names}: BenchmarkSQL's style (key=value, '#', '!' and '//' comment lines), and sysbench
     * option names. A key given twice in one file, under any of its names, is refused.
     */
    static void readProps(Path file, Map<Key<?>, String> raw, java.util.Set<String> names) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new ConfigException("props file " + file + " does not exist; pass an existing file with -c (see props/)");
        } catch (IOException e) {
            throw new ConfigException("cannot read props file " + file + ": " + e.getMessage());
        }
        Map<Key<?>, Integer> seenAt = new HashMap<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#") || line.startsWith("!") || line.startsWith("//")) continue;
            // a line ending in a backslash goes on on the next (java.util.Properties; BenchmarkSQL's osCollectorScript)
            int first = i;
            while (line.endsWith("\\") && i + 1 < lines.size()) line = line.substring(0, line.length() - 1) + " " + lines.get(++i).strip();
            int sep = separator(line);
            String where = file + " line " + (first + 1);
            if (sep < 0) throw new ConfigException(where + ": '" + line + "' is not key=value");
            names.add(line.substring(0, sep).strip());
            Key<?> key = resolve(line.substring(0, sep).strip(), where);
            Integer before = seenAt.put(key, first + 1);
            if (before != null) {
                throw new ConfigException(where + ": " + key.name() + " is already set on line " + before + "; keep one");
            }
            raw.put(key, line.substring(sep + 1).strip());
        }
    }

    private static int separator(String line) {
        int eq = line.indexOf('='), colon = line.indexOf(':');
        if (eq < 0) return colon;
        return colon < 0 ? eq : Math.min(eq, colon);
    }

    /** The key for a name, or a ConfigException naming the closest known key. */
    public static Key<?> resolve(String name, String where) {
        Key<?> key = Keys.lookup(name);
        if (key != null) return key;
        String hint = suggest(name);
        throw new ConfigException("unknown key '" + name + "' (" + where + ")"
                + (hint == null ? "; see the key table in README.md" : "; did you mean '" + hint + "'?"));
    }

    /** The canonical name of the key whose some name is within a small edit distance, or null. */
    static String suggest(String name) {
        String n = Key.normalize(name);
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (Map.Entry<String, Key<?>> e : Keys.names().entrySet()) {
            int d = distance(n, e.getKey());
            if (d < bestDistance) {
                bestDistance = d;
                best = e.getValue().name();
            }
        }
        int allowed = Math.max(1, Math.min(3, (n.length() + 1) / 3));
        return bestDistance <= allowed ? best : null;
    }

    /** Levenshtein distance. */
    public static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1], cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) prev[j] = j;
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int sub = prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                cur[j] = Math.min(sub, Math.min(prev[j], cur[j - 1]) + 1);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
