package org.oltpbench.dialect;

/** Klustron (formerly KunlunBase): PostgreSQL protocol on its compute nodes. */
public class KlustronDialect extends PostgresDialect {
    @Override
    public String name() {
        return "klustron";
    }
}
