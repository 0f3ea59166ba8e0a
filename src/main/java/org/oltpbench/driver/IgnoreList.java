package org.oltpbench.driver;

import java.sql.SQLException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * sysbench's --mysql-ignore-errors: errors that restart the transaction (counted under err/s) instead of
 * stopping the run. Entries are vendor error codes (1213) or SQLStates (40001); "all" ignores every error; "auto"
 * stands for sysbench's own defaults plus the engine's retryable codes (TiDB's write conflicts, OceanBase's lock
 * conflicts), so a conflict the engine reports as transient restarts the transaction on every engine.
 */
public final class IgnoreList {
    private final boolean all;
    /** With "auto": what the engine classifies as transient beyond its codes (TiDB's lock retry limit, told by message). */
    private final java.util.function.Predicate<SQLException> transientError;
    private final Set<Integer> codes = new HashSet<>();
    private final Set<String> states = new HashSet<>();

    /** sysbench 1.0.20's defaults: its mysql driver's 1213, 1020, 1205, and the SQLStates its pgsql driver restarts on. */
    public static final List<String> SYSBENCH = List.of("1213", "1020", "1205", "40001", "40P01", "23505");

    /** The list without an engine: "auto" means sysbench's defaults alone. */
    public IgnoreList(List<String> entries) {
        this(entries, Set.of());
    }

    /** @param retryable the engine's retryable vendor codes, which "auto" adds to sysbench's defaults */
    public IgnoreList(List<String> entries, Set<Integer> retryable) {
        this(entries, retryable, e -> false);
    }

    /** @param transientError what "auto" ignores besides the codes: the engine's own reading of an error as transient */
    public IgnoreList(List<String> entries, Set<Integer> retryable, java.util.function.Predicate<SQLException> transientError) {
        boolean any = false, auto = false;
        for (String e : entries) {
            if (e.equalsIgnoreCase("auto")) {
                SYSBENCH.forEach(this::add);
                codes.addAll(retryable);
                auto = true;
            } else if (e.equalsIgnoreCase("all")) any = true;
            else add(e);
        }
        all = any;
        this.transientError = auto ? transientError : x -> false;
    }

    private void add(String e) {
        if (e.chars().allMatch(Character::isDigit) && e.length() != 5) codes.add(Integer.parseInt(e));
        else states.add(e.toUpperCase(java.util.Locale.ROOT));
    }

    /** Five-digit all-numeric entries are read as SQLStates too (40001), and as codes. */
    public boolean ignores(SQLException e) {
        if (all) return true;
        if (codes.contains(e.getErrorCode()) || transientError.test(e)) return true;
        String state = e.getSQLState();
        return state != null && (states.contains(state))
                || states.contains(String.valueOf(e.getErrorCode()));
    }
}
