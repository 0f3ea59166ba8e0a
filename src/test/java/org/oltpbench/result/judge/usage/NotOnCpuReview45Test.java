package org.oltpbench.result.judge.usage;

import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.oltpbench.result.repeat.client.ResourceSource;
import org.oltpbench.result.repeat.client.Resources;
import org.oltpbench.result.repeat.client.Resources.ClientUse;
import org.oltpbench.result.repeat.client.Resources.HostCpu;
import org.oltpbench.result.repeat.client.Resources.ServerUse;
import org.oltpbench.result.repeat.counted.IntervalResult;
import org.oltpbench.result.repeat.counted.Schedule;
import org.oltpbench.result.repeat.server.WaitClass;
import org.oltpbench.result.repeat.server.Waits;
import org.oltpbench.result.repeat.usage.Usage;
import org.oltpbench.result.repeat.usage.Verdict;

/**
 * Reviewer's case (rev45b, on main 9bed1a8): WaitRules.notOnCpu sets the engine's CPU class beside Usage.serverCores(),
 * which takes the processes' cores when any source saw a process and then drops every node_exporter host. Two front
 * ends: a local server found by its port (0.9 cores of its process) and a remote one measured by node_exporter (3.0
 * cores busy of 4). The sampler reads both servers' views: 4.8 sessions running. The evidence says those 4.8 ran "on
 * 0.90 server cores: the rest waited", while the two servers measured 3.9 cores between them.
 */
class NotOnCpuReview45Test {
    private static final double SECS = 10;

    @Test
    void aRemoteServersCoresAreNotLeftOutOfTheRunningSessionsCheck() {
        HostCpu client = new HostCpu(2, 15, 0, 0, 5, 0, 0, 0, 0);
        ServerUse local = new ServerUse(ResourceSource.PROC, "localhost", "mariadbd 42", 9, 100, 0, 0, -1, -1, -1,
                new HostCpu(2, 0, 0, 0, 0, 0, 0, 0, 0), "0-1");
        ServerUse remote = new ServerUse(ResourceSource.NODE_EXPORTER, "db2:9100", "host", 30, 100, 0, 0, 0, 0, 0,
                new HostCpu(4, 30, 0, 0, 10, 0, 0, 0, 0), "");
        Resources r = new Resources(new ClientUse(4, 0, 1, "lo", 1, 1, client), List.of(local, remote));
        Waits w = WaitRulesTest.waits(100, WaitClass.CPU, 480, WaitClass.LOCK, 160, WaitClass.COMMIT, 160);
        IntervalResult i = new IntervalResult(20, SECS, 8, 1000, 0, 0, 0, 0, 0, false, 0, null, -1, List.of(), r,
                IntervalResult.TerminalTime.UNKNOWN, Schedule.NONE, w);
        Verdict v = Usages.of(List.of(i), 1000, 2, VerdictRules.Inputs.NONE).verdict();
        assertFalse(v.evidence().contains("running as the engine shows them"),
                "4.8 running sessions said to be off a CPU on 3.9 measured cores: " + v.evidence());
    }
}
