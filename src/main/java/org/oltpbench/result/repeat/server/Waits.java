package org.oltpbench.result.repeat.server;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Where the benchmark's server sessions were, sampled over one interval (issue 45): a monitor connection read the
 * engine's session view {@code samples} times, and each active session of the benchmark's seen in a sample counts
 * once in its {@link WaitClass} and once under the engine's own name for where it was. Sessions idle outside a
 * transaction are not counted. So {@code total() / samples} is the average number of active sessions, and a class's
 * count over the total its share of the active session time.
 *
 * <p>Counts add: consecutive intervals by {@link #plus} (their samples too), the same interval of several clients by
 * {@link #alongside} (each client samples only its own sessions, at the same rate: the sessions add, the samples of
 * one interval do not). The names and objects are the {@link #KEPT} most counted of the interval, the rest under
 * {@link #OTHERS}.
 *
 * @param samples how many times the sessions were read in the interval; 0 when not sampled
 * @param classes session-samples per class (classes never seen are left out)
 * @param names   per class, session-samples per engine name ("Lock:transactionid", "row lock (INNODB_TRX LOCK WAIT)")
 * @param objects lock waits per table the engine named as the lock's ("bmsql_district"); empty where it names none
 * @param idle    session-samples of the benchmark's sessions idle outside a transaction: between transactions, the
 *                time is the client's and the network's, not the server's
 * @param sessions the most of the benchmark's sessions one sample saw (in a transaction or idle): the sessions open as the
 *                server showed them (a pool's, with connections=N; those of the front end sampled); 0 when not known
 *                (none seen, files that did not record it)
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record Waits(int samples, Map<WaitClass, Long> classes, Map<WaitClass, Map<String, Long>> names,
                    Map<String, Long> objects, long idle, int sessions) {
    /** Not sampled: waits=off, an engine without a session view, files from before 3.12. */
    public static final Waits NONE = new Waits(0, Map.of(), Map.of(), Map.of(), 0, 0);
    /**
     * Samples a second. Not 10: MySQL's and MariaDB's INNODB_TRX is a snapshot refreshed when over 0.1 s old, so reads
     * 100 ms apart saw the snapshot of the read before in 40-42 of 100 (measured on MySQL 8.0.31 and MariaDB 10.11).
     */
    public static final int PER_SECOND = 8;
    /** Names and objects kept per interval; the rest are summed under {@link #OTHERS}. */
    public static final int KEPT = 8;
    public static final String OTHERS = "(others)";

    public Waits {
        classes = classes == null ? Map.of() : Collections.unmodifiableMap(new EnumMap<>(nonZero(classes, WaitClass.class)));
        names = names == null ? Map.of() : topPerClass(names);
        objects = objects == null ? Map.of() : top(objects);
    }

    /** Without sessions idle between transactions counted. */
    public Waits(int samples, Map<WaitClass, Long> classes, Map<WaitClass, Map<String, Long>> names, Map<String, Long> objects) {
        this(samples, classes, names, objects, 0, 0);
    }

    /** Without the sessions open recorded. */
    public Waits(int samples, Map<WaitClass, Long> classes, Map<WaitClass, Map<String, Long>> names, Map<String, Long> objects,
                 long idle) {
        this(samples, classes, names, objects, idle, 0);
    }

    /** Whether samples were read but none showed a session of the benchmark's (a pooler or proxy between, another front end). */
    public boolean noneSeen() {
        return samples > 0 && total() == 0 && idle == 0;
    }

    private static <K extends Enum<K>> Map<K, Long> nonZero(Map<K, Long> m, Class<K> type) {
        EnumMap<K, Long> out = new EnumMap<>(type);
        m.forEach((k, v) -> {
            if (v != null && v > 0) out.put(k, v);
        });
        return out;
    }

    private static Map<WaitClass, Map<String, Long>> topPerClass(Map<WaitClass, Map<String, Long>> m) {
        EnumMap<WaitClass, Map<String, Long>> out = new EnumMap<>(WaitClass.class);
        m.forEach((c, byName) -> {
            Map<String, Long> t = byName == null ? Map.of() : top(byName);
            if (!t.isEmpty()) out.put(c, t);
        });
        return Collections.unmodifiableMap(out);
    }

    /** The engine's names of {@code c}'s waits, the most counted first; empty when none was kept. */
    public Map<String, Long> names(WaitClass c) {
        return names.getOrDefault(c, Map.of());
    }

    /** The {@link #KEPT} largest counts in descending order (ties by name), the rest summed under {@link #OTHERS}. */
    static Map<String, Long> top(Map<String, Long> m) {
        List<Map.Entry<String, Long>> all = new ArrayList<>();
        long others = 0;
        for (var e : m.entrySet()) {
            if (e.getValue() == null || e.getValue() <= 0) continue;
            if (OTHERS.equals(e.getKey())) others += e.getValue();
            else all.add(Map.entry(e.getKey(), e.getValue()));
        }
        all.sort(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()));
        Map<String, Long> out = new LinkedHashMap<>();
        for (int k = 0; k < all.size(); k++) {
            if (k < KEPT) out.put(all.get(k).getKey(), all.get(k).getValue());
            else others += all.get(k).getValue();
        }
        if (others > 0) out.put(OTHERS, others);
        return Collections.unmodifiableMap(out);
    }

    /** Whether any sample was taken. */
    @JsonIgnore
    public boolean sampled() {
        return samples > 0;
    }

    /** Active session-samples of every class. */
    public long total() {
        long t = 0;
        for (long v : classes.values()) t += v;
        return t;
    }

    /** Session-samples of {@code c}. */
    public long count(WaitClass c) {
        return classes.getOrDefault(c, 0L);
    }

    /** {@code c}'s share of the active session time, 0..1; 0 when no session was active. */
    public double share(WaitClass c) {
        long t = total();
        return t == 0 ? 0 : (double) count(c) / t;
    }

    /** Average sessions idle outside a transaction per sample; 0 when not sampled. */
    public double idleSessions() {
        return samples == 0 ? 0 : (double) idle / samples;
    }

    /** Average active sessions per sample; 0 when not sampled. */
    public double activeSessions() {
        return samples == 0 ? 0 : (double) total() / samples;
    }

    /** These counts and {@code o}'s together (consecutive intervals, or one interval of several clients). */
    public Waits plus(Waits o) {
        if (!o.sampled()) return this;
        if (!sampled()) return o;
        EnumMap<WaitClass, Long> c = new EnumMap<>(WaitClass.class);
        c.putAll(classes);
        o.classes.forEach((k, v) -> c.merge(k, v, Long::sum));
        EnumMap<WaitClass, Map<String, Long>> n = new EnumMap<>(WaitClass.class);
        for (WaitClass k : WaitClass.values()) {
            if (names.containsKey(k) || o.names.containsKey(k)) n.put(k, add(names(k), o.names(k)));
        }
        return new Waits(samples + o.samples, c, n, add(objects, o.objects), idle + o.idle, Math.max(sessions, o.sessions));
    }

    /**
     * The same interval's counts from another client, which sampled its own sessions as often: the sessions add, so
     * the samples are the larger count, not the sum (two clients of 8 active sessions each are 16 active sessions).
     */
    public Waits alongside(Waits o) {
        if (!o.sampled() || !sampled()) return NONE; // half the level's sessions unsampled is not the level sampled
        Waits sum = plus(o);
        return new Waits(Math.max(samples, o.samples), sum.classes, sum.names, sum.objects, sum.idle, sessions + o.sessions);
    }

    /**
     * One interval of several clients together, by {@link #alongside}: {@link #NONE} when any of them was not sampled
     * in it (waits=false, an engine view it could not read), since the others' sessions are not the level's.
     */
    public static Waits acrossClients(Iterable<Waits> clients) {
        Waits w = null;
        for (Waits c : clients) w = w == null ? c : w.alongside(c);
        return w == null ? NONE : w;
    }

    /** Consecutive intervals' waits together, by {@link #plus}. */
    public static Waits sum(Iterable<Waits> parts) {
        Waits w = NONE;
        for (Waits p : parts) w = w.plus(p);
        return w;
    }

    private static Map<String, Long> add(Map<String, Long> a, Map<String, Long> b) {
        Map<String, Long> m = new TreeMap<>(a);
        b.forEach((k, v) -> m.merge(k, v, Long::sum));
        return m;
    }
}
