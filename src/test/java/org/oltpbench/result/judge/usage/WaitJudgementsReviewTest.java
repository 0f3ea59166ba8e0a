package org.oltpbench.result.judge.usage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.oltpbench.result.judge.Rebuilt;
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
 * Reviewer's cases (issue 45, branch brk45) where the wait judgements meet their neighbours: each asserts what a user
 * should be told, and is disabled while main says otherwise. The window is WaitRulesTest's: 10 s, server 0.9 and client
 * 0.4 of 2 cores, no CPU rule matches.
 */
class WaitJudgementsReviewTest {

    private static IntervalResult interval(Waits w, IntervalResult.TerminalTime terminals) {
        HostCpu host = new HostCpu(2, 15, 0, 0, 5, 0, 0, 0, 0);
        ServerUse server = new ServerUse(ResourceSource.PROC, "localhost", "postgres 42", 9, 100, 0, 0, -1, -1, -1,
                new HostCpu(2, 0, 0, 0, 0, 0, 0, 0, 0), "0-1");
        Resources r = new Resources(new ClientUse(4, 0, 1, "lo", 1, 1, host), List.of(server));
        return new IntervalResult(20, 10, 8, 1000, 0, 0, 0, 0, 0, false, 0, null, -1, List.of(), r, terminals,
                Schedule.NONE, w);
    }

    /**
     * The counts a real run recorded (PostgreSQL 15 on :5433, oltp_read_write, 2 tables x 10,000 rows, threads=1,2,4,
     * time=8; /tmp/brk45r/pg1): at 1 thread 79 samples, CPU 4, idle in transaction 66 session-samples (94% of the
     * active time); at 2 threads CPU 16, client 133 (89%). Throughput went 114 -> 415 tps from 1 to 2 threads. The
     * server answers each statement in microseconds and the session is "idle in transaction" for the round trip: that
     * is what latency-bound means, in every multi-statement workload. Without a busy host the verdict of both levels
     * is "waiting for the client ... stored procedures or fewer statements per transaction change it" instead of
     * "none: latency-bound, more threads may raise throughput" - yet more threads did raise it, 3.6 times.
     */
    @Test
    void idleInTransactionOfALatencyBoundLevelIsNotALimit() {
        Waits oneThread = WaitRulesTest.waits(79, WaitClass.CPU, 4, WaitClass.CLIENT, 66);
        Verdict v = WaitRulesTest.verdict(oneThread);
        assertEquals(Limit.NONE, v.limit(), v.evidence());
    }

    /**
     * One lock wait of 0.6 s in a 10-s window of 100 samples, a single session otherwise on CPU 1.4 s: 20 active
     * session-samples, the minimum, of which 6 (30%) are the one wait. Samples of one session 100 ms apart are one
     * event seen six times, not six observations: the verdict says "locks ... more warehouses" on a single lock wait.
     */
    @Test
    void oneLockWaitIsNotContention() {
        Waits one = WaitRulesTest.waits(100, WaitClass.CPU, 14, WaitClass.LOCK, 6);
        Verdict v = WaitRulesTest.verdict(one);
        assertNotEquals(Limit.LOCKS, v.limit(), v.evidence());
    }

