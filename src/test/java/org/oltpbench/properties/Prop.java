package org.oltpbench.properties;

import java.util.SplittableRandom;

/**
 * Property tests on plain JUnit 5 with seeded generators: {@code Prop.forAll(300, d -> { int n = d.ints(1, 64); ... })}
 * runs the body once per try, each try with a {@link Draw} of its own seed, and fails on the first try that fails, naming
 * the property's seed, the try, its seed and what it drew.
 *
 * <p>Contract: a property's tries are a pure function of its seed, so a run is repeatable and CI is deterministic. The
 * seed is one derived from the property's class and method name; {@code -Doltpbench.seed=N} runs those properties on
 * seed N instead, and {@code -Doltpbench.seed=random} on a new one each run (to look for new scenarios: a failure prints
 * the seed to run it again). A property that names its own seed keeps it whatever is set: such a seed is part of a
 * statistical bound stated for it (a false alarm rate over its fixed windows), which another seed does not keep.
 * {@code -Doltpbench.tries=K} multiplies every property's tries.
 */
public final class Prop {
    private Prop() {
    }

    /** What a property asserts of one try's draws. */
    @FunctionalInterface
    public interface Body {
        void check(Draw d) throws Exception;
    }

    /** Runs {@code tries} tries on the seed derived from the calling test's class and method, or -Doltpbench.seed's. */
    public static void forAll(int tries, Body body) {
        StackWalker.StackFrame caller = StackWalker.getInstance().walk(s -> s.skip(1).findFirst()).orElseThrow();
        run(tries, seed((caller.getClassName() + "#" + caller.getMethodName()).hashCode() * 0x9E3779B97F4A7C15L), body);
    }

    /** Runs {@code tries} tries on {@code seed}, the property's own, whatever -Doltpbench.seed says. */
    public static void forAll(int tries, long seed, Body body) {
        run(tries, seed, body);
    }

    private static void run(int tries, long base, Body body) {
        int n = tries * Integer.getInteger("oltpbench.tries", 1);
        if (n <= 0) throw new IllegalArgumentException("a property runs at least one try: tries " + tries + ", -Doltpbench.tries "
                + Integer.getInteger("oltpbench.tries", 1));
        SplittableRandom seeds = new SplittableRandom(base);
        for (int t = 1; t <= n; t++) {
            long trySeed = seeds.nextLong();
            Draw d = new Draw(trySeed);
            try {
                body.check(d);
            } catch (Throwable e) {
                if (e instanceof VirtualMachineError vm) throw vm;
                throw new AssertionError("property failed on try " + t + " of " + n + " (seed " + base + ", -Doltpbench.seed="
                        + base + " runs it again); drawn: " + d.drawn() + "\n" + e.getMessage(), e);
            }
        }
    }

    private static long seed(long own) {
        String s = System.getProperty("oltpbench.seed", "");
        if (s.isBlank()) return own;
        if (s.equals("random")) return new SplittableRandom().nextLong();
        return Long.parseLong(s.trim());
    }
}
