package org.oltpbench.db;

import org.oltpbench.util.Text;
import java.sql.SQLException;
import org.oltpbench.config.ConfigException;

/** Turns a failed connect into one line naming the cause and the fix. */
final class ConnectFailure {
    private ConnectFailure() {
    }

    static ConfigException describe(SQLException e, String url, String user, String userHint) {
        String state = e.getSQLState() == null ? "" : e.getSQLState();
        int code = e.getErrorCode();
        String msg;
        if (code == 1045 || state.equals("28000") || state.equals("28P01")) {
            msg = "access denied for user '" + user + "' at " + url + "; check user and password (or OLTPBENCH_PASSWORD)" + userHint;
        } else if (code == 1049 || state.equals("3D000")) {
            msg = "the database in " + url + " does not exist; create it on the server or fix conn/database";
        } else if (state.startsWith("08") || code == 0 && e.getMessage() != null
                && e.getMessage().toLowerCase(java.util.Locale.ROOT).contains("connect")) {
            msg = "cannot connect to " + url + " (" + rootCause(e) + "); check conn/host/port and that the server is running";
        } else if (e.getMessage() != null && e.getMessage().startsWith("No suitable driver")) {
            msg = "no JDBC driver accepts the URL " + url + "; conn must start with jdbc:mysql:, jdbc:mariadb: or jdbc:postgresql:";
        } else {
            msg = "cannot connect to " + url + ": " + Text.firstLine(e.getMessage());
        }
        return new ConfigException(msg, e);
    }

    private static String rootCause(Throwable t) {
        while (t.getCause() != null && t.getCause() != t) t = t.getCause();
        String m = t.getMessage();
        return t.getClass().getSimpleName() + (m == null ? "" : ": " + Text.firstLine(m));
    }

}
