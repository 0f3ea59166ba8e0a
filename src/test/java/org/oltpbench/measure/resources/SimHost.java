package org.oltpbench.measure.resources;

import java.util.List;
import java.util.function.LongSupplier;
import org.oltpbench.result.repeat.client.ResourceSource;

/**
 * A host on simulated time for the level loop's tests: {@code cores} CPUs on which, from time 0 of {@code nanos}, the
 * client process keeps {@code client} cores busy, a local server process {@code server} cores and other processes
 * {@code others}, all the time, whatever the level does (a query the server does not cancel at once goes on during the
 * stop). Its sampler reads them as /proc would: cumulative CPU-seconds at the instant it is asked.
 */
public final class SimHost {
    private SimHost() {
    }

    /** A sampler of such a host; the rates are cores, their sum at most {@code cores}. */
    public static ResourceSampler sampler(LongSupplier nanos, int cores, double client, double server, double others) {
        ResourceSampler.ClientProbe host = () -> {
            double t = nanos.getAsLong() / 1e9, busy = (client + server + others) * t;
            double[] modes = new double[ProcFiles.CpuModes.MODES.size()];
            modes[0] = busy; // user
            modes[3] = cores * t - busy; // idle
            return new ResourceSampler.ClientReading(client * t, 0, 1L << 30, -1, -1, new ProcFiles.CpuModes(cores, modes),
                    new double[] {-1, -1, -1});
        };
        ServerProbe mariadbd = new ServerProbe() {
            @Override
            public String describe() {
                return "a simulated mariadbd";
            }

            @Override
            public List<ServerReading> read() {
                double t = nanos.getAsLong() / 1e9;
                return List.of(new ServerReading(ResourceSource.PROC, "localhost", "mariadbd :3306", server * t, 1L << 30,
                        -1, -1, -1, -1, -1, new ProcFiles.CpuModes(cores, new double[ProcFiles.CpuModes.MODES.size()]),
                        "0-" + (cores - 1)));
            }
        };
        return new ResourceSampler(host, "lo", List.of(mariadbd), w -> { });
    }
}
