package org.oltpbench.properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.oltpbench.driver.IgnoreList;
import org.oltpbench.driver.Levels;
import org.oltpbench.driver.SimClock;
import org.oltpbench.driver.SimLevel;
import org.oltpbench.measure.resources.SimHost;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.repeat.client.Resources;
import org.oltpbench.result.repeat.counted.IntervalResult;
import org.oltpbench.result.repeat.usage.Usage;

/**
 * Issue 42 §2, "resources of an interval never exceed its seconds times the cores that could run them; shares add up to
 * the host": generated levels on the simulated clock and the fake driver (terminals, warm-up, report intervals, a rate or
 * an event budget) on a simulated host whose client, server and other processes keep a constant number of cores busy,
 * with a stop that runs on after the deadline: a side load (CH's streams) slow to stop, statements in flight at the
 * deadline that end seconds later, and a reporter that wakes late. Every interval's resources are those of its own seconds, so with constant use each is
 * the use x its seconds, and at most its seconds x the host's cores; the client's and the server's shares add up to at
 * most the host's busy time (§1.4: the last interval held a 33.5 s stop, "host 6.46 of 2 busy").
 */
class LevelResourcesProperties {
    private static final long MS = 1_000_000L, S = 1_000_000_000L;
    /** /proc's hundredths are kept to 10^-3 per interval (ProcFiles.milli), and edges fall on whole simulated µs. */
    private static final double SLACK = 0.003;

    /** One generated level and what its host runs. */
    record Scenario(int threads, int warmup, int time, int interval, long events, double rate, long statementMs,
                    long tailFromMs, long tailMs, long stopMs, long lateMs, int cores, double client, double server,
                    double others) {
    }

    @Test
    void everyIntervalsResourcesAreThoseOfItsOwnSeconds() {
        Prop.forAll(40, d -> everyIntervalsResourcesAreThoseOfItsOwnSeconds(scenarios(d)));
    }

    private static void everyIntervalsResourcesAreThoseOfItsOwnSeconds(Scenario c) throws InterruptedException {
        SimClock clock = new SimClock(0);
        clock.late(Thread.currentThread(), c.lateMs * MS); // the reporter (this thread) wakes late at every wait
        var settings = Levels.threads(c.threads).warmup(c.warmup).time(c.time).interval(c.interval).events(c.events)
                .rate(c.rate).seed(7).ignore(new IgnoreList(List.of())).build();
        RepeatResult r = SimLevel.run(clock, settings, start -> start >= c.tailFromMs * MS ? c.tailMs * MS : c.statementMs * MS,
                SimLevel.slowToStop(clock, c.stopMs * MS), SimHost.sampler(clock::nanoTime, c.cores, c.client, c.server, c.others));
        double busy = c.client + c.server + c.others;
        for (IntervalResult i : r.intervals()) {
            Resources res = i.resources();
            String at = c + ", interval at " + i.at() + " of " + i.seconds() + " s";
            double secs = i.seconds(), host = c.cores * secs;
            assertEquals(c.client * secs, res.client().cpuSeconds(), SLACK, "client, " + at);
            assertEquals(c.server * secs, res.servers().get(0).cpuSeconds(), SLACK, "server, " + at);
            assertEquals(busy * secs, res.client().host().busy(), SLACK, "host busy, " + at);
            assertTrue(res.client().host().total() <= host + SLACK, "the host's CPU-seconds fit its cores x seconds, " + at);
            assertTrue(res.client().cpuSeconds() + res.servers().get(0).cpuSeconds() <= res.client().host().busy() + SLACK,
                    "client and server add up to at most the host's busy time, " + at);
        }
        Usage u = r.usage();
        if (!u.recorded()) return;
        // the window's cores divide the intervals' amounts, each rounded to 10^-3, by its seconds (5 ms at the least)
        double slack = SLACK * (r.intervals().size() + 1) / u.seconds();
        assertTrue(u.clientHostBusyCores() <= c.cores + slack, c + ": host " + u.clientHostBusyCores() + " of " + c.cores);
        assertEquals(busy, u.clientHostBusyCores(), slack, c + ": the window's host busy cores");
        assertEquals(c.server, u.serverCores(), slack, c + ": the window's server cores");
        assertEquals(c.client, u.clientCores(), slack, c + ": the window's client cores");
    }

    /**
     * Small levels, so that a try runs in tens of milliseconds: 0 to 3 terminals (0: the side load alone), up to 2 s of
     * warm-up and 4 s measured, 0 to 2 s intervals, a budget or a rate now and then; statements of 5 to 50 ms, and from a
     * point in the level on, tails of 0 to 5 s; a stop of the side load of 0 to 40 s; a reporter that wakes up to 0.7 s
     * late (past the deadline, so that the window ends before the level stops); a host of 1 to 8 cores whose
     * client, server and other processes share at most all of them.
     */
    private static Scenario scenarios(Draw d) {
        int[] s = {d.ints(0, 3), d.ints(0, 2), d.ints(1, 4), d.ints(0, 2)};
        long e = d.sometimes(0.5, 0L, () -> d.longs(1, 200));
        double r = d.sometimes(0.5, 0.0, () -> d.doubles(1, 100, 1));
        long st = d.longs(5, 50), from = d.longs(0, 6_000), tail = d.longs(0, 5_000), stop = d.longs(0, 40_000);
        long[] t = {st, from, Math.max(st, tail), stop};
        long l = d.sometimes(0.5, 0L, () -> d.longs(1, 700));
        int n = d.ints(1, 8);
        double a = d.doubles(0, 1), b = d.doubles(0, 1), o = d.doubles(0, 1);
        double sum = Math.max(1, a + b + o); // shares of the cores, together at most all of them
        double[] h = {n, n * a / sum, n * b / sum, n * o / sum};
        return new Scenario(s[0], s[1], s[2], s[3], s[0] == 0 ? 0 : e, s[0] == 0 ? 0 : r, t[0], t[1], t[2], t[3], l,
                (int) h[0], h[1], h[2], h[3]);
    }
}
