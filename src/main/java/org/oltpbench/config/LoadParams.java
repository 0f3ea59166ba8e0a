package org.oltpbench.config;

/**
 * How prepare creates and fills tables: what loaders and the dialect's DDL need.
 *
 * @param method         batch, csv or auto
 * @param workers        loader threads
 * @param partitions     hash partitions per partitioned table; 0 = none
 * @param tablegroup     OceanBase TPC-C tablegroup: auto, true or false
 * @param clusteredIndex TiDB primary keys: auto, true (CLUSTERED) or false (NONCLUSTERED)
 * @param storageEngine  MySQL-family storage engine of sysbench's tables
 * @param checkAfterLoad run the workload's checks after prepare
 */
public record LoadParams(String method, int workers, int partitions, String tablegroup, String clusteredIndex,
                         String storageEngine, boolean checkAfterLoad) {
}
