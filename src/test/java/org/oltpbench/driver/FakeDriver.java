package org.oltpbench.driver;

import org.oltpbench.util.Clock;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverPropertyInfo;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongUnaryOperator;
import java.util.logging.Logger;

/**
 * A JDBC driver with no server: every statement takes a scripted time on a {@link Clock} and returns nothing. Front
 * ends are the URL's host:port; one can be killed (its open connections fail their next statement with SQLState
 * 08S01, new connections are refused with 08001) and revived. Unit tests of the level loop run on it.
 *
 * <p>A statement whose SQL reads {@code PROCESSLIST} (the wait sampler's, as the MySQL-family dialects write it) is the
 * front end's session view instead: it takes no time and returns one row per other open connection to that front end,
 * (id, COMMAND, NULL, STATE, NULL): "Query"/"executing" while the connection is in a statement, else "Sleep".
 */
final class FakeDriver implements Driver {
    private final Clock clock;
    /** A statement's duration in nanos, given the clock's time when it starts. */
    private volatile LongUnaryOperator duration;
    private final Set<String> dead = ConcurrentHashMap.newKeySet();
    private final Map<String, AtomicInteger> opened = new ConcurrentHashMap<>();
    final AtomicInteger statements = new AtomicInteger();
    /** Reads of a front end's session view that answered. */
    final AtomicInteger viewReads = new AtomicInteger();
    private final java.util.concurrent.atomic.AtomicLong nextId = new java.util.concurrent.atomic.AtomicLong();

    /** An open connection: its front end, and whether a statement runs on it. */
    private static final class Session {
        final String fe;
        volatile boolean busy;

        Session(String fe) {
            this.fe = fe;
        }
    }

    private final Map<Long, Session> open = new ConcurrentHashMap<>();

    FakeDriver(Clock clock, long statementNanos) {
        this.clock = clock;
        this.duration = t -> statementNanos;
    }

    /** Statements take {@code f(start)} nanos from now on. */
    void durations(LongUnaryOperator f) {
        duration = f;
    }

    /** Statements on {@code hostPort} take {@code factor} times as long. */
    void slow(String hostPort, int factor) {
        slow.put(hostPort, factor);
    }

    private final Map<String, Integer> slow = new ConcurrentHashMap<>();

    /** Every {@code n}th statement from now on fails with {@code code} and {@code state} (a deadlock: 1213, 40001). */
    void failEvery(int n, int code, String state) {
        failEvery = n;
        failCode = code;
        failState = state;
    }

    private volatile int failEvery, failCode;
    private volatile String failState;
    private final AtomicInteger executed = new AtomicInteger();

    void kill(String hostPort) {
        dead.add(hostPort);
    }

    void revive(String hostPort) {
        dead.remove(hostPort);
    }

    /** Connections ever opened to {@code hostPort}. */
    int opened(String hostPort) {
        AtomicInteger n = opened.get(hostPort);
        return n == null ? 0 : n.get();
    }

    static String hostPort(String url) {
        String rest = url.substring(url.indexOf("//") + 2);
        int end = rest.indexOf('/');
        return end < 0 ? rest : rest.substring(0, end);
    }

