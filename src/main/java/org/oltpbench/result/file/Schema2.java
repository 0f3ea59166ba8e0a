package org.oltpbench.result.file;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.oltpbench.config.ConfigException;
import org.oltpbench.config.RunParams;
import org.oltpbench.config.TpccParams;
import org.oltpbench.result.repeat.TpccMetrics;
import org.oltpbench.result.repeat.counted.ResultFormatException;
import org.oltpbench.result.run.RunResult;
import org.oltpbench.result.run.Terms;
import org.oltpbench.result.workload.Family;
import org.oltpbench.result.workload.TxnType;
import org.oltpbench.result.workload.WorkloadInfo;

/**
 * Reads a schema 2.x result.json as 3.0: its {@code config} map is resolved into {@link RunParams} as a props file
 * with those keys would be, and its {@code workload} name and {@code reportStyle} become a {@link WorkloadInfo}
 * whose transaction table holds the types the levels recorded. Levels, server and client are unchanged; the result
 * is a 3.0 tree (written back, it stays 3.0).
 */
final class Schema2 {
    private Schema2() {
    }

    @SuppressWarnings("unchecked")
    static JsonNode upgrade(ObjectNode root, ObjectMapper mapper, String source) {
        Map<String, Object> config = root.path("config").isObject() ? mapper.convertValue(root.get("config"), Map.class) : Map.of();
        RunParams params;
        try {
            params = RunParams.recorded(config).redacted();
        } catch (ConfigException e) {
            throw new ResultFormatException(source + " (schema 2) records a config that no longer resolves: " + e.getMessage());
        }
        String name = root.path("workload").asText();
        // 2.x named the family in reportStyle (sysbench or tpcc); custom SQL reported as sysbench under the name sql
        Family family = Family.valueOf(root.path("reportStyle").asText("sysbench").toUpperCase(java.util.Locale.ROOT));
        if (family == Family.SYSBENCH && name.equals(Family.SQL.id())) family = Family.SQL;
        WorkloadInfo info = new WorkloadInfo(name, family, types(root, family), scale(params));
        List<String> merged = config.get("mergedFrom") instanceof List<?> l ? l.stream().map(String::valueOf).toList() : List.of();
        root.remove(List.of("config", "reportStyle", "repeatPick", "percentile"));
        root.put("schemaVersion", RunResult.SCHEMA_VERSION);
        root.set("workload", mapper.valueToTree(info));
        root.set("params", mapper.valueToTree(params));
        root.set("mergedFrom", mapper.valueToTree(merged));
        root.set("terms", mapper.valueToTree(terms(root)));
        return root;
    }

    /** 2.x recorded the driver, the protocol and the tuning; isolation, mode and session variables were not kept. */
    private static Terms terms(JsonNode root) {
        JsonNode facts = root.path("server").path("facts");
        java.util.Map<String, String> tuned = new java.util.TreeMap<>();
        for (JsonNode ch : facts.path("tuning")) tuned.put(ch.path("name").asText(), ch.path("newValue").asText());
        return new Terms(root.path("client").path("driverName").asText(""), root.path("client").path("driverVersion").asText(""),
                Terms.Protocol.of(facts.path("serverPreparedStatements").asBoolean(true)), "", "", java.util.Map.of(), tuned, "");
    }

    /** The types the first repeat recorded; TPC-C's New-Order is the headline, a single type is its own. */
    private static List<TxnType> types(JsonNode root, Family family) {
        List<TxnType> out = new ArrayList<>();
        JsonNode txns = root.path("levels").path(0).path("repeats").path(0).path("transactions");
        for (JsonNode t : txns) {
            String n = t.path("name").asText();
            boolean headline = family == Family.TPCC ? n.equals(TpccMetrics.NEW_ORDER) : txns.size() == 1;
            out.add(new TxnType(n, txns.size() == 1 ? 100 : 0, 0, 0, headline));
        }
        return out;
    }

    private static WorkloadInfo.Scale scale(RunParams params) {
        return switch (params.workload()) {
            case TpccParams t -> WorkloadInfo.Scale.warehouses(t.warehouseCount());
            case org.oltpbench.config.SysbenchParams s -> WorkloadInfo.Scale.tables(s.tables(), s.tableSize());
            case org.oltpbench.config.SqlParams q -> WorkloadInfo.Scale.tables(0, q.tableSize());
            case org.oltpbench.config.PgbenchParams p -> WorkloadInfo.Scale.tables(4, 100_000L * p.scale()); // after 2.x
        };
    }
}
