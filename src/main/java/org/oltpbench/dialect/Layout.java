package org.oltpbench.dialect;

import org.oltpbench.config.LoadParams;

/**
 * How tables are laid out physically, as the config asks: what a dialect needs to write its DDL.
 *
 * @param partitions    hash partitions per partitioned table; 0 = none
 * @param tablegroup    OceanBase tablegroup the partitioned tables join; null = none
 * @param storageEngine MySQL-family storage engine clause; null = none (the server's default)
 * @param clustered     TiDB primary keys: "auto" (server default), "true" (CLUSTERED) or "false" (NONCLUSTERED)
 */
public record Layout(int partitions, String tablegroup, String storageEngine, String clustered) {
    /** No partitions, no tablegroup, the server's defaults. */
    public static final Layout PLAIN = new Layout(0, null, null, "auto");

    /** The layout for sysbench's tables: sysbench's storage engine clause, no tablegroup. */
    public static Layout sysbench(LoadParams load) {
        return new Layout(load.partitions(), null, load.storageEngine(), load.clusteredIndex());
    }

    /** The layout for TPC-C's tables, with the tablegroup prepare settled on (null = none). */
    public static Layout tpcc(LoadParams load, String tablegroup) {
        return new Layout(load.partitions(), tablegroup, null, load.clusteredIndex());
    }

    /** Whether a table keyed on {@code partitionColumn} (null: not partitionable) is hash-partitioned. */
    public boolean partitions(String partitionColumn) {
        return partitions > 0 && partitionColumn != null;
    }
}
