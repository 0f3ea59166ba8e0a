package org.oltpbench.result.judge.usage;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.oltpbench.result.repeat.server.WaitClass;
import org.oltpbench.result.repeat.server.Waits;
import org.oltpbench.result.repeat.usage.Usage;
import org.oltpbench.result.repeat.usage.Verdict;

/**
 * The verdict's wait rules (issue 45), judged where no CPU rule matched and no rate or pacing bounded the load: the
 * class of waits (locks, commit, data reads, latches, other nodes) that held the largest share of the benchmark's
 * session time in transactions over the window, when that share, as printed (whole percent), is at least
 * {@link #SHARE}. Given only when the samples cover at least {@link #COVERAGE} of the window (a sampler that failed for
 * most of it judges nothing), hold at least {@link #MIN_SAMPLES} samples, and the class itself at least
 * {@link #MIN_CLASS} session-samples (one session's single wait, seen in consecutive samples, is one event, not many:
 * a 0.6-s wait is 5 of them). With less, the evidence says so instead of judging.
 *
 * <p>Waiting for the client (idle in an open transaction) is shown, never a verdict: every multi-statement transaction
 * sent from a client waits for its round trips, so a latency-bound level shows it whether or not more threads would
 * raise throughput; the client's own limits are the CPU rules', judged first.
 *
 * <p>What undermines it: a sample is an instant, so a wait shorter than the period (125 ms) is seen in proportion to
 * its share of the time, not each time it happens; sessions the driver gave no id for are all the database's (another
 * client's too); each server behind the front ends is read on its own, but a proxy in front shows the monitor one
 * node's sessions; an engine whose view names no wait shows its sessions as CPU (MySQL's and MariaDB's processlist
 * shows a page read as a running statement: InnoDB's reads in progress are counted instead, the server's).
 */
public final class WaitRules {
    /** Said beside the client's share where the server's CPU was full (the [Waits] line, report.html). */
    public static final String SERVER_FULL = "the server's CPU was full: partly statements waiting for a server thread";
    /** A class of waits that holds this share of the session time in transactions is the limit. */
    static final double SHARE = 0.30;
    /**
     * A class that holds this share is the limit before the CPU rules (issue 58 §1): the sessions spent most of their
     * time in it, whatever else used part of the host or the client's run queue.
     */
    static final double MAJORITY = 0.50;
    /** Sessions that waited for the client less than this share of their time were not held by the client. */
    static final double CLIENT_HELD = 0.30;
    /** Fewer samples than this (2.5 s at 8 a second) are too few to judge. */
    static final int MIN_SAMPLES = 20;
    /** Fewer session-samples in transactions than this are too few to judge. */
    static final long MIN_ACTIVE = MIN_SAMPLES;
    /** A class seen in fewer session-samples than this is not a verdict (too few events to call a limit). */
    static final long MIN_CLASS = MIN_SAMPLES;
    /** The samples must cover at least this share of the window's expected ones (seconds x {@link Waits#PER_SECOND}). */
    static final double COVERAGE = 0.5;

    private WaitRules() {
    }

    /** The wait verdict of {@code w} over a window of {@code seconds}, or null when none holds (see the class comment). */
    static Verdict of(Waits w, double seconds, String nothing) {
        return of(w, seconds, 0, nothing);
    }

    /** As {@link #of(Waits, double, String)}, the CPU class set beside the server's measured cores ({@link #sessions}). */
    static Verdict of(Waits w, double seconds, double serverCores, String nothing) {
        return of(w, seconds, serverCores, nothing, SHARE);
    }

    /** As {@link #of(Waits, double, double, String)}, for a class that holds at least {@code least} of the time. */
    static Verdict of(Waits w, double seconds, double serverCores, String nothing, double least) {
        if (!w.sampled() || tooFew(w, seconds) != null) return null;
        WaitClass top = null;
        for (WaitClass c : WaitClass.values()) {
            if (c == WaitClass.CPU || c == WaitClass.OTHER || c == WaitClass.CLIENT) continue;
            if (top == null || w.count(c) > w.count(top)) top = c;
        }
        if (top == null || w.count(top) < MIN_CLASS || percent(w.share(top)) < Math.round(100 * least)) return null;
        List<WaitClass> tied = new ArrayList<>();
        for (WaitClass c : WaitClass.values()) {
            if (c != top && c != WaitClass.CPU && c != WaitClass.OTHER && c != WaitClass.CLIENT
                    && percent(w.share(c)) == percent(w.share(top))) tied.add(c);
        }
        if (!tied.isEmpty()) {
            // equal as printed: the samples cannot tell which limits, so all are named (the limit recorded is the first)
            tied.add(0, top);
            List<String> each = new ArrayList<>();
            for (WaitClass c : tied) each.add(c.label() + ": " + advice(c));
            return new Verdict(limit(top), String.format(Locale.ROOT, "%s; %s: %d classes held equal shares as printed, so "
                    + "any of them may be the limit: %s", nothing, sessions(w, 0, serverCores), tied.size(),
                    String.join("; or ", each)));
        }
        return new Verdict(limit(top), String.format(Locale.ROOT, "%s; %s: %s", nothing, sessions(w, 0, serverCores),
                advice(top)));
    }

    /**
     * The share of the benchmark's session time that was the client's, idle between transactions or idle inside one
     * (waiting for the client); -1 where the samples are too few to say ({@link #tooFew}).
     */
    static double clientShare(Waits w, double seconds) {
        if (!w.sampled() || tooFew(w, seconds) != null) return -1;
        double all = w.idle() + w.total();
        return all <= 0 ? -1 : (w.idle() + w.count(WaitClass.CLIENT)) / all;
    }

