package org.oltpbench.tune;

import java.sql.SQLException;

/** Reads and writes a server's settings: what a tuning profile is applied to and restored on. */
public interface ServerSettings {
    /** The current value, or null when this server has no such setting. */
    String read(Setting s) throws SQLException;

    /** Sets the value; throws when the server refuses (privilege, version, unknown name). */
    void write(Setting s, String value) throws SQLException;

    /** A setting's value as a number; -1 when absent (null) or not a whole number. */
    static long number(String value) {
        try {
            return value == null ? -1 : Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
