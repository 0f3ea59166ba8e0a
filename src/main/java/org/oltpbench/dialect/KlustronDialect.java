package org.oltpbench.dialect;

/**
 * Klustron (formerly KunlunBase): PostgreSQL protocol on its compute nodes. A compute node reports PostgreSQL's own
 * version string ("PostgreSQL 11.5 on x86_64-pc-linux-gnu, ..."), so it is told apart by a setting only its compute
 * nodes have: mysql_read_timeout, how long a compute node waits on its storage shards (Klustron 1.1's compute-node
 * settings name it; zettadb/kunlun's guc.c defines it).
 */
public class KlustronDialect extends PostgresDialect {
    private static final String MARKER = "mysql_read_timeout";

    public KlustronDialect() {
        super("klustron", server -> server.variables().contains(MARKER));
    }

    @Override
    public String markerVariable() {
        return MARKER;
    }
}
