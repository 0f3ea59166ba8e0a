package org.oltpbench.result.judge.usage;

import java.util.List;
import java.util.Locale;
import org.oltpbench.result.judge.stall.StallRule;
import org.oltpbench.result.repeat.client.CpuSet;
import org.oltpbench.result.repeat.client.ResourceSource;
import org.oltpbench.result.repeat.counted.IntervalResult;
import org.oltpbench.result.repeat.usage.Stall;
import org.oltpbench.result.repeat.topology.Fault;
import org.oltpbench.result.repeat.usage.Usage;
import org.oltpbench.result.repeat.usage.Verdict;
import org.oltpbench.result.repeat.usage.Verdict.Limit;

/**
 * What limited a level, with the figures that show it. The rules, first match wins (the README states them):
 * <ol>
 * <li>CLIENT: the client's cores were full, so it could not run more: the oltpbench process kept at least 90% of the
 * processors it may use busy;</li>
 * <li>STALL: the level stalled by a rule {@link StallRule} states (quiet intervals, a tail far beyond the p99, a window
 * that ran long): throughput was held up, which no resource figure explains. Unless, in the intervals it stalled in
 * (the window for the other rules), the host was held by other processes (OTHERS, by the rule below) or the client
 * was starved (STARVED, below), and no class of waits held the majority of the sessions' time in them: then that is
 * the stall's cause, and the verdict names it;</li>
 * <li>FAULT, in STALL's place where none of its measured causes held: the fault plan's command exited 0, the stall's
 * quiet intervals, one run, began in its interval or the next and ended inside its outage ({@link FaultCause}): the user's fault
 * held throughput up, by design. A stall beside a fault that is not its says why on its line;</li>
 * <li>CONTENTION (below), asked here: whether the level measured at all, before what held its sessions;</li>
 * <li>what held the sessions, before what held the CPU (issue 58 §1): LOCKS, COMMIT, READS, LATCHES, NODES when that
 * class held the majority of the sampled session time ({@link WaitRules#MAJORITY}), unless a kept arrival rate or the
 * pacing bounded the load; a full server, other processes on the host and the client's run queue ride on its line
 * ({@link #withCaveats});</li>
 * <li>SERVER: a server host is at least 90% busy (node_exporter), or the local server processes kept at least 90%
 * of the cores they could have busy: the union of the CPUs they may run on (taskset), less the client's CPU time that
 * cannot have run on other CPUs than those;</li>
 * <li>CLIENT, pinned: pinned to fewer cores than its host has (taskset, cpuset), its threads waited for a CPU as much
 * as STARVED below says and the host ran enough to fill them (its busy cores less the local servers' CPU that cannot
 * have run on them, at least 90% of the client's cores), whoever else (the server) ran on them; unless other processes
 * held the host (OTHERS below): then OTHERS, the client's full cores beside it. After SERVER: threads woken together
 * queue for a core that is idle half the time, so a wait alone does not show a full core;</li>
 * <li>OTHERS: the client's host is at least 90% busy and processes other than the client and the local servers held
 * at least a quarter of its cores, and the waits name no class (the wait rules below, at 30%): the level is not a clean
 * measurement (beside a named class, a caveat on its line);</li>
 * <li>HOST: a server runs on the client's host and that host is at least 90% busy, without either side alone at its
 * limit: the shared CPU is the limit, and the two cannot be told apart;</li>
 * <li>STARVED: the client's threads waited for a CPU while they could run (run-queue delay) at least
 * {@link #STARVED_WAIT} of a thread on average and at least as long as they ran: the client could not run, so the
 * level measures this host's scheduler, neither the server nor a stall. Not where the sampled sessions waited for the
 * client under {@link WaitRules#CLIENT_HELD} of their time, as printed (it did not limit them: the caveat says so);
 * where they waited for it that long, it comes before the majority wait rule too (a descheduled client's row locks
 * fill the sessions' time in transactions);</li>
 * <li>CONNECTIONS: waiting for a shared connection (connections=N) is at least 20% of the response time;</li>
 * <li>CONTENTION: at least 5% of transactions were retried or restarted on an error (lock waits, conflicts);</li>
 * <li>ARRIVAL_RATE: with rate=, the window served the arrivals the rate schedules in it, within the Poisson count's
 * spread ({@link #SERVED_SDS} standard deviations below rate x seconds), and its schedule ended the window at most one
 * report interval behind (the queue had not grown);</li>
 * <li>PACING: without a rate, the terminals spent at least half of their time keying and thinking (TPC-C 5.2.5);</li>
 * <li>LOCKS, COMMIT, READS, LATCHES, NODES ({@link WaitRules}): the class of the benchmark's server sessions' waits
 * that held the largest share of their time in transactions, when it held at least 30% of it and the samples cover the
 * window (where the time went is added to ARRIVAL_RATE's, PACING's and NONE's evidence,
 * and to a STALL's over the intervals it stalled in);</li>
 * <li>NONE: a server was seen and nothing above holds (latency-bound);</li>
 * <li>UNKNOWN: no source saw a server, and the client is not the limit.</li>
 * </ol>
 */
