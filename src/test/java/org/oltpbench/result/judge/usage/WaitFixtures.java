package org.oltpbench.result.judge.usage;

import java.util.List;
import org.oltpbench.result.repeat.client.ResourceSource;
import org.oltpbench.result.repeat.client.Resources;
import org.oltpbench.result.repeat.counted.IntervalResult;
import org.oltpbench.result.repeat.counted.Schedule;
import org.oltpbench.result.repeat.server.Waits;

/** Intervals for the wait rules' tests in any package: no CPU rule matches them, so the wait rules speak. */
public final class WaitFixtures {
    private WaitFixtures() {
    }

    /** A 10-s interval ending at {@code at}: 8 threads, 1,000 transactions, server 0.9 and client 0.4 of 2 cores. */
    public static IntervalResult interval(double at, Waits w) {
        Resources.HostCpu host = new Resources.HostCpu(2, 15, 0, 0, 5, 0, 0, 0, 0);
        Resources.ServerUse server = new Resources.ServerUse(ResourceSource.PROC, "localhost", "postgres 42", 9, 100, 0, 0,
                -1, -1, -1, new Resources.HostCpu(2, 0, 0, 0, 0, 0, 0, 0, 0), "0-1");
        Resources r = new Resources(new Resources.ClientUse(4, 0, 1, "lo", 1, 1, host), List.of(server));
        return new IntervalResult(at, 10, 8, 1000, 0, 0, 0, 0, 0, false, 0, null, -1, List.of(), r,
                IntervalResult.TerminalTime.UNKNOWN, Schedule.NONE, w);
    }
}
