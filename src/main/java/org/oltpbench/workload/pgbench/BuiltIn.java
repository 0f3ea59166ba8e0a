package org.oltpbench.workload.pgbench;

import java.util.List;

/**
 * pgbench's three built-in scripts (PostgreSQL 15, {@code pgbench --show-script=NAME}), with their SQL as pgbench sends
 * it. They run through the same parser and terminal as a custom script.
 */
public enum BuiltIn {
    TPCB_LIKE("tpcb-like", "TPC-B (sort of)", Sql.DRAWS + Sql.BEGIN + Sql.ACCOUNT + """
            UPDATE pgbench_tellers SET tbalance = tbalance + :delta WHERE tid = :tid;
            UPDATE pgbench_branches SET bbalance = bbalance + :delta WHERE bid = :bid;
            """ + Sql.HISTORY),
    SIMPLE_UPDATE("simple-update", "simple update", Sql.DRAWS + Sql.BEGIN + Sql.ACCOUNT + Sql.HISTORY),
    SELECT_ONLY("select-only", "select only", """
            \\set aid random(1, 100000 * :scale)
            SELECT abalance FROM pgbench_accounts WHERE aid = :aid;
            """);

    /** The lines the scripts share, in their order. */
    private static final class Sql {
        static final String DRAWS = """
                \\set aid random(1, 100000 * :scale)
                \\set bid random(1, 1 * :scale)
                \\set tid random(1, 10 * :scale)
                \\set delta random(-5000, 5000)
                """;
        static final String BEGIN = "BEGIN;\n";
        static final String ACCOUNT = """
                UPDATE pgbench_accounts SET abalance = abalance + :delta WHERE aid = :aid;
                SELECT abalance FROM pgbench_accounts WHERE aid = :aid;
                """;
        static final String HISTORY = """
                INSERT INTO pgbench_history (tid, bid, aid, delta, mtime) VALUES (:tid, :bid, :aid, :delta, CURRENT_TIMESTAMP);
                END;
                """;
    }

    private final String id, title, text;

    BuiltIn(String id, String title, String text) {
        this.id = id;
        this.title = title;
        this.text = text;
    }

    /** pgbench's name for it: tpcb-like, simple-update, select-only. */
    public String id() {
        return id;
    }

    /** How pgbench's report names it: "<builtin: TPC-B (sort of)>", a file script by its path. */
    public String label() {
        return "<builtin: " + title + ">";
    }

    public String text() {
        return text;
    }

    /**
     * The built-in {@code name} names, or null: pgbench accepts any unambiguous prefix ({@code -b tpcb}, {@code -b se}).
     */
    public static BuiltIn find(String name) {
        BuiltIn found = null;
        for (BuiltIn b : values()) {
            if (b.id.equals(name)) return b;
            if (b.id.startsWith(name)) {
                if (found != null) return null;
                found = b;
            }
        }
        return found;
    }

    public static List<String> ids() {
        return java.util.Arrays.stream(values()).map(BuiltIn::id).toList();
    }
}