public final class VerdictRules {
    static final double CPU_SATURATED = 0.90, CONNECTION_WAIT = 0.20, CONTENDED = 0.05, OTHERS_SHARE = 0.25;

    private VerdictRules() {
    }

    /**
     * What the verdict needs besides the resources.
     *
     * @param connectionWaitShare mean wait for a shared connection over mean response time (0 without connections=N)
     * @param connections         connections=N; 0 when each terminal owns one
     * @param restarted           transactions retried or restarted on an error in the window
     * @param transactions        transactions counted in the window
     * @param stall               whether the window stalled; Stall.NONE when not judged
     * @param offered             what bounded the load offered to the server: pacing, an arrival rate, or neither
     * @param fault               the fault plan's commands as they ran, and the outage after; Fault.NONE without one
     */
    public record Inputs(double connectionWaitShare, int connections, long restarted, long transactions, Stall stall,
                         Offered offered, Fault fault) {
        public static final Inputs NONE = new Inputs(0, 0, 0, 0, Stall.NONE);

        public Inputs {
            if (stall == null) stall = Stall.NONE;
            if (offered == null) offered = Offered.CLOSED;
            if (fault == null) fault = Fault.NONE;
        }

        /** Without a fault plan. */
        public Inputs(double connectionWaitShare, int connections, long restarted, long transactions, Stall stall,
                      Offered offered) {
            this(connectionWaitShare, connections, restarted, transactions, stall, offered, Fault.NONE);
        }

        /** A closed loop: terminals submit as fast as the server answers. */
        public Inputs(double connectionWaitShare, int connections, long restarted, long transactions, Stall stall) {
            this(connectionWaitShare, connections, restarted, transactions, stall, Offered.CLOSED);
        }

        /** These inputs, beside the fault plan's commands as they ran ({@code Fault.NONE}: none ran). */
        public Inputs withFault(Fault f) {
            return new Inputs(connectionWaitShare, connections, restarted, transactions, stall, offered, f);
        }
    }

    /**
     * The load the terminals offered, when something other than the server's answers bounded it.
     *
     * @param pacedShare the share of the terminals' time spent waiting by design (TPC-C's keying and think times,
     *                   5.2.5; with a rate, arrivals not yet due); 0 unpaced
     * @param rateTps    the arrival rate the level was held to (rate=); 0 without one
     * @param servedTps  the transactions per second the window served
     * @param seconds    the window's seconds (the Poisson count's spread depends on them); 0 unknown
     * @param lagIntervals how far the rate's schedule lagged at the window's end, in report intervals: the last
     *                     measured interval's queue over rate x its seconds; -1 unknown (no rate, files without a queue)
     */
    public record Offered(double pacedShare, double rateTps, double servedTps, double seconds, double lagIntervals) {
        public static final Offered CLOSED = new Offered(0, 0, 0, 0);

        /** Without the window's seconds: a rate is kept when 95% of it was served. */
        public Offered(double pacedShare, double rateTps, double servedTps) {
            this(pacedShare, rateTps, servedTps, 0);
        }

        /** Without the schedule's lag. */
        public Offered(double pacedShare, double rateTps, double servedTps, double seconds) {
            this(pacedShare, rateTps, servedTps, seconds, -1);
        }

