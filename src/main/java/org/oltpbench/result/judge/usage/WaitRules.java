package org.oltpbench.result.judge.usage;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.oltpbench.result.repeat.server.WaitClass;
import org.oltpbench.result.repeat.server.Waits;

/**
 * The verdict's wait rules (issue 45), judged where no CPU rule matched and no rate or pacing bounded the load: the
 * class of waits, other than CPU, that held the largest share of the benchmark's active session time over the window,
 * when that share is at least {@link #SHARE}. Given only when the window holds at least {@link #MIN_SAMPLES} samples
 * and {@link #MIN_ACTIVE} active session-samples; with fewer, the evidence says so instead of judging.
 *
 * <p>What undermines it: a sample is an instant, so a wait shorter than the period (100 ms) is seen in proportion to
 * its share of the time, not each time it happens; sessions the driver gave no id for are all the database's (another
 * client's too); an engine whose view names no wait shows its sessions as CPU.
 */
public final class WaitRules {
    /** A class of waits that holds this share of the active session time is the limit. */
    static final double SHARE = 0.30;
    /** Fewer samples than this (2 s at 10 a second) are too few to judge. */
    static final int MIN_SAMPLES = 20;
    /** Fewer active session-samples than this are too few to judge (as many as the samples: one active session each). */
    static final long MIN_ACTIVE = MIN_SAMPLES;

    private WaitRules() {
    }

    /** The wait verdict of {@code w}, or null when no class holds {@link #SHARE} (or too few samples: see {@link #tooFew}). */
    static Verdict of(Waits w, String nothing) {
        if (!w.sampled() || tooFew(w)) return null;
        WaitClass top = null;
        for (WaitClass c : WaitClass.values()) {
            if (c == WaitClass.CPU || c == WaitClass.OTHER) continue;
            if (top == null || w.count(c) > w.count(top)) top = c;
        }
        if (top == null || w.share(top) < SHARE) return null;
        return new Verdict(limit(top), String.format(Locale.ROOT, "%s; %s: %s", nothing, sessions(w), advice(top)));
    }

    /** Whether {@code w} holds too few samples to judge by. */
    static boolean tooFew(Waits w) {
        return w.samples() < MIN_SAMPLES || w.total() < MIN_ACTIVE;
    }

    /** What the evidence of a verdict with no wait rule adds: where the time went, or why that is not said. */
    static String beside(Waits w) {
        if (!w.sampled()) return "";
        if (tooFew(w)) {
            return String.format(Locale.ROOT, "; too few wait samples to say where the sessions' time went (%d samples, "
                    + "%d active session-samples; at least %d of each)", w.samples(), w.total(), MIN_SAMPLES);
        }
        return "; " + sessions(w);
    }

    /** As {@link #sessions(Waits, int)}, without the sessions open. */
    static String sessions(Waits w) {
        return sessions(w, 0);
    }

    /**
     * Where the sessions' time went, as the [Waits] line and the verdicts print it: "7.6 of 8 sessions active: CPU 41%,
     * row and table locks 38% (Lock:transactionid; bmsql_district), ...", the classes by their share, the engine's two
     * most seen names of each and the tables of the locks; {@code of} the sessions open (0: not said).
     */
    public static String sessions(Waits w, int of) {
        List<String> parts = new ArrayList<>();
        List<WaitClass> order = new ArrayList<>(w.classes().keySet());
        order.sort((a, b) -> Long.compare(w.count(b), w.count(a)));
        for (WaitClass c : order) {
            String names = names(w, c);
            parts.add(String.format(Locale.ROOT, "%s %.0f%%%s", c.label(), 100 * w.share(c), names));
        }
        String active = of > 0 ? String.format(Locale.ROOT, "%.1f of %d sessions active", w.activeSessions(), of)
                : String.format(Locale.ROOT, "%.1f sessions active", w.activeSessions());
        String idle = w.idleSessions() >= 0.05 ? String.format(Locale.ROOT, " (%.1f idle between transactions: the client's and the "
                + "network's time)", w.idleSessions()) : "";
        return active + idle + (parts.isEmpty() ? "" : ": " + String.join(", ", parts));
    }

    /** The engine's top names of {@code c} and, for locks, the tables; "" when none is known. */
    private static String names(Waits w, WaitClass c) {
        if (c == WaitClass.CPU) return "";
        List<String> out = new ArrayList<>();
        for (String name : w.names(c).keySet()) if (out.size() < 2 && !name.equals(Waits.OTHERS)) out.add(name);
        if (c == WaitClass.LOCK) {
            for (String o : w.objects().keySet()) if (out.size() < 3 && !o.equals(Waits.OTHERS)) out.add(o);
        }
        return out.isEmpty() ? "" : " (" + String.join("; ", out) + ")";
    }

    private static Verdict.Limit limit(WaitClass c) {
        return switch (c) {
            case LOCK -> Verdict.Limit.LOCKS;
            case COMMIT -> Verdict.Limit.COMMIT;
            case IO -> Verdict.Limit.READS;
            case LATCH -> Verdict.Limit.LATCHES;
            case NETWORK -> Verdict.Limit.NODES;
            case CLIENT -> Verdict.Limit.CLIENT_WAIT;
            case CPU, OTHER -> throw new IllegalArgumentException(c + " is no wait verdict");
        };
    }

    private static String advice(WaitClass c) {
        return switch (c) {
            case LOCK -> "contention on rows: more warehouses, fewer terminals per warehouse or the engine's lock settings "
                    + "change it";
            case COMMIT -> "the commit is the limit (its log flush; on a distributed engine, its two-phase commit across "
                    + "nodes): a faster log device, group commit or the engine's durability setting changes it";
            case IO -> "reads from storage are the limit: the working set is larger than the cache (buffer pool, "
                    + "shared_buffers)";
            case LATCH -> "the engine's internal latches are the limit (hot pages, its own mutexes): more rows to spread "
                    + "the load over, or the engine's settings change it";
            case NETWORK -> "waits for other nodes are the limit (replicas' acknowledgements, remote stores, elections)";
            case CLIENT -> "sessions sat idle in open transactions waiting for the client's next statement: the round "
                    + "trips (the client's CPU, the network's latency) are the limit; stored procedures or fewer "
                    + "statements per transaction change it";
            case CPU, OTHER -> "";
        };
    }
}
