package org.oltpbench.workload.tpcc;

/**
 * A terminal's deck of transaction cards (TPC-C 5.2.4.2's alternative to drawing each type at random): one card per
 * share of the mix, shuffled, dealt in order, reshuffled when spent, so every full deck holds the weights exactly. The
 * weights are percentages with at most {@link #MAX_DECIMALS} decimals; the deck has 100 x 10^d cards for d decimals
 * (100 for 45/43/4/4/4, 1,000 for 44.8/43/4/4/4.2), so a fractional weight is dealt exactly, never rounded. The spec's
 * own example deck has 23 cards (10 New-Order, 10 Payment, one of each other type); this one deals the configured
 * weights instead.
 */
final class Deck {
    /** The most decimals a weight may have: a deck of 10,000 cards. */
    static final int MAX_DECIMALS = 2;

    private final int[] cards;
    private int next;

    /** @param weights percentages per transaction type, summing to 100, each with at most MAX_DECIMALS decimals */
    Deck(double[] weights) {
        int scale = 1;
        while (!whole(weights, scale)) scale *= 10;
        int[] counts = new int[weights.length];
        int total = 0;
        for (int k = 0; k < weights.length; k++) {
            counts[k] = (int) Math.round(weights[k] * scale);
            total += counts[k];
        }
        cards = new int[total];
        int i = 0;
        for (int k = 0; k < counts.length; k++) {
            for (int n = 0; n < counts[k]; n++) cards[i++] = k;
        }
        next = cards.length;
    }

    private static boolean whole(double[] weights, int scale) {
        if (scale > Math.pow(10, MAX_DECIMALS)) throw new IllegalArgumentException("weights with more than 2 decimals");
        for (double w : weights) if (Math.abs(w * scale - Math.rint(w * scale)) >= 1e-6) return false;
        return true;
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
