package org.oltpbench.result;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Everything a run measured: what every output (console summary, result.json, CSV, charts, report, compare,
 * merge) reads. Immutable; the run makes a new one after each repeat.
 *
 * @param schemaVersion    "MAJOR.MINOR" of this layout; readers refuse an unknown MAJOR
 * @param oltpbenchVersion the version that wrote it
 * @param workload         the workload's name (oltp_read_write, tpcc, ...)
 * @param reportStyle      "sysbench" (tps/qps) or "tpcc" (tpmC)
 * @param config           every key's value, the password left out
 * @param server           the server and what was read from it
 * @param client           the client machine and JDBC driver
 * @param startedAt        ISO-8601 start time
 * @param endedAt          ISO-8601 end time; null while the run goes on
 * @param repeatPick       the rule that chose each level's reported repeat (max or median)
 * @param percentile       the percentile the console showed (sysbench --percentile)
 * @param levels           the thread levels run so far
 */
public record RunResult(String schemaVersion, String oltpbenchVersion, String workload, String reportStyle,
                        Map<String, Object> config, ServerInfo server, ClientInfo client, String startedAt,
                        String endedAt, String repeatPick, int percentile, List<LevelResult> levels) {
    public static final String SCHEMA_VERSION = "2.1";

    public RunResult {
        config = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(config));
        levels = List.copyOf(levels);
    }

    /** A copy with the level for {@code level.threads()} added or replaced. */
    public RunResult withLevel(LevelResult level) {
        List<LevelResult> out = new ArrayList<>();
        boolean replaced = false;
        for (LevelResult l : levels) {
            if (l.threads() == level.threads() && !replaced) {
                out.add(level);
                replaced = true;
            } else {
                out.add(l);
            }
        }
        if (!replaced) out.add(level);
        return new RunResult(schemaVersion, oltpbenchVersion, workload, reportStyle, config, server, client, startedAt,
                endedAt, repeatPick, percentile, out);
    }

    public RunResult ended(String at) {
        return new RunResult(schemaVersion, oltpbenchVersion, workload, reportStyle, config, server, client, startedAt,
                at, repeatPick, percentile, levels);
    }

    /** The level run at {@code threads}, or null. */
    public LevelResult level(int threads) {
        for (LevelResult l : levels) if (l.threads() == threads) return l;
        return null;
    }

    /** True when every repeat of every level completed. */
    public boolean completed() {
        for (LevelResult l : levels) for (RepeatResult r : l.repeats()) if (!r.completed()) return false;
        return true;
    }
}
