package org.oltpbench.driver;

import java.sql.SQLException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * sysbench's --mysql-ignore-errors: errors that restart the transaction (counted under err/s) instead of
 * stopping the run. Entries are vendor error codes (1213) or SQLStates (40001); "all" ignores every error.
 */
public final class IgnoreList {
    private final boolean all;
    private final Set<Integer> codes = new HashSet<>();
    private final Set<String> states = new HashSet<>();

    public IgnoreList(List<String> entries) {
        boolean any = false;
        for (String e : entries) {
            if (e.equalsIgnoreCase("all")) any = true;
            else if (e.chars().allMatch(Character::isDigit) && e.length() != 5) codes.add(Integer.parseInt(e));
            else states.add(e.toUpperCase(java.util.Locale.ROOT));
        }
        all = any;
    }

    /** Five-digit all-numeric entries are read as SQLStates too (40001), and as codes. */
    public boolean ignores(SQLException e) {
        if (all) return true;
        if (codes.contains(e.getErrorCode())) return true;
        String state = e.getSQLState();
        return state != null && (states.contains(state))
                || states.contains(String.valueOf(e.getErrorCode()));
    }
}