    /**
     * A paced TPC-C repeat whose terminals keyed and thought 80% of their time: the live verdict is PACING (with where
     * the time went beside). A killed run's `report DIR` rebuilds the repeat from the journal (Journal.repeat), whose
     * VerdictRules.Inputs carry no Offered (Offered.CLOSED): the same intervals, terminals' time and waits there judge LOCKS,
     * "contention on rows: more warehouses, fewer terminals per warehouse" - for a run the pacing bounded.
     */
    @Test
    void aRebuiltPacedRepeatIsStillPaced() {
        Waits w = WaitRulesTest.waits(100, WaitClass.CPU, 30, WaitClass.LOCK, 20);
        List<IntervalResult> intervals = List.of(interval(w, new IntervalResult.TerminalTime(16, 64)));
        VerdictRules.Offered paced = VerdictRules.Offered.of(intervals, 0, 8, 0, 1000, 10);
        Verdict live = Usages.of(intervals, 1000, 2, new VerdictRules.Inputs(0, 0, 0, 1000, Stall.NONE, paced)).verdict();
        assertEquals(Limit.PACING, live.limit(), live.evidence());
        // the same repeat rebuilt from its journal (a killed run's `report DIR`): judged with what bounded the load
        var detail = new org.oltpbench.result.repeat.counted.IntervalDetail(
                new org.oltpbench.result.repeat.counted.Counts(1000, 0, 0, 0, 0, 0, 0, 0, 0, 0),
                List.of(new org.oltpbench.result.repeat.counted.TxnMetrics("NewOrder", 1000, 0, 0, 0,
                        org.oltpbench.result.repeat.counted.Histograms.encode(org.oltpbench.result.repeat.counted.Histograms.empty()))));
        var entry = new org.oltpbench.result.file.Journal.Entry(new org.oltpbench.result.file.Journal.Started(8, 1,
                "2026-11-27T00:00:00Z"), intervals, List.of(detail), -1, -1, false);
        Verdict rebuilt = org.oltpbench.result.file.Journal.repeat(entry, List.of("NewOrder"), 2, Rebuilt::judged).usage().verdict();
        assertEquals(live.limit(), rebuilt.limit(), rebuilt.evidence());
    }

    /**
     * Sampled 100 times, no row of the view matched the ids the driver gave (a pooler or proxy between: pgbouncer's
     * backend pid, ProxySQL's thread id are not the server's; a front end the monitor did not connect to): nothing
     * active, nothing idle. The [Waits] line says the server's sessions were idle.
     */
    @Test
    void sessionsNeverSeenAreNotZeroActive() {
        Waits unseen = new Waits(100, Map.of(), Map.of(), Map.of(), 0);
        assertEquals("none of the level's sessions seen in 100 samples of the server's view", WaitRules.sessions(unseen, 8));
        org.junit.jupiter.api.Assertions.assertTrue(WaitRulesTest.verdict(unseen).evidence().contains("none of the "
                + "level's sessions was seen in 100 samples"), WaitRulesTest.verdict(unseen).evidence());
    }

    /**
     * connections=2 with 8 TPC-C terminals: the sessions are the pool's 2 (SharedConnections opens them through
     * benchmarkConnection, so they are the ones counted). "of N" is the level's threads, so the line reads "1.8 of 8
     * sessions active" for a pool that was full. Real run (PostgreSQL :5433, tpcc, warehouses=1, terminals=8,
     * connections=2, time=8): "[Waits] 1.8 of 8 sessions active (0.2 idle between transactions: the client's and the
     * network's time): ..." beside [Queue] lines of 9-12 ms average waits for a connection.
     */
    @Test
    void ofIsTheSessionsOpenNotTheThreads() {
        Waits sampled = WaitRulesTest.waits(100, WaitClass.CPU, 180);
        // as the sampler records it: at most 2 of the level's sessions in any sample, the pool's
        Waits pool = new Waits(sampled.samples(), sampled.classes(), sampled.names(), sampled.objects(), 20, 2);
        assertEquals("1.8 of 2 sessions in transactions (0.2 idle between them: the client's and the network's time): "
                + "CPU 100%", WaitRules.sessions(pool, 8));
    }

    /**
     * A 60-s window of six 10-s intervals whose sampler read only in the first 2 s (then the server restarted, or the
     * monitor's front end went away, and every read failed: one warn line, then nothing): 20 samples, the minimum, all
     * of them from the first 2 s, judge the whole window LOCKS. The rule counts samples, not the share of the window
     * they cover; the [Waits] line's "(20 samples)" does not say "of 600".
     */
    @Test
    void samplesFromAThirtiethOfTheWindowDoNotJudgeIt() {
        List<IntervalResult> window = new java.util.ArrayList<>();
        window.add(interval(WaitRulesTest.waits(20, WaitClass.CPU, 100, WaitClass.LOCK, 60), IntervalResult.TerminalTime.UNKNOWN));
        for (int k = 0; k < 5; k++) window.add(interval(Waits.NONE, IntervalResult.TerminalTime.UNKNOWN));
        Verdict v = Usages.of(window, 6000, 2, VerdictRules.Inputs.NONE).verdict();
        assertNotEquals(Limit.LOCKS, v.limit(), v.evidence());
    }
}
