package org.oltpbench.config;

import java.util.Collections;
import java.util.LinkedHashMap;
import org.oltpbench.dialect.JdbcDriver;
import java.util.Map;
import java.util.Set;

/**
 * The resolved, immutable job configuration: every key has a value (its default when nobody set it).
 *
 * @param values   typed value per key, for every key in {@link Keys}
 * @param explicit the keys that a props file, the environment or --set gave
 */
public record Config(Map<Key<?>, Object> values, Set<Key<?>> explicit) {

    public Config {
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
        explicit = Set.copyOf(explicit);
    }

    @SuppressWarnings("unchecked")
    public <T> T get(Key<T> key) {
        return (T) values.get(key);
    }

    public boolean isSet(Key<?> key) {
        return explicit.contains(key);
    }

    /** A copy with one value replaced (marked explicit). */
    public <T> Config with(Key<T> key, T value) {
        Map<Key<?>, Object> copy = new LinkedHashMap<>(values);
        copy.put(key, value);
        java.util.HashSet<Key<?>> set = new java.util.HashSet<>(explicit);
        set.add(key);
        return new Config(copy, set);
    }

    /** The explicitly set keys with their values, secrets left out: what result files record. */
    public Map<String, Object> publicView() {
        Map<String, Object> out = new LinkedHashMap<>();
        for (Map.Entry<Key<?>, Object> e : values.entrySet()) {
            if (e.getKey().secret() || e.getValue() == null) continue;
            out.put(e.getKey().name(), e.getValue() instanceof String s ? JdbcDriver.redact(s) : e.getValue());
        }
        return out;
    }

    @Override
    public String toString() {
        return "Config" + publicView();
    }
}