        /**
         * What the terminals offered over {@code intervals}: their time paused by design against their time paused or
         * due; without the terminals' time recorded, {@code keyingAndThinkSecs} over {@code threads x seconds}.
         */
        public static Offered of(List<IntervalResult> intervals, double keyingAndThinkSecs, int threads, double rateTps,
                                 long served, double seconds) {
            double paused = 0, active = 0, lag = -1;
            boolean known = false;
            for (IntervalResult i : intervals) {
                if (!i.warmup() && i.queue() > 0 && rateTps > 0 && i.seconds() > 0) lag = i.queue() / (rateTps * i.seconds());
                else if (!i.warmup() && i.queue() == 0) lag = 0;
                if (i.warmup() || !i.terminals().known()) continue;
                known = true;
                paused += i.terminals().pausedSecs();
                active += i.terminals().pausedSecs() + i.terminals().dueSecs();
            }
            double share = known ? (active > 0 ? paused / active : 0)
                    : threads > 0 && seconds > 0 ? keyingAndThinkSecs / (threads * seconds) : 0;
            return new Offered(share, rateTps, seconds > 0 ? served / seconds : 0, seconds, lag);
        }

        /** As {@link #of(List, double, int, double, long, double)}, the keying and think time summed over {@code types}. */
        public static Offered of(List<IntervalResult> intervals, List<org.oltpbench.result.repeat.counted.TxnMetrics> types,
                                 int threads, double rateTps, long served, double seconds) {
            double paced = 0;
            for (var t : types) paced += (t.keyingNanos() + t.thinkNanos()) / 1e9;
            return of(intervals, paced, threads, rateTps, served, seconds);
        }

        /**
         * Whether the window served what the rate scheduled in it: at least rate x seconds less {@link #SERVED_SDS}
         * standard deviations of that Poisson count (sqrt(rate x seconds)); without the seconds, 95% of the rate. And the
         * schedule ended the window at most one report interval behind: a count within the spread with a backlog that
         * grew (rate=2 for 20 s: 22 served of 40 scheduled, 18 queued, 9 s behind) is a server that did not keep up.
         */
        boolean rateKept() {
            if (rateTps <= 0 || lagIntervals > 1) return false;
            if (seconds <= 0) return servedTps >= 0.95 * rateTps;
            double scheduled = rateTps * seconds;
            return servedTps * seconds >= scheduled - SERVED_SDS * Math.sqrt(scheduled);
        }
    }

    /** Paced terminals that spend at least this share of their time keying and thinking are bounded by the pacing. */
    static final double PACED = 0.5;
    /** A rate is kept when the window served no fewer than this many standard deviations below its Poisson count. */
    static final double SERVED_SDS = 3;
    /** The client's threads waiting for a CPU this much on average (and as long as they ran) is a starved client. */
    static final double STARVED_WAIT = 0.5;

    /** The advice of a level where nothing saturated. */
    static final String MORE_THREADS = ": latency-bound, more threads may raise throughput";

    /**
     * The verdict of a window.
     *
     * @param u      the window's figures
     * @param in     what the verdict needs besides them
     * @param during the figures of the intervals the level stalled in (the window's when no interval was quiet)
     */
    static Verdict of(Usage u, Inputs in, Usage during) {
        return serverFullToo(first(u, in, during), u);
    }

    /**
     * A full server beside another verdict, said on its line (the [Waits] line and compare qualify the client's share by
     * {@link #serverFull}, so the evidence says it too, whichever rule held: a full client or a stall as well).
     */
    private static Verdict serverFullToo(Verdict v, Usage u) {
        Verdict server = server(u);
        if (server == null || v.limit() == Limit.SERVER) return v;
        return new Verdict(v.limit(), v.evidence() + "; the server's CPU was full too (" + server.evidence() + ")", v.caveats());
    }

    /** The first rule that holds, in the order written once above. */
    private static Verdict first(Usage u, Inputs in, Usage during) {
        Verdict full = client(u);
        if (full != null) return full;
        if (in.stall().found()) return stall(in.stall(), u, during, during != u, FaultCause.of(in.stall(), in.fault()));
        // did the level measure: retries and restarts on errors come before what held the sessions
        Verdict contended = contention(in);
        if (contended != null) return withCaveats(contended, u);
        Verdict server = server(u);
        // a pinned client's full cores measure oltpbench, as a full client does (unless the server is the limit)
        Verdict pinned = server == null ? pinnedClient(u) : null;
        if (pinned != null && pinned.limit() == Limit.CLIENT) return pinned;
        Verdict held = heldSessions(u, in);
        if (held != null) return held;
        if (server != null) return withCaveats(server, u);
        if (pinned != null) return pinned;
        Verdict host = busyHost(u, localServerCores(u));
        if (host != null && host.limit() == Limit.OTHERS) {
            Verdict waited = WaitRules.of(u.waits(), u.seconds(), u.allServerCores(), cpu(u));
            return waited != null ? withCaveats(waited, u) : host;
        }
        if (host != null) return withCaveats(host, u);
        // the sessions waited for a client short of CPU: starved, whatever their time in transactions shows
        Verdict starved = starvedClient(u, "");
        if (starved != null) {
            return new Verdict(Limit.STARVED, starved.evidence() + WaitRules.beside(u.waits(), u.seconds(), u.allServerCores()));
        }
        return withCaveats(unsaturated(u, in), u);
    }

