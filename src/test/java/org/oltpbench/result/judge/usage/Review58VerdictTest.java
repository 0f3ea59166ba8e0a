package org.oltpbench.result.judge.usage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.oltpbench.result.repeat.client.Resources;
import org.oltpbench.result.repeat.client.Resources.ClientUse;
import org.oltpbench.result.repeat.client.Resources.HostCpu;
import org.oltpbench.result.repeat.client.Resources.ServerUse;
import org.oltpbench.result.repeat.counted.IntervalResult;
import org.oltpbench.result.repeat.counted.Schedule;
import org.oltpbench.result.repeat.server.WaitClass;
import org.oltpbench.result.repeat.server.Waits;
import org.oltpbench.result.repeat.usage.Verdict;
import org.oltpbench.result.repeat.usage.Verdict.Limit;

/** Review of d49743f §1: 10-s window, 32 terminals, 100 wait samples. */
class Review58VerdictTest {
    static final double SECS = 10;

    /** Waits with {@code idle} session-samples idle between transactions. */
    static Waits waits(long idle, Object... counts) {
        Map<WaitClass, Long> c = new EnumMap<>(WaitClass.class);
        for (int k = 0; k < counts.length; k += 2) c.put((WaitClass) counts[k], ((Number) counts[k + 1]).longValue());
        return new Waits(100, c, Map.of(), Map.of(), idle, 32);
    }

    static Verdict verdict(int hostCores, int available, double client, ServerUse server, double hostBusy, double runQueue, Waits w) {
        return verdict(hostCores, available, client, server, hostBusy, runQueue, w, VerdictRules.Inputs.NONE);
    }

    static Verdict verdict(int hostCores, int available, double client, ServerUse server, double hostBusy, double runQueue, Waits w,
                           VerdictRules.Inputs in) {
        HostCpu host = new HostCpu(hostCores, hostBusy, 0, 0, hostCores * SECS - hostBusy, 0, 0, 0, 0);
        Resources r = new Resources(new ClientUse(client, 0, 1, "lo", 1, 1, host, new Resources.CpuWait(runQueue, 0, -1)),
                List.of(server));
        IntervalResult i = new IntervalResult(10, SECS, 32, 1000, 0, 0, 0, 0, 0, false, 0, null, -1, List.of(), r,
                IntervalResult.TerminalTime.UNKNOWN, Schedule.NONE, w);
        Verdict v = Usages.of(List.of(i), 1000, available, in).verdict();
        System.out.println(v.limit() + " | " + v.evidence() + " | caveats " + v.caveats());
        return v;
    }

    /**
     * C1: a starved client (run queue 0.8 s/s, ran 0.45 of 2 cores) whose sessions sat idle 60% of the time (1,920 of
     * 3,200: between autocommit transactions, waiting for the client) and idle in a transaction 8%; of the 40% active
     * time, row locks 24% of all = 60% of active (a descheduled client thread holding its row locks). clientShare = 68%:
     * by the commit's own rule the client limited the sessions, yet the verdict is LOCKS and the line says
     * "waited for the client 68% of their time, so it did not limit them".
     */
    @Test
    void starvedClientHiddenByMajorityOfActiveTime() {
        Waits w = waits(1920, WaitClass.LOCK, 768, WaitClass.CLIENT, 256, WaitClass.CPU, 256);
        assertEquals(0.68, WaitRules.clientShare(w, SECS), 1e-9);
        Verdict v = verdict(2, 2, 4.5, VerdictRulesTest.local(6), 12, 8, w);
        assertFalse(v.evidence().contains("68% of their time, so it did not limit them"), v.evidence());
        assertEquals(Limit.STARVED, v.limit(), v.evidence());
    }

