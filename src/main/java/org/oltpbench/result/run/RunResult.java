package org.oltpbench.result.run;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.ArrayList;
import java.util.List;
import org.oltpbench.config.RunParams;
import org.oltpbench.result.judge.conformance.Conformance;
import org.oltpbench.result.judge.spread.Spreads;
import org.oltpbench.result.level.LevelResult;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.search.SearchOutcome;
import org.oltpbench.result.workload.Family;
import org.oltpbench.result.workload.WorkloadInfo;

/**
 * Everything a run measured: what every output (console summary, result.json, CSV, charts, report, compare,
 * merge) reads. Immutable; the run makes a new one after each repeat.
 *
 * @param schemaVersion    "MAJOR.MINOR" of this layout; readers refuse an unknown MAJOR
 * @param oltpbenchVersion the version that wrote it
 * @param workload         the workload: name, family, transaction table, scale
 * @param params           the parameters the run was given, resolved, without the password
 * @param server           the server and what was read from it
 * @param client           the client machine and JDBC driver
 * @param terms            what the sessions ran on: driver, statement protocol, isolation, session variables, tuning
 * @param startedAt        ISO-8601 start time
 * @param endedAt          ISO-8601 end time; null while the run goes on
 * @param mergedFrom       the result directories merge joined into this one; empty for a run
 * @param levels           the thread levels run so far
 * @param load             what this job's prepare loaded (prepareIfAbsent), per table; NONE when the tables were there
 * @param search           threads=, rate= or warehouses=search's answer (the path, peak, knee, first level over the
 *                         limit, notes), as the sweep recorded it when its probes finished, and read back from the file;
 *                         null for listed levels, and null ({@link #unanswered}) where the levels are not those it was
 *                         decided on: levels added or replaced, joined by merge, or read from an older schema (their
 *                         spreads recomputed). The layer that builds such a run replays the decisions over its levels
 *                         (driver/search's SearchReplay): result/ records the answer, it does not decide it
 */
@JsonPropertyOrder({"schemaVersion", "oltpbenchVersion", "workload", "params", "server",
        "client", "terms", "startedAt", "endedAt", "mergedFrom", "levels", "load", "conformance", "search"})
