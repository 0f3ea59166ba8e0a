package org.oltpbench.dialect;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The server's own counter of committed transactions, read before and after each repeat to cross-check the
 * client's count. An engine without a counter that fits is {@link #none}, with the reason.
 *
 * @param name             the counter's name as the engine calls it; null when there is none
 * @param note             why there is no counter; null when there is one
 * @param countsAutocommit whether the counter counts autocommitted statements as transactions (PostgreSQL's
 *                         xact_commit) or only explicit COMMITs (MySQL's Com_commit); the client's count is formed
 *                         the same way
 * @param reader           reads the counter's current value
 * @param publishLagSecs   how late the engine may publish a busy session's counts (PostgreSQL's backends flush their
 *                         statistics at most once a second, PGSTAT_MIN_INTERVAL): a read at a window's edge while the
 *                         terminals run may lag by that much of their commits; 0 where a commit counts at once
 */
public record CommitCounter(String name, String note, boolean countsAutocommit, Reader reader, String transactionsName,
                            Reader transactions, double publishLagSecs) {

    public CommitCounter(String name, String note, boolean countsAutocommit, Reader reader, String transactionsName,
                         Reader transactions) {
        this(name, note, countsAutocommit, reader, transactionsName, transactions, 0);
    }

    /** Reads the counter on a connection the caller holds for the repeat. */
    @FunctionalInterface
    public interface Reader {
        long read(Connection c) throws SQLException;
    }

    public long read(Connection c) throws SQLException {
        return reader.read(c);
    }

    /** Reads the server's transactions, commits and rollbacks (HammerDB's TPM); -1 when the engine has no such counter. */
    public long readTransactions(Connection c) throws SQLException {
        return transactions.read(c);
    }

    static CommitCounter none(String note) {
        return new CommitCounter(null, note, false, c -> -1, null, c -> -1);
    }

    static CommitCounter of(String name, boolean countsAutocommit, Reader reader) {
        return new CommitCounter(name, null, countsAutocommit, reader, null, c -> -1);
    }

    /** This counter with the server's count of commits and rollbacks beside it ({@code name}, e.g. "Com_commit + Com_rollback"). */
    CommitCounter withTransactions(String name, Reader reader) {
        return new CommitCounter(this.name, note, countsAutocommit, this.reader, name, reader, publishLagSecs);
    }

    /** This counter, published up to {@code secs} late by the engine. */
    CommitCounter publishedLate(double secs) {
        return new CommitCounter(name, note, countsAutocommit, reader, transactionsName, transactions, secs);
    }

    /** A counter that one query returns in column {@code column} of its first row. */
    static CommitCounter query(String name, boolean countsAutocommit, String sql, int column) {
        return of(name, countsAutocommit, c -> {
            try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
                return rs.next() ? Long.parseLong(rs.getString(column).trim()) : -1;
            }
        });
    }
}
