package org.oltpbench.result.run;

/**
 * The machine and software that ran the client.
 *
 * @param memoryBytes physical memory of the host; -1 when unknown
 */
public record ClientInfo(String host, int cores, long memoryBytes, String os, String jvm, String driverName,
                         String driverVersion) {
}
