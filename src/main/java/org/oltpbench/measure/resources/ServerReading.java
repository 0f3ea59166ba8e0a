package org.oltpbench.measure.resources;

import org.oltpbench.result.repeat.client.ResourceSource;
import org.oltpbench.result.repeat.client.Resources.ServerUse;

/**
 * A server's cumulative counters at one instant (CPU seconds and bytes since it started; memory as it is now); two
 * readings of the same {@link #key()} give the use between them. -1 marks what the source does not know.
 */
record ServerReading(ResourceSource source, String host, String component, double cpuSeconds, long rssBytes,
                     long readBytes, long writeBytes, long diskOps, long netInBytes, long netOutBytes,
                     ProcFiles.CpuModes cpu, String cpus) {

    String key() {
        return source.label() + " " + host + " " + component;
    }

    /** The use from {@code earlier} to this reading; counters that went back (a restart) count from zero. */
    ServerUse since(ServerReading earlier) {
        return new ServerUse(source, host, component, ProcFiles.milli(Math.max(0, cpuSeconds - earlier.cpuSeconds)), rssBytes,
                delta(readBytes, earlier.readBytes), delta(writeBytes, earlier.writeBytes), delta(diskOps, earlier.diskOps),
                delta(netInBytes, earlier.netInBytes), delta(netOutBytes, earlier.netOutBytes), cpu.minus(earlier.cpu), cpus);
    }

    /** The reading a share {@code f} of the way to {@code later} (of the same key); memory and CPUs as this one's. */
    ServerReading toward(ServerReading later, double f) {
        return new ServerReading(source, host, component, ProcFiles.between(cpuSeconds, later.cpuSeconds, f), rssBytes,
                ProcFiles.between(readBytes, later.readBytes, f), ProcFiles.between(writeBytes, later.writeBytes, f),
                ProcFiles.between(diskOps, later.diskOps, f), ProcFiles.between(netInBytes, later.netInBytes, f),
                ProcFiles.between(netOutBytes, later.netOutBytes, f), cpu.toward(later.cpu, f), cpus);
    }

    static long delta(long now, long before) {
        if (now < 0 || before < 0) return -1;
        return now >= before ? now - before : now;
    }
}
