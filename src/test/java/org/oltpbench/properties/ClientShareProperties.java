package org.oltpbench.properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.oltpbench.config.ClientShare;
import org.oltpbench.config.ConfigLoader;
import org.oltpbench.config.RunParams;
import org.oltpbench.config.SweepParams;

/**
 * Issue 42 §2, "a split over clients adds up to the setting": whatever the clientCount (1..16) and the job's threads,
 * warehouses, rate and events, the clients' shares add up exactly to the setting, none overlaps another, each is what
 * the resolved parameters give that client to run, and merge's parameters give back the setting (§1.8: rate and events
 * were not split, so 2 clients at rate=20 ran 41 tps under a merged "rate 20").
 */
class ClientShareProperties {

    /** Threads, events and rate: the shares add up exactly, and each is in proportion to the client's threads. */
    @Test
    void sharesAddUpToTheSetting() {
        Prop.forAll(300, d -> sharesAddUpToTheSetting(d.ints(1, 16), d.ints(0, 5_000), d.longs(0, 1_000_000_000_000L), rates(d)));
    }

    private static void sharesAddUpToTheSetting(int clients, int threads, long events, double rate) {
        int t = 0;
        long e = 0;
        double r = 0, reversed = 0;
        for (int i = 0; i < clients; i++) {
            ClientShare s = new ClientShare(clients, i);
            // with 0 threads (CH's analytics alone) each client weighs as one
            double weight = threads > 0 ? (double) s.threads(threads) / threads : 1.0 / clients;
            assertTrue(s.threads(threads) >= 0);
            assertTrue(Math.abs(s.events(events, threads) - events * weight) <= 1, "client " + i + ": " + s.events(events, threads));
            assertEquals(rate * weight, s.rate(rate, threads), 4 * Math.ulp(rate), "client " + i);
            t += s.threads(threads);
            e += s.events(events, threads);
            r += s.rate(rate, threads);
            reversed += new ClientShare(clients, clients - 1 - i).rate(rate, threads);
        }
        assertEquals(threads, t);
        assertEquals(events, e);
        assertEquals(rate, r, 0, "the rate's shares add up exactly");
        assertEquals(rate, reversed, 0, "in any order");
    }

    /** Warehouses: contiguous slices that cover the range, in order, with no overlap. */
    @Test
    void warehouseSlicesCoverTheRange() {
        Prop.forAll(300, d -> warehouseSlicesCoverTheRange(d.ints(1, 16), d.ints(1, 1_000), d.ints(0, 10_000)));
    }

    private static void warehouseSlicesCoverTheRange(int clients, int first, int more) {
        int last = first + more, next = first;
        for (int i = 0; i < clients; i++) {
            int[] slice = new ClientShare(clients, i).slice(first, last);
            assertEquals(next, slice[0], "client " + i + " starts where the one before ended");
            assertTrue(slice[1] >= slice[0] - 1);
            next = slice[1] + 1;
        }
        assertEquals(last + 1, next, "the slices end at the range's end");
    }

    /**
     * Each client's resolved level runs its share (threads, events, rate), and merge's parameters (the clients' levels
     * joined) give back the job's setting: the threads they ran, events and rate exactly.
     */
    @Test
    void eachClientRunsItsShareAndMergeGivesBackTheSetting() {
        Prop.forAll(60, d -> eachClientRunsItsShareAndMergeGivesBackTheSetting(d.ints(1, 16), d.ints(0, 200),
                d.longs(0, 10_000_000), rates(d)));
    }

    private static void eachClientRunsItsShareAndMergeGivesBackTheSetting(int clients, int extraThreads, long events,
                                                                          double rate) {
        int threads = clients + extraThreads;
        String rateText = BigDecimal.valueOf(rate).toPlainString();
        List<SweepParams> sweeps = new ArrayList<>();
        List<Integer> ran = new ArrayList<>();
        int total = 0;
        for (int i = 0; i < clients; i++) {
            ClientShare share = new ClientShare(clients, i);
            SweepParams sweep = RunParams.of(ConfigLoader.load(null, List.of("threads=" + threads, "time=10",
                    "events=" + events, "rate=" + rateText, "clientCount=" + clients, "clientIndex=" + i), Map.of()),
                    java.time.ZonedDateTime.now()).sweep();
            SweepParams.LevelParams level = sweep.levels().get(0);
            assertEquals(share.threads(threads), level.threads(), "client " + i);
            assertEquals(share.events(events, threads), level.events(), "client " + i);
            assertEquals(share.rate(rate, threads), level.rate(), 0, "client " + i);
            sweeps.add(sweep);
            total += level.threads();
        }
        ran.add(total);
        SweepParams.LevelParams merged = SweepParams.joined(sweeps, ran).levels().get(0);
        assertEquals(threads, merged.threads());
        assertEquals(events, merged.events());
        assertEquals(rate, merged.rate(), 0);
    }

    /** Rates as a user writes them: 0 (unlimited), fractions of a tps, and up to a million, with up to 3 decimals. */
    private static double rates(Draw d) {
        return d.oneOf(() -> d.of(0.0), () -> d.doubles(0.001, 1_000_000, 3));
    }
}
