package org.oltpbench.config;

/**
 * A Jackson value filter (here, beside the parameters, so that every part that writes JSON may use it) ({@code @JsonInclude(value = CUSTOM, valueFilter = ...)}) that leaves a field out of the JSON
 * when it is null or {@link #absent}: Jackson asks {@code filter.equals(value)}, true meaning "leave out".
 */
public abstract class JsonAbsent {
    /** Whether a non-null value is the field's "nothing recorded". */
    protected abstract boolean absent(Object value);

    @Override
    public final boolean equals(Object value) {
        return value == null || absent(value);
    }

    @Override
    public final int hashCode() {
        return 0;
    }
}