    /**
     * What held the sessions, asked before what held the CPU (issue 58 §1): a class of waits that held the majority of
     * the sampled session time ({@link WaitRules#MAJORITY}) is the limit whatever else used part of the host, the
     * client's run queue or the server's CPU; those ride on its line as caveats. Not where an arrival rate was kept or
     * the pacing bounded the load: the server then answered what was asked, however its sessions spent the time.
     */
    private static Verdict heldSessions(Usage u, Inputs in) {
        Offered o = in.offered();
        if (o.rateKept() || (o.rateTps() <= 0 && o.pacedShare() >= PACED)) return null;
        // a client short of CPU that held the sessions (idle between transactions or in one) is asked by the CPU rules:
        // the majority is of the time in transactions, which a descheduled client's row locks fill too
        if (waitedForCpu(u) && clientHeld(u)) return null;
        Verdict waited = WaitRules.of(u.waits(), u.seconds(), u.allServerCores(), cpu(u), WaitRules.MAJORITY);
        return waited == null ? null : withCaveats(waited, u);
    }

    /** CONTENTION: at least {@link #CONTENDED} of transactions retried or restarted on an error; null when fewer. */
    private static Verdict contention(Inputs in) {
        long all = in.transactions() + in.restarted();
        if (all <= 0 || in.restarted() < CONTENDED * all) return null;
        return new Verdict(Limit.CONTENTION, String.format(Locale.ROOT, "%.0f%% of transactions retried or restarted "
                + "on lock waits and conflicts: contention is the limit", 100.0 * in.restarted() / all));
    }

    /** The CPU figures a wait verdict leads with: "server CPU 1.20 cores, client CPU 0.30 of 2". */
    private static String cpu(Usage u) {
        return "server CPU " + Usage.cores(u.serverCores()) + " cores, " + String.format(Locale.ROOT, "client CPU %s of %d",
                Usage.cores(u.clientCores()), u.clientCoresAvailable());
    }

    /**
     * {@code v} with what undermines it on the same line, where the verdict is not itself about it: other processes
     * that held a quarter of the busy host (not a clean measurement); the client's threads waiting for a CPU while the
     * sessions seldom waited for the client (it did not limit them, but it was short of CPU). A full server is said
     * by {@link #serverFullToo}, on every verdict.
     */
    static Verdict withCaveats(Verdict v, Usage u) {
        StringBuilder more = new StringBuilder();
        List<Limit> unclean = new java.util.ArrayList<>(v.caveats());
        Verdict host = busyHost(u, localServerCores(u));
        if (host != null && host.limit() == Limit.OTHERS && v.limit() != Limit.OTHERS) {
            more.append("; ").append(host.evidence());
            unclean.add(Limit.OTHERS);
        }
        if (waitedForCpu(u) && v.limit() != Limit.STARVED && v.limit() != Limit.CLIENT) {
            double held = WaitRules.clientShare(u.waits(), u.seconds());
            more.append(String.format(Locale.ROOT, "; the client's threads waited for a CPU %s s a second (run-queue delay) "
                    + "and ran %s", Usage.cores(u.clientWaitCores()), Usage.cores(u.clientCores())));
            if (held >= 0) more.append(String.format(Locale.ROOT, ", and the sessions waited for the client %.0f%% of their "
                    + "time%s", 100 * held, clientHeld(u) ? "" : ", so it did not limit them"));
        }
        if (host != null && host.limit() == Limit.HOST && isWait(v.limit())) {
            more.append("; ").append(host.evidence()).append(": a shared host, not a clean measurement");
            unclean.add(Limit.HOST);
        }
        return more.isEmpty() ? v : new Verdict(v.limit(), v.evidence() + more, unclean);
    }

    /** Whether {@code l} is a wait verdict (what held the sessions). */
    private static boolean isWait(Limit l) {
        return l == Limit.LOCKS || l == Limit.COMMIT || l == Limit.READS || l == Limit.LATCHES || l == Limit.NODES;
    }

