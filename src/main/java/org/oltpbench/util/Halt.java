package org.oltpbench.util;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Halting the JVM at once (a second Ctrl-C) skips the shutdown hooks. What must not outlive the process even then
 * registers a quick, best-effort action here: the embedded server kills its process.
 */
public final class Halt {
    private static final Set<Runnable> ACTIONS = ConcurrentHashMap.newKeySet();

    private Halt() {
    }

    public static void register(Runnable action) {
        ACTIONS.add(action);
    }

    public static void unregister(Runnable action) {
        ACTIONS.remove(action);
    }

    /** Runs every registered action, then halts with {@code status}. */
    public static void now(int status) {
        for (Runnable a : ACTIONS) {
            try {
                a.run();
            } catch (RuntimeException e) {
                // best effort: the halt must happen
            }
        }
        Runtime.getRuntime().halt(status);
    }
}
