package org.oltpbench.workload.tpcc;

/**
 * The transaction mix as a deck (TPC-C 5.2.4.2): 100 cards dealt in shuffled order, each type appearing as
 * many times as its weight, reshuffled when empty; the mix holds exactly over every 100 transactions.
 */
final class Deck {
    private final int[] cards;
    private int next;

    /** @param weights percentages per transaction type, summing to 100 */
    Deck(double[] weights) {
        int[] counts = new int[weights.length];
        int total = 0;
        for (int k = 0; k < weights.length; k++) {
            counts[k] = (int) Math.round(weights[k]);
            total += counts[k];
        }
        cards = new int[total];
        int i = 0;
        for (int k = 0; k < counts.length; k++) {
            for (int n = 0; n < counts[k]; n++) cards[i++] = k;
        }
        next = cards.length;
    }

    int deal(TpccRandom r) {
        if (next == cards.length) {
            for (int i = cards.length - 1; i > 0; i--) {
                int j = r.between(0, i), t = cards[i];
                cards[i] = cards[j];
                cards[j] = t;
            }
            next = 0;
        }
        return cards[next++];
    }

    int size() {
        return cards.length;
    }
}
