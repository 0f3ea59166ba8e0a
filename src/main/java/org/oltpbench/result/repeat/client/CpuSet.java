package org.oltpbench.result.repeat.client;

import java.util.BitSet;

/**
 * A set of CPUs as Linux writes it in Cpus_allowed_list ("0-3,6"): what a process may run on (taskset, cgroups).
 * The cores a set of processes may use is the union of their sets, never the largest one.
 */
public final class CpuSet {
    public static final CpuSet UNKNOWN = new CpuSet(new BitSet());
    private final BitSet cpus;

    private CpuSet(BitSet cpus) {
        this.cpus = cpus;
    }

    /** "0-3,6" → {0, 1, 2, 3, 6}; "" or an unreadable list → UNKNOWN. */
    public static CpuSet parse(String list) {
        if (list == null || list.isBlank()) return UNKNOWN;
        BitSet b = new BitSet();
        try {
            for (String part : list.trim().split(",")) {
                String[] r = part.trim().split("-");
                int from = Integer.parseInt(r[0].trim()), to = r.length == 1 ? from : Integer.parseInt(r[1].trim());
                b.set(from, to + 1);
            }
        } catch (RuntimeException e) {
            return UNKNOWN;
        }
        return new CpuSet(b);
    }

    public boolean known() {
        return !cpus.isEmpty();
    }

    /** How many CPUs; 0 when unknown. */
    public int size() {
        return cpus.cardinality();
    }

    public CpuSet union(CpuSet other) {
        BitSet b = (BitSet) cpus.clone();
        b.or(other.cpus);
        return new CpuSet(b);
    }
}
