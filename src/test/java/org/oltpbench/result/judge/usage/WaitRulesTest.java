package org.oltpbench.result.judge.usage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
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
import org.oltpbench.result.repeat.usage.Stall;
import org.oltpbench.result.repeat.usage.Verdict;
import org.oltpbench.result.repeat.usage.Verdict.Limit;

/**
 * The wait rules at their thresholds (issue 45), on one 10-s window of 100 samples of 8 sessions, with the server's CPU
 * well below full (client 0.4, server 0.9 of 2 cores, host 1.5 busy), so that no CPU rule matches. Shares by hand:
 * a class's session-samples over all active session-samples.
 */
class WaitRulesTest {
    private static final double SECS = 10;

    /** Waits of 100 samples: {@code counts} as class, count pairs. */
    static Waits waits(int samples, Object... counts) {
        Map<WaitClass, Long> c = new EnumMap<>(WaitClass.class);
        Map<WaitClass, Map<String, Long>> names = new EnumMap<>(WaitClass.class);
        for (int k = 0; k < counts.length; k += 2) {
            WaitClass cls = (WaitClass) counts[k];
            long n = ((Number) counts[k + 1]).longValue();
            c.put(cls, n);
            names.put(cls, Map.of(cls == WaitClass.LOCK ? "Lock:tuple" : cls == WaitClass.COMMIT ? "IO:WALSync" : cls.name(), n));
        }
        return new Waits(samples, c, names, c.containsKey(WaitClass.LOCK) ? Map.of("bmsql_district", c.get(WaitClass.LOCK)) : Map.of(), 0);
    }

    private static IntervalResult interval(boolean warmup, Waits w, Stall unused) {
        HostCpu host = new HostCpu(2, 15, 0, 0, 5, 0, 0, 0, 0);
        ServerUse server = new ServerUse(ResourceSource.PROC, "localhost", "postgres 42", 9, 100, 0, 0, -1, -1, -1,
                new HostCpu(2, 0, 0, 0, 0, 0, 0, 0, 0), "0-1");
        Resources r = new Resources(new ClientUse(4, 0, 1, "lo", 1, 1, host), List.of(server));
        return new IntervalResult(warmup ? 10 : 20, SECS, 8, 1000, 0, 0, 0, 0, 0, warmup, 0, null, -1, List.of(), r,
                IntervalResult.TerminalTime.UNKNOWN, Schedule.NONE, w);
    }

    static Verdict verdict(Waits w) {
        // a warm-up interval full of CPU waits is left out of the window's waits
        IntervalResult warm = interval(true, waits(100, WaitClass.CPU, 800), null);
        return Usages.of(List.of(warm, interval(false, w, null)), 1000, 2, VerdictRules.Inputs.NONE).verdict();
    }

    @Test
    void locksAtThirtyPercentOfTheActiveTimeAreTheLimitAndJustBelowAreNot() {
        // 240 of 800 active session-samples = 30%
        Verdict at = verdict(waits(100, WaitClass.CPU, 560, WaitClass.LOCK, 240));
        assertEquals(Limit.LOCKS, at.limit());
        assertEquals("nothing saturated: server CPU 0.90 cores, client CPU 0.40 of 2; 8.0 sessions in transactions: CPU 70% "
                + "(5.6 sessions running as the engine shows them, on 0.90 server cores: the rest waited, for a CPU or for "
                + "what the engine does not name), row and table locks 30% (Lock:tuple; bmsql_district): contention on "
                + "rows: more warehouses, fewer terminals per warehouse or the engine's lock settings change it",
                at.evidence());
        // 239 of 800 = 29.9% prints as 30%: judged as printed, so a printed 30% is never beside "none"
        assertEquals(Limit.LOCKS, verdict(waits(100, WaitClass.CPU, 561, WaitClass.LOCK, 239)).limit());
        // 235 of 800 = 29.4% prints as 29%: no wait verdict; where the time went is said beside "none"
        Verdict below = verdict(waits(100, WaitClass.CPU, 565, WaitClass.LOCK, 235));
        assertEquals(Limit.NONE, below.limit());
        assertTrue(below.evidence().contains("; 8.0 sessions in transactions: CPU 71% (5.7 sessions running"), below.evidence());
        assertTrue(below.evidence().contains("row and table locks 29% (Lock:tuple; bmsql_district): latency-bound"),
                below.evidence());
    }

