package org.oltpbench.measure.resources;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The samples of a Prometheus text exposition (version 0.0.4: {@code name{label="value",...} number [timestamp]}),
 * keeping only the metric names asked for. Comments, HELP and TYPE lines are skipped.
 */
final class Exposition {
    /** One sample line. */
    record Sample(String name, Map<String, String> labels, double value) {
        String label(String key) {
            return labels.getOrDefault(key, "");
        }
    }

    private Exposition() {
    }

    static List<Sample> parse(String text, Set<String> names) {
        List<Sample> out = new ArrayList<>();
        for (String line : text.split("\n")) {
            if (line.isEmpty() || line.charAt(0) == '#') continue;
            int brace = line.indexOf('{'), space = line.indexOf(' ');
            int nameEnd = brace >= 0 && (space < 0 || brace < space) ? brace : space;
            if (nameEnd <= 0) continue;
            String name = line.substring(0, nameEnd);
            if (!names.contains(name)) continue;
            Map<String, String> labels = new LinkedHashMap<>();
            int rest = nameEnd;
            if (nameEnd == brace) rest = labels(line, brace + 1, labels);
            String[] f = line.substring(rest).trim().split("\\s+");
            out.add(new Sample(name, labels, parseValue(f[0])));
        }
        return out;
    }

    /** Reads {@code key="value",...}} from {@code i}; returns the index after the closing brace. */
    private static int labels(String line, int i, Map<String, String> into) {
        while (i < line.length() && line.charAt(i) != '}') {
            int eq = line.indexOf('=', i);
            String key = line.substring(i, eq).trim();
            StringBuilder v = new StringBuilder();
            int j = eq + 2; // past ="
            while (line.charAt(j) != '"') {
                char c = line.charAt(j++);
                if (c == '\\') {
                    char n = line.charAt(j++);
                    v.append(n == 'n' ? '\n' : n);
                } else {
                    v.append(c);
                }
            }
            into.put(key, v.toString());
            i = j + 1;
            if (i < line.length() && line.charAt(i) == ',') i++;
        }
        return i + 1;
    }

    static double parseValue(String s) {
        return switch (s) {
            case "+Inf" -> Double.POSITIVE_INFINITY;
            case "-Inf" -> Double.NEGATIVE_INFINITY;
            case "NaN" -> Double.NaN;
            default -> Double.parseDouble(s);
        };
    }
}
