package org.oltpbench.result.repeat.server;

/**
 * The server's own counts over the measured window, read on the monitor connections at the window's two edges while
 * the terminals run, as HammerDB reads them at the end of its ramp-up and at the end of its test: the transactions
 * the server counted (commits and rollbacks: HammerDB's TPM) and the count the workload's data keeps of its work
 * (TPC-C: the growth of sum(d_next_o_id), committed New-Orders: HammerDB's NOPM). Each edge can split a transaction in
 * flight per terminal; PostgreSQL publishes a busy session's counts up to a second late.
 *
 * @param engine              the engine as HammerDB's line names it (the dialect's name)
 * @param transactionsCounter the server counter read, e.g. "Com_commit + Com_rollback"; null when the engine has none
 * @param transactions        its growth over the window; -1 when not read
 * @param dataCounter         the workload's count, e.g. "sum(d_next_o_id)"; null when the workload keeps none
 * @param data                its growth over the window; -1 when not read
 * @param seconds             the time between the two reads
 * @param lagSecs             how late the engine may publish a busy session's transactions (PostgreSQL: 1 s): a read
 *                            while sessions run may lag by that much of them (schema 3.16; 0, and absent in files, where
 *                            a commit counts at once)
 * @param transactionsNote    why the transactions were not read (schema 3.17): the engine gives none (transactionsCounter
 *                            null, the dialect's reason), or a late engine had not published the window's commits when
 *                            the closing read gave up; null, and absent in files, where they were read
 * @param closeSettled        the closing read settled after this client's sessions ended (schema 3.17), so only the
 *                            opening read may lag; false in files before 3.17, and for several clients merged (another
 *                            client's sessions may still owe theirs): then either edge may lag, the TPM within lagSecs /
 *                            seconds either way
 * @param openedBusy          the opening read was taken after a warm-up, the sessions busy (schema 3.17): with a settled
 *                            close the TPM is at most lagSecs / seconds high; false where it opened before they ran
 */
public record ServerWindow(String engine, String transactionsCounter, long transactions, String dataCounter, long data,
                           double seconds,
                           @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_DEFAULT)
                           double lagSecs,
                           @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
                           String transactionsNote,
                           @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_DEFAULT)
                           boolean closeSettled,
                           @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_DEFAULT)
                           boolean openedBusy) {
    public static final ServerWindow NONE = new ServerWindow(null, null, -1, null, -1, 0);

    /** Published late by {@code lagSecs}, with a named counter (or none, unexplained). */
    public ServerWindow(String engine, String transactionsCounter, long transactions, String dataCounter, long data,
                        double seconds, double lagSecs) {
        this(engine, transactionsCounter, transactions, dataCounter, data, seconds, lagSecs, null, false, false);
    }

    /** With the reason the transactions were not read (null where they were), the closing read not settled. */
    public ServerWindow(String engine, String transactionsCounter, long transactions, String dataCounter, long data,
                        double seconds, double lagSecs, String transactionsNote) {
        this(engine, transactionsCounter, transactions, dataCounter, data, seconds, lagSecs, transactionsNote, false, false);
    }

    /** Counted at once by the engine. */
    public ServerWindow(String engine, String transactionsCounter, long transactions, String dataCounter, long data, double seconds) {
        this(engine, transactionsCounter, transactions, dataCounter, data, seconds, 0);
    }

    /** {@code n} per minute of the window; -1 when {@code n} was not read. */
    public double perMinute(long n) {
        return n < 0 || seconds <= 0 ? -1 : n * 60 / seconds;
    }

    /** The transactions per minute (HammerDB's TPM); -1 when not read. */
    public double tpm() {
        return perMinute(transactions);
    }

    /** The workload's count per minute (HammerDB's NOPM for TPC-C); -1 when not read. */
    public double dataPerMinute() {
        return perMinute(data);
    }

    /**
     * The window of clients merged into one run (clientCount): each client read the same server transaction counter over
     * nearly the same window, so the largest growth stands for all; each drove its own warehouses, so the data counts
     * add up. A client without a reading makes that figure unknown; NONE when no client read anything.
     */
    public static ServerWindow acrossClients(java.util.List<ServerWindow> parts) {
        if (parts.isEmpty() || parts.stream().allMatch(p -> p.equals(NONE))) return NONE;
        ServerWindow first = parts.get(0);
        long transactions = -1, data = 0;
        double seconds = 0;
        boolean allTransactions = true, allData = true;
        for (ServerWindow p : parts) {
            if (p.transactions < 0) allTransactions = false;
            else transactions = Math.max(transactions, p.transactions);
            if (p.data < 0) allData = false;
            else data += p.data;
            seconds = Math.max(seconds, p.seconds);
        }
        return new ServerWindow(first.engine, first.transactionsCounter, allTransactions ? transactions : -1, first.dataCounter,
                allData ? data : -1, seconds, first.lagSecs, first.transactionsNote, first.closeSettled && parts.size() == 1,
                first.openedBusy);
    }
}
