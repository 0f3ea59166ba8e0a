package org.oltpbench.config;

import java.time.Instant;
import java.util.List;

/**
 * The thread sweep: what {@code driver/} needs to run every level.
 *
 * @param levels             this client's levels, in order
 * @param repeat             runs per level
 * @param repeatPick         which run of a level is kept: max or median (by tps)
 * @param warmupSecs         seconds run before measuring, not counted
 * @param reportIntervalSecs seconds between progress lines; 0 = none. Only what the console prints: a multiple of
 *                           intervalSecs, its lines each the sum of the recorded intervals it spans
 * @param intervalSecs       seconds between recorded intervals (charts, batch means, stalls, outages, the journal,
 *                           the live endpoint); 0 = none, the window measured as one
 * @param startAt            ISO-8601 instant the first level starts at; null = at once
 * @param levelPauseSecs     with startAt: each level's slot beyond warm-up and measured time
 * @param randSeed           seed of the terminals' generators (repeat k adds k); 0 = from the clock
 * @param ignoreErrors       vendor codes or SQLStates that restart a transaction; "all" for any
 * @param checkAfterRun      run the workload's checks after each repeat
 * @param share              this client's share of a job several clients run
 * @param fault              a fault caused inside every repeat's window (faultAt); NONE without one
 * @param latencyLimitMs     transactions slower than this (from the intended start) count as late, and with a rate an
 *                           arrival more than this behind when a terminal is free is skipped (pgbench's -L); 0 = none
 *                           (and in files from before it existed)
 */
