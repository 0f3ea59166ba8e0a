package org.oltpbench.db;

import org.oltpbench.util.Text;
import java.sql.SQLException;
import org.oltpbench.config.ConfigException;
import org.oltpbench.dialect.Dialect;

/** Turns a failed connect into one line naming the cause and the fix. */
final class ConnectFailure {
    private ConnectFailure() {
    }

    static ConfigException describe(SQLException e, String url, String user, Dialect dialect) {
        Dialect.ConnectProblem problem = dialect.connectProblem(e);
        String msg;
        if (problem == Dialect.ConnectProblem.ACCESS_DENIED) {
            msg = "access denied for user '" + user + "' at " + url + "; check user and password (or OLTPBENCH_PASSWORD)"
                    + dialect.userHint();
        } else if (problem == Dialect.ConnectProblem.NO_DATABASE) {
            msg = "the database in " + url + " does not exist; create it on the server or fix conn/database";
        } else if (problem == Dialect.ConnectProblem.UNREACHABLE || e.getErrorCode() == 0 && e.getMessage() != null
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
