package org.oltpbench.properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
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
    @Property(tries = 300)
    void sharesAddUpToTheSetting(@ForAll @IntRange(min = 1, max = 16) int clients,
                                 @ForAll @IntRange(min = 0, max = 5_000) int threads,
                                 @ForAll @LongRange(min = 0, max = 1_000_000_000_000L) long events,
                                 @ForAll("rates") double rate) {
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
    @Property(tries = 300)
    void warehouseSlicesCoverTheRange(@ForAll @IntRange(min = 1, max = 16) int clients,
                                      @ForAll @IntRange(min = 1, max = 1_000) int first,
                                      @ForAll @IntRange(min = 0, max = 10_000) int more) {
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
    @Property(tries = 60)
    void eachClientRunsItsShareAndMergeGivesBackTheSetting(@ForAll @IntRange(min = 1, max = 16) int clients,
                                                          @ForAll @IntRange(min = 0, max = 200) int extraThreads,
                                                          @ForAll @LongRange(min = 0, max = 10_000_000) long events,
                                                          @ForAll("rates") double rate) {
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
    @Provide
    Arbitrary<Double> rates() {
        return Arbitraries.oneOf(Arbitraries.just(0.0), Arbitraries.bigDecimals().between(new BigDecimal("0.001"),
                new BigDecimal("1000000")).ofScale(3).map(BigDecimal::doubleValue));
    }
}
