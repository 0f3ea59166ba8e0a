package org.oltpbench.workload.ch;

import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.IntToLongFunction;
import org.oltpbench.util.Clock;

/**
 * A server for the analytic streams' unit tests, on a simulated clock: query {@code q} (by its place in the list it
 * was given) takes {@code durations(q)} nanos and returns {@code rows(q)} rows; the heartbeat row a reader sees is the
 * newest written at least {@code lagNanos} before the read (a replica that far behind). Cancel ends a running query at
 * once with SQLState 70100, as MySQL's KILL QUERY does.
 */
final class FakeAnalyticServer {
    private final Clock clock;
    private final List<String> queries;
    private final IntToLongFunction durations, rows;
    private final long lagNanos;
    /** Heartbeat writes: {time written, value}. */
    private final List<long[]> writes = new CopyOnWriteArrayList<>();

    FakeAnalyticServer(Clock clock, List<ChQueries.Query> queries, IntToLongFunction durations, IntToLongFunction rows,
                       long lagNanos) {
        this.clock = clock;
        this.queries = queries.stream().map(ChQueries.Query::sql).toList();
        this.durations = durations;
        this.rows = rows;
        this.lagNanos = lagNanos;
    }

    Connection connect() {
        return (Connection) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {Connection.class},
                (proxy, m, args) -> switch (m.getName()) {
                    case "prepareStatement" -> statement((String) args[0]);
                    case "createStatement" -> statement("");
                    case "isValid" -> true;
                    case "hashCode" -> System.identityHashCode(proxy);
                    case "equals" -> proxy == args[0];
                    default -> zero(m.getReturnType());
                });
    }

    private PreparedStatement statement(String sql) {
        long[] param = new long[1];
        Thread[] running = new Thread[1];
        boolean[] cancelled = new boolean[1];
        return (PreparedStatement) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {PreparedStatement.class},
                (proxy, m, args) -> switch (m.getName()) {
                    case "setLong" -> {
                        param[0] = (Long) args[1];
                        yield null;
                    }
                    case "executeUpdate" -> {
                        if (sql.startsWith("UPDATE")) writes.add(new long[] {clock.nanoTime(), param[0]});
                        yield 1;
                    }
                    case "executeQuery" -> {
                        if (sql.startsWith("SELECT hb_nanos")) yield rows(heartbeatSeen() == Long.MIN_VALUE ? 0 : 1, heartbeatSeen());
                        int q = queries.indexOf(sql);
                        synchronized (running) {
                            if (cancelled[0]) {
                                cancelled[0] = false;
                                throw new SQLException("Query execution was interrupted", "70100", 1317);
                            }
                            running[0] = Thread.currentThread();
                        }
                        try {
                            clock.parkUntil(clock.nanoTime() + durations.applyAsLong(q));
                        } catch (InterruptedException e) {
                            throw new SQLException("Query execution was interrupted", "70100", 1317);
                        } finally {
                            synchronized (running) {
                                running[0] = null;
                            }
                        }
                        yield rows(rows.applyAsLong(q), 0);
                    }
                    case "cancel" -> {
                        synchronized (running) {
                            if (running[0] != null) running[0].interrupt();
                        }
                        yield null;
                    }
                    case "hashCode" -> System.identityHashCode(proxy);
                    case "equals" -> proxy == args[0];
                    default -> zero(m.getReturnType());
                });
    }

    /** The newest heartbeat written at least the lag before now; MIN_VALUE when none is old enough. */
    private long heartbeatSeen() {
        long now = clock.nanoTime(), seen = Long.MIN_VALUE, at = Long.MIN_VALUE;
        for (long[] w : writes) {
            if (w[0] <= now - lagNanos && w[0] >= at) {
                at = w[0];
                seen = w[1];
            }
        }
        return seen;
    }

    private ResultSet rows(long n, long value) {
        long[] left = {n};
        return (ResultSet) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {ResultSet.class},
                (proxy, m, args) -> switch (m.getName()) {
                    case "next" -> left[0]-- > 0;
                    case "getLong" -> value;
                    default -> zero(m.getReturnType());
                });
    }

    private static Object zero(Class<?> t) {
        if (t == boolean.class) return false;
        if (t == int.class) return 0;
        if (t == long.class) return 0L;
        if (t == double.class) return 0.0;
        return null;
    }

}
