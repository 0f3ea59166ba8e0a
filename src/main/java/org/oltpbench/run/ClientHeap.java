package org.oltpbench.run;

import com.sun.management.HotSpotDiagnosticMXBean;
import com.sun.management.VMOption;
import java.lang.management.ManagementFactory;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The client JVM's heap while a job of thousands of sessions runs (issue 47 §4). A session's driver holds 35-75 KB of
 * live heap (its socket buffers, its per-connection properties), so 10,000 sessions hold 0.5-0.75 GB, and G1 by
 * default (MinHeapFreeRatio=40) grows the heap at each marking to keep 40% of it free: 1.7 times the live data, 1.2 GB
 * of RSS at 10,000 MariaDB Connector/J sessions. From {@link #WIDE} sessions the job has G1 keep 10-30% free instead;
 * both flags are manageable, so they are set in this JVM and the user needs no option to know (0.86-0.92 GiB, performance.md
 * "10,000 sessions"), and set back when the last such job in the JVM ends (a Maven test's JVM runs on as it was).
 *
 * <p>Given only where it does something: G1 is the collector (others size their heaps apart, ZGC and Shenandoah not by
 * these flags at all), the heap may change size (-Xms below -Xmx), and the user set neither flag.
 */
final class ClientHeap implements AutoCloseable {
    /** Sessions from which the heap is kept tight: below, the heap is small and G1's default costs nothing. */
    static final int WIDE = 1_000;
    /** The flags and the values set, the lower bound first: HotSpot refuses a minimum above the maximum at each step. */
    static final List<String[]> RATIOS = List.of(new String[] {"MinHeapFreeRatio", "10"}, new String[] {"MaxHeapFreeRatio", "30"});
    /** Changes nothing, says nothing. */
    static final ClientHeap NONE = new ClientHeap("", null);

    /** The JVM's flags as far as this needs them. */
    interface Flags {
        /** The flag, or null where the JVM has none of that name. */
        VMOption get(String name);

        void set(String name, String value);
    }

    /** The jobs in this JVM keeping the heap tight, and the values to put back when the last ends. */
    private static int holders;
    private static Map<String, String> before;
    /** The values the last job set back: a flag that still holds one is this class's, not the user's. */
    private static Map<String, String> setBack = Map.of();

    private final String line;
    private final Flags flags;

    private ClientHeap(String line, Flags flags) {
        this.line = line;
        this.flags = flags;
    }

    /** What the console says of it, or "". */
    String line() {
        return line;
    }

    /** Keeps the heap tight for a job whose largest level holds {@code sessions}, until {@link #close}. */
    static ClientHeap keep(int sessions) {
        if (sessions < WIDE) return NONE;
        try {
            HotSpotDiagnosticMXBean bean = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
            return bean == null ? NONE : keep(sessions, hotSpot(bean));
        } catch (RuntimeException | LinkageError e) {
            return NONE; // not HotSpot, or no management: the JVM sizes its heap as it does
        }
    }

    static ClientHeap keep(int sessions, Flags flags) {
        if (sessions < WIDE) return NONE;
        synchronized (ClientHeap.class) {
            if (holders == 0) {
                if (!applies(flags)) return NONE;
                Map<String, String> was = new LinkedHashMap<>();
                for (String[] r : RATIOS) was.put(r[0], flags.get(r[0]).getValue());
                try {
                    for (String[] r : RATIOS) flags.set(r[0], r[1]);
                } catch (RuntimeException e) {
                    restore(flags, was);
                    return NONE;
                }
                before = was;
            }
            holders++;
        }
        return new ClientHeap(String.format("client heap: kept 10-30%% free for %,d sessions (G1's MinHeapFreeRatio=10 "
                + "MaxHeapFreeRatio=30 until the job ends; its default 40%% holds 1.7x the drivers' data)", sessions), flags);
    }

    /** Whether setting the ratios does what the line says: G1, a heap that may change size, neither flag the user's. */
    private static boolean applies(Flags flags) {
        VMOption g1 = flags.get("UseG1GC"), initial = flags.get("InitialHeapSize"), max = flags.get("MaxHeapSize");
        if (g1 == null || !g1.getValue().equals("true")) return false;
        if (initial != null && max != null && initial.getValue().equals(max.getValue())) return false;
        for (String[] r : RATIOS) {
            VMOption o = flags.get(r[0]);
            if (o == null || !o.isWriteable()) return false;
            boolean ours = o.getOrigin() == VMOption.Origin.MANAGEMENT && o.getValue().equals(setBack.get(r[0]));
            if (o.getOrigin() != VMOption.Origin.DEFAULT && !ours) return false;
        }
        return true;
    }

    /** Puts the values back when the last job keeping the heap tight ends. */
    @Override
    public void close() {
        if (flags == null) return;
        synchronized (ClientHeap.class) {
            if (--holders > 0) return;
            restore(flags, before);
            setBack = before;
            before = null;
        }
    }

    /** The upper bound first on the way back: 30 -> 70 before 10 -> 40 keeps the minimum below the maximum. */
    private static void restore(Flags flags, Map<String, String> was) {
        for (int i = RATIOS.size() - 1; i >= 0; i--) {
            String name = RATIOS.get(i)[0];
            try {
                flags.set(name, was.get(name));
            } catch (RuntimeException e) {
                // left as it is: the JVM runs on with the tighter heap
            }
        }
    }

    private static Flags hotSpot(HotSpotDiagnosticMXBean bean) {
        return new Flags() {
            @Override
            public VMOption get(String name) {
                try {
                    return bean.getVMOption(name);
                } catch (IllegalArgumentException e) {
                    return null;
                }
            }

            @Override
            public void set(String name, String value) {
                bean.setVMOption(name, value);
            }
        };
    }
}