    @Override
    public Connection connect(String url, Properties info) throws SQLException {
        String fe = hostPort(url);
        if (dead.contains(fe)) throw new SQLException("Connection refused: " + fe, "08001");
        opened.computeIfAbsent(fe, k -> new AtomicInteger()).incrementAndGet();
        long id = nextId.incrementAndGet();
        Session session = new Session(fe);
        open.put(id, session);
        return (Connection) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[]{Connection.class},
                (proxy, m, args) -> switch (m.getName()) {
                    case "prepareStatement" -> ((String) args[0]).contains("PROCESSLIST") ? view(fe, id) : statement(fe, session);
                    case "close" -> {
                        open.remove(id);
                        yield null;
                    }
                    // the setup's own statements (a new session's readiness, the commit counter) take no time
                    case "createStatement" -> instant(fe);
                    case "isValid" -> !dead.contains(fe);
                    case "getAutoCommit" -> true;
                    case "unwrap" -> proxy;
                    case "isWrapperFor" -> true;
                    case "toString" -> "fake connection to " + fe;
                    case "hashCode" -> System.identityHashCode(proxy);
                    case "equals" -> proxy == args[0];
                    default -> defaultValue(m.getReturnType());
                });
    }

    private PreparedStatement statement(String fe, Session session) {
        return (PreparedStatement) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[]{PreparedStatement.class},
                (proxy, m, args) -> switch (m.getName()) {
                    case "execute", "executeQuery", "executeUpdate", "executeLargeUpdate" -> {
                        session.busy = true;
                        try {
                            yield execute(fe, m.getReturnType());
                        } finally {
                            session.busy = false;
                        }
                    }
                    case "hashCode" -> System.identityHashCode(proxy);
                    case "equals" -> proxy == args[0];
                    case "toString" -> "fake statement";
                    default -> defaultValue(m.getReturnType());
                });
    }

    /** The session view of front end {@code fe} as the connection {@code self} reads it. */
    private PreparedStatement view(String fe, long self) {
        return (PreparedStatement) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[]{PreparedStatement.class},
                (proxy, m, args) -> switch (m.getName()) {
                    case "executeQuery" -> {
                        if (dead.contains(fe)) throw new SQLException("Communications link failure: " + fe, "08S01");
                        java.util.List<Object[]> rows = new java.util.ArrayList<>();
                        open.forEach((id, s) -> {
                            if (id != self && s.fe.equals(fe)) {
                                rows.add(new Object[]{id, s.busy ? "Query" : "Sleep", null, s.busy ? "executing" : "", null});
                            }
                        });
                        viewReads.incrementAndGet();
                        yield rows(rows);
                    }
                    case "hashCode" -> System.identityHashCode(proxy);
                    case "equals" -> proxy == args[0];
                    default -> defaultValue(m.getReturnType());
                });
    }

    private ResultSet rows(java.util.List<Object[]> rows) {
        int[] at = {-1};
        return (ResultSet) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[]{ResultSet.class},
                (proxy, m, args) -> switch (m.getName()) {
                    case "next" -> ++at[0] < rows.size();
                    case "getLong" -> ((Number) rows.get(at[0])[(Integer) args[0] - 1]).longValue();
                    case "getString" -> (String) rows.get(at[0])[(Integer) args[0] - 1];
                    default -> defaultValue(m.getReturnType());
                });
    }

    private java.sql.Statement instant(String fe) {
        return (java.sql.Statement) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[]{java.sql.Statement.class},
                (proxy, m, args) -> switch (m.getName()) {
                    case "execute", "executeQuery", "executeUpdate" -> {
                        if (dead.contains(fe)) throw new SQLException("Communications link failure: " + fe, "08S01");
                        yield m.getReturnType() == ResultSet.class ? emptyResult() : defaultValue(m.getReturnType());
                    }
                    case "hashCode" -> System.identityHashCode(proxy);
                    case "equals" -> proxy == args[0];
                    default -> defaultValue(m.getReturnType());
                });
    }

    private Object execute(String fe, Class<?> returns) throws SQLException {
        if (dead.contains(fe)) throw new SQLException("Communications link failure: " + fe, "08S01");
        long t = clock.nanoTime();
        try {
            clock.parkUntil(t + duration.applyAsLong(t) * slow.getOrDefault(fe, 1));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLException("statement interrupted", "70100");
        }
        if (dead.contains(fe)) throw new SQLException("Communications link failure: " + fe, "08S01");
        int n = failEvery;
        if (n > 0 && executed.incrementAndGet() % n == 0) {
            throw new SQLException("Deadlock found when trying to get lock; try restarting transaction", failState, failCode);
        }
        statements.incrementAndGet();
        if (returns == ResultSet.class) return emptyResult();
        return defaultValue(returns);
    }

    private ResultSet emptyResult() {
        return (ResultSet) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[]{ResultSet.class},
                (proxy, m, args) -> defaultValue(m.getReturnType()));
    }

    private static Object defaultValue(Class<?> t) {
        if (t == boolean.class) return false;
        if (t == int.class) return 0;
        if (t == long.class) return 0L;
        if (t == double.class) return 0.0;
        if (t == float.class) return 0f;
        if (t == short.class) return (short) 0;
        if (t == byte.class) return (byte) 0;
        return null;
    }

    @Override
    public boolean acceptsURL(String url) {
        return true;
    }

    @Override
    public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) {
        return new DriverPropertyInfo[0];
    }

    @Override
    public int getMajorVersion() {
        return 1;
    }

    @Override
    public int getMinorVersion() {
        return 0;
    }

    @Override
    public boolean jdbcCompliant() {
        return false;
    }

    @Override
    public Logger getParentLogger() {
        return Logger.getGlobal();
    }

}
