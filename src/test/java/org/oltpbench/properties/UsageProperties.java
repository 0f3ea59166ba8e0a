package org.oltpbench.properties;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.oltpbench.result.judge.usage.Usages;
import org.oltpbench.result.judge.usage.VerdictRules;
import org.oltpbench.result.repeat.counted.IntervalResult;
import org.oltpbench.result.repeat.client.ResourceSource;
import org.oltpbench.result.repeat.client.Resources;
import org.oltpbench.result.repeat.client.Resources.ClientUse;
import org.oltpbench.result.repeat.client.Resources.HostCpu;
import org.oltpbench.result.repeat.client.Resources.ServerUse;
import org.oltpbench.result.repeat.usage.Usage;
import org.oltpbench.result.repeat.usage.Verdict;

/**
 * Issue 42 §2: a window's resources fit its seconds and cores, whatever span each reading covered. On a starved host
 * the reporter samples late, so a reading spans longer than its interval (two clients at rate=40 beside a build printed
 * "this host's CPU 2.09 of 2 cores busy (104%)"). Intervals of 0.5-2 s whose readings span up to 3x their seconds, the
 * host busy at any share, split between the client, a local server and other processes.
 */
class UsageProperties {
    @Test
    void aWindowsCoresNeverExceedTheHostsNorTheBusyOnes() {
        Prop.forAll(300, d -> aWindowsCoresNeverExceedTheHostsNorTheBusyOnes(d.anyLong(), d.ints(1, 16), d.ints(1, 30),
                d.doubles(0, 2)));
    }

    private static void aWindowsCoresNeverExceedTheHostsNorTheBusyOnes(long seed, int cores, int n, double lateness) {
        Random r = new Random(seed);
        List<IntervalResult> intervals = new ArrayList<>();
        double at = 0;
        for (int k = 0; k < n; k++) {
            double secs = 0.5 + 1.5 * r.nextDouble(), span = secs * (1 + lateness * r.nextDouble());
            double busy = cores * span * r.nextDouble(), client = busy * r.nextDouble(), server = (busy - client) * r.nextDouble();
            HostCpu host = new HostCpu(cores, busy, 0, 0, cores * span - busy, 0, 0, 0, 0);
            ServerUse s = new ServerUse(ResourceSource.PROC, "localhost", "mariadbd 42", server, 1, 0, 0, -1, -1, -1,
                    HostCpu.UNKNOWN, "");
            at += secs;
            intervals.add(new IntervalResult(at, secs, 4, 100, 100, 0, 0, 0, 0, false, 0, null, -1, List.of(),
                    new Resources(new ClientUse(client, 0, 1, "lo", 1, 1, host), List.of(s))));
        }
        Usage u = Usages.of(intervals, 100L * n, cores, VerdictRules.Inputs.NONE);
        String why = u.clientHostBusyCores() + " busy, client " + u.clientCores() + ", server " + u.serverCores() + " of " + cores;
        assertTrue(u.clientHostBusyCores() <= cores + 1e-9, why);
        assertTrue(u.clientCores() + u.serverCores() <= u.clientHostBusyCores() + 1e-9, why);
    }
}
