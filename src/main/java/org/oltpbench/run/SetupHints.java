package org.oltpbench.run;

import java.sql.SQLException;
import org.oltpbench.dialect.Dialect;
import org.oltpbench.util.Text;

/** Turns the error that kept a level from starting into a cause and a fix, in the dialect's terms. */
final class SetupHints {
    private SetupHints() {
    }

    static String describe(Throwable t, Dialect dialect) {
        if (t instanceof SQLException e) {
            String explained = dialect.explain(e);
            if (explained != null) return explained;
            return "error " + e.getErrorCode() + " (SQLState " + e.getSQLState() + "): " + Text.firstLine(e.getMessage());
        }
        return Text.firstLine(t.getMessage());
    }
}
