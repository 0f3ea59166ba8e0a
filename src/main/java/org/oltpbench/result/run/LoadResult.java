package org.oltpbench.result.run;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * What a {@code prepare} loaded and how fast: the whole step and each table.
 *
 * @param seconds    wall time of the row load (tables created before it, indexes and checks after it not included)
 * @param workers    threads that loaded (loadWorkers)
 * @param method     how rows were sent: batch (multi-row INSERTs) or csv (the engine's bulk path)
 * @param warehouses TPC-C warehouses loaded (0 for other workloads)
 * @param tables     per table, in the order the load first wrote to them
 */
public record LoadResult(double seconds, int workers, String method, int warehouses, List<Table> tables) {
    /** No load happened in this job (the tables were there). */
    public static final LoadResult NONE = new LoadResult(0, 0, "", 0, List.of());

    public LoadResult {
        tables = List.copyOf(tables);
    }

    /**
     * One table's share of a load.
     *
     * @param table       its name
     * @param rows        rows written to it
     * @param sendSeconds time the workers spent sending its rows (summed over workers: worker-seconds), which is what
     *                    the server took to take them in, seen from the client
     */
    public record Table(String table, long rows, double sendSeconds) {
        /** Rows per second of one worker sending this table. */
        @JsonProperty("rowsPerSec")
        public double rowsPerSec() {
            return sendSeconds > 0 ? rows / sendSeconds : 0;
        }
    }

    /** Every row of every table. */
    public long rows() {
        return tables.stream().mapToLong(Table::rows).sum();
    }

    /** Rows per second of wall time over the whole load. */
    @JsonProperty("rowsPerSec")
    public double rowsPerSec() {
        return seconds > 0 ? rows() / seconds : 0;
    }

    /** Wall seconds per warehouse (TPC-C); 0 otherwise. */
    @JsonProperty("secondsPerWarehouse")
    public double secondsPerWarehouse() {
        return warehouses > 0 ? seconds / warehouses : 0;
    }

    public boolean present() {
        return workers > 0;
    }
}
