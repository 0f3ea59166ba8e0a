package org.oltpbench.result.repeat.server;

/**
 * How far one replica of the job's hosts was behind at a repeat's end (replicas found in a replication or
 * load-balancing URL, or among the front ends).
 *
 * @param host       host:port
 * @param seconds    the engine's own figure: MySQL family Seconds_Behind_Master; PostgreSQL now() less the last
 *                   replayed transaction's commit time, 0 when all WAL received is replayed; -1 when it gives none
 *                   (the replication stopped)
 * @param bytes      PostgreSQL: WAL received and not yet replayed; -1 elsewhere
 */
public record ReplicaLag(String host, double seconds, long bytes) {
}
