package org.oltpbench.measure.resources;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Parsers for the Linux /proc files the samplers read (proc(5)); pure functions of the file's text, so that unit
 * tests can hand them any content.
 */
final class ProcFiles {
    /** USER_HZ: the unit of /proc's CPU times; 100 on every Linux architecture the JDK runs on. */
    static final double TICKS_PER_SECOND = 100;

    private ProcFiles() {
    }

    /** A process's CPU seconds {user, system} from /proc/PID/stat (fields 14 and 15, counted after the ")"). */
    static double[] processCpu(String stat) {
        String[] f = afterName(stat);
        // f[0] is field 3 (state): utime is field 14, stime field 15
        return new double[] {Long.parseLong(f[11]) / TICKS_PER_SECOND, Long.parseLong(f[12]) / TICKS_PER_SECOND};
    }

    /**
     * A process's CPU seconds with its reaped children's: utime + stime + cutime + cstime (fields 14-17). Summed over
     * a live process tree this counts every process once, whether it still runs (its own time) or has ended and was
     * waited for by a parent in the tree (the parent's children time): PostgreSQL's backends of closed connections.
     */
    static double cpuWithReapedChildren(String stat) {
        String[] f = afterName(stat);
        long ticks = 0;
        for (int i = 11; i <= 14; i++) ticks += Long.parseLong(f[i]);
        return ticks / TICKS_PER_SECOND;
    }

    /** The parent's pid (field 4 of /proc/PID/stat). */
    static long parentPid(String stat) {
        return Long.parseLong(afterName(stat)[1]);
    }

    /** The command name between the parentheses of /proc/PID/stat (it may hold spaces and parentheses). */
    static String processName(String stat) {
        return stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    }

    private static String[] afterName(String stat) {
        return stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
    }

    /** VmRSS of /proc/PID/status in bytes; -1 when absent (a zombie). */
    static long rssBytes(String status) {
        for (String line : status.split("\n")) {
            if (line.startsWith("VmRSS:")) return Long.parseLong(line.substring(6).trim().split("\\s+")[0]) * 1024;
        }
        return -1;
    }

    /**
     * {anonymous, file-backed, shared} resident bytes of /proc/PID/status (RssAnon, RssFile, RssShmem); each -1 when
     * absent. A process tree's memory is the sum of its anonymous parts plus the largest shared and file-backed ones,
     * which the processes map in common (PostgreSQL's shared buffers would otherwise count once per backend).
     */
    static long[] rssParts(String status) {
        long[] out = {-1, -1, -1};
        String[] names = {"RssAnon:", "RssFile:", "RssShmem:"};
        for (String line : status.split("\n")) {
            for (int i = 0; i < names.length; i++) {
                if (line.startsWith(names[i])) out[i] = Long.parseLong(line.substring(names[i].length()).trim().split("\\s+")[0]) * 1024;
            }
        }
        return out;
    }

    /** Cpus_allowed_list of /proc/PID/status as it is written ("0-3,6"); "" when absent. */
    static String cpuList(String status) {
        for (String line : status.split("\n")) if (line.startsWith("Cpus_allowed_list:")) return line.substring(18).trim();
        return "";
    }

    /** How many CPUs Cpus_allowed_list of /proc/PID/status names ("0-3,6" → 5): the process's affinity; 0 unknown. */
    static int allowedCpus(String status) {
        return org.oltpbench.result.repeat.client.CpuSet.parse(cpuList(status)).size();
    }

    /** {read_bytes, write_bytes} of /proc/PID/io: what the process made storage read and write. */
    static long[] ioBytes(String io) {
        long read = -1, write = -1;
        for (String line : io.split("\n")) {
            if (line.startsWith("read_bytes:")) read = Long.parseLong(line.substring(11).trim());
            else if (line.startsWith("write_bytes:")) write = Long.parseLong(line.substring(12).trim());
        }
        return new long[] {read, write};
    }

    /**
     * The host's CPU seconds by mode from /proc/stat's first line ("cpu user nice system idle iowait irq softirq
     * steal ..."), and the number of "cpuN" lines. Guest time is already inside user and nice.
     */
    static CpuModes hostCpu(String stat) {
        String[] lines = stat.split("\n");
        String[] f = lines[0].trim().split("\\s+");
        double[] modes = new double[CpuModes.MODES.size()];
        for (int i = 0; i < modes.length && i + 1 < f.length; i++) modes[i] = Long.parseLong(f[i + 1]) / TICKS_PER_SECOND;
        int cores = 0;
        for (String line : lines) if (line.startsWith("cpu") && line.length() > 3 && Character.isDigit(line.charAt(3))) cores++;
        return new CpuModes(cores, modes);
    }

