package org.oltpbench.db;

import org.oltpbench.config.Tls;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.oltpbench.config.Target;
import org.oltpbench.config.ConfigException;
import org.oltpbench.dialect.Dialect;
import org.oltpbench.dialect.JdbcDriver;
import org.oltpbench.dialect.Protocol;
import org.oltpbench.dialect.ServerIdentity;
import org.oltpbench.result.run.Terms;

/**
 * Where the benchmark connects: the dialect, the JDBC URL and credentials, and (for embedded=true)
 * the server oltpbench started. Hands out single connections for setup work and the terminals'
 * {@link Sessions} for thread levels. The password stays in here and is never part of a message.
 */
public final class Database implements AutoCloseable {
    private final Dialect dialect;
    private final FrontEnds frontEnds;
    private final String url;
    private final String user;
    private final String password;
    private final Map<String, String> sessionVariables;
    /** How benchmark and setup statements travel (dbPsMode resolved against the dialect). */
    private Terms.Protocol statements;
    private Map<String, String> driverProps;
    private final Map<String, String> setupProps;
    private final EmbeddedMariaDb embedded;
    /** The TLS asked for (ssl=); a URL's own TLS property wins. */
    private final Tls tls;
    /** How a URL becomes a connection: DriverManager, or one driver asked directly. */
    private final Opener opener;
    private final JdbcDriver driver;
    /** The benchmark sessions' server ids, for the wait sampler. */
    private final SessionIds sessionIds = new SessionIds();
    /** Set on every session this database opens, setup and benchmark alike (isolation=). */
    private org.oltpbench.config.Isolation isolation = org.oltpbench.config.Isolation.SERVER;

    /** Opens a connection to a URL with properties. */
    @FunctionalInterface
    private interface Opener {
        Connection open(String url, Properties p) throws SQLException;
    }

    private static final Opener DRIVER_MANAGER = DriverManager::getConnection;
    /** Each front end's connector for benchmark sessions, made on first use; new with each statement protocol. */
    private volatile Map<Integer, JdbcDriver.Connector> connectors = new java.util.concurrent.ConcurrentHashMap<>();

    private Database(Dialect dialect, FrontEnds frontEnds, String user, String password, Terms.Protocol statements,
                     Map<String, String> sessionVariables, Map<String, String> setupVariables, EmbeddedMariaDb embedded,
                     Tls tls) {
        this(dialect, frontEnds, user, password, statements, sessionVariables, setupVariables, embedded,
                DRIVER_MANAGER, tls);
    }

    private Database(Dialect dialect, FrontEnds frontEnds, String user, String password, Terms.Protocol statements,
                     Map<String, String> sessionVariables, Map<String, String> setupVariables, EmbeddedMariaDb embedded,
                     Opener opener, Tls tls) {
        this.opener = opener;
        this.tls = tls;
        this.dialect = dialect;
        this.frontEnds = frontEnds;
        this.url = frontEnds.urls().get(0);
        this.user = user;
        this.password = password;
        this.sessionVariables = sessionVariables;
        this.driver = JdbcDriver.forUrl(url);
        use(statements);
        // setup connections keep the protocol chosen here: the statement probe runs on one
        this.setupProps = merge(driver.properties(statements, tls), driver.sessionProperties(setupVariables));
        this.embedded = embedded;
    }

    /**
     * A database whose connections {@code driver} opens directly, bypassing DriverManager: for an embedding program
     * with a driver of its own, and for unit tests of the level loop on a fake driver. {@code conn} is a URL of one of
     * the supported schemes (its host list gives the front ends); nothing is connected here.
     */
    public static Database through(java.sql.Driver driver, Dialect dialect, String conn) {
        return new Database(dialect, FrontEnds.ofConn(conn), null, null, Terms.Protocol.CLIENT_TEXT, Map.of(), Map.of(), null,
                (u, p) -> driver.connect(u, p), Tls.DEFAULT);
    }

    /** Resolves the target (starting the embedded server if asked) and proves that every front end answers. */
    public static Database open(Target t, Dialect dialect) {
        return open(t, dialect, false);
    }

