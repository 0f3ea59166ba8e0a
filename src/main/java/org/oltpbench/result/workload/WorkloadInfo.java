package org.oltpbench.result.workload;

import java.util.List;

/**
 * What a workload says of itself: its name, family, transaction table and scale. Results carry it, so outputs
 * know the workload without knowing its code.
 *
 * @param name         the workload's name (oltp_read_write, tpcc, sql)
 * @param family       sysbench, tpcc or sql
 * @param transactions the transaction table, in the order terminals report the types
 * @param scale        how much data the run drove
 * @param tallies      names of what its terminals count of the inputs they generate (see {@code Counts.tallies})
 * @param script       a scripted workload's own description (pgbench's); NONE for the others and in older files
 */
public record WorkloadInfo(String name, Family family, List<TxnType> transactions, Scale scale, List<String> tallies,
                           Script script) {

    public WorkloadInfo {
        transactions = List.copyOf(transactions);
        tallies = tallies == null ? List.of() : List.copyOf(tallies);
        if (script == null) script = Script.NONE;
    }

    /** A workload without a script. */
    public WorkloadInfo(String name, Family family, List<TxnType> transactions, Scale scale, List<String> tallies) {
        this(name, family, transactions, scale, tallies, Script.NONE);
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

    /**
     * A scripted workload as its peer describes it (pgbench's summary), and its statements, whose times its terminals
     * add up in two tallies each ({@link #nanosTally}, {@link #countTally}; the pgbench workload's CommandTimes writes them).
     *
     * @param description  pgbench's "transaction type": {@code <builtin: TPC-B (sort of)>}, a script's file name, or
     *                     "multiple scripts"
     * @param queryMode    simple, extended or prepared
     * @param scaleFactor  pgbench's scale (100,000 pgbench_accounts rows a unit)
     * @param jobs         pgbench's -j as the line gave it (its "number of threads")
     * @param statements   each command's first line, in the script's order; empty when per-statement times are not kept
     */
    public record Script(String description, String queryMode, int scaleFactor, int jobs, List<String> statements) {
        public static final Script NONE = new Script("", "", 0, 0, List.of());

        public Script {
            statements = statements == null ? List.of() : List.copyOf(statements);
        }

        /** The tally that sums statement {@code k}'s times in nanoseconds. */
        public static String nanosTally(int k) {
            return "statement" + (k + 1) + "Nanos";
        }

        /** The tally that counts statement {@code k}'s executions. */
        public static String countTally(int k) {
            return "statement" + (k + 1) + "Count";
        }

        /** The tallies per-statement times need, in the order the pgbench workload's CommandTimes writes them: each statement's nanos and count. */
        public List<String> tallies() {
            List<String> out = new java.util.ArrayList<>();
            for (int k = 0; k < statements.size(); k++) {
                out.add(nanosTally(k));
                out.add(countTally(k));
            }
            return out;
        }
    }
}
