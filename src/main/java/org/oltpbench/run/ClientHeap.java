package org.oltpbench.run;

import com.sun.management.HotSpotDiagnosticMXBean;
import com.sun.management.VMOption;
import java.lang.management.ManagementFactory;
import java.util.List;

/**
 * The client JVM's heap for a job of thousands of sessions (issue 47 §4). A session's driver holds 35-75 KB of live
 * heap (its socket buffers, its per-connection properties), so 10,000 sessions hold 0.5-0.75 GB, and G1 by default
 * (MinHeapFreeRatio=40) grows the heap at each marking to keep 40% of it free: 1.7 times the live data, 1.2 GB of RSS
 * at 10,000 MariaDB Connector/J sessions. From {@link #WIDE} sessions the job has G1 keep 10-30% free instead; both
 * flags are manageable, so they are set in this JVM and the user needs no option to know (0.93 GB, performance.md
 * "10,000 sessions"). A flag the user set is left as it is, and a JVM without them is left alone.
 */
final class ClientHeap {
    /** Sessions from which the heap is kept tight: below, the heap is small and G1's default costs nothing. */
    static final int WIDE = 1_000;
    static final List<String[]> RATIOS = List.of(new String[] {"MinHeapFreeRatio", "10"}, new String[] {"MaxHeapFreeRatio", "30"});

    /** The JVM's flags as far as this needs them. */
    interface Flags {
        /** The flag, or null where the JVM has none of that name. */
        VMOption get(String name);

        void set(String name, String value);
    }

    private ClientHeap() {
    }

    /** Keeps the heap tight for a job whose largest level holds {@code sessions}; the line that says so, or "". */
    static String sizeFor(int sessions) {
        if (sessions < WIDE) return "";
        HotSpotDiagnosticMXBean bean = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
        if (bean == null) return "";
        return sizeFor(sessions, new Flags() {
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
        });
    }

    static String sizeFor(int sessions, Flags flags) {
        if (sessions < WIDE) return "";
        for (String[] r : RATIOS) {
            VMOption o = flags.get(r[0]);
            if (o == null || !o.isWriteable() || o.getOrigin() != VMOption.Origin.DEFAULT) return "";
        }
        // lower bound first: the JVM refuses a minimum above the maximum at every step
        StringBuilder said = new StringBuilder();
        for (String[] r : RATIOS) {
            flags.set(r[0], r[1]);
            said.append(said.length() == 0 ? "" : " ").append(r[0]).append('=').append(r[1]);
        }
        return String.format("client heap: kept 10-30%% free for %,d sessions (%s, set in this JVM; G1's 40%% grows it to "
                + "1.7 times the drivers' live data)", sessions, said);
    }
}