    /** As {@link #open(Target, Dialect)}, and with {@code createDatabase} the database created when absent (prepare). */
    public static Database open(Target t, Dialect dialect, boolean createDatabase) {
        EmbeddedMariaDb embedded = null;
        FrontEnds frontEnds;
        if (t.embedded()) {
            embedded = EmbeddedMariaDb.start(t.database());
            frontEnds = FrontEnds.ofConn(dialect.jdbcUrl("127.0.0.1", embedded.port(), t.database()));
        } else {
            frontEnds = frontEnds(t, dialect);
        }
        Database db = unproved(t, dialect, frontEnds, embedded);
        try {
            if (createDatabase) db.createIfAbsent();
            for (String u : frontEnds.urls()) db.connect(u).close();
        } catch (ConfigException e) {
            db.close();
            throw e;
        } catch (SQLException e) {
            db.close();
            throw ConnectFailure.describe(e, db.url, t.user(), dialect);
        }
        return db;
    }

    /** A URL's database: the path after the authority, before its parameters. */
    private static final java.util.regex.Pattern URL_DATABASE = java.util.regex.Pattern.compile("(//[^/?;]+/)([^?;]*)");

    /**
     * Creates the database of the first front end's URL when the server answers that it does not exist, connecting
     * to {@link Dialect#serverDatabase()} to do it, as go-tpc does; a name that is not a plain identifier is left to
     * the connect's own message.
     */
    private void createIfAbsent() throws SQLException {
        try {
            opener.open(url, properties(url)).close();
        } catch (SQLException e) {
            String server = serverUrl(e);
            if (server == null) throw e;
            java.util.regex.Matcher m = URL_DATABASE.matcher(url);
            m.find();
            try (Connection c = opener.open(server, properties(server)); java.sql.Statement st = c.createStatement()) {
                st.execute(dialect.createDatabase(m.group(2)));
            }
        }
    }

    /**
     * The first front end's URL with the server's own database in place of its own, when {@code e} says that database
     * does not exist and its name is a plain identifier (so that prepare may create it); otherwise null.
     */
    private String serverUrl(SQLException e) {
        java.util.regex.Matcher m = URL_DATABASE.matcher(url);
        if (dialect.connectProblem(e) != Dialect.ConnectProblem.NO_DATABASE || !m.find()
                || !m.group(2).matches("[A-Za-z_][A-Za-z0-9_$]*")) {
            return null;
        }
        return url.substring(0, m.start(2)) + dialect.serverDatabase() + url.substring(m.end(2));
    }

    /** A server's front ends as conn or hosts give them; a host without a port takes {@code dialect}'s default. */
    private static FrontEnds frontEnds(Target t, Dialect dialect) {
        return t.conn() != null ? FrontEnds.ofConn(JdbcDriver.shipped(t.conn()))
                : FrontEnds.ofHosts(dialect, t.hosts(), t.port(), t.database());
    }

    /** The target's database with its driver loaded and nothing connected yet. */
    private static Database unproved(Target t, Dialect dialect, FrontEnds frontEnds, EmbeddedMariaDb embedded) {
        // every front end shares the first one's scheme (one conn string, or one dialect)
        loadDriver(t.driver() != null ? t.driver() : JdbcDriver.forUrl(frontEnds.urls().get(0)).className());
        Terms.Protocol statements = switch (t.psMode()) {
            case "auto" -> Terms.Protocol.of(dialect.serverPreparedBeforeProbe());
            case "enable" -> Terms.Protocol.SERVER_PREPARED;
            case "extended" -> Terms.Protocol.EXTENDED_UNNAMED;
            default -> Terms.Protocol.CLIENT_TEXT;
        };
        Database db = new Database(dialect, frontEnds, t.user(), t.password(), statements,
                dialect.sessionVariables(t.session()), dialect.setupSessionVariables(t.session()), embedded, t.tls());
        db.isolation = t.session() == null ? org.oltpbench.config.Isolation.SERVER : t.session().level();
        return db;
    }