    /**
     * A starved client ({@link #starved}), unless the sampled sessions waited for the client less than
     * {@link WaitRules#CLIENT_HELD} of their time: then the run queue did not limit them (32 threads' delay summed is
     * not the limit of sessions held by row locks), and the caveat says so beside the verdict that holds.
     */
    private static Verdict starvedClient(Usage u, String when) {
        Verdict starved = starved(u, when);
        if (starved == null) return null;
        return clientHeld(u) ? starved : null;
    }

    /**
     * Whether the sampled sessions waited for the client at least {@link WaitRules#CLIENT_HELD} of their time, as
     * printed (whole percent); true where not sampled enough to say.
     */
    private static boolean clientHeld(Usage u) {
        double held = WaitRules.clientShare(u.waits(), u.seconds());
        return held < 0 || Math.round(100 * held) >= Math.round(100 * WaitRules.CLIENT_HELD);
    }

    /** The rules after the CPU's: a shared connection pool, an arrival rate, pacing, the waits, none. */
    private static Verdict unsaturated(Usage u, Inputs in) {
        if (in.connections() > 0 && in.connectionWaitShare() >= CONNECTION_WAIT) {
            return new Verdict(Limit.CONNECTIONS, String.format(Locale.ROOT, "connection wait is %.0f%% of the response "
                    + "time: connections=%d is the limit", 100 * in.connectionWaitShare(), in.connections()));
        }
        String client = String.format(Locale.ROOT, "client CPU %s of %d", Usage.cores(u.clientCores()), u.clientCoresAvailable());
        if (u.servers().isEmpty()) {
            return new Verdict(Limit.UNKNOWN, "no server figures (a server on this host is found by its port; set "
                    + "serverMetrics= or prometheus= for others); " + client + WaitRules.beside(u.waits(), u.seconds(), u.allServerCores())
                    + (u.waits().sampled() ? " (no wait verdict without the server's CPU: it could be full)" : ""));
        }
        String nothing = "nothing saturated: server CPU " + Usage.cores(u.serverCores()) + " cores, " + client;
        Offered o = in.offered();
        if (o.rateKept()) {
            return new Verdict(Limit.ARRIVAL_RATE, String.format(Locale.ROOT, "%s: the arrival rate bounds throughput (%,.1f tps "
                    + "served of rate=%s); a higher rate finds where latency from the schedule grows", nothing, o.servedTps(),
                    o.rateTps() == Math.rint(o.rateTps()) ? String.valueOf((long) o.rateTps()) : String.valueOf(o.rateTps()))
                    + WaitRules.beside(u.waits(), u.seconds(), u.allServerCores()));
        }
        if (o.rateTps() <= 0 && o.pacedShare() >= PACED) {
            return new Verdict(Limit.PACING, String.format(Locale.ROOT, "%s: terminals spent %.0f%% of their time keying and "
                    + "thinking (TPC-C 5.2.5), so the pacing bounds throughput; more warehouses (10 terminals each) raise it",
                    nothing, 100 * o.pacedShare()) + WaitRules.beside(u.waits(), u.seconds(), u.allServerCores()));
        }
        Verdict waited = WaitRules.of(u.waits(), u.seconds(), u.allServerCores(), nothing);
        if (waited != null) return waited;
        return new Verdict(Limit.NONE, nothing + WaitRules.beside(u.waits(), u.seconds(), u.allServerCores()) + MORE_THREADS);
    }

