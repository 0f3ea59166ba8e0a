package org.oltpbench.config;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** Parses a key's text. Throws {@link IllegalArgumentException} whose message says what is allowed. */
@FunctionalInterface
public interface ValueParser<T> {
    T parse(String text);

    static ValueParser<String> string() {
        return s -> s;
    }

    static ValueParser<Integer> integer(int min, int max) {
        return s -> {
            long v = parseLong(s, "an integer from " + min + " to " + max);
            if (v < min || v > max) throw new IllegalArgumentException("an integer from " + min + " to " + max);
            return (int) v;
        };
    }

    static ValueParser<Long> longInt(long min) {
        return s -> {
            long v = parseLong(s, "an integer >= " + min);
            if (v < min) throw new IllegalArgumentException("an integer >= " + min);
            return v;
        };
    }

    static ValueParser<Double> decimal(double min, double max) {
        String allowed = "a number from " + min + " to " + max;
        return s -> {
            double v;
            try {
                v = Double.parseDouble(s.trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(allowed);
            }
            if (!(v >= min && v <= max)) throw new IllegalArgumentException(allowed);
            return v;
        };
    }

    /** sysbench's boolean spellings: on/off, true/false, yes/no, 1/0. */
    static ValueParser<Boolean> bool() {
        return s -> switch (s.trim().toLowerCase(Locale.ROOT)) {
            case "on", "true", "yes", "1" -> true;
            case "off", "false", "no", "0" -> false;
            default -> throw new IllegalArgumentException("true or false (also on/off, yes/no, 1/0)");
        };
    }

    static ValueParser<String> oneOf(String... allowed) {
        List<String> list = Arrays.asList(allowed);
        return s -> {
            String v = s.trim();
            for (String a : list) if (a.equalsIgnoreCase(v)) return a; // any case in, the canonical spelling out
            throw new IllegalArgumentException("one of " + String.join(", ", list));
        };
    }

    /** A positive int or a comma list of them: thread or terminal levels to sweep. */
    static ValueParser<List<Integer>> intList(int min, int max) {
        String allowed = "an integer from " + min + " to " + max + " or a comma list of them, like 8,16,32";
        return s -> {
            List<Integer> out = new ArrayList<>();
            for (String part : s.split(",")) {
                if (part.isBlank()) continue;
                long v;
                try {
                    v = Long.parseLong(part.trim());
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException(allowed);
                }
                if (v < min || v > max) throw new IllegalArgumentException(allowed);
                out.add((int) v);
            }
            if (out.isEmpty()) throw new IllegalArgumentException(allowed);
            return List.copyOf(out);
        };
    }

    /**
     * {@code parser}, or the word {@code search} (any case): a value the run finds (threads=, rate=, warehouses=search),
     * read as {@code searched}, which {@code parser} never returns. A refusal says what {@code parser} allows, then
     * "or search ({@code hint})".
     */
    static <T> ValueParser<T> orSearch(ValueParser<T> parser, T searched, String hint) {
        return s -> {
            if (s.trim().equalsIgnoreCase("search")) return searched;
            try {
                return parser.parse(s);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(e.getMessage() + ", or search (" + hint + ")");
            }
        };
    }

    /** What rate reads {@code search} as: no rate is negative. */
    static final double SEARCH = -1;

    /** A comma list of words; empty text is an empty list. */
    static ValueParser<List<String>> words() {
        return s -> {
            List<String> out = new ArrayList<>();
            for (String part : s.split("[,\\s]+")) if (!part.isBlank()) out.add(part.trim());
            return List.copyOf(out);
        };
    }

    private static long parseLong(String s, String allowed) {
        try {
            return Long.parseLong(s.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(allowed);
        }
    }
}
