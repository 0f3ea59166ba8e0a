package org.oltpbench.result.judge.usage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.oltpbench.result.repeat.client.Resources;
import org.oltpbench.result.repeat.client.Resources.ClientUse;
import org.oltpbench.result.repeat.client.Resources.HostCpu;
import org.oltpbench.result.repeat.counted.IntervalResult;
import org.oltpbench.result.repeat.counted.Schedule;
import org.oltpbench.result.repeat.server.WaitClass;
import org.oltpbench.result.repeat.server.Waits;
import org.oltpbench.result.repeat.usage.Verdict;
import org.oltpbench.result.repeat.usage.Verdict.Limit;

/**
 * Issue 58 §1: what held the sessions is asked before what held the CPU. A 10-s window of 32 terminals, 100 samples
 * of 32 sessions (3,200 session-samples); figures by hand, shares as a class's count over 3,200.
 */
class RuleOrderTest {
    private static final double SECS = 10;

    /** A window: client, local server and host CPU-seconds, the client's run-queue delay (thread-seconds), the waits. */
    private static Verdict verdict(double client, double server, double hostBusy, double runQueue, Waits w,
                                   VerdictRules.Inputs in) {
        HostCpu host = new HostCpu(2, hostBusy, 0, 0, 2 * SECS - hostBusy, 0, 0, 0, 0);
        Resources r = new Resources(new ClientUse(client, 0, 1, "lo", 1, 1, host, new Resources.CpuWait(runQueue, 0, -1)),
                List.of(VerdictRulesTest.local(server)));
        IntervalResult i = new IntervalResult(10, SECS, 32, 1000, 0, 0, 0, 0, 0, false, 0, null, -1, List.of(), r,
                IntervalResult.TerminalTime.UNKNOWN, Schedule.NONE, w);
        return Usages.of(List.of(i), 1000, 2, in).verdict();
    }

    private static Verdict verdict(double client, double server, double hostBusy, double runQueue, Waits w) {
        return verdict(client, server, hostBusy, runQueue, w, VerdictRules.Inputs.NONE);
    }

    /** Row locks 87%, CPU 8%, waiting for the client 5% (the first run). */
    private static final Waits LOCKED = WaitRulesTest.waits(100, WaitClass.LOCK, 2784, WaitClass.CPU, 256, WaitClass.CLIENT, 160);

    /**
     * The first run: row locks held 87% of the sessions' time while other processes held 0.55 of 2 cores
     * (host 1.95 busy, server 0.90, client 0.50). Before, "other processes" was the verdict; the locks are, with the
     * host on the same line.
     */
    @Test
    void rowLocksOnABusyHostAreTheLimitWithTheHostAsACaveat() {
        Verdict v = verdict(5, 9, 19.5, 0, LOCKED);
        assertEquals(Limit.LOCKS, v.limit(), v.evidence());
        assertTrue(v.evidence().startsWith("server CPU 0.90 cores, client CPU 0.50 of 2; 32.0 sessions in transactions: row and "
                + "table locks 87%"), v.evidence());
        // not a clean measurement, for compare's "beyond noise" as for the reader
        assertEquals(List.of(Limit.OTHERS), v.caveats());
        assertEquals(Limit.OTHERS, v.unclean());
        assertEquals("locks (not a clean measurement: others)", v.headline());
        assertTrue(v.evidence().endsWith("; other processes held 0.55 of 2 cores: this level is not a clean measurement (this "
                + "host's CPU 1.95 of 2 cores busy (98%): the server 0.90, the client 0.50, other "
                + "processes 0.55)"), v.evidence());
    }

    /**
     * The second run, on a quiet host: the client's 32 threads waited for a CPU 0.61 s a second and ran 0.45,
     * but the sessions waited for the client 7% of their time (224 of 3,200): the locks (89%) are the limit, not the
     * client's run queue. Where the sessions waited for the client 60% of it, the client was starved.
     */
    @Test
    void aClientsRunQueueIsNotTheLimitOfSessionsThatSeldomWaitedForIt() {
        Waits quiet = WaitRulesTest.waits(100, WaitClass.LOCK, 2848, WaitClass.CLIENT, 224, WaitClass.CPU, 96, WaitClass.OTHER, 32);
        Verdict v = verdict(4.5, 6, 12, 6.1, quiet);
        assertEquals(Limit.LOCKS, v.limit(), v.evidence());
        assertTrue(v.evidence().endsWith("; the client's threads waited for a CPU 0.61 s a second (run-queue delay) and ran "
                + "0.45, and the sessions waited for the client 7% of their time, so it did not limit them"), v.evidence());
        Waits forClient = WaitRulesTest.waits(100, WaitClass.CLIENT, 1920, WaitClass.LOCK, 640, WaitClass.CPU, 640);
        Verdict starved = verdict(4.5, 6, 12, 6.1, forClient);
        assertEquals(Limit.STARVED, starved.limit(), starved.evidence());
        // a class under the majority (locks 35%) beside a client the sessions seldom waited for: the wait rule, not starved
        Waits some = WaitRulesTest.waits(100, WaitClass.LOCK, 1120, WaitClass.CPU, 1824, WaitClass.CLIENT, 256);
        Verdict locks = verdict(4.5, 6, 12, 6.1, some);
        assertEquals(Limit.LOCKS, locks.limit(), locks.evidence());
        // and with no class at 30%, nothing held the sessions and the client did not: latency-bound, the wait said
        Waits cpu = WaitRulesTest.waits(100, WaitClass.LOCK, 800, WaitClass.CPU, 2144, WaitClass.CLIENT, 256);
        Verdict none = verdict(4.5, 6, 12, 6.1, cpu);
        assertEquals(Limit.NONE, none.limit(), none.evidence());
        assertTrue(none.evidence().contains("waited for the client 8% of their time"), none.evidence());
    }

