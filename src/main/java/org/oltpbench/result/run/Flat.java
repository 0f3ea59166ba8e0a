package org.oltpbench.result.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/** A record tree as dotted key paths to values ("target.db" = "mariadb"), for tables and difference lists. */
public final class Flat {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private Flat() {
    }

    /**
     * Every leaf of {@code value} as JSON writes it; a list is one leaf, its values joined by commas and its records
     * by semicolons, each record as {@code name=value} pairs.
     */
    public static Map<String, Object> of(Object value) {
        Map<String, Object> out = new LinkedHashMap<>();
        walk("", MAPPER.valueToTree(value), out);
        return out;
    }

    private static String text(JsonNode item) {
        if (item.isValueNode()) return item.asText();
        if (!item.isObject()) return item.toString();
        StringBuilder b = new StringBuilder();
        for (Iterator<Map.Entry<String, JsonNode>> it = item.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            b.append(b.isEmpty() ? "" : " ").append(e.getKey()).append('=').append(text(e.getValue()));
        }
        return b.toString();
    }

    private static void walk(String path, JsonNode node, Map<String, Object> out) {
        if (node.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                walk(path.isEmpty() ? e.getKey() : path + "." + e.getKey(), e.getValue(), out);
            }
        } else if (node.isArray()) {
            StringBuilder b = new StringBuilder();
            for (JsonNode item : node) b.append(b.isEmpty() ? "" : item.isObject() ? "; " : ",").append(text(item));
            out.put(path, b.toString());
        } else if (!node.isNull()) {
            out.put(path, node.isTextual() ? node.asText() : node.toString());
        }
    }
}
