package org.oltpbench.result;

import java.util.List;

/**
 * What a workload says of itself: its name, family, transaction table and scale. Results carry it, so outputs
 * know the workload without knowing its code.
 *
 * @param name         the workload's name (oltp_read_write, tpcc, sql)
 * @param family       sysbench, tpcc or sql
 * @param transactions the transaction table, in the order terminals report the types
 * @param scale        how much data the run drove
 * @param tallies      names of what its terminals count of the inputs they generate (see {@link Counts#tallies})
 */
public record WorkloadInfo(String name, Family family, List<TxnType> transactions, Scale scale, List<String> tallies) {

    public WorkloadInfo {
        transactions = List.copyOf(transactions);
        tallies = tallies == null ? List.of() : List.copyOf(tallies);
    }

    /** A workload that tallies nothing. */
    public WorkloadInfo(String name, Family family, List<TxnType> transactions, Scale scale) {
        this(name, family, transactions, scale, List.of());
    }

    /** The transaction types' names, in order. */
    public List<String> typeNames() {
        return transactions.stream().map(TxnType::name).toList();
    }

    /**
     * Whether terminals wait the spec's keying and think times (TPC-C 5.2.5): only then does the warehouse count bound
     * tpmC, and efficiency (tpmC over 12.86 per warehouse) mean anything.
     */
    public boolean paced() {
        return transactions.stream().anyMatch(t -> t.keyingMs() > 0 || t.thinkMs() > 0);
    }

    /** The name of the type the headline throughput counts, or null when every type counts. */
    public String headlineType() {
        if (transactions.size() < 2) return null;
        for (TxnType t : transactions) if (t.headline()) return t.name();
        return null;
    }

    /**
     * The data a run drove: sysbench's tables × rows per table, or TPC-C's warehouses (this client's; a merged
     * result's are every client's together). Fields that do not apply are 0.
     */
    public record Scale(int tables, long rowsPerTable, int warehouses) {
        public static Scale tables(int tables, long rows) {
            return new Scale(tables, rows, 0);
        }

        public static Scale warehouses(int warehouses) {
            return new Scale(0, 0, warehouses);
        }

        /** As people read it: "2 tables x 10000 rows" or "10 warehouses". */
        @Override
        public String toString() {
            return warehouses > 0 ? plural(warehouses, "warehouse") : plural(tables, "table") + " x " + plural(rowsPerTable, "row");
        }

        private static String plural(long n, String noun) {
            return n + " " + noun + (n == 1 ? "" : "s");
        }
    }
}