    /**
     * A stall, and what held it up when the figures of its intervals say ({@code itsOwn}; else the window's, said so):
     * the client's own work (it ran 90% of a core, twice what it ran outside the stall in the window {@code u} and at
     * least what other processes ran, while its terminals waited),
     * other processes that held the host, or a client that could not run. A stall in which neither is seen is the server's (or something between).
     */
    private static Verdict stall(Stall stall, Usage u, Usage during, boolean itsOwn, FaultCause fault) {
        // the stall's measured causes below say the fault beside them; FAULT's and STALL's own words say it in theirs
        String stalled = "stalled: " + stall.evidence() + fault.beside(), plain = "stalled: " + stall.evidence();
        // a stall found by its tail or a long window has no quiet interval: its figures are the window's, said so
        String when = itsOwn ? "while it stalled, " : "over the window (the stall has no interval of its own), ";
        // the client's own work first (issue 58 §1): its terminals waited, yet it ran a core; never another process's
        double rest = u.seconds() - during.seconds(), outside = rest > 0
                ? Math.max(0, u.clientCores() * u.seconds() - during.clientCores() * during.seconds()) / rest : u.clientCores();
        double othersDuring = Math.max(0, during.clientHostBusyCores() - localServerCores(during) - during.clientCores());
        if (itsOwn && during.clientCores() >= CPU_SATURATED && during.clientCores() >= 2 * outside
                && during.clientCores() >= othersDuring) {
            return new Verdict(Limit.CLIENT, String.format(Locale.ROOT, "%s; while it stalled the client itself ran %s cores "
                    + "(%s outside it) while its terminals waited: its own work (sampling the sources, its JIT or "
                    + "collector; a [Late] line names the sampling) held the level, not the server or other processes",
                    stalled, Usage.cores(during.clientCores()), Usage.cores(outside)));
        }
        Verdict others = busyHost(during, localServerCores(during));
        // what held the sessions comes first: a lock held 5 s on a shared host is the lock's stall
        if (WaitRules.of(during.waits(), during.seconds(), during.allServerCores(), "") == null) {
            if (others != null && others.limit() == Limit.OTHERS) {
                return new Verdict(Limit.OTHERS, stalled + "; " + when + others.evidence());
            }
            Verdict starved = starvedClient(during, when);
            if (starved != null) return new Verdict(Limit.STARVED, stalled + "; " + starved.evidence());
        }
        // no measured cause above: the fault plan's, where its command's outage holds the stall; else the server's
        Limit limit = fault.explains() ? Limit.FAULT : Limit.STALL;
        if (fault.explains()) stalled = plain;
        String held = fault.explains() ? ": " + fault.why() + ", not a resource; " : ": throughput was held up, not limited by a resource; ";
        if (during.waits().sampled() && WaitRules.tooFew(during.waits(), during.seconds()) == null) {
            boolean othersToo = others != null && others.limit() == Limit.OTHERS;
            return new Verdict(limit, stalled + held + when + WaitRules.sessions(during.waits(), 0, during.allServerCores())
                    + (othersToo ? "; " + others.evidence() : ""), othersToo ? List.of(Limit.OTHERS) : List.of());
        }
        if (fault.explains()) return new Verdict(limit, stalled + ": " + fault.why() + ", not a resource");
        return new Verdict(Limit.STALL, stalled + held + "look at what the server did then (checkpoints, compaction, elections, "
                + "lock waits)");
    }

    /**
     * The client's cores were full: it kept 90% of them busy itself; or it is pinned to fewer cores than its host has
     * and its threads waited for a CPU (by {@link #waitedForCpu}): a runnable thread waits only while every CPU it may
     * use is busy, so its cores were full of itself and of whatever shared them (the server, other processes), and it
     * could not run more. The figures say how much of them was the client's, and how much at least the server's (what
     * the server ran beyond the cores it may use off the client's); not the rest's owner, nor which cores it was pinned
     * to. Undermined by a wait in bursts (a stolen VM, a throttled container) rather than throughout the window.
     */
    private static Verdict client(Usage u) {
        int mine = u.clientCoresAvailable(), host = u.clientHostCores();
        if (mine <= 0) return null;
        String cores = mine + (mine == 1 ? " core" : " cores");
        if (u.clientCores() >= CPU_SATURATED * mine) {
            return new Verdict(Limit.CLIENT, String.format(Locale.ROOT, "client CPU %s of %s (%.0f%%): the client is the "
                    + "limit, so this figure measures oltpbench", Usage.cores(u.clientCores()), cores, 100 * u.clientCores() / mine));
        }
        return null;
    }