public record RunResult(String schemaVersion, String oltpbenchVersion, WorkloadInfo workload, RunParams params,
                        ServerInfo server, ClientInfo client, Terms terms, String startedAt, String endedAt,
                        List<String> mergedFrom, List<LevelResult> levels, LoadResult load,
                        @JsonInclude(JsonInclude.Include.NON_NULL) SearchOutcome search) {

    /** A run whose search (when it searched) holds no answer yet: {@link #unanswered}. */
    public RunResult(String schemaVersion, String oltpbenchVersion, WorkloadInfo workload, RunParams params,
                     ServerInfo server, ClientInfo client, Terms terms, String startedAt, String endedAt,
                     List<String> mergedFrom, List<LevelResult> levels, LoadResult load) {
        this(schemaVersion, oltpbenchVersion, workload, params, server, client, terms, startedAt, endedAt, mergedFrom,
                levels, load, null);
    }

    /** A run whose job loaded nothing. */
    public RunResult(String schemaVersion, String oltpbenchVersion, WorkloadInfo workload, RunParams params,
                     ServerInfo server, ClientInfo client, Terms terms, String startedAt, String endedAt,
                     List<String> mergedFrom, List<LevelResult> levels) {
        this(schemaVersion, oltpbenchVersion, workload, params, server, client, terms, startedAt, endedAt, mergedFrom,
                levels, LoadResult.NONE);
    }
    /**
     * 3.1 added each level's spread and each interval's per-type counts; 3.2 each repeat's failover record and tallies,
     * and intervals of the figures printed (bootstrap for latency percentiles, log-scale ratios); 3.3 resources and the
     * bottleneck verdict; 3.4 each repeat's fault and outage; 3.6 the TLS the sessions negotiated; 3.7 CH's analytics per repeat; 3.12 where the server sessions waited, per interval and per window, and the wait verdicts
     * (issue 45); 3.13 TPC-C's tpccMode, the server's counts over each window (serverWindow: HammerDB's NOPM and TPM) and
     * each type's round trips and bytes on the wire (tallies) (issue 46); 3.14 the driver properties oltpbench set (terms.driverProperties, issue 47); 3.15 terms.protocol EXTENDED_UNNAMED (pgbench's
     * -M extended; CLIENT_TEXT on pgjdbc is the simple query protocol from 3.15, unnamed extended statements before, which a
     * file before 3.15 is read as, issue 57); 3.16 the verdict's caveats (other processes held the host beside a wait
     * verdict, issue 58 §1), a stall's undecided spans and the server window's lagSecs (issue 58 §2, §4); 3.17 the server
     * window's transactionsNote (why an engine gives no transaction count, issue 58 §4); 3.18 the fault commands' exit
     * times (endedAtSecs, recoverEndedAtSecs) and the verdict "fault" (a stall the fault plan made). Older 3.x files are read as they are, their spreads
     * recomputed (3.3's are kept: their spreads are computed as 3.4's).
     */
    public static final String SCHEMA_VERSION = "3.18";

    /**
     * Schemas whose spreads are computed as this version computes them. Files before 3.11 are recomputed: their batch
     * means were unweighted and could leave intervals out, their per-core interval averaged per-batch ratios (an
     * interval that could exclude its own figure), their drift could fall by more than 100% (issue 42).
     */
    private static final java.util.Set<String> SAME_SPREADS = java.util.Set.of("3.11", "3.12", "3.13", "3.14", "3.15", "3.16", SCHEMA_VERSION);

    /**
     * A level's spread is computed once, when it is new here (a level just run, or merged) or read from a file of an
     * older schema; a spread this version computed at the run's percentile is kept as it is.
     */
    public RunResult {
        mergedFrom = mergedFrom == null ? List.of() : List.copyOf(mergedFrom);
        if (load == null) load = LoadResult.NONE;
        int percentile = params != null ? params.output().percentile() : 95;
        boolean current = sameSpreads(schemaVersion);
        levels = levels.stream().map(l -> current ? Spreads.onto(l, percentile) : Spreads.recomputed(l, percentile)).toList();
    }

    /**
     * Whether a file of {@code schema} holds spreads as this version computes them; its levels' spreads are recomputed
     * when not, and a search's answer written beside them was decided on the old ones (its reader drops it).
     */
    public static boolean sameSpreads(String schema) {
        return SAME_SPREADS.contains(schema);
    }

    private static boolean searched(RunParams params) {
        return params != null && params.sweep().search().present();
    }

    /** Whether the run searched and holds no answer: the layer that built it replays the decisions over its levels. */
    public boolean unanswered() {
        return searched(params) && search == null;
    }

    /** This run with its search's answer (as the sweep stands after a repeat, or replayed from the levels). */
    public RunResult withSearch(SearchOutcome answer) {
        return new RunResult(schemaVersion, oltpbenchVersion, workload, params, server, client, terms, startedAt, endedAt,
                mergedFrom, levels, load, answer);
    }

    /** A run that has just started: no levels yet. */
    public static RunResult start(String version, WorkloadInfo workload, RunParams params, ServerInfo server,
                                  ClientInfo client, Terms terms, String startedAt) {
        return new RunResult(SCHEMA_VERSION, version, workload, params, server, client, terms, startedAt, null, List.of(),
                List.of());
    }

    /**
     * A copy with the level for {@code level}'s threads (and a search's rate and warehouses) added or replaced; a
     * search's answer is not carried over ({@link #unanswered}): the sweep records the next, a rebuild replays it.
     */
    public RunResult withLevel(LevelResult level) {
        List<LevelResult> out = new ArrayList<>();
        boolean replaced = false;
        for (LevelResult l : levels) {
            if (l.sameLevel(level) && !replaced) {
                out.add(level);
                replaced = true;
            } else {
                out.add(l);
            }
        }
        if (!replaced) out.add(level);
        return withLevels(out);
    }

    public RunResult withLevels(List<LevelResult> newLevels) {
        return new RunResult(schemaVersion, oltpbenchVersion, workload, params, server, client, terms, startedAt, endedAt,
                mergedFrom, newLevels, load);
    }

    public RunResult ended(String at) {
        return new RunResult(schemaVersion, oltpbenchVersion, workload, params, server, client, terms, startedAt, at,
                mergedFrom, levels, load, search);
    }

    /** This run with the load its job did. */
    public RunResult withLoad(LoadResult l) {
        return new RunResult(schemaVersion, oltpbenchVersion, workload, params, server, client, terms, startedAt, endedAt,
                mergedFrom, levels, l, search);
    }

    /** The rule that chose each level's reported repeat (max or median). */
    public String repeatPick() {
        return params.sweep().repeatPick();
    }

    /** The percentile the console showed (sysbench --percentile). */
    public int percentile() {
        return params.output().percentile();
    }

    /**
     * The level run at {@code threads}, or null. A rate search's probes all run at one thread count: its level there is
     * its answer, the capacity probe (the highest rate that passed; the first probe when none did), which is what
     * compare, gates and baselines set beside another run's level.
     */
    public LevelResult level(int threads) {
        LevelResult first = null;
        for (LevelResult l : levels) if (l.threads() == threads && first == null) first = l;
        if (first == null || first.rate() == 0 || search == null || search.peak() == null) return first;
        for (LevelResult l : levels) if (l.threads() == threads && l.at(search.axis()) == search.peak().at()) return l;
        return first;
    }

    /** The levels one per thread count, each as {@link #level(int)} gives it: what a comparison sets side by side. */
    @com.fasterxml.jackson.annotation.JsonIgnore
    public List<LevelResult> comparedLevels() {
        List<LevelResult> out = new ArrayList<>();
        java.util.Set<Integer> seen = new java.util.HashSet<>();
        for (LevelResult l : levels) if (seen.add(l.threads())) out.add(level(l.threads()));
        return out;
    }

    /**
     * TPC-C's run rules per level, for its reported repeat ({@link Conformance}); empty for other workloads. Derived,
     * for people reading the file and for every output; recomputed, ignored when read back.
     */
    @com.fasterxml.jackson.annotation.JsonProperty("conformance")
    @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_EMPTY)
    public List<Conformance> conformance() {
        if (workload.family() != Family.TPCC) return List.of();
        List<Conformance> out = new java.util.ArrayList<>();
        boolean fixed = !(params != null && params.workload() instanceof org.oltpbench.config.TpccParams t)
                || t.terminalWarehouseFixed();
        for (LevelResult l : levels) if (!l.repeats().isEmpty()) out.add(Conformance.of(workload, l, fixed));
        return out;
    }

    /** True when every repeat of every level completed. */
    public boolean completed() {
        for (LevelResult l : levels) for (RepeatResult r : l.repeats()) if (!r.completed()) return false;
        return true;
    }
}
