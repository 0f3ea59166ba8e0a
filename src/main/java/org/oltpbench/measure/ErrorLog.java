package org.oltpbench.measure;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.oltpbench.result.ErrorCount;

/**
 * Every error a level's terminals met in its window, by kind, transaction type, vendor code and SQLState, with the first
 * message of each. Written on the error path only (never on a transaction that succeeds), by any terminal; the reporter
 * opens it at the window's start and closes it at its end. {@link #NONE} records nothing.
 */
public class ErrorLog {
    /** Records nothing: statistics made without a log (unit tests, tools). */
    public static final ErrorLog NONE = new ErrorLog(List.of()) {
        @Override
        public void record(ErrorCount.Kind kind, int type, SQLException e) {
        }
    };

    private record Key(ErrorCount.Kind kind, int type, int code, String state) {
    }

    private static final class Entry {
        final AtomicLong count = new AtomicLong();
        final String sample;

        Entry(String sample) {
            this.sample = sample;
        }
    }

    private final List<String> typeNames;
    private final ConcurrentHashMap<Key, Entry> entries = new ConcurrentHashMap<>();
    private volatile boolean open;

    /** @param typeNames the workload's transaction types, by index */
    public ErrorLog(List<String> typeNames) {
        this.typeNames = List.copyOf(typeNames);
    }

    /** The window's start (true) and end (false): errors outside it are not logged, as they are not counted. */
    public void window(boolean on) {
        open = on;
    }

    /** One error of {@code kind} on transaction type {@code type}. */
    public void record(ErrorCount.Kind kind, int type, SQLException e) {
        if (!open) return;
        String state = e.getSQLState() == null ? "" : e.getSQLState();
        entries.computeIfAbsent(new Key(kind, type, e.getErrorCode(), state), k -> new Entry(sample(e))).count.incrementAndGet();
    }

    private static String sample(SQLException e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().lines().findFirst().orElse("");
        return m.length() > 200 ? m.substring(0, 200) : m;
    }

    /** What was logged, the most frequent first. */
    public List<ErrorCount> counts() {
        List<ErrorCount> out = new ArrayList<>();
        entries.forEach((k, v) -> out.add(new ErrorCount(k.kind(), k.type() < typeNames.size() ? typeNames.get(k.type()) : "?",
                k.code(), k.state(), v.count.get(), v.sample)));
        out.sort(Comparator.comparingLong(ErrorCount::count).reversed().thenComparing(ErrorCount::type));
        return out;
    }
}
