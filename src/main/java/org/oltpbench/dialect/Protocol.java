package org.oltpbench.dialect;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.oltpbench.config.ConfigException;
import org.oltpbench.config.Keys;
import org.oltpbench.config.Target;

/**
 * The two wire protocols oltpbench speaks, each a family of engines that db=auto tells apart on one connection: the
 * MySQL protocol (mysql, mariadb, oceanbase, tidb) and PostgreSQL's (postgres, klustron).
 */
public enum Protocol {
    MYSQL(MySqlDialect::new) {
        @Override
        String identityQuery(List<String> markers) {
            return "SHOW VARIABLES WHERE Variable_name IN (" + quoted(List.of("version", "version_comment"), markers) + ")";
        }
    },
    POSTGRESQL(PostgresDialect::new) {
        @Override
        String identityQuery(List<String> markers) {
            return "SELECT 'version', version() UNION ALL SELECT name, setting FROM pg_settings WHERE name IN ("
                    + quoted(List.of(), markers) + ")";
        }
    };

    private final Supplier<Dialect> base;

    Protocol(Supplier<Dialect> base) {
        this.base = base;
    }

    /**
     * The family's base dialect: it builds the URL from host and port (its scheme and default port) and is the engine of
     * a server that no more specific dialect of the family recognises.
     */
    public Dialect base() {
        return base.get();
    }

    /** A query whose rows are (name, value): version, version_comment (MySQL protocol) and the markers the server has. */
    abstract String identityQuery(List<String> markers);

    /**
     * The protocol on which db=auto or db=pgsql reads the engine of {@code t}'s server, or null when db names an engine:
     * PostgreSQL's for db=pgsql or a jdbc:postgresql: URL, the MySQL protocol otherwise (sysbench's default driver).
     */
    public static Protocol toDetect(Target t) {
        if (t.db().equals(Keys.DB_PGSQL)) return POSTGRESQL;
        if (!t.db().equals(Keys.DB_AUTO)) return null;
        boolean pg = t.conn() != null && JdbcDriver.forUrl(JdbcDriver.shipped(t.conn())) == JdbcDriver.POSTGRES;
        return pg ? POSTGRESQL : MYSQL;
    }

    /**
     * What the server behind {@code c} says it is. A server that cannot answer the identity query is refused in one
     * line: without it db=auto could take an OceanBase whose driver shortens its version for plain MySQL.
     */
    public ServerIdentity identity(Connection c) {
        List<String> markers = Dialects.markers(this);
        Map<String, String> rows = new HashMap<>();
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(identityQuery(markers))) {
            while (rs.next()) rows.put(rs.getString(1).toLowerCase(java.util.Locale.ROOT), rs.getString(2));
        } catch (SQLException e) {
            throw new ConfigException("the server did not say which engine it is (" + identityQuery(markers) + ": "
                    + org.oltpbench.util.Text.firstLine(e.getMessage()) + "); set db= to its engine (mysql, mariadb, "
                    + "oceanbase, tidb, klustron or postgres)");
        }
        return new ServerIdentity(rows.getOrDefault("version", ""), rows.get("version_comment"),
                markers.stream().filter(rows::containsKey).collect(Collectors.toSet()));
    }

    private static String quoted(List<String> names, List<String> markers) {
        String in = java.util.stream.Stream.concat(names.stream(), markers.stream()).map(n -> "'" + n + "'")
                .collect(Collectors.joining(", "));
        return in.isEmpty() ? "NULL" : in;
    }
}
