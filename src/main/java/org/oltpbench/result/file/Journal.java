package org.oltpbench.result.file;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.oltpbench.result.level.LevelResult;
import org.oltpbench.result.repeat.RepeatPick;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.repeat.client.ClientCpu;
import org.oltpbench.result.repeat.counted.Counts;
import org.oltpbench.result.repeat.counted.Histograms;
import org.oltpbench.result.repeat.counted.IntervalDetail;
import org.oltpbench.result.repeat.counted.IntervalResult;
import org.oltpbench.result.repeat.counted.TxnMetrics;
import org.oltpbench.result.repeat.counted.Window;
import org.oltpbench.result.repeat.server.ServerCount;
import org.oltpbench.result.repeat.usage.Usage;
import org.oltpbench.result.run.RunResult;

/**
 * The run's journal ({@code journal.jsonl} in the result directory): one JSON line per event, written and flushed as it
 * happens, so that a run killed with SIGKILL loses only the interval in progress. Lines: {@code {"repeat": {threads,
 * repeat, startedAt}}} when a repeat starts, {@code {"interval": IntervalResult, "detail": IntervalDetail}} per report
 * interval, {@code {"fault": {key, atSecs}}} when a fault plan's command starts, {@code {"end": {threads, repeat}}}
 * once the repeat is in result.json.
 *
 * <p>{@link #rebuild} adds to a run every repeat the journal started and never ended, rebuilt from its intervals: the
 * window is the measured intervals (they add up to it), counts (errors by code too) are summed and histograms added,
 * resources and the verdict derived from the intervals' resources, and the fault's outage measured on them, by the
 * {@link Judge} the caller gives (the rules are judge/'s, which file/ does not name). What only the repeat's end knows
 * stays out, and the repeat's reason names it: the transactions after the last interval, the server's commit count,
 * per-thread fairness, the fault commands' exit statuses, the checks after the repeat.
 */
public final class Journal {
    public static final String FILE = "journal.jsonl";
    static final ObjectMapper MAPPER = new ObjectMapper().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private Journal() {
    }