public record SweepParams(List<LevelParams> levels, int repeat, String repeatPick, int warmupSecs, int reportIntervalSecs,
                          int intervalSecs, String startAt, int levelPauseSecs, long randSeed, List<String> ignoreErrors,
                          boolean checkAfterRun, ClientShare share, FaultPlan fault,
                          @com.fasterxml.jackson.annotation.JsonInclude(value = com.fasterxml.jackson.annotation.JsonInclude.Include.CUSTOM,
                                  valueFilter = SearchParams.Absent.class) SearchParams search,
                          @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_DEFAULT)
                          double latencyLimitMs) {

    public SweepParams {
        levels = List.copyOf(levels);
        ignoreErrors = List.copyOf(ignoreErrors);
        if (fault == null) fault = FaultPlan.NONE;
        if (search == null) search = SearchParams.NONE;
    }

    /** A sweep without a latency limit. */
    public SweepParams(List<LevelParams> levels, int repeat, String repeatPick, int warmupSecs, int reportIntervalSecs,
                       int intervalSecs, String startAt, int levelPauseSecs, long randSeed, List<String> ignoreErrors,
                       boolean checkAfterRun, ClientShare share, FaultPlan fault, SearchParams search) {
        this(levels, repeat, repeatPick, warmupSecs, reportIntervalSecs, intervalSecs, startAt, levelPauseSecs, randSeed,
                ignoreErrors, checkAfterRun, share, fault, search, 0);
    }

    /** A sweep of the listed levels, with a fault plan. */
    public SweepParams(List<LevelParams> levels, int repeat, String repeatPick, int warmupSecs, int reportIntervalSecs,
                       int intervalSecs, String startAt, int levelPauseSecs, long randSeed, List<String> ignoreErrors,
                       boolean checkAfterRun, ClientShare share, FaultPlan fault) {
        this(levels, repeat, repeatPick, warmupSecs, reportIntervalSecs, intervalSecs, startAt, levelPauseSecs, randSeed,
                ignoreErrors, checkAfterRun, share, fault, SearchParams.NONE);
    }

    /** A sweep without a fault. */
    public SweepParams(List<LevelParams> levels, int repeat, String repeatPick, int warmupSecs, int reportIntervalSecs,
                       int intervalSecs, String startAt, int levelPauseSecs, long randSeed, List<String> ignoreErrors,
                       boolean checkAfterRun, ClientShare share) {
        this(levels, repeat, repeatPick, warmupSecs, reportIntervalSecs, intervalSecs, startAt, levelPauseSecs, randSeed,
                ignoreErrors, checkAfterRun, share, FaultPlan.NONE);
    }

    /**
     * One thread level.
     *
     * @param totalThreads the whole job's threads at this level (clientCount clients together)
     * @param threads      this client's share of them
     * @param secs         seconds measured; 0 when only {@code events} bounds the level
     * @param events       transactions after which the level ends; 0 = no limit
     * @param rate         target transactions per second over this client's threads (its share of the job's rate);
     *                     0 = unlimited
     * @param model        what runs each terminal: PLATFORM or VIRTUAL, never AUTO
     * @param connections  connections this client's terminals share (connections=N, below {@code threads}); 0 when
     *                     each terminal owns one
     */
    /**
     * @param events      transactions the level's window runs on this client (its share of the job's; 0: timed); with
     *                    runTxnsPerTerminal, perTerminal x threads
     * @param perTerminal BenchmarkSQL's runTxnsPerTerminal: each terminal runs exactly this many (0: a shared budget)
     */
    /**
     * @param warehouses  the warehouses its terminals drive, 1..this (warehouses=search's probe); 0 = the run's
     */
    public record LevelParams(int totalThreads, int threads, int secs, long events, double rate, ThreadModel model,
                              int connections, long perTerminal, int warehouses) {
        /** A level that drives the run's warehouses. */
        public LevelParams(int totalThreads, int threads, int secs, long events, double rate, ThreadModel model,
                           int connections, long perTerminal) {
            this(totalThreads, threads, secs, events, rate, model, connections, perTerminal, 0);
        }

        /** This level's settings at {@code total} threads (one client: a search's probe), on the model that size needs. */
        public LevelParams at(int total, ThreadModel chosen) {
            return new LevelParams(total, total, secs, events, rate, chosen.at(total), connections > 0 && connections < total
                    ? connections : 0, perTerminal, warehouses);
        }

        /** This level held to an arrival rate of {@code tps} (rate=search's probe). */
        public LevelParams atRate(double tps) {
            return new LevelParams(totalThreads, threads, secs, events, tps, model, connections, perTerminal, warehouses);
        }

        /** TPC-C's terminals of {@code w} warehouses, ten each (4.2.2), driving warehouses 1..w (warehouses=search). */
        public LevelParams atWarehouses(int w, ThreadModel chosen) {
            LevelParams l = at(10 * w, chosen);
            return new LevelParams(l.totalThreads, l.threads, secs, events, rate, l.model, l.connections, perTerminal, w);
        }

        /** Sessions the level holds open on the server. */
        public int sessions() {
            return connections > 0 ? connections : threads;
        }
    }

    /**
     * The sweep several clients ran together (merge): level k runs {@code threads.get(k)} (the threads the clients' levels
     * ran, added), its events and rate added over the clients' shares, which give back the whole job's setting
     * ({@link ClientShare}); the rest is {@code clients}' first's.
     */
    public static SweepParams joined(List<SweepParams> clients, List<Integer> threads) {
        SweepParams first = clients.get(0);
        List<LevelParams> out = new java.util.ArrayList<>();
        for (int k = 0; k < first.levels.size(); k++) {
            LevelParams l = first.levels.get(k);
            long events = 0;
            double rate = 0;
            for (SweepParams c : clients) {
                LevelParams x = k < c.levels.size() ? c.levels.get(k) : l;
                events += x.events();
                rate += x.rate();
            }
            int ran = k < threads.size() ? threads.get(k) : l.threads();
            out.add(new LevelParams(l.totalThreads(), ran, l.secs(), events, rate, l.model(), l.connections(), l.perTerminal(),
                    l.warehouses()));
        }
        return new SweepParams(out, first.repeat, first.repeatPick, first.warmupSecs, first.reportIntervalSecs,
                first.intervalSecs, first.startAt, first.levelPauseSecs, first.randSeed, first.ignoreErrors,
                first.checkAfterRun, first.share, first.fault, first.search, first.latencyLimitMs);
    }

    /** The most sessions a level of this client holds open: its terminals, or the connections they share. */
    public int maxSessions() {
        int max = Math.max(1, search.maxThreads());
        for (LevelParams l : levels) max = Math.max(max, l.sessions());
        return max;
    }

    /** True when some level's terminals share connections (connections=N). */
    public boolean sharesConnections() {
        return levels.stream().anyMatch(l -> l.connections() > 0);
    }

    /** The largest level of this client. */
    public int maxThreads() {
        int max = Math.max(1, search.maxThreads());
        for (LevelParams l : levels) max = Math.max(max, l.threads());
        return max;
    }

    /** The whole job's largest level. */
    public int maxTotalThreads() {
        int max = Math.max(1, search.maxThreads());
        for (LevelParams l : levels) max = Math.max(max, l.totalThreads());
        return max;
    }

    /** The whole job's levels, as the threads key gave them. */
    public List<Integer> totalThreads() {
        return levels.stream().map(LevelParams::totalThreads).toList();
    }

    /**
     * When the slot-th repeat of the sweep starts, or null to start at once. With startAt, repeat k starts k slots
     * after it, a slot being warm-up + measured time + levelPauseSecs, so clients that started apart measure together.
     */
    public Instant start(int slot) {
        if (startAt == null) return null;
        long slotSecs = (long) warmupSecs + levels.get(0).secs() + levelPauseSecs;
        return Instant.parse(startAt).plusSeconds(slot * slotSecs);
    }
}
