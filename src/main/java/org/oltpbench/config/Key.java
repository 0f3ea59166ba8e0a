package org.oltpbench.config;

import java.util.List;

/**
 * One configuration key: its canonical name, the other names it answers to, how its text parses,
 * its default and what it means. All keys are declared in {@link Keys}; nothing else holds a default.
 *
 * @param name     canonical camelCase name (BenchmarkSQL's where it has one)
 * @param aliases  other accepted names, e.g. sysbench's option name ({@code report-interval})
 * @param parser   turns the text into a typed value or says what is allowed
 * @param fallback the default, as text, parsed like user input; {@code null} means "unset"
 * @param unit     the unit of the value, for the README table ("" when none)
 * @param doc      one line for the README and {@code --help}
 * @param secret   never printed, logged or written to a result file
 */
public record Key<T>(String name, List<String> aliases, ValueParser<T> parser, String fallback,
                     String unit, String doc, boolean secret) {

    /** The lookup form of a name: lower case without '-' and '_', so table_size = table-size = tableSize. */
    public static String normalize(String name) {
        StringBuilder sb = new StringBuilder(name.length());
        for (int i = 0; i < name.length(); i++) {
            char ch = name.charAt(i);
            if (ch != '-' && ch != '_') sb.append(Character.toLowerCase(ch));
        }
        return sb.toString();
    }

    public T defaultValue() {
        return fallback == null ? null : parser.parse(fallback);
    }

    @Override
    public String toString() {
        return name;
    }
}
