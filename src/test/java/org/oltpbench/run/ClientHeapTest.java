package org.oltpbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.management.HotSpotDiagnosticMXBean;
import com.sun.management.VMOption;
import java.lang.management.ManagementFactory;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Issue 47 §4: thousands of sessions keep G1's heap tight, unless the user set the flags; fewer change nothing. */
class ClientHeapTest {
    /** Flags as a JVM has them, refusing (as HotSpot does) a minimum free ratio above the maximum. */
    private static final class FakeFlags implements ClientHeap.Flags {
        final Map<String, VMOption> flags = new LinkedHashMap<>();

        FakeFlags(VMOption.Origin minOrigin) {
            flags.put("MinHeapFreeRatio", new VMOption("MinHeapFreeRatio", "40", true, minOrigin));
            flags.put("MaxHeapFreeRatio", new VMOption("MaxHeapFreeRatio", "70", true, VMOption.Origin.DEFAULT));
        }

        @Override
        public VMOption get(String name) {
            return flags.get(name);
        }

        @Override
        public void set(String name, String value) {
            int min = Integer.parseInt((name.startsWith("Min") ? value : flags.get("MinHeapFreeRatio").getValue()));
            int max = Integer.parseInt((name.startsWith("Max") ? value : flags.get("MaxHeapFreeRatio").getValue()));
            if (min > max) throw new IllegalArgumentException("MinHeapFreeRatio above MaxHeapFreeRatio");
            flags.put(name, new VMOption(name, value, true, VMOption.Origin.MANAGEMENT));
        }

        String value(String name) {
            return flags.get(name).getValue();
        }
    }

    @Test
    void fromAThousandSessionsTheHeapIsKeptTightAndSaid() {
        FakeFlags f = new FakeFlags(VMOption.Origin.DEFAULT);
        String line = ClientHeap.sizeFor(10_000, f);
        assertEquals("10", f.value("MinHeapFreeRatio"));
        assertEquals("30", f.value("MaxHeapFreeRatio"));
        assertEquals("client heap: kept 10-30% free for 10,000 sessions (MinHeapFreeRatio=10 MaxHeapFreeRatio=30, set in "
                + "this JVM; G1's 40% grows it to 1.7 times the drivers' live data)", line);
        assertTrue(line.lines().count() == 1);
    }

    @Test
    void fewerSessionsOrTheUsersOwnFlagsAreLeftAlone() {
        FakeFlags few = new FakeFlags(VMOption.Origin.DEFAULT);
        assertEquals("", ClientHeap.sizeFor(ClientHeap.WIDE - 1, few));
        assertEquals("40", few.value("MinHeapFreeRatio"));
        FakeFlags users = new FakeFlags(VMOption.Origin.VM_CREATION);
        assertEquals("", ClientHeap.sizeFor(10_000, users));
        assertEquals("40", users.value("MinHeapFreeRatio"));
        assertEquals("70", users.value("MaxHeapFreeRatio"));
        assertEquals("", ClientHeap.sizeFor(10_000, new ClientHeap.Flags() {
            @Override
            public VMOption get(String name) {
                return null; // a JVM without them
            }

            @Override
            public void set(String name, String value) {
                throw new AssertionError("set on a JVM without the flag");
            }
        }));
    }

    /** This JDK's HotSpot has both flags and lets them be set at run time (the job depends on it). */
    @Test
    void bothFlagsAreManageableHere() {
        HotSpotDiagnosticMXBean bean = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
        for (String[] r : ClientHeap.RATIOS) assertTrue(bean.getVMOption(r[0]).isWriteable(), r[0]);
    }
}
