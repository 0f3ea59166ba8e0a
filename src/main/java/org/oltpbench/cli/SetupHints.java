package org.oltpbench.cli;

import org.oltpbench.util.Text;
import java.sql.SQLException;

/** Turns the error that kept a level from starting into a cause and a fix. */
final class SetupHints {
    private SetupHints() {
    }

    static String describe(Throwable t) {
        if (t instanceof SQLException e) {
            String state = e.getSQLState() == null ? "" : e.getSQLState();
            if (e.getErrorCode() == 1461) {
                return "the server's max_prepared_stmt_count is reached; raise it (SET GLOBAL max_prepared_stmt_count=...) "
                        + "or set db-ps-mode=disable";
            }
            if (e.getErrorCode() == 1040 || state.equals("53300")) {
                return "the server refuses more connections; raise max_connections or lower threads";
            }
            if (e.getErrorCode() == 1146 || state.equals("42P01")) {
                return "a table is missing (" + Text.firstLine(e.getMessage()) + "); run prepare";
            }
            return "error " + e.getErrorCode() + " (SQLState " + state + "): " + Text.firstLine(e.getMessage());
        }
        return Text.firstLine(t.getMessage());
    }

}
