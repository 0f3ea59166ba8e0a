package org.oltpbench.tune;

/**
 * One server setting of a tuning profile.
 *
 * @param name      the variable or parameter name
 * @param value     the benchmark value
 * @param parameter true for a cluster parameter (OceanBase ALTER SYSTEM), false for a global variable
 * @param raiseOnly a numeric limit that is only ever raised: a server already at or above the value keeps its own
 */
public record Setting(String name, String value, boolean parameter, boolean raiseOnly) {

    public static Setting variable(String name, String value) {
        return new Setting(name, value, false, false);
    }

    public static Setting limit(String name, String value) {
        return new Setting(name, value, false, true);
    }

    public static Setting parameter(String name, String value) {
        return new Setting(name, value, true, false);
    }

    /** {@code value} as an SQL literal: numbers and booleans bare, anything else quoted. */
    public static String literal(String value) {
        if (value.matches("-?\\d+(\\.\\d+)?") || value.equalsIgnoreCase("true") || value.equalsIgnoreCase("false")) return value;
        return "'" + value.replace("'", "''") + "'";
    }
}
