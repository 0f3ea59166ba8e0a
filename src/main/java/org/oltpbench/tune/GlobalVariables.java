package org.oltpbench.tune;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The MySQL family's settings: global variables through {@code SELECT @@GLOBAL.x} and {@code SET GLOBAL};
 * OceanBase's cluster parameters through {@code SHOW PARAMETERS} and {@code ALTER SYSTEM SET}.
 */
public final class GlobalVariables implements ServerSettings {
    /** MySQL's "Unknown system variable". */
    private static final int UNKNOWN_VARIABLE = 1193;
    private final Connection c;

    public GlobalVariables(Connection c) {
        this.c = c;
    }

    @Override
    public String read(Setting s) throws SQLException {
        return s.parameter() ? parameter(s.name()) : variable(s.name());
    }

    /** A global variable's value, or null when the server has no such variable. */
    public String variable(String name) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT @@GLOBAL." + name)) {
            return rs.next() ? rs.getString(1) : null;
        } catch (SQLException e) {
            if (e.getErrorCode() == UNKNOWN_VARIABLE) return null;
            throw e;
        }
    }

    /** An OceanBase cluster parameter's value (SHOW PARAMETERS), or null when the server has no such parameter. */
    public String parameter(String name) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SHOW PARAMETERS LIKE '" + name + "'")) {
            return rs.next() ? rs.getString("value") : null;
        }
    }

    @Override
    public void write(Setting s, String value) throws SQLException {
        try (Statement st = c.createStatement()) {
            st.execute((s.parameter() ? "ALTER SYSTEM SET " : "SET GLOBAL ") + s.name() + " = " + Setting.literal(value));
        }
    }
}
