package org.oltpbench.dialect;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The server's own counter of committed transactions, read before and after each repeat to cross-check the
 * client's count. An engine without a counter that fits is the null object {@link #none}, with the reason.
 */
public interface CommitCounter {
    /** The counter's name as the engine calls it; null when there is none. */
    String name();

    /** Why there is no counter; null when there is one. */
    String note();

    /**
     * Whether the counter counts autocommitted statements as transactions (PostgreSQL's xact_commit) or only
     * explicit COMMITs (MySQL's Com_commit); the client's count is formed the same way.
     */
    boolean countsAutocommit();

    long read(Connection c) throws SQLException;

    static CommitCounter none(String note) {
        return new CommitCounter() {
            @Override
            public String name() {
                return null;
            }

            @Override
            public String note() {
                return note;
            }

            @Override
            public boolean countsAutocommit() {
                return false;
            }

            @Override
            public long read(Connection c) {
                return -1;
            }
        };
    }

    /** A counter that one query returns as its first column of its first row. */
    static CommitCounter query(String name, boolean countsAutocommit, String sql, int column) {
        return new CommitCounter() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public String note() {
                return null;
            }

            @Override
            public boolean countsAutocommit() {
                return countsAutocommit;
            }

            @Override
            public long read(Connection c) throws SQLException {
                try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
                    return rs.next() ? Long.parseLong(rs.getString(column).trim()) : -1;
                }
            }
        };
    }
}