    /**
     * A client pinned to fewer cores than its host has, whose cores were full (by {@link #waitedForCpu}, and by the
     * host's figures: what ran on the host beyond the client, the local servers and other processes cannot fill them).
     * Judged after a saturated server: threads woken together (16 answers at once) queue for one core even while it is
     * half idle on average, so a wait alone does not show a full core; a server at its limit is the limit then.
     */
    private static Verdict pinnedClient(Usage u) {
        int mine = u.clientCoresAvailable(), host = u.clientHostCores();
        if (mine <= 0 || mine >= host || !waitedForCpu(u)) return null;
        double room = Math.min(mine, couldRunOnTheClientsCores(u));
        if (room < CPU_SATURATED * mine) return null;
        String cores = mine + (mine == 1 ? " core" : " cores");
        double rest = Math.max(0, room - u.clientCores()), server = Math.min(rest, serverOnTheClientsCores(u));
        String shared = server > 0 ? String.format(Locale.ROOT, " (at least %s the server's)", Usage.cores(server)) : "";
        String full = String.format(Locale.ROOT, "client on %s of this host's %d, kept full: its threads waited for a CPU "
                + "%s s a second (run-queue delay) and ran %s of them, the server or other processes the rest, %s%s", cores,
                host, Usage.cores(u.clientWaitCores()), Usage.cores(u.clientCores()), Usage.cores(rest), shared);
        // other processes that held the host filled them too: not a clean measurement, whatever the client's cores say
        Verdict others = busyHost(u, localServerCores(u));
        if (others != null && others.limit() == Limit.OTHERS) {
            return new Verdict(Limit.OTHERS, others.evidence() + "; the " + full + ", so the figure depends on what shared them");
        }
        return new Verdict(Limit.CLIENT, String.format(Locale.ROOT, "%s (this host: the server %s, other processes %s): the "
                + "client's cores are the limit, so this figure measures oltpbench on them (unless the wait came in bursts)",
                full, Usage.cores(localServerCores(u)),
                Usage.cores(Math.max(0, u.clientHostBusyCores() - localServerCores(u) - u.clientCores()))));
    }

    /**
     * The host's busy cores that could have run on the client's: the client's, the other processes' (wherever they
     * ran), and of the local servers' what the CPUs they share with the client could hold. They share k of them only if
     * their CPU time beyond their other CPUs fits beside the client's: server - (allowed - k) at most the client's cores
     * less its own time, give or take {@link #CPU_SATURATED}'s tenth of them; and a whole number of CPUs (a server at
     * 0.95 of its one core cannot be on the core of a client that ran 0.30 of it). Below 90% of the client's cores, they
     * were not full: its threads waited in bursts, or under a CPU quota (availableProcessors counts it, /proc/stat the
     * host's CPUs), not on cores it was pinned to.
     */
    private static double couldRunOnTheClientsCores(Usage u) {
        int mine = u.clientCoresAvailable(), allowed = localServerCoresAllowed(u);
        double local = localServerCores(u), others = Math.max(0, u.clientHostBusyCores() - local - u.clientCores());
        int fits = (int) Math.floor(mine - u.clientCores() + allowed - local + (1 - CPU_SATURATED) * mine);
        int shared = Math.max(Math.max(0, allowed + mine - u.clientHostCores()), Math.min(Math.min(allowed, mine), fits));
        return u.clientCores() + others + Math.min(local, shared);
    }

    /**
     * The local servers' CPU that must have run on the client's cores: what they ran beyond the cores they may use off
     * them (their CPUs, at most the host's cores the client may not use).
     */
    private static double serverOnTheClientsCores(Usage u) {
        return Math.max(0, localServerCores(u) - Math.min(localServerCoresAllowed(u), u.clientHostCores() - u.clientCoresAvailable()));
    }

    /**
     * The cores the local server processes may use: the union of their CPUs (taskset), or the most any of them may use
     * (files before 3.5 say only how many); at most, and when unknown, the client host's.
     */
    private static int localServerCoresAllowed(Usage u) {
        CpuSet union = CpuSet.UNKNOWN;
        int allowed = 0;
        for (Usage.ServerCores s : u.servers()) {
            if (s.source() != ResourceSource.PROC) continue;
            union = union.union(CpuSet.parse(s.cpus()));
            allowed = Math.max(allowed, s.hostCores());
        }
        int host = u.clientHostCores();
        if (union.known()) allowed = union.size();
        return allowed <= 0 || allowed > host ? host : allowed;
    }

    /** The client's threads waited for a CPU (run-queue delay) at least STARVED_WAIT of a thread and as long as they ran. */
    private static boolean waitedForCpu(Usage u) {
        return u.clientWaitCores() >= STARVED_WAIT && u.clientWaitCores() >= u.clientCores();
    }

    /** The client's threads waited for a CPU (by {@link #waitedForCpu}): the client could not run. */
    private static Verdict starved(Usage u, String when) {
        double wait = u.clientWaitCores();
        if (!waitedForCpu(u)) return null;
        String host = u.clientHostCores() > 0 ? String.format(Locale.ROOT, "; this host's CPU %s of %d busy",
                Usage.cores(u.clientHostBusyCores()), u.clientHostCores()) : "";
        return new Verdict(Limit.STARVED, String.format(Locale.ROOT, "%sthe client's threads waited for a CPU %s s a second "
                + "(run-queue delay) and ran %s%s: the client could not run, so the figure measures this host's scheduler, "
                + "not the server", when, Usage.cores(wait), Usage.cores(u.clientCores()), host));
    }

