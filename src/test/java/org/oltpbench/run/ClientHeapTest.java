package org.oltpbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.management.HotSpotDiagnosticMXBean;
import com.sun.management.VMOption;
import java.lang.management.ManagementFactory;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue 47 §4: thousands of sessions keep G1's heap tight while their jobs run and set it back after the last; fewer
 * sessions, another collector, a fixed heap or the user's own flags change nothing and say nothing.
 */
class ClientHeapTest {
    /** Flags as HotSpot has them, refusing (as it does) a minimum free ratio above the maximum. */
    private static final class FakeFlags implements ClientHeap.Flags {
        final Map<String, VMOption> flags = new LinkedHashMap<>();

        FakeFlags(String g1, String initial, VMOption.Origin minOrigin) {
            put("UseG1GC", g1, VMOption.Origin.ERGONOMIC);
            put("InitialHeapSize", initial, VMOption.Origin.ERGONOMIC);
            put("MaxHeapSize", "6442450944", VMOption.Origin.ERGONOMIC);
            put("MinHeapFreeRatio", "40", minOrigin);
            put("MaxHeapFreeRatio", "70", VMOption.Origin.DEFAULT);
        }

        static FakeFlags g1() {
            return new FakeFlags("true", "402653184", VMOption.Origin.DEFAULT);
        }

        private void put(String name, String value, VMOption.Origin origin) {
            flags.put(name, new VMOption(name, value, true, origin));
        }

        @Override
        public VMOption get(String name) {
            return flags.get(name);
        }

        @Override
        public void set(String name, String value) {
            int min = Integer.parseInt(name.startsWith("Min") ? value : value("MinHeapFreeRatio"));
            int max = Integer.parseInt(name.startsWith("Max") ? value : value("MaxHeapFreeRatio"));
            if (min > max) throw new IllegalArgumentException("MinHeapFreeRatio above MaxHeapFreeRatio");
            put(name, value, VMOption.Origin.MANAGEMENT);
        }

        String value(String name) {
            return flags.get(name).getValue();
        }

        String ratios() {
            return value("MinHeapFreeRatio") + "/" + value("MaxHeapFreeRatio");
        }
    }

    @Test
    void thousandsOfSessionsKeepTheHeapTightUntilTheirJobEnds() {
        FakeFlags f = FakeFlags.g1();
        ClientHeap heap = ClientHeap.keep(10_000, f);
        assertEquals("10/30", f.ratios());
        assertEquals("client heap: kept 10-30% free for 10,000 sessions (G1's MinHeapFreeRatio=10 MaxHeapFreeRatio=30 "
                + "until the job ends; its default 40% holds 1.7x the drivers' data)", heap.line());
        assertTrue(heap.line().lines().count() == 1);
        heap.close();
        assertEquals("40/70", f.ratios());
    }

    /** Two jobs in one JVM (a Maven test's): both say it, and the heap is set back only when the second ends. */
    @Test
    void theLastJobToEndSetsItBack() {
        FakeFlags f = FakeFlags.g1();
        ClientHeap a = ClientHeap.keep(2_000, f), b = ClientHeap.keep(5_000, f);
        assertTrue(!a.line().isEmpty() && b.line().contains("5,000 sessions"), b.line());
        a.close();
        assertEquals("10/30", f.ratios());
        b.close();
        assertEquals("40/70", f.ratios());
        ClientHeap again = ClientHeap.keep(1_000, f);
        assertEquals("10/30", f.ratios());
        again.close();
        assertEquals("40/70", f.ratios());
    }

    @Test
    void nothingWhereItWouldDoNothingOrTheUserDecided() {
        assertSame(ClientHeap.NONE, ClientHeap.keep(ClientHeap.WIDE - 1, FakeFlags.g1()));
        FakeFlags users = new FakeFlags("true", "402653184", VMOption.Origin.VM_CREATION);
        assertSame(ClientHeap.NONE, ClientHeap.keep(10_000, users));
        assertEquals("40/70", users.ratios());
        FakeFlags parallel = new FakeFlags("false", "402653184", VMOption.Origin.DEFAULT);
        assertSame(ClientHeap.NONE, ClientHeap.keep(10_000, parallel));
        FakeFlags fixed = new FakeFlags("true", "6442450944", VMOption.Origin.DEFAULT); // -Xms equal to -Xmx
        assertSame(ClientHeap.NONE, ClientHeap.keep(10_000, fixed));
        assertEquals("40/70", fixed.ratios());
        assertSame(ClientHeap.NONE, ClientHeap.keep(10_000, new ClientHeap.Flags() {
            @Override
            public VMOption get(String name) {
                return null; // a JVM without them
            }

            @Override
            public void set(String name, String value) {
                throw new AssertionError("set on a JVM without the flag");
            }
        }));
        ClientHeap.NONE.close(); // closing nothing changes nothing
    }

    /** This JDK's HotSpot has both flags and lets them be set at run time (the job depends on it). */
    @Test
    void bothFlagsAreManageableHere() {
        HotSpotDiagnosticMXBean bean = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
        for (String[] r : ClientHeap.RATIOS) assertTrue(bean.getVMOption(r[0]).isWriteable(), r[0]);
    }
}