    /**
     * A thread's run-queue delay in nanoseconds: the second field of /proc/PID/task/TID/schedstat ("time on the CPU,
     * time waiting on a run queue, timeslices run", sched-stats.rst).
     */
    static long runQueueNanos(String schedstat) {
        return Long.parseLong(schedstat.trim().split("\\s+")[1]);
    }

    /** The "some" line's total of /proc/pressure/cpu (PSI), in microseconds: time in which some task waited for a CPU. */
    static long pressureSomeMicros(String pressure) {
        for (String line : pressure.split("\n")) {
            if (!line.startsWith("some ")) continue;
            for (String f : line.trim().split("\\s+")) if (f.startsWith("total=")) return Long.parseLong(f.substring(6));
        }
        return -1;
    }

    /** {received, sent} bytes of one interface from /proc/net/dev; null when it is not listed. */
    static long[] interfaceBytes(String netDev, String name) {
        for (String line : netDev.split("\n")) {
            int colon = line.indexOf(':');
            if (colon < 0 || !line.substring(0, colon).trim().equals(name)) continue;
            String[] f = line.substring(colon + 1).trim().split("\\s+");
            return new long[] {Long.parseLong(f[0]), Long.parseLong(f[8])};
        }
        return null;
    }

    /**
     * The inodes of sockets listening on {@code port} in /proc/net/tcp or tcp6 (state 0A; the local address's port is
     * hexadecimal after the colon; the inode is the tenth column).
     */
    static Set<Long> listeningInodes(String netTcp, int port) {
        Set<Long> out = new HashSet<>();
        for (String line : netTcp.split("\n")) {
            String[] f = line.trim().split("\\s+");
            if (f.length < 10 || !f[3].equals("0A")) continue;
            String local = f[1];
            int colon = local.lastIndexOf(':');
            if (colon < 0) continue;
            if (Integer.parseInt(local.substring(colon + 1), 16) == port) out.add(Long.parseLong(f[9]));
        }
        return out;
    }

    /** "socket:[12345]" → 12345; -1 for any other link target. */
    static long socketInode(String link) {
        if (!link.startsWith("socket:[") || !link.endsWith("]")) return -1;
        return Long.parseLong(link.substring(8, link.length() - 1));
    }

    /** A host's cumulative CPU seconds by mode, in /proc/stat's order; {@code cores} 0 when unknown. */
    record CpuModes(int cores, double[] seconds) {
        static final List<String> MODES = List.of("user", "nice", "system", "idle", "iowait", "irq", "softirq", "steal");
        static final CpuModes UNKNOWN = new CpuModes(0, new double[MODES.size()]);

        static CpuModes of(int cores, Map<String, Double> byMode) {
            double[] s = new double[MODES.size()];
            for (int i = 0; i < s.length; i++) s[i] = byMode.getOrDefault(MODES.get(i), 0.0);
            return new CpuModes(cores, s);
        }

        /** The modes a share {@code f} of the way to {@code later}; this reading when either is unknown. */
        CpuModes toward(CpuModes later, double f) {
            if (cores == 0 || later.cores == 0) return this;
            double[] s = new double[seconds.length];
            for (int i = 0; i < s.length; i++) s[i] = between(seconds[i], later.seconds[i], f);
            return new CpuModes(cores, s);
        }

        org.oltpbench.result.repeat.client.Resources.HostCpu minus(CpuModes earlier) {
            if (cores == 0 || earlier.cores == 0) return org.oltpbench.result.repeat.client.Resources.HostCpu.UNKNOWN;
            double[] d = new double[seconds.length];
            for (int i = 0; i < d.length; i++) d[i] = milli(Math.max(0, seconds[i] - earlier.seconds[i]));
            return new org.oltpbench.result.repeat.client.Resources.HostCpu(cores, d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7]);
        }
    }

    /** The value a share {@code f} of the way from {@code a} to {@code b}. */
    static double between(double a, double b, double f) {
        return a + f * (b - a);
    }

    /** The count a share {@code f} of the way from {@code a} to {@code b}; {@code a} when either is unknown (-1). */
    static long between(long a, long b, double f) {
        return a < 0 || b < 0 ? a : a + Math.round(f * (b - a));
    }

    /** {@code x} rounded to 10^-3: /proc counts hundredths, and result.json need not carry binary fractions. */
    static double milli(double x) {
        return Math.round(x * 1000) / 1000.0;
    }

    /** Adds {@code v} under {@code key}. */
    static void add(Map<String, Double> m, String key, double v) {
        m.merge(key, v, Double::sum);
    }

    static Map<String, Double> newSums() {
        return new HashMap<>();
    }
}
