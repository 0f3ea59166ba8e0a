package org.oltpbench.config;

/**
 * mysqlslap-style custom SQL.
 *
 * @param query     a file of ;-separated statements, or the SQL itself
 * @param create    a file of CREATE statements that prepare runs; null = none
 * @param tableSize rows generated into each created table
 */
public record SqlParams(String query, String create, int tableSize, long randSeed) implements WorkloadParams {
    @Override
    public String name() {
        return "sql";
    }
}