    /**
     * What the server behind each of {@code t}'s front ends says it is (keyed by the front end's URL without a
     * password), read with {@code protocol}'s identity query on one setup connection each (db=auto's detection); a
     * failed connect is the one line every failed connect gets.
     */
    public static Map<String, ServerIdentity> identify(Target t, Protocol protocol) {
        Dialect base = protocol.base();
        Map<String, ServerIdentity> servers = new LinkedHashMap<>();
        for (String url : frontEnds(t, base).urls()) {
            servers.put(JdbcDriver.redact(url), unproved(t, base, FrontEnds.ofConn(url), null).identity());
        }
        return servers;
    }

    /**
     * What the server says it is, on one connection: which engine it is. A database that does not exist yet is no
     * obstacle (prepare creates it): the server's own database answers instead.
     */
    public ServerIdentity identity() {
        try (Connection c = serverConnection()) {
            return dialect.protocol().identity(c);
        } catch (SQLException e) {
            throw ConnectFailure.describe(e, url, user, dialect);
        }
    }

    /** A connection to the first front end's database, or to its server's own when that database does not exist. */
    private Connection serverConnection() throws SQLException {
        try {
            return opener.open(url, properties(url));
        } catch (SQLException e) {
            String server = serverUrl(e);
            if (server == null) throw e;
            return opener.open(server, properties(server));
        }
    }

    public Dialect dialect() {
        return dialect;
    }

    /** The (first) front end's URL as given, which may hold a password: setup work connects here; show it redacted. */
    public String url() {
        return url;
    }

    public FrontEnds frontEnds() {
        return frontEnds;
    }

    /** Whether benchmark statements are server-side prepared (dbPsMode resolved against the dialect). */
    public boolean serverPrepared() {
        return statements == Terms.Protocol.SERVER_PREPARED;
    }

    /** How benchmark statements travel (dbPsMode resolved against the dialect). */
    public Terms.Protocol statements() {
        return statements;
    }

    /**
     * The driver properties oltpbench sets on the benchmark sessions (the statement protocol and TLS settled), name to
     * value; {@link org.oltpbench.result.run.Terms#BY_URL} for those the first front end's URL sets itself. The user
     * and password are not among them.
     */
    public Map<String, String> benchmarkDriverProperties() {
        Map<String, String> out = new java.util.TreeMap<>();
        driver.properties(statements, tls)
                .forEach((k, v) -> out.put(k, urlHas(url, k) ? org.oltpbench.result.run.Terms.BY_URL : v));
        return out;
    }

    /**
     * Sets the benchmark connections' statement protocol: dbPsMode=auto settled for the workload about to run
     * ({@link Dialect#autoProtocol}). Call before the terminals connect; setup connections keep theirs.
     */
    public void useServerPrepared(boolean on) {
        use(Terms.Protocol.of(on));
    }

    /** As {@link #useServerPrepared}, with any of the three protocols (EXTENDED_UNNAMED on PostgreSQL only). */
    public void use(Terms.Protocol statements) {
        JdbcDriver driver = JdbcDriver.forUrl(url);
        this.statements = statements;
        this.driverProps = merge(driver.properties(statements, tls), driver.sessionProperties(sessionVariables));
        this.connectors = new java.util.concurrent.ConcurrentHashMap<>();
    }

    /** One new setup connection to the first front end, autocommit on, setup session settings applied. Failures become one-line ConfigExceptions. */
    public Connection connect() {
        return connect(url);
    }

    /**
     * Why some front end takes no writes (a replica, a standby), naming it; null when every one takes them. A
     * driver-routed URL is asked through the driver, which connects it to its primary.
     */
    public String readOnlyFrontEnd() throws SQLException {
        for (String u : frontEnds.urls()) {
            try (Connection c = connect(u)) {
                String why = dialect.readOnlyReason(c);
                if (why != null) return FrontEnds.authority(u) + " is " + why;
            }
        }
        return null;
    }

    /** Each replica among the hosts behind the front ends and how far it is behind; a host that cannot be read is left out. */
    public List<org.oltpbench.result.repeat.server.ReplicaLag> replicaLags() {
        List<org.oltpbench.result.repeat.server.ReplicaLag> out = new java.util.ArrayList<>();
        for (String u : frontEnds.hosts()) {
            try (Connection c = opener.open(u, properties(u))) {
                var lag = dialect.replicaLag(c, FrontEnds.authority(u));
                if (lag != null) out.add(lag);
            } catch (SQLException | RuntimeException e) {
                // a host that does not answer now has no lag to report; failover says what it did in the level
            }
        }
        return out;
    }

