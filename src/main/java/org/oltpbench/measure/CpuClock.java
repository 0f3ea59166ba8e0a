package org.oltpbench.measure;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import org.oltpbench.result.repeat.client.ClientCpu;

/**
 * The client process's CPU time and the host's busy time, sampled at the edges of a window. Read a few times per
 * repeat and per report interval, never on the transaction path.
 */
public final class CpuClock {
    private static final Path PROC_STAT = Path.of("/proc/stat");
    private static final com.sun.management.OperatingSystemMXBean OS = bean();

    /**
     * One reading: process CPU ns, host busy and total jiffies (-1 when /proc/stat is unreadable), monotonic ns; the
     * JVM's own counts of its JIT compilers' time and its collectors' time, ms (issue 58 §3: what made the first
     * seconds slow, as far as the JVM says).
     */
    public record Sample(long processNanos, long hostBusy, long hostTotal, long at, long jitMillis, long gcMillis) {
        /** Without the JVM's counts. */
        public Sample(long processNanos, long hostBusy, long hostTotal, long at) {
            this(processNanos, hostBusy, hostTotal, at, 0, 0);
        }

        /** The reading a {@code share} (0..1) of the way to {@code later}, each counter on the line between the two. */
        public Sample toward(Sample later, double share) {
            boolean host = hostTotal >= 0 && later.hostTotal >= 0;
            return new Sample(line(processNanos, later.processNanos, share),
                    host ? line(hostBusy, later.hostBusy, share) : hostBusy, host ? line(hostTotal, later.hostTotal, share) : hostTotal,
                    line(at, later.at, share), line(jitMillis, later.jitMillis, share), line(gcMillis, later.gcMillis, share));
        }

        private static long line(long a, long b, double share) {
            return a + Math.round(share * (b - a));
        }
    }

    private CpuClock() {
    }

    private static com.sun.management.OperatingSystemMXBean bean() {
        var b = ManagementFactory.getOperatingSystemMXBean();
        return b instanceof com.sun.management.OperatingSystemMXBean s ? s : null;
    }

    public static Sample sample() {
        long[] host = hostJiffies();
        return new Sample(OS == null ? 0 : Math.max(0, OS.getProcessCpuTime()), host[0], host[1], System.nanoTime(), jitMillis(),
                gcMillis());
    }

    private static final java.lang.management.CompilationMXBean JIT = ManagementFactory.getCompilationMXBean();
    private static final java.util.List<java.lang.management.GarbageCollectorMXBean> GC =
            ManagementFactory.getGarbageCollectorMXBeans();

    /** The JIT compilers' accumulated time, ms; 0 where the JVM does not say. */
    private static long jitMillis() {
        return JIT != null && JIT.isCompilationTimeMonitoringSupported() ? JIT.getTotalCompilationTime() : 0;
    }

    /** The collectors' accumulated time, ms (a collector that does not say counts 0). */
    private static long gcMillis() {
        long sum = 0;
        for (var g : GC) sum += Math.max(0, g.getCollectionTime());
        return sum;
    }

    /** The client's share between two samples. */
    public static ClientCpu between(Sample a, Sample b) {
        double secs = (b.at() - a.at()) / 1e9;
        double process = (b.processNanos() - a.processNanos()) / 1e9;
        long total = b.hostTotal() - a.hostTotal();
        double hostBusy = a.hostTotal() < 0 || total <= 0 ? -1 : (double) (b.hostBusy() - a.hostBusy()) / total;
        return new ClientCpu(process, secs > 0 ? process / secs : 0, Runtime.getRuntime().availableProcessors(), hostBusy,
                (b.jitMillis() - a.jitMillis()) / 1e3, (b.gcMillis() - a.gcMillis()) / 1e3);
    }

    /** Cores the process kept busy between two samples. */
    public static double cores(Sample a, Sample b) {
        double secs = (b.at() - a.at()) / 1e9;
        return secs > 0 ? (b.processNanos() - a.processNanos()) / 1e9 / secs : 0;
    }

    /** {busy, total} jiffies of all CPUs from /proc/stat's first line; {-1, -1} elsewhere than Linux. */
    static long[] hostJiffies() {
        try {
            String line = Files.readAllLines(PROC_STAT).get(0);
            return parseCpuLine(line);
        } catch (IOException | RuntimeException e) {
            return new long[] {-1, -1};
        }
    }

    /** "cpu user nice system idle iowait irq softirq steal ..." : busy = total - idle - iowait. */
    static long[] parseCpuLine(String line) {
        String[] f = line.trim().split("\\s+");
        long total = 0, idle = 0;
        for (int i = 1; i < f.length && i <= 8; i++) {
            long v = Long.parseLong(f[i]);
            total += v;
            if (i == 4 || i == 5) idle += v;
        }
        return new long[] {total - idle, total};
    }
}
