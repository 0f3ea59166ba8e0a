package org.oltpbench.properties;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.Supplier;

/**
 * One try's seeded draws for a property test ({@link Prop#forAll}): each method draws one value of a kind and notes it,
 * so that a failing try names what it drew. Ranges are closed, [min, max]. As property libraries do, a range's ends
 * (and 0 where the range holds it) are drawn now and then ({@link #EDGES} of the draws) unless the {@code inner}
 * variant is asked for: bugs live at the edges more often than in the middle.
 */
public final class Draw {
    /** The share of range draws that take one of the range's edges instead of a uniform value. */
    static final double EDGES = 0.05;
    private static final long[] LONG_EDGES = {0, 1, -1, Long.MIN_VALUE, Long.MAX_VALUE};

    private final SplittableRandom random;
    private final List<String> drawn = new ArrayList<>();

    Draw(long seed) {
        this.random = new SplittableRandom(seed);
    }

    /** What this try drew so far, in order. */
    List<String> drawn() {
        return List.copyOf(drawn);
    }

    private <T> T note(T value) {
        drawn.add(String.valueOf(value));
        return value;
    }

    private boolean edge() {
        return random.nextDouble() < EDGES;
    }

    /** A whole number in [min, max], its edges and 0 now and then. */
    public int ints(int min, int max) {
        return (int) longs(min, max);
    }

    /** A whole number in [min, max], its edges and 0 now and then. */
    public long longs(long min, long max) {
        range(min, max);
        if (edge()) return note(pickEdge(min, max));
        return note(uniform(min, max));
    }

    /** Any long, its edges (0, ±1, MIN_VALUE, MAX_VALUE) now and then. */
    public long anyLong() {
        if (edge()) return note(LONG_EDGES[random.nextInt(LONG_EDGES.length)]);
        return note(random.nextLong());
    }

    /** Any long, uniformly: a seed for a scenario's own generator. */
    public long seed() {
        return note(random.nextLong());
    }

    /** A real number in [min, max], its edges and 0 now and then. */
    public double doubles(double min, double max) {
        range(min, max);
        if (edge()) return note(pickEdge(min, max));
        return note(uniform(min, max));
    }

    /** A real number in [min, max], never an edge on purpose. */
    public double innerDoubles(double min, double max) {
        return note(uniform(min, max));
    }

    /** A real number in [min, max] with at most {@code scale} decimals, its edges now and then. */
    public double doubles(double min, double max, int scale) {
        double d = edge() ? pickEdge(min, max) : uniform(min, max);
        double r = BigDecimal.valueOf(d).setScale(scale, RoundingMode.HALF_UP).doubleValue();
        return note(Math.max(min, Math.min(max, r)));
    }

    /** true or false. */
    public boolean bool() {
        return note(random.nextBoolean());
    }

    /** One of the values, each as likely. */
    @SafeVarargs
    public final <T> T of(T... values) {
        return note(values[random.nextInt(values.length)]);
    }

    /** {@code value} with probability {@code p}, else what {@code other} draws. */
    public <T> T sometimes(double p, T value, Supplier<T> other) {
        if (random.nextDouble() < p) return note(value);
        return other.get();
    }

    /** Each supplier as likely; only the chosen one draws. */
    @SafeVarargs
    public final <T> T oneOf(Supplier<T>... choices) {
        return choices[random.nextInt(choices.length)].get();
    }

    /** One of the choices, each as likely as its weight ({@code weights[i]} for {@code choices[i]}); only the chosen draws. */
    @SafeVarargs
    public final <T> T frequency(int[] weights, Supplier<T>... choices) {
        if (weights.length != choices.length) throw new IllegalArgumentException("a weight for each choice");
        int total = 0;
        for (int w : weights) total += w;
        int pick = random.nextInt(total), i = 0;
        while (pick >= weights[i]) pick -= weights[i++];
        return choices[i].get();
    }

    /** A list of {@code min} to {@code max} elements, each drawn by {@code element}. */
    public <T> List<T> list(int min, int max, Supplier<T> element) {
        range(min, max);
        int n = (int) (edge() ? pickEdge(min, max) : uniform(min, max));
        List<T> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) out.add(element.get());
        return out;
    }

    /** A set of {@code min} to {@code max} distinct values among {@code values} (at most as many as there are). */
    @SafeVarargs
    public final <T> Set<T> subset(int min, int max, T... values) {
        range(min, max);
        if (Set.of(values).size() != values.length) throw new IllegalArgumentException("subset of values that repeat");
        int n = Math.min(values.length, (int) uniform(min, max));
        List<T> pool = new ArrayList<>(List.of(values));
        Set<T> out = new LinkedHashSet<>();
        while (out.size() < n) out.add(pool.remove(random.nextInt(pool.size())));
        return note(out);
    }

    /**
     * A string of 0 to {@code maxLength} characters: mostly printable ASCII, now and then a blank, a control character,
     * a letter beyond Latin-1 or a surrogate pair; now and then empty.
     */
    public String string(int maxLength) {
        int n = edge() ? (random.nextBoolean() ? 0 : maxLength) : random.nextInt(maxLength + 1);
        StringBuilder b = new StringBuilder(n);
        while (b.length() < n) {
            int kind = random.nextInt(20);
            if (kind < 14) b.append((char) (32 + random.nextInt(95)));
            else if (kind < 16) b.append(' ');
            else if (kind < 17) b.append((char) random.nextInt(32));
            else if (kind < 19) b.append((char) (0x100 + random.nextInt(0xD000 - 0x100)));
            else if (b.length() + 2 <= n) b.appendCodePoint(0x10000 + random.nextInt(0x10000));
        }
        return note(b.toString());
    }

    /** null with probability {@code p}, else what {@code value} draws. */
    public <T> T orNull(double p, Supplier<T> value) {
        if (random.nextDouble() < p) return note(null);
        return value.get();
    }

    private static void range(double min, double max) {
        if (!(min <= max)) throw new IllegalArgumentException("an empty range [" + min + ", " + max + "]");
    }

    private long uniform(long min, long max) {
        if (max - min + 1 <= 0) { // the span overflows a long: draw until in range
            long v;
            do v = random.nextLong(); while (v < min || v > max);
            return v;
        }
        return min + random.nextLong(max - min + 1);
    }

    private double uniform(double min, double max) {
        return min + random.nextDouble() * (max - min); // [min, max): max is an edge
    }

    private long pickEdge(long min, long max) {
        if (min <= 0 && 0 <= max && random.nextInt(3) == 0) return 0;
        return random.nextBoolean() ? min : max;
    }

    private double pickEdge(double min, double max) {
        if (min <= 0 && 0 <= max && random.nextInt(3) == 0) return 0;
        return random.nextBoolean() ? min : max;
    }
}