    @Test
    void theLargestClassOtherThanCpuIsNamed() {
        // commit 300 (37.5%) beside locks 250 (31.3%): commit
        assertEquals(Limit.COMMIT, verdict(waits(100, WaitClass.CPU, 250, WaitClass.LOCK, 250, WaitClass.COMMIT, 300)).limit());
        assertEquals(Limit.READS, verdict(waits(100, WaitClass.CPU, 100, WaitClass.IO, 300)).limit());
        assertEquals(Limit.LATCHES, verdict(waits(100, WaitClass.CPU, 100, WaitClass.LATCH, 300)).limit());
        assertEquals(Limit.NODES, verdict(waits(100, WaitClass.CPU, 100, WaitClass.NETWORK, 300)).limit());
        // waiting for the client is shown, never the verdict: the round trips of every client-side transaction
        assertEquals(Limit.NONE, verdict(waits(100, WaitClass.CPU, 100, WaitClass.CLIENT, 300)).limit());
        // "other" is never a verdict, however large: it names no cause
        assertEquals(Limit.NONE, verdict(waits(100, WaitClass.CPU, 100, WaitClass.OTHER, 700)).limit());
        // all on CPU with no CPU full: none, latency-bound
        assertEquals(Limit.NONE, verdict(waits(100, WaitClass.CPU, 800)).limit());
    }

    @Test
    void tooFewSamplesAreSaidInsteadOfJudged() {
        // a 10-s window expects 80 samples at 8 a second; 39 cover less than half of it
        Verdict few = verdict(waits(39, WaitClass.LOCK, 150));
        assertEquals(Limit.NONE, few.limit());
        assertTrue(few.evidence().contains("too few wait samples to say where the sessions' time went (39 samples of the "
                + "window's 80, 150 session-samples in transactions; at least 20 and half the window's samples, and 20)"),
                few.evidence());
        assertEquals(Limit.LOCKS, verdict(waits(40, WaitClass.LOCK, 150)).limit(), "40 of 80: half the window");
        Verdict idle = verdict(waits(100, WaitClass.LOCK, 19));
        assertEquals(Limit.NONE, idle.limit(), "19 session-samples in transactions in 100 samples: too few to judge");
        // one class needs 20 session-samples of its own: 19 lock samples among 200 are not a verdict, whatever their share
        assertEquals(Limit.NONE, verdict(waits(100, WaitClass.CPU, 20, WaitClass.LOCK, 19)).limit());
        assertEquals(Limit.LOCKS, verdict(waits(100, WaitClass.CPU, 20, WaitClass.LOCK, 20)).limit());
    }

    @Test
    void notSampledLeavesTheVerdictAsBefore() {
        Verdict none = verdict(Waits.NONE);
        assertEquals(Limit.NONE, none.limit());
        assertEquals("nothing saturated: server CPU 0.90 cores, client CPU 0.40 of 2: latency-bound, more threads may "
                + "raise throughput", none.evidence());
    }

    @Test
    void theWaitsLineSaysSessionsOfTheLevelAndTheClassesByShare() {
        assertEquals("7.0 of 8 sessions in transactions: row and table locks 57% (Lock:tuple; bmsql_district), CPU 29%, "
                + "commit / log flush 14% (IO:WALSync)",
                WaitRules.sessions(waits(10, WaitClass.CPU, 20, WaitClass.LOCK, 40, WaitClass.COMMIT, 10), 8));
    }
    /**
     * The engine's CPU class against the server's measured cores: MariaDB at flush_log_at_trx_commit=2 on a throttled
     * disk stalled with 14.7 of 16 sessions "running" while its server used 0.08 cores (sessions waiting for a
     * checkpoint show as a running statement). 100 samples, 1,472 CPU session-samples = 14.72 sessions.
     */
    @Test
    void runningSessionsBeyondTheServersCoresAreSaidNotToBeOnACpu() {
        Waits w = waits(100, WaitClass.CPU, 1_472, WaitClass.LOCK, 64, WaitClass.COMMIT, 64);
        String line = WaitRules.sessions(w, 16, 0.08);
        assertTrue(line.contains("CPU 92% (14.7 sessions running as the engine shows them, on 0.08 server cores: the rest "
                + "waited, for a CPU or for what the engine does not name)"), line);
        assertEquals(WaitRules.sessions(w, 16), WaitRules.sessions(w, 16, 0), "not measured: nothing said");
        // within the cores the server ran (16 of them), or within one core of it: said nothing
        assertTrue(!WaitRules.sessions(w, 16, 16).contains("running as the engine shows"));
        assertTrue(!WaitRules.sessions(w, 16, 13.9).contains("running as the engine shows"), "14.7 <= 13.9 + 1");
        assertTrue(WaitRules.sessions(w, 16, 7.3).contains("running as the engine shows"), "14.7 > 2 x 7.3");
    }
    /** A CPU-full server (the verdict SERVER): the client's share says it is partly statements waiting for a thread. */
    @Test
    void theClientsShareBesideAFullServerSaysWhatItHolds() {
        Waits w = waits(80, WaitClass.CLIENT, 4_700, WaitClass.CPU, 96);
        String full = WaitRules.sessions(w, 64, 0.99, true);
        assertTrue(full.contains("waiting for the client 98% (CLIENT; the server's CPU was full: partly statements "
                + "waiting for a server thread)"), full);
        assertTrue(!WaitRules.sessions(w, 64, 0.99, false).contains("server's CPU was full"));
    }
}
