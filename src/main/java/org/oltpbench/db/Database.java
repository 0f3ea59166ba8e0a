package org.oltpbench.db;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Map;
import java.util.Properties;
import org.oltpbench.config.Config;
import org.oltpbench.config.ConfigException;
import org.oltpbench.config.Keys;
import org.oltpbench.dialect.Dialect;

/**
 * Where the benchmark connects: the dialect, the JDBC URL and credentials, and (for embedded=true)
 * the server oltpbench started. Hands out single connections for setup work and HikariCP pools
 * for thread levels. The password stays in here and is never part of a message.
 */
public final class Database implements AutoCloseable {
    private final Dialect dialect;
    private final String url;
    private final String user;
    private final String password;
    private final Map<String, String> driverProps;
    private final EmbeddedMariaDb embedded;

    private Database(Dialect dialect, String url, String user, String password, Map<String, String> driverProps,
                     EmbeddedMariaDb embedded) {
        this.dialect = dialect;
        this.url = url;
        this.user = user;
        this.password = password;
        this.driverProps = driverProps;
        this.embedded = embedded;
    }

    /** Resolves the target (starting the embedded server if asked) and proves that a connection works. */
    public static Database open(Config cfg, Dialect dialect) {
        EmbeddedMariaDb embedded = null;
        String url;
        if (cfg.get(Keys.EMBEDDED)) {
            embedded = EmbeddedMariaDb.start(cfg.get(Keys.DATABASE));
            url = dialect.jdbcUrl("127.0.0.1", embedded.port(), cfg.get(Keys.DATABASE));
        } else if (cfg.get(Keys.CONN) != null) {
            url = cfg.get(Keys.CONN);
        } else {
            url = dialect.jdbcUrl(cfg.get(Keys.HOST), cfg.get(Keys.PORT), cfg.get(Keys.DATABASE));
        }
        JdbcDriver driver = JdbcDriver.forUrl(url);
        loadDriver(cfg.get(Keys.DRIVER) != null ? cfg.get(Keys.DRIVER) : driver.className());
        boolean serverPrepared = !"disable".equals(cfg.get(Keys.DB_PS_MODE));
        Database db = new Database(dialect, url, cfg.get(Keys.USER), cfg.get(Keys.PASSWORD),
                driver.properties(serverPrepared), embedded);
        try (Connection c = db.connect()) {
            c.isValid(5);
        } catch (ConfigException e) {
            db.close();
            throw e;
        } catch (SQLException e) {
            db.close();
            throw ConnectFailure.describe(e, url, cfg.get(Keys.USER));
        }
        return db;
    }

    public Dialect dialect() {
        return dialect;
    }

    /** The URL without credentials, for result files. */
    public String url() {
        return url;
    }

    /** One new connection, autocommit on. Connect failures become one-line ConfigExceptions. */
    public Connection connect() {
        try {
            return DriverManager.getConnection(url, properties());
        } catch (SQLException e) {
            throw ConnectFailure.describe(e, url, user);
        }
    }

    /** A pool for one thread level: each thread takes one connection and holds it for the level. */
    public HikariDataSource pool(int size, String name) {
        HikariConfig hc = new HikariConfig();
        hc.setPoolName(name);
        hc.setJdbcUrl(url);
        hc.setUsername(user);
        hc.setPassword(password);
        hc.setMaximumPoolSize(size);
        hc.setMinimumIdle(0);
        hc.setAutoCommit(true);
        hc.setMaxLifetime(0);
        hc.setIdleTimeout(0);
        hc.setKeepaliveTime(0);
        hc.setConnectionTimeout(60_000);
        hc.setInitializationFailTimeout(-1);
        driverProps.forEach((k, v) -> {
            if (!urlHas(k)) hc.addDataSourceProperty(k, v);
        });
        return new HikariDataSource(hc);
    }

    /** The server's version string, e.g. "11.4.5-MariaDB" or "PostgreSQL 15.8". */
    public String serverVersion() {
        try (Connection c = connect()) {
            DatabaseMetaData md = c.getMetaData();
            return md.getDatabaseProductVersion();
        } catch (SQLException e) {
            return "unknown";
        }
    }

    /** True when the table exists in the connection's current database or schema. */
    public static boolean tableExists(Connection c, String table) throws SQLException {
        DatabaseMetaData md = c.getMetaData();
        for (String name : new String[] {table, table.toUpperCase(java.util.Locale.ROOT)}) {
            try (ResultSet rs = md.getTables(c.getCatalog(), c.getSchema(), name, new String[] {"TABLE"})) {
                if (rs.next()) return true;
            }
        }
        return false;
    }

    @Override
    public void close() {
        if (embedded != null) embedded.close();
    }

    private Properties properties() {
        Properties p = new Properties();
        driverProps.forEach((k, v) -> {
            if (!urlHas(k)) p.setProperty(k, v);
        });
        if (user != null) p.setProperty("user", user);
        if (password != null) p.setProperty("password", password);
        return p;
    }

    private boolean urlHas(String prop) {
        return url.contains("?" + prop + "=") || url.contains("&" + prop + "=");
    }

    /** Checks that the named driver is in the jar. BenchmarkSQL's props name mysql-connector-j's pre-8.0 class. */
    private static void loadDriver(String className) {
        if (className.equals("com.mysql.jdbc.Driver")) className = JdbcDriver.MYSQL.className();
        try {
            Class.forName(className);
        } catch (ClassNotFoundException e) {
            throw new ConfigException("JDBC driver class " + className + " is not in oltpbench.jar; "
                    + "remove the driver key to use the dialect's driver");
        }
    }
}
