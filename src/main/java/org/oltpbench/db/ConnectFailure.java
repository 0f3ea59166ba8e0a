package org.oltpbench.db;

import org.oltpbench.util.Text;
import java.sql.SQLException;
import org.oltpbench.config.ConfigException;
import org.oltpbench.dialect.Dialect;

/** Turns a failed connect into one line naming the cause and the fix. */
final class ConnectFailure {
    private ConnectFailure() {
    }

    static ConfigException describe(SQLException e, String connUrl, String user, Dialect dialect) {
        String url = org.oltpbench.dialect.JdbcDriver.redact(connUrl); // a password in the URL is never printed
        Dialect.ConnectProblem problem = dialect.connectProblem(e);
        String msg;
        if (notPostgresql(e)) {
            msg = "cannot connect to " + url + ": the server there does not speak PostgreSQL's protocol; check the port, "
                    + "or for a MySQL-protocol server use jdbc:mysql: (sysbench's --mysql-host and --mysql-port, go-tpc's -d mysql)";
        } else if (aboutTls(e)) {
            msg = "cannot connect to " + url + " with the TLS asked for (" + rootCause(e) + "); set ssl=off to connect in "
                    + "clear, ssl=on to encrypt without verifying the certificate, or put the driver's own TLS "
                    + "properties in conn";
        } else if (problem == Dialect.ConnectProblem.ACCESS_DENIED) {
            msg = "access denied for user '" + user + "' at " + url + "; check user and password (or OLTPBENCH_PASSWORD)"
                    + dialect.userHint();
        } else if (problem == Dialect.ConnectProblem.NO_DATABASE) {
            msg = "the database in " + url + " does not exist; create it on the server or fix conn/database";
        } else if (problem == Dialect.ConnectProblem.UNREACHABLE || e.getErrorCode() == 0 && e.getMessage() != null
                && e.getMessage().toLowerCase(java.util.Locale.ROOT).contains("connect")) {
            msg = "cannot connect to " + url + " (" + rootCause(e) + "); check conn/host/port and that the server is running";
        } else if (e.getMessage() != null && e.getMessage().startsWith("No suitable driver")) {
            msg = "no JDBC driver accepts the URL " + url + "; conn must start with jdbc:mysql:, jdbc:mariadb:, jdbc:oceanbase: "
                    + "or jdbc:postgresql:";
        } else {
            msg = "cannot connect to " + url + ": " + Text.firstLine(e.getMessage());
        }
        return new ConfigException(msg, e);
    }

    /**
     * pgjdbc's answer when the server replies to its first message (the SSL request) with a byte no PostgreSQL server
     * sends, as a MySQL-protocol server's greeting is: a protocol violation (08P01) that names SSL and has no cause; a
     * TLS handshake that fails has an SSLException beneath it.
     */
    static boolean notPostgresql(SQLException e) {
        return "08P01".equals(e.getSQLState()) && e.getCause() == null && e.getMessage() != null
                && e.getMessage().contains("setting up the SSL connection");
    }

    /** A refusal about TLS: the server has none, or the driver would not use it as set (any cause names SSL or TLS). */
    static boolean aboutTls(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
            String m = c.getMessage();
            if (c instanceof javax.net.ssl.SSLException) return true;
            if (m != null && java.util.regex.Pattern.compile("\\b(SSL|TLS|ssl)\\b").matcher(m).find()) return true;
        }
        return false;
    }

    private static String rootCause(Throwable t) {
        while (t.getCause() != null && t.getCause() != t) t = t.getCause();
        String m = t.getMessage();
        return t.getClass().getSimpleName() + (m == null ? "" : ": " + Text.firstLine(m));
    }

}