    /** One repeat as the journal holds it. */
    /** A repeat's start; {@code rate} and {@code warehouses} name a search's probe (0, and absent in older journals, else). */
    public record Started(int threads, int repeat, String startedAt,
                          @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_DEFAULT) double rate,
                          @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_DEFAULT) int warehouses) {
        /** A listed level's repeat. */
        public Started(int threads, int repeat, String startedAt) {
            this(threads, repeat, startedAt, 0, 0);
        }
    }

    record Ended(int threads, int repeat) {
    }

    /**
     * A repeat's lines: its start, its intervals and their details, when its fault plan's commands started (-1: not),
     * and whether it ended.
     */
    public record Entry(Started started, List<IntervalResult> intervals, List<IntervalDetail> details, double faultAt,
                        double recoverAt, boolean ended) {
    }

    /** Every repeat the journal in {@code dir} holds, in order; empty without a journal. */
    public static List<Entry> read(Path dir) throws IOException {
        Path file = dir.resolve(FILE);
        List<Entry> out = new ArrayList<>();
        if (!Files.exists(file)) return out;
        Started cur = null;
        List<IntervalResult> intervals = new ArrayList<>();
        List<IntervalDetail> details = new ArrayList<>();
        double[] faults = {-1, -1};
        for (String line : Files.readAllLines(file)) {
            if (line.isBlank()) continue;
            JsonNode n;
            try {
                n = MAPPER.readTree(line);
            } catch (IOException e) {
                break; // a line cut by the kill: what came before it stands
            }
            if (n.has("repeat")) {
                if (cur != null) out.add(new Entry(cur, intervals, details, faults[0], faults[1], false));
                cur = MAPPER.treeToValue(n.get("repeat"), Started.class);
                intervals = new ArrayList<>();
                details = new ArrayList<>();
                faults = new double[] {-1, -1};
            } else if (n.has("fault") && cur != null) {
                faults[n.get("fault").path("key").asText().equals("recoverCommand") ? 1 : 0] = n.get("fault").path("atSecs").asDouble();
            } else if (n.has("interval") && cur != null) {
                intervals.add(MAPPER.treeToValue(n.get("interval"), IntervalResult.class));
                details.add(MAPPER.treeToValue(n.get("detail"), IntervalDetail.class));
            } else if (n.has("end") && cur != null) {
                out.add(new Entry(cur, intervals, details, faults[0], faults[1], true));
                cur = null;
            }
        }
        if (cur != null) out.add(new Entry(cur, intervals, details, faults[0], faults[1], false));
        return out;
    }

    /**
     * What a rebuilt repeat is judged by, as the live run judges a repeat at its end: whether it stalled, its resources
     * and verdict, and its fault's outage, drawn from what its intervals add up to (judge/'s Rebuilt.judged). The
     * caller gives it: file/ reads and writes the records and names no rule (ResultLayersTest).
     */
    @FunctionalInterface
    public interface Judge {
        /**
         * {@code counted} with its judgements.
         *
         * @param counted     the repeat as its measured intervals add up: no resources, verdict, stall or fault
         * @param rateTps     the arrival rate its level was held to (rate=); 0 without one
         * @param faultAt     when its fault plan's fault command started; -1 when none did
         * @param recoverAt   when its recover command started; -1 when none did
         * @param clientCores processors the client had (the run's client info); 0 unknown
         */
        RepeatResult judged(RepeatResult counted, double rateTps, double faultAt, double recoverAt, int clientCores);
    }

    /**
     * {@code run} with every repeat the journal started and never ended added, rebuilt from its intervals and judged by
     * {@code judge}.
     */
    public static RunResult rebuild(RunResult run, List<Entry> entries, Judge judge) {
        RunResult out = run;
        for (Entry e : entries) {
            if (e.ended() || e.intervals().stream().allMatch(IntervalResult::warmup)) continue; // nothing measured
            // the level of the repeat's threads, and of a search's probe its rate and warehouses (probes may share threads)
            LevelResult key = new LevelResult(e.started().threads(), java.util.Map.of(), -1, List.of())
                    .at(e.started().rate(), e.started().warehouses());
            LevelResult level = out.levels().stream().filter(key::sameLevel).findFirst().orElse(null);
            if (level != null && level.repeats().stream().anyMatch(r -> r.repeat() == e.started().repeat())) continue;
            List<RepeatResult> repeats = new ArrayList<>(level == null ? List.of() : level.repeats());
            repeats.add(repeat(e, run.workload().typeNames(), run.client() == null ? 0 : run.client().cores(), judge));
            out = out.withLevel(new LevelResult(e.started().threads(), level == null ? java.util.Map.of() : level.threadsPerHost(),
                    RepeatPick.pick(repeats, run.params() == null ? "max" : run.params().sweep().repeatPick()), repeats)
                    .at(e.started().rate(), e.started().warehouses()));
        }
        return out;
    }

    /** What a rebuilt repeat cannot have: only the repeat's end knows it. */
    static final String NOT_REBUILT = "not rebuilt: the transactions after the last interval, the server's commit count, "
            + "per-thread fairness, the fault commands' exit statuses, the checks after the repeat, CH's analytic queries "
            + "and their freshness";

    /**
     * The repeat a journal entry holds: its measured intervals summed into the window, its resources and verdict, and
     * its fault's outage.
     *
     * @param clientCores processors the client had (the run's client info); 0 unknown
     * @param judge       what draws its resources, verdict and fault's outage
     */
    public static RepeatResult repeat(Entry e, List<String> typeNames, int clientCores, Judge judge) {
        return judge.judged(counted(e, typeNames), e.started().rate(), e.faultAt(), e.recoverAt(), clientCores);
    }

    /**
     * The repeat a journal entry holds as its measured intervals add up, before it is judged: no resources, verdict,
     * stall or fault.
     */
    static RepeatResult counted(Entry e, List<String> typeNames) {
        Counts counts = Counts.ZERO;
        List<List<TxnMetrics>> parts = new ArrayList<>();
        double seconds = 0, cpuSeconds = 0;
        for (int k = 0; k < e.intervals().size(); k++) {
            IntervalResult i = e.intervals().get(k);
            if (i.warmup()) continue;
            counts = counts.plus(e.details().get(k).counts());
            parts.add(e.details().get(k).types());
            seconds += i.seconds();
            cpuSeconds += i.clientCpuCores() * i.seconds();
        }
        List<TxnMetrics> types = parts.isEmpty() ? empty(typeNames) : Merge.sumTypes(parts);
        double last = e.intervals().isEmpty() ? 0 : e.intervals().get(e.intervals().size() - 1).at();
        String reason = String.format(java.util.Locale.ROOT, "killed: rebuilt from the journal up to its last interval, "
                + "%.1f s into the repeat; %s", last, NOT_REBUILT);
        Window window = new Window(e.started().startedAt(), null, seconds);
        return new RepeatResult(e.started().repeat(), e.started().threads(), RepeatResult.Status.ABORTED, reason,
                new RepeatResult.Measured(window, counts, types, e.intervals()), RepeatResult.PerThread.NONE,
                new ClientCpu(cpuSeconds, seconds > 0 ? cpuSeconds / seconds : 0, 0, 0),
                RepeatResult.ServerChecks.of(ServerCount.none("not read: the run was killed", counts.transactions())),
                RepeatResult.Topology.NONE, Usage.NONE, org.oltpbench.result.repeat.analytics.Analytics.NONE);
    }

    private static List<TxnMetrics> empty(List<String> names) {
        List<TxnMetrics> out = new ArrayList<>();
        for (String n : names) out.add(new TxnMetrics(n, 0, 0, 0, 0, Histograms.encode(Histograms.empty())));
        return out;
    }
}
