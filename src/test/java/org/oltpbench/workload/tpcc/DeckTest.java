package org.oltpbench.workload.tpcc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Issue 27 §1.5: fractional weights are dealt exactly, not rounded to whole cards. */
class DeckTest {
    private static int[] dealt(Deck deck, int cards) {
        TpccRandom r = new TpccRandom(11, 123, 259, 7911);
        int[] out = new int[5];
        for (int i = 0; i < cards; i++) out[deck.deal(r)]++;
        return out;
    }

    @Test
    void wholeWeightsMakeAHundredCards() {
        Deck d = new Deck(new double[] {45, 43, 4, 4, 4});
        assertEquals(100, d.size());
        assertArrayEquals(new int[] {450, 430, 40, 40, 40}, dealt(d, 1000), "ten full decks");
    }

    /** seed004.md's remedy: 44.8/43/4/4/4.2 is a deck of 1,000 cards with 448, 430, 40, 40 and 42 of them (it was 45/43/4/4/4). */
    @Test
    void oneDecimalMakesAThousandCards() {
        Deck d = new Deck(new double[] {44.8, 43, 4, 4, 4.2});
        assertEquals(1000, d.size());
        assertArrayEquals(new int[] {896, 860, 80, 80, 84}, dealt(d, 2000), "two full decks");
    }

    @Test
    void twoDecimalsMakeTenThousandCards() {
        assertEquals(10_000, new Deck(new double[] {44.75, 43.25, 4, 4, 4}).size());
    }
}