    /**
     * C2: below the majority: locks 40%, clientShare 40% (>= CLIENT_HELD, so starvedClient() returned STARVED), the
     * 30% wait rule wins (documented) -- but the caveat then says the client "did not limit them" at 40%: the branch
     * can only be reached with clientShare >= 30%, so this sentence is always self-contradictory there.
     */
    @Test
    void starvedBranchCaveatContradictsItsOwnThreshold() {
        Waits w = waits(640, WaitClass.LOCK, 1024, WaitClass.CLIENT, 640, WaitClass.CPU, 896);
        assertEquals(0.40, WaitRules.clientShare(w, SECS), 1e-9);
        Verdict v = verdict(2, 2, 4.5, VerdictRulesTest.local(6), 12, 8, w);
        // fixed: sessions that waited for a client short of CPU 40% of their time are a starved client's
        assertEquals(Limit.STARVED, v.limit());
        assertFalse(v.evidence().contains("40% of their time, so it did not limit them"), v.evidence());
    }

    /**
     * C3: boundary, clientShare 29.7% (950 of 3,200) printed "30%": the line reads "waited for the client 30% of their
     * time, so it did not limit them" while the threshold is 30% (WaitRules rounds shares as printed, this does not).
     */
    @Test
    void clientShareBoundaryNotAsPrinted() {
        Waits w = waits(0, WaitClass.LOCK, 1700, WaitClass.CLIENT, 950, WaitClass.CPU, 550);
        Verdict v = verdict(2, 2, 4.5, VerdictRulesTest.local(6), 12, 8, w);
        assertFalse(v.evidence().contains("client 30% of their time, so it did not limit them"), v.evidence());
    }

    /**
     * D: a shared busy host (HOST: 2 cores 97% busy, server 0.9, client 0.9, others 0.15) beside locks 87%: before the
     * change HOST (unclean for compare); now LOCKS with no word of the busy host and no caveat: compare calls it clean.
     */
    @Test
    void sharedHostDroppedBesideMajorityWait() {
        Waits w = waits(0, WaitClass.LOCK, 2784, WaitClass.CPU, 256, WaitClass.CLIENT, 160);
        Verdict v = verdict(2, 2, 9, VerdictRulesTest.local(9), 19.5, 0, w);
        assertEquals(Limit.LOCKS, v.limit());
        assertNotNull(v.unclean(), "busy shared host not carried: " + v.evidence());
    }

    /**
     * E: a client pinned to 1 of 4 cores, kept full (ran 0.5, its threads waited 2.0 s/s, the server 0.5 of its core
     * on it: host 1.2 of 4 busy) beside locks 60%: before CLIENT (the client's cores are the limit); now LOCKS, while
     * an unpinned client at 0.9 of its cores stays CLIENT whatever the waits (the asymmetry).
     */
    @Test
    void pinnedFullClientLosesToMajorityLocks() {
        Waits w = waits(0, WaitClass.LOCK, 1920, WaitClass.CPU, 640, WaitClass.CLIENT, 640);
        ServerUse server = VerdictRulesTest.onCpus(5, "0");
        Verdict v = verdict(4, 1, 5, server, 12, 20, w);
        assertEquals(Limit.CLIENT, v.limit(), v.evidence());
    }

    /**
     * F: the same figures (locks 45%, other processes 0.55 of 2 cores) give LOCKS with an "others" caveat without a
     * stall, but OTHERS as the stall's cause with one (its gate is the 50% majority, the main order's 30%): a 45% lock
     * wait during a stall is blamed on the neighbours, the opposite of the commit's "a lock held 5 s on a shared host is
     * the lock's stall".
     */
    @Test
    void stallPathUsesADifferentThresholdForOthers() {
        Waits w = waits(0, WaitClass.LOCK, 1440, WaitClass.CPU, 1280, WaitClass.CLIENT, 480);
        Verdict plain = verdict(2, 2, 5, VerdictRulesTest.local(9), 19.5, 0, w);
        org.oltpbench.result.repeat.usage.Stall tail = new org.oltpbench.result.repeat.usage.Stall(List.of(), 100, 5000, 40,
                0.002, 10, 10, "max latency 5,000 ms is 125x the p99 (40.0 ms) and 0.20% of transactions took a second or more");
        Verdict stalled = verdict(2, 2, 5, VerdictRulesTest.local(9), 19.5, 0, w, new VerdictRules.Inputs(0, 0, 0, 1000, tail));
        assertEquals(Limit.LOCKS, plain.limit());
        assertEquals(Limit.STALL, stalled.limit(), stalled.evidence());
    }
}