    /** {@code v}, a verdict at a level whose tps fell below the previous level's: no advice of more threads. */
    static Verdict fellFrom(Verdict v, int previousThreads, double previousTps, double tps) {
        int at = v.evidence().indexOf(MORE_THREADS);
        if (at < 0) return v;
        return new Verdict(v.limit(), v.evidence().substring(0, at) + String.format(Locale.ROOT,
                ": throughput fell to %,.1f tps from %,.1f at %d %s, so more threads do not raise it", tps, previousTps,
                previousThreads, previousThreads == 1 ? "thread" : "threads") + v.evidence().substring(at + MORE_THREADS.length()),
                v.caveats());
    }

    /** The local server processes' cores (/proc). */
    private static double localServerCores(Usage u) {
        double local = 0;
        for (Usage.ServerCores s : u.servers()) if (s.source() == ResourceSource.PROC) local += s.cores();
        return local;
    }

    /**
     * Whether a server's CPU was full over the window (the SERVER rule's test, whatever verdict held): then a session
     * whose next statement waits for a server thread shows idle in its transaction, so "waiting for the client" is
     * partly the server's. The [Waits] line, report.html's table and compare's rows ask this one question.
     */
    public static boolean serverFull(Usage u) {
        return server(u) != null;
    }

    /** The first saturated server host, or a busy client host; null when neither. */
    private static Verdict server(Usage u) {
        for (Usage.ServerCores s : u.servers()) {
            if (s.source() == ResourceSource.NODE_EXPORTER && s.hostCores() > 0 && s.cores() >= CPU_SATURATED * s.hostCores()) {
                return new Verdict(Limit.SERVER, String.format(Locale.ROOT, "server CPU %s of %d cores (%.0f%%) on %s: the "
                        + "server is the limit", Usage.cores(s.cores()), s.hostCores(), 100 * s.cores() / s.hostCores(), s.host()));
            }
        }
        return localServer(u, localServerCores(u), localServerCoresAllowed(u));
    }

    /**
     * The local servers against the cores they could have used: their CPUs, less the client's CPU time that cannot
     * have run elsewhere (the client may use every CPU it is allowed; at most host - allowed of them are not theirs).
     */
    private static Verdict localServer(Usage u, double local, int allowed) {
        int host = u.clientHostCores();
        int clientElsewhere = Math.min(u.clientCoresAvailable() > 0 ? u.clientCoresAvailable() : host, host - allowed);
        double clientOnTheirs = Math.max(0, u.clientCores() - clientElsewhere);
        double left = allowed - clientOnTheirs;
        if (local <= 0 || left <= 0 || local < CPU_SATURATED * left) return null;
        String of = clientOnTheirs > 0 ? String.format(Locale.ROOT, "of the %s cores the client left of this host's %d",
                Usage.cores(left), host) : String.format(Locale.ROOT, "of the %d %s it may use (the client runs on others)",
                allowed, allowed == 1 ? "core" : "cores");
        return new Verdict(Limit.SERVER, String.format(Locale.ROOT, "server CPU %s %s (%.0f%%): the server is the limit",
                Usage.cores(local), of, 100 * local / left));
    }

    /** The client's host at least 90% busy: others held it, or a local server and the client shared it. */
    private static Verdict busyHost(Usage u, double local) {
        int host = u.clientHostCores();
        if (host <= 0 || u.clientHostBusyCores() < CPU_SATURATED * host) return null;
        double others = Math.max(0, u.clientHostBusyCores() - local - u.clientCores());
        String busy = String.format(Locale.ROOT, "this host's CPU %s of %d cores busy (%.0f%%): the server %s, the client %s, "
                + "other processes %s", Usage.cores(u.clientHostBusyCores()), host, 100 * u.clientHostBusyCores() / host,
                Usage.cores(local), Usage.cores(u.clientCores()), Usage.cores(others));
        if (others >= OTHERS_SHARE * host) {
            return new Verdict(Limit.OTHERS, String.format(Locale.ROOT, "other processes held %s of %d cores: this level "
                    + "is not a clean measurement (%s)", Usage.cores(others), host, busy));
        }
        if (local <= 0) return null;
        return new Verdict(Limit.HOST, busy + ": CPU is the limit; a client on another host would tell them apart");
    }
}