    /**
     * Under the majority, a class the wait rule names (locks 35%) still comes before "other processes"; with no class
     * named (CPU 80%), other processes that held a quarter of the busy host are the verdict.
     */
    @Test
    void otherProcessesAreTheVerdictOnlyWhereTheWaitsNameNoClass() {
        Waits some = WaitRulesTest.waits(100, WaitClass.LOCK, 1120, WaitClass.CPU, 1600, WaitClass.CLIENT, 480);
        Verdict v = verdict(5, 9, 19.5, 0, some);
        assertEquals(Limit.LOCKS, v.limit(), v.evidence());
        assertTrue(v.evidence().contains("; other processes held 0.55 of 2 cores: this level is not a clean measurement"), v.evidence());
        Waits cpu = WaitRulesTest.waits(100, WaitClass.CPU, 2560, WaitClass.LOCK, 480, WaitClass.CLIENT, 160);
        assertEquals(Limit.OTHERS, verdict(5, 9, 19.5, 0, cpu).limit());
        // without waits sampled, as before
        assertEquals(Limit.OTHERS, verdict(5, 9, 19.5, 0, Waits.NONE).limit());
    }

    /** A server at its CPU limit beside row locks that held 87%: the locks, the full server said beside them. */
    @Test
    void aFullServerBesideMajorityLocksIsACaveat() {
        Verdict v = verdict(1.5, 18.5, 20, 0, LOCKED);
        assertEquals(Limit.LOCKS, v.limit(), v.evidence());
        assertTrue(v.evidence().contains("; the server's CPU was full too (server CPU 1.85"), v.evidence());
        // under the majority (locks 35%), the full server is the verdict, as before
        Waits some = WaitRulesTest.waits(100, WaitClass.LOCK, 1120, WaitClass.CPU, 1600, WaitClass.CLIENT, 480);
        assertEquals(Limit.SERVER, verdict(1.5, 18.5, 20, 0, some).limit());
    }

    /** An arrival rate that was kept bounds the load whatever the sessions waited on; the majority rule leaves it. */
    @Test
    void aKeptRateComesBeforeTheMajority() {
        VerdictRules.Inputs rate = new VerdictRules.Inputs(0, 0, 0, 1000, null,
                new VerdictRules.Offered(0, 100, 100, SECS));
        Verdict v = verdict(5, 9, 12, 0, LOCKED, rate);
        assertEquals(Limit.ARRIVAL_RATE, v.limit(), v.evidence());
        assertFalse(v.evidence().contains("not a clean measurement"), v.evidence());
    }

    /**
     * The client's CPU full comes first still (the figure measures oltpbench), whatever the sessions' waits; and a
     * level with no caveat to give keeps its line as it was.
     */
    @Test
    void aFullClientStaysFirstAndCleanLevelsKeepTheirLine() {
        assertEquals(Limit.CLIENT, verdict(19, 0.5, 19.8, 0, LOCKED).limit());
        Verdict clean = verdict(3, 6, 10, 0, LOCKED);
        assertEquals(Limit.LOCKS, clean.limit(), clean.evidence());
        assertEquals(null, clean.unclean());
        assertEquals("locks", clean.headline());
        assertFalse(clean.evidence().contains("not a clean") || clean.evidence().contains("run-queue")
                || clean.evidence().contains("full too"), clean.evidence());
    }

    /**
     * Issue 58 §1: a TiDB level stalled while oltpbench's sampling took 2.8 s ([Late]); the verdict said other processes
     * held 1.00 of 2 cores, "the client 1.00". Here: 10 one-second intervals, 4 terminals, 100 transactions a second but
     * none in 5-8 s, when the client ran 1.00 core (0.20 otherwise), the host 1.95 busy, the server 0.01. The client's
     * own work is named, never another process's.
     */
    @Test
    void theClientsOwnWorkInAStallIsTheClients() {
        List<IntervalResult> w = new java.util.ArrayList<>();
        for (int at = 1; at <= 10; at++) {
            boolean held = at >= 5 && at <= 8;
            w.add(held ? VerdictRulesTest.second(at, 0, 1.00, 0.01, 1.95) : VerdictRulesTest.second(at, 100, 0.20, 0.60, 1.10));
        }
        org.oltpbench.result.repeat.usage.Stall stall = org.oltpbench.result.judge.stall.StallRule.of(w,
                org.oltpbench.result.judge.stall.StallRuleTest.latency(600, 1000, 0, 0), 10, 10, 1);
        Verdict v = Usages.of(w, 600, 2, new VerdictRules.Inputs(0, 0, 0, 600, stall)).verdict();
        assertEquals(Limit.CLIENT, v.limit(), v.evidence());
        assertTrue(v.evidence().contains("while it stalled the client itself ran 1.00 cores (0.20 outside it)"), v.evidence());
        // a client that ran what it ran over the window while others held the host: theirs, as before
        List<IntervalResult> others = w.stream().map(i -> i.transactions() == 0 ? VerdictRulesTest.second((int) i.at(), 0, 0.21,
                0.01, 1.95) : i).toList();
        assertEquals(Limit.OTHERS, Usages.of(others, 600, 2, new VerdictRules.Inputs(0, 0, 0, 600, stall)).verdict().limit());
    }
}