    /** A setup connection to one of {@link FrontEnds#hosts()}, as {@link #connect()}. */
    public Connection connectHost(String hostUrl) {
        return connect(hostUrl);
    }

    /**
     * Each server behind the front ends once, as a plain URL of its own ({@link FrontEnds#hosts()}): for reading what
     * each server alone shows (its sessions, its lag).
     */
    public List<Server> servers() {
        java.util.Map<String, Server> byKey = new java.util.LinkedHashMap<>();
        for (String h : frontEnds.hosts()) {
            String key = FrontEnds.serverKey(h);
            byKey.putIfAbsent(key, new Server(h, key));
        }
        return List.copyOf(byKey.values());
    }

    /** A server behind the front ends: a plain URL to it, and its key ({@link FrontEnds#serverKey}), resolved once. */
    public record Server(String url, String key) {
    }

    /** Each front end's server ({@link FrontEnds#serverOf}), resolved once: the key its sessions' ids are kept under. */
    private volatile List<String> serverOfFrontEnd;

    private String serverOf(int frontEnd) {
        List<String> s = serverOfFrontEnd;
        if (s == null) {
            List<String> out = new java.util.ArrayList<>();
            for (int i = 0; i < frontEnds.size(); i++) out.add(frontEnds.serverOf(i));
            serverOfFrontEnd = s = java.util.Collections.unmodifiableList(out);
        }
        return s.get(frontEnd);
    }

    /** A connection to {@code target}, a URL of {@link #servers()} or the job's own, with the job's user and settings. */
    public Connection connect(String target) {
        try {
            return isolated(opener.open(target, properties(target)));
        } catch (SQLException e) {
            throw ConnectFailure.describe(e, target, user, dialect);
        }
    }

    /** The server ids of the benchmark sessions opened since the last {@link SessionIds#clear()}. */
    /** The embedded server this database runs on (embedded=true); null for a server of the user's. */
    public EmbeddedMariaDb embeddedServer() {
        return embedded;
    }

    public SessionIds sessionIds() {
        return sessionIds;
    }

    /** A pool of {@code size} benchmark sessions that the terminals of one level share (connections=N). */
    public SharedConnections shared(int size) throws SQLException {
        return SharedConnections.open(this, size);
    }

    /** The benchmark connections of one thread level: each terminal opens and holds its own. */
    public Sessions sessions() {
        return sessions(org.oltpbench.util.Clock.SYSTEM);
    }

    /** As {@link #sessions()}, with down front ends probed on {@code clock}. */
    public Sessions sessions(org.oltpbench.util.Clock clock) {
        return new Sessions(frontEnds, this::benchmarkConnection, clock);
    }

    /**
     * A benchmark session to front end {@code frontEnd}: the driver's performance properties and the benchmark
     * session settings, under the user's own URL parameters. Errors stay SQLExceptions: a terminal that loses its
     * connection reconnects through here.
     */
    Connection benchmarkConnection(int frontEnd) throws SQLException {
        Connection c = isolated(connector(frontEnd).open());
        sessionIds.add(serverOf(frontEnd), driver.sessionId(c));
        if (frontEnds.size() > 1) {
            try {
                dialect.ready(c);
            } catch (SQLException e) {
                c.close();
                throw e;
            }
        }
        return c;
    }

    /**
     * Front end {@code frontEnd}'s connector for benchmark sessions, made on first use from the driver's performance
     * properties and the session settings under the URL's own parameters; through the driver itself where the
     * database was given one ({@link #through}).
     */
    private JdbcDriver.Connector connector(int frontEnd) throws SQLException {
        Map<Integer, JdbcDriver.Connector> made = connectors;
        JdbcDriver.Connector c = made.get(frontEnd);
        if (c != null) return c;
        String target = frontEnds.urls().get(frontEnd);
        Properties p = properties(target, driverProps);
        // a driver given by the user may change the properties it is handed: each connection gets a copy
        c = opener == DRIVER_MANAGER ? driver.connector(target, p) : () -> opener.open(target, (Properties) p.clone());
        JdbcDriver.Connector first = made.putIfAbsent(frontEnd, c);
        return first != null ? first : c;
    }

