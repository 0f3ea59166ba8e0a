package org.oltpbench.dialect;

/** MariaDB 10.x/11.x: the MySQL family with MariaDB's own name; same driver and SQL. */
public class MariaDbDialect extends MySqlDialect {
    @Override
    public String name() {
        return "mariadb";
    }
}
