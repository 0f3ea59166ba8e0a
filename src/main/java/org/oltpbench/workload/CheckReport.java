package org.oltpbench.workload;

import java.util.ArrayList;
import java.util.List;

/**
 * The outcome of {@code check}: one line per condition, passed, failed (the data is inconsistent) or not judged
 * because the server failed while it was checked (issue 58 §4: a server error is not an inconsistency, and says which
 * condition it was checking).
 */
public final class CheckReport {
    /** A condition's outcome. */
    public enum Outcome { PASSED, FAILED, SERVER_ERROR }

    public record Line(String name, Outcome outcome, String detail) {
        public boolean passed() {
            return outcome == Outcome.PASSED;
        }
    }

    private final List<Line> lines = new ArrayList<>();

    public void add(String name, boolean passed, String detail) {
        lines.add(new Line(name, passed ? Outcome.PASSED : Outcome.FAILED, detail));
    }

    /** {@code name} could not be checked: the server failed with {@code e} while it ran. */
    public void serverError(String name, String statement, java.sql.SQLException e) {
        String code = e.getSQLState() == null ? "" : " (SQLSTATE " + e.getSQLState() + ", error " + e.getErrorCode() + ")";
        lines.add(new Line(name, Outcome.SERVER_ERROR, statement + "; the server failed while checking it: "
                + e.getMessage() + code));
    }

    public List<Line> lines() {
        return List.copyOf(lines);
    }

    public boolean passed() {
        return lines.stream().allMatch(Line::passed);
    }

    /** Whether any condition failed on its data (an inconsistency), apart from the server's errors. */
    public boolean inconsistent() {
        return lines.stream().anyMatch(l -> l.outcome() == Outcome.FAILED);
    }
}
