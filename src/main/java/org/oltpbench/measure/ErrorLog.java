package org.oltpbench.measure;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import org.oltpbench.result.repeat.counted.ErrorCount;

/**
 * Every error a level's terminals met in its window, by kind, transaction type, vendor code and SQLState, with the first
 * message of each. Written on the error path only (never on a transaction that succeeds).
 *
 * <p>The window's errors by code add up to the window's counted errors, always: each terminal appends the code of an
 * ignored or lost-connection error to its own list <em>before</em> it counts the error, and of a retried one before
 * the retry is published; the reporter notes each terminal's counters where it harvested the window's edges
 * ({@link #opened}, {@link #closed}), and the window's codes are the entries between those counts. No edge is read
 * apart from the counters it belongs to, so a slow report at the warm-up's end (sources, journal, console) moves
 * nothing. Fatal errors end the level and are logged while the window is open.
 */
public class ErrorLog {
    /** Records nothing: statistics made without a log (unit tests, tools). */
    public static final ErrorLog NONE = new ErrorLog(List.of());

    private record Key(ErrorCount.Kind kind, int type, int code, String state) {
    }

    private final List<String> typeNames;
    /** Every key met, numbered in the order met, with the first message of each. */
    private final ConcurrentHashMap<Key, Integer> keys = new ConcurrentHashMap<>();
    private final List<Key> byIndex = new CopyOnWriteArrayList<>();
    private final List<String> samples = new CopyOnWriteArrayList<>();
    private final ConcurrentHashMap<Key, AtomicLong> fatal = new ConcurrentHashMap<>();
    /**
     * Each terminal's part, appended once as the level is built and read by the reporter: not copy-on-write, which
     * copied the whole list per terminal (190 MB of garbage building a level of 10,000).
     */
    private final List<Terminal> terminals = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
    private volatile boolean open;

    /** @param typeNames the workload's transaction types, by index */
    public ErrorLog(List<String> typeNames) {
        this.typeNames = List.copyOf(typeNames);
    }

    /** A terminal's part of the log, written by that terminal only. */
    public Terminal terminal(int types) {
        Terminal t = new Terminal(this, types);
        if (this != NONE) terminals.add(t);
        return t;
    }

    /** The window's start (true) and end (false), for fatal errors: they are not counted by a terminal's counters. */
    public void window(boolean on) {
        open = on;
    }

    /** Reporter: terminal {@code i}'s counters at a harvest; the one before it is the previous interval's edge. */
    public void harvested(int i, Snapshot at) {
        if (i < terminals.size()) terminals.get(i).harvested(at);
    }

    /** Reporter, after {@link #harvested}: that harvest is the window's start. */
    public void opened(int i) {
        if (i < terminals.size()) terminals.get(i).from = terminals.get(i).now.clone();
    }

    /** Reporter, after {@link #harvested}: that harvest is the window's end. */
    public void closed(int i) {
        if (i < terminals.size()) terminals.get(i).to = terminals.get(i).now.clone();
    }

    /** Reporter: the errors by code between the last two harvests (one report interval), for the journal. */
    public List<ErrorCount> sinceLastHarvest() {
        long[] n = new long[byIndex.size()];
        synchronized (terminals) {
            for (Terminal t : terminals) t.add(t.last, t.now, n);
        }
        return list(n, false);
    }

    private int index(ErrorCount.Kind kind, int type, SQLException e) {
        String state = e.getSQLState() == null ? "" : e.getSQLState();
        return keys.computeIfAbsent(new Key(kind, type, e.getErrorCode(), state), k -> {
            synchronized (byIndex) {
                samples.add(sample(e));
                byIndex.add(k);
                return byIndex.size() - 1;
            }
        });
    }

    private static String sample(SQLException e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().lines().findFirst().orElse("");
        return m.length() > 200 ? m.substring(0, 200) : m;
    }

    /** What the window holds, the most frequent first. */
    public List<ErrorCount> counts() {
        long[] n = new long[byIndex.size()];
        synchronized (terminals) {
            for (Terminal t : terminals) t.add(t.from, t.to, n);
        }
        return list(n, true);
    }

    private List<ErrorCount> list(long[] n, boolean withFatal) {
        List<ErrorCount> out = new ArrayList<>();
        for (int k = 0; k < n.length; k++) if (n[k] > 0) out.add(count(byIndex.get(k), n[k], samples.get(k)));
        if (withFatal) fatal.forEach((k, v) -> out.add(count(k, v.get(), samples.get(keys.get(k)))));
        out.sort(Comparator.comparingLong(ErrorCount::count).reversed().thenComparing(ErrorCount::type));
        return out;
    }

    private ErrorCount count(Key k, long n, String sample) {
        return new ErrorCount(k.kind(), k.type() < typeNames.size() ? typeNames.get(k.type()) : "?", k.code(), k.state(), n, sample);
    }

    /**
     * One terminal's errors in the order its counters count them: one list for ignored and lost-connection errors
     * (the thread's error counter) and one per type for retries (the type's retry counter). Each list is appended by
     * the terminal, its length published with a release store before the counter moves; the reporter reads entries
     * only below a count it harvested, so every entry it reads is complete.
     */
    public static final class Terminal {
        private final ErrorLog log;
        private final Stream ignored = new Stream();
        private final Stream[] retried;
        /** Reporter only: the counters at the last two harvests and at the window's edges (null before them). */
        private long[] last, now, from, to;

        Terminal(ErrorLog log, int types) {
            this.log = log;
            retried = new Stream[types];
            for (int k = 0; k < types; k++) retried[k] = new Stream();
        }

        /** Owner only: an error of {@code kind} on transaction type {@code type}, before it is counted. */
        public void record(ErrorCount.Kind kind, int type, SQLException e) {
            if (log == NONE) return;
            int key = log.index(kind, type, e);
            switch (kind) {
                case RETRIED -> retried[Math.min(type, retried.length - 1)].append(key);
                case FATAL -> {
                    if (log.open) log.fatal.computeIfAbsent(log.byIndex.get(key), k -> new AtomicLong()).incrementAndGet();
                }
                default -> ignored.append(key);
            }
        }

        /** The counters of this harvest; the previous one's become {@code last} (the two arrays swap: no allocation). */
        void harvested(Snapshot s) {
            long[] spare = last != null ? last : new long[retried.length + 1];
            last = now != null ? now : new long[retried.length + 1];
            spare[0] = s.ignoredErrors();
            for (int k = 0; k < retried.length; k++) spare[k + 1] = s.type(k).retries();
            now = spare;
        }

        /** Adds the entries counted from {@code a} to {@code b} into {@code n}, by key; nothing without both. */
        void add(long[] a, long[] b, long[] n) {
            if (a == null || b == null) return;
            ignored.addRange(a[0], b[0], n);
            for (int k = 0; k < retried.length; k++) retried[k].addRange(a[k + 1], b[k + 1], n);
        }
    }

    /** An append-only list of key numbers: one writer, readers below a published length. */
    private static final class Stream {
        private volatile int[] keys = new int[16];
        private final AtomicLong size = new AtomicLong();

        void append(int key) {
            long at = size.getPlain();
            int[] k = keys;
            if (at == k.length) keys = k = java.util.Arrays.copyOf(k, k.length * 2);
            k[(int) at] = key;
            size.lazySet(at + 1); // a release store: the entry is visible before the length and the counter after it
        }

        void addRange(long from, long to, long[] n) {
            long end = Math.min(to, size.get()); // the length first: the array read after it holds every entry below it
            int[] k = keys;
            for (long i = from; i < end; i++) if (k[(int) i] < n.length) n[k[(int) i]]++;
        }
    }
}
