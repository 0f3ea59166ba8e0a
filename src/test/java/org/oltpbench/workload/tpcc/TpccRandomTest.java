package org.oltpbench.workload.tpcc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.oltpbench.config.ConfigException;

class TpccRandomTest {
    private final TpccRandom r = new TpccRandom(11, 123, 259, 7911);

    @Test
    void nurandStaysInRangeAndIsSkewed() {
        int[] hist = new int[3001];
        for (int i = 0; i < 300_000; i++) {
            int c = r.customerId();
            assertTrue(c >= 1 && c <= 3000);
            hist[c]++;
        }
        int max = 0;
        for (int h : hist) max = Math.max(max, h);
        // uniform would give about 100 per id; NURand's OR makes some ids far more frequent
        assertTrue(max > 300, "max " + max);
        for (int i = 0; i < 100_000; i++) {
            int item = r.itemId();
            assertTrue(item >= 1 && item <= 100_000);
            int n = TpccRandom.nurand(255, 0, 999, 123, r);
            assertTrue(n >= 0 && n <= 999);
        }
    }

    /**
     * NURand(A, x, y) = (((random(0, A) | random(x, y)) + C) % (y - x + 1)) + x, checked through its exact
     * distribution for A = 1, x = 0, y = 3, C = 1, computed by hand: random(0,1) | random(0,3) is
     * 0 with p 1/8, 1 with 3/8, 2 with 1/8, 3 with 3/8; adding 1 mod 4 gives 1: 1/8, 2: 3/8, 3: 1/8, 0: 3/8.
     * AND instead of OR, a missing C, or a wrong modulus each change this table.
     */
    @Test
    void nurandFormula() {
        TpccRandom g = new TpccRandom(7, 0, 0, 0);
        int n = 80_000;
        int[] seen = new int[4];
        for (int i = 0; i < n; i++) seen[TpccRandom.nurand(1, 0, 3, 1, g)]++;
        double[] expected = {3 / 8.0, 1 / 8.0, 3 / 8.0, 1 / 8.0};
        for (int v = 0; v < 4; v++) {
            assertEquals(expected[v], seen[v] / (double) n, 0.01, "share of " + v);
        }
    }

    @Test
    void runTimeCObeysClause2161() {
        for (int cLoad = 0; cLoad <= 255; cLoad++) {
            int c = TpccRandom.runCLast(cLoad, r);
            int delta = Math.abs(c - cLoad);
            assertTrue(c >= 0 && c <= 255);
            assertTrue(delta >= 65 && delta <= 119 && delta != 96 && delta != 112, "cLoad " + cLoad + " c " + c);
        }
    }

    @Test
    void lastNameSyllables() {
        assertEquals("BARBARBAR", TpccRandom.lastName(0));
        assertEquals("OUGHTABLEPRI", TpccRandom.lastName(123));
        assertEquals("EINGEINGEING", TpccRandom.lastName(999));
        assertEquals("PRESCALLYATION", TpccRandom.lastName(478));
    }

    @Test
    void originalInTenPercentOfData() {
        int n = 100_000, hits = 0;
        for (int i = 0; i < n; i++) {
            char[] d = r.dataWithOriginal();
            assertTrue(d.length >= 26 && d.length <= 50);
            if (new String(d).contains("ORIGINAL")) hits++;
        }
        assertEquals(0.10, hits / (double) n, 0.005);
    }

    @Test
    void stringsAndZip() {
        char[] a = r.astring(8, 16);
        assertTrue(a.length >= 8 && a.length <= 16);
        assertTrue(new String(r.nstring(16, 16)).matches("\\d{16}"));
        assertTrue(new String(r.zip()).matches("\\d{4}11111"));
    }

    @Test
    void middleRowRule() {
        // position ceil(n / 2) of n rows, 1-based, as a 0-based index
        assertEquals(0, CustomerLookup.middle(1));
        assertEquals(0, CustomerLookup.middle(2));
        assertEquals(1, CustomerLookup.middle(3));
        assertEquals(1, CustomerLookup.middle(4));
        assertEquals(2, CustomerLookup.middle(5));
    }

    /** 2.5.1.2, 2.6.1.2: Payment's and Order-Status's customer is named by last name 60% of the time, else by id. */
    @Test
    void sixtyPercentOfCustomersAreNamedByLastName() {
        int n = 100_000, byName = 0;
        for (int i = 0; i < n; i++) {
            CustomerLookup.Named c = CustomerLookup.Named.draw(r);
            if (c.byName()) {
                byName++;
                assertEquals(0, c.id());
            } else {
                assertTrue(c.id() >= 1 && c.id() <= 3000, "id " + c.id());
            }
        }
        assertEquals(0.6, byName / (double) n, 0.01);
    }

    @Test
    void deckHoldsTheMixExactlyEveryHundred() {
        Deck deck = new Deck(new double[] {45, 43, 4, 4, 4});
        assertEquals(100, deck.size());
        for (int round = 0; round < 3; round++) {
            int[] seen = new int[5];
            for (int i = 0; i < 100; i++) seen[deck.deal(r)]++;
            assertEquals(45, seen[0]);
            assertEquals(43, seen[1]);
            assertEquals(4, seen[2]);
            assertEquals(4, seen[3]);
            assertEquals(4, seen[4]);
        }
    }

    @Test
    void thinkTimeIsExponentialTruncatedAtTenMeans() {
        int n = 200_000;
        double sum = 0;
        long max = 0;
        for (int i = 0; i < n; i++) {
            long t = TpccTerminal.thinkNanos(r, 3);
            sum += t;
            max = Math.max(max, t);
        }
        double mean = 5_000 * 1e6; // TPC-C 5.2.5.4: Delivery's mean think time is 5 s
        assertTrue(max <= 10 * mean);
        // truncation at 10 means removes e^-10 of the mass: the mean stays within 0.1% of 5 s
        assertEquals(mean, sum / n, mean * 0.01);
        assertEquals(18_000, TpccType.NEW_ORDER.keyingMs, "TPC-C 5.2.5.2: New-Order's keying time is 18 s");
    }

    @Test
    void remoteWarehouseIsNeverHome() {
        for (int i = 0; i < 10_000; i++) {
            int o = Txn.otherWarehouse(r, 3, 5);
            assertTrue(o >= 1 && o <= 5 && o != 3);
        }
        assertEquals(1, Txn.otherWarehouse(r, 1, 1));
    }

    /**
     * 2.4.1.5 / 2.5.1.2: a remote warehouse is drawn from every warehouse of the database, not the client's range.
     * A client driving only warehouse 3 of 10 must still reach 1, 2 and 4..10, each about 1/9 of the time.
     */
    @Test
    void remoteWarehouseComesFromAllWarehousesNotTheClientsRange() {
        int[] seen = new int[11];
        for (int i = 0; i < 90_000; i++) seen[Txn.otherWarehouse(r, 3, 10)]++;
        assertEquals(0, seen[3]);
        for (int w = 1; w <= 10; w++) {
            if (w != 3) assertTrue(Math.abs(seen[w] - 10_000) < 500, "warehouse " + w + " drawn " + seen[w] + " times");
        }
    }
}