    /** The share as printed: whole percent. */
    private static long percent(double share) {
        return Math.round(100 * share);
    }

    /** Why {@code w} is too little to judge a window of {@code seconds} by, or null when it is enough. */
    static String tooFew(Waits w, double seconds) {
        long expected = Math.round(seconds * Waits.PER_SECOND);
        if (w.noneSeen()) {
            return String.format(Locale.ROOT, "none of the level's sessions was seen in %d samples of the server's view (a "
                    + "pooler or proxy between gives other ids, or shows the monitor another node)", w.samples());
        }
        if (w.samples() < MIN_SAMPLES || w.total() < MIN_ACTIVE || (expected > 0 && w.samples() < COVERAGE * expected)) {
            return String.format(Locale.ROOT, "too few wait samples to say where the sessions' time went (%d samples of "
                    + "the window's %d, %d session-samples in transactions; at least %d and half the window's samples, "
                    + "and %d)", w.samples(), expected, w.total(), MIN_SAMPLES, MIN_ACTIVE);
        }
        return null;
    }

    /** What the evidence of a verdict with no wait rule adds: where the time went, or why that is not said. */
    static String beside(Waits w, double seconds) {
        return beside(w, seconds, 0);
    }

    /** As {@link #beside(Waits, double)}, the CPU class set beside the server's measured cores. */
    static String beside(Waits w, double seconds, double serverCores) {
        if (!w.sampled()) return "";
        String few = tooFew(w, seconds);
        return few != null ? "; " + few : "; " + sessions(w, 0, serverCores);
    }

    /** As {@link #sessions(Waits, int)}, without the threads. */
    static String sessions(Waits w) {
        return sessions(w, 0);
    }

    /** As {@link #sessions(Waits, int, double)}, without the server's cores. */
    public static String sessions(Waits w, int threads) {
        return sessions(w, threads, 0);
    }

    /** Sessions the engine shows running beyond the server's cores by this many (and twice them) are not all on a CPU. */
    static final double CPU_SLACK = 1.0;

    /**
     * Where the sessions' time went, as the [Waits] line and the verdicts print it: "7.6 of 8 sessions in transactions:
     * CPU 41%, row and table locks 38% (Lock:transactionid; bmsql_district), ...", the classes by their share of that
     * time, the engine's two most seen names of each and the tables of the locks. "Of" the sessions the server showed
     * open (a pool's with connections=N), else {@code threads} (0: not said); "in transactions": running a statement or
     * in an open transaction, idle ones included (waiting for the client).
     */
    public static String sessions(Waits w, int threads, double serverCores) {
        return sessions(w, threads, serverCores, false);
    }

    /**
     * As {@link #sessions(Waits, int, double)}; {@code serverFull} when the verdict found the server's CPU full: then a
     * session whose next statement waits for a server thread to be scheduled still shows idle in its transaction, and
     * the client's share says so (measured: 98% "waiting for the client" on a MariaDB held to one full core).
     */
    public static String sessions(Waits w, int threads, double serverCores, boolean serverFull) {
        if (w.noneSeen()) return "none of the level's sessions seen in " + w.samples() + " samples of the server's view";
        List<String> parts = new ArrayList<>();
        List<WaitClass> order = new ArrayList<>(w.classes().keySet());
        order.sort((a, b) -> Long.compare(w.count(b), w.count(a)));
        for (WaitClass c : order) {
            String names = names(w, c);
            if (serverFull && c == WaitClass.CLIENT) {
                String full = SERVER_FULL;
                names = names.isEmpty() ? " (" + full + ")" : names.substring(0, names.length() - 1) + "; " + full + ")";
            }
            parts.add(c.label() + " " + share(w.share(c)) + names + notOnCpu(w, c, serverCores));
        }
        int of = w.sessions() > 0 ? w.sessions() : threads;
        String active = of > 0 ? String.format(Locale.ROOT, "%.1f of %d sessions in transactions", w.activeSessions(), of)
                : String.format(Locale.ROOT, "%.1f sessions in transactions", w.activeSessions());
        String idle = w.idleSessions() >= 0.05 ? String.format(Locale.ROOT, " (%.1f idle between them: the client's and the "
                + "network's time)", w.idleSessions()) : "";
        return active + idle + (parts.isEmpty() ? "" : ": " + String.join(", ", parts));
    }

    /**
     * Where the engine's view showed more sessions running a statement (its CPU class) than the server's measured
     * cores could run, by more than {@link #CPU_SLACK} and twice over: the rest waited, in the host's run queue or on
     * something the view does not name (MariaDB's sessions waiting for a checkpoint or a free page show as running). "" where it fits, or where
     * the server's cores were not measured (0).
     */
    private static String notOnCpu(Waits w, WaitClass c, double serverCores) {
        if (c != WaitClass.CPU || serverCores <= 0) return "";
        double running = w.activeSessions() * w.share(c);
        if (running <= serverCores + CPU_SLACK || running <= 2 * serverCores) return "";
        return String.format(Locale.ROOT, " (%.1f sessions running as the engine shows them, on %s server cores: the rest "
                + "waited, for a CPU or for what the engine does not name)", running, Usage.cores(serverCores));
    }

    /** A share in whole percent; "<1%" for one seen that rounds to 0. */
    public static String share(double s) {
        return s > 0 && s < 0.005 ? "<1%" : String.format(Locale.ROOT, "%.0f%%", 100 * s);
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
            case CPU, OTHER, CLIENT -> throw new IllegalArgumentException(c + " is no wait verdict");
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
            case CPU, OTHER, CLIENT -> "";
        };
    }
}