    /**
     * {@code c} at the job's isolation. An engine that refuses the level fails the job in one line: the connection
     * itself worked, so this is a setting to change, not a connection failure.
     */
    private Connection isolated(Connection c) throws SQLException {
        try {
            isolation.apply(c);
            return c;
        } catch (SQLException e) {
            try {
                c.close();
            } catch (SQLException ignored) {
                // the refusal is what matters
            }
            throw new ConfigException("isolation=" + isolation.key() + ": " + dialect.name() + " refused it (error "
                    + e.getErrorCode() + ": " + String.valueOf(e.getMessage()).lines().findFirst().orElse("")
                    + "); choose another level, or isolation=server for the engine's default");
        }
    }

    /** The server's version string, e.g. "11.4.5-MariaDB" or "PostgreSQL 15.8". */
    public String serverVersion() {
        try (Connection c = connect()) {
            if (dialect.versionQuery() != null) {
                try (java.sql.Statement st = c.createStatement(); ResultSet rs = st.executeQuery(dialect.versionQuery())) {
                    if (rs.next()) return rs.getString(1);
                }
            }
            return c.getMetaData().getDatabaseProductVersion();
        } catch (SQLException e) {
            return "unknown";
        }
    }

    /**
     * Whether {@code table} exists in the connection's current database (MySQL family) or schema (PostgreSQL family).
     * information_schema is asked with that name bound: on some servers (seekdb) the driver's metadata call also
     * answers with same-named tables of other databases.
     */
    public static boolean tableExists(Connection c, String table) throws SQLException {
        String schema = currentSchema(c);
        if (schema == null) return false; // no database selected: nothing of ours can be there
        try (var ps = c.prepareStatement("SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = ? "
                + "AND LOWER(table_name) = LOWER(?)")) {
            ps.setString(1, schema);
            ps.setString(2, table);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() && rs.getLong(1) > 0;
            }
        }
    }

    /**
     * The connection's current schema (PostgreSQL family) or database (MySQL family): what the driver reports, else
     * what the server says (MariaDB Connector/J reports no catalog on seekdb, whose DATABASE() answers).
     */
    private static String currentSchema(Connection c) throws SQLException {
        if (c.getSchema() != null) return c.getSchema();
        if (c.getCatalog() != null) return c.getCatalog();
        try (java.sql.Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT DATABASE()")) {
            return rs.next() ? rs.getString(1) : null;
        }
    }

    @Override
    public void close() {
        if (embedded != null) embedded.close();
    }

    private Properties properties(String target) {
        return properties(target, setupProps);
    }

    /** {@code props} under the URL's own parameters, with the user and password: what a connection to {@code target} is given. */
    private Properties properties(String target, Map<String, String> props) {
        Properties p = new Properties();
        props.forEach((k, v) -> {
            if (!urlHas(target, k)) p.setProperty(k, v);
        });
        if (user != null) p.setProperty("user", user);
        if (password != null) p.setProperty("password", password);
        return p;
    }

    private static Map<String, String> merge(Map<String, String> a, Map<String, String> b) {
        Map<String, String> m = new java.util.LinkedHashMap<>(a);
        m.putAll(b);
        return m;
    }

    /**
     * Whether the URL sets {@code prop} itself: as a parameter ({@code ?k=}, {@code &k=}) or in a host's own
     * properties (mysql-connector-j's {@code (host=h,k=v)} and {@code address=(host=h)(k=v)}), which win over these.
     */
    static boolean urlHas(String target, String prop) {
        for (String before : new String[] {"?", "&", ",", "("}) {
            if (target.contains(before + prop + "=")) return true;
        }
        return false;
    }

    /** Checks that the named driver is in the jar. BenchmarkSQL's props name mysql-connector-j's pre-8.0 class. */
    private static void loadDriver(String named) {
        String className = JdbcDriver.shippedClass(named);
        try {
            Class.forName(className);
        } catch (ClassNotFoundException e) {
            throw new ConfigException("JDBC driver class " + className + " is not in oltpbench.jar; "
                    + "remove the driver key to use the dialect's driver");
        }
    }
}
