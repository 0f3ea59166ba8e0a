package org.oltpbench.workload.tpcc;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * The five transactions prepared on one connection, which runs with autocommit off while they are kept; with
 * tpccMode=procedures autocommit stays on (each routine ends its own transaction on the server).
 */
final class Prepared implements AutoCloseable {
    final Connection c;
    final Txn[] txns;
    /** tpccMode=procedures: each routine ends its own transaction, so a failure leaves nothing open to roll back. */
    private final boolean called;

    /**
     * @param perItem newOrderStyle=perItem (BenchmarkSQL 5.0's statements, or the row-by-row New-Order routine)
     * @param procs   tpccMode=procedures' routines; null in client mode
     * @param tables  whose tables the statements name (tpccSchema)
     */
    Prepared(Connection c, boolean perItem, TpccProcedures procs, TpccTables tables) throws SQLException {
        this.c = c;
        this.called = procs != null;
        c.setAutoCommit(called);
        txns = TpccType.makeAll(c, perItem, procs, tables);
    }

    private boolean readOnly;

    /**
     * Marks the next transaction read-only or not (Order-Status and Stock-Level only read): a replication URL's driver
     * sends it to a replica. Called only when the mark changes.
     */
    void readOnly(boolean on) throws SQLException {
        if (on == readOnly) return;
        c.setReadOnly(on);
        readOnly = on;
    }

    int statements() {
        int n = 0;
        for (Txn t : txns) n += t.statementCount();
        return n;
    }

    /** Rolls back whatever a failed transaction left open; a lost connection is the caller's to handle. */
    void rollbackQuietly() {
        if (called) return;
        try {
            c.rollback();
        } catch (SQLException | RuntimeException e) {
            // lost: nothing is open on the server any more
        }
    }

    @Override
    public void close() {
        for (Txn t : txns) t.close();
        try {
            c.setAutoCommit(true);
        } catch (SQLException | RuntimeException e) {
            // closed or lost either way
        }
    }
}
