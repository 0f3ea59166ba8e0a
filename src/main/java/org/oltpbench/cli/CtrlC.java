package org.oltpbench.cli;

import java.io.PrintStream;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.oltpbench.driver.StopSignal;
import org.oltpbench.util.Halt;
import sun.misc.Signal;

/**
 * SIGINT, SIGTERM and SIGHUP for the command line, all as Ctrl-C: docker stop, Kubernetes and process managers send
 * SIGTERM, a closed terminal SIGHUP. The first signal while a level measures lets the report interval in progress
 * finish; then the job writes the results, restores tuned settings and exits 128 + the signal's number (130, 143,
 * 129). A first signal at any other time (loading, connecting) exits through the shutdown hook, which stops the job at
 * once and waits for its results: a load stops between batches, cancels a long statement, runs no checks, and says the
 * complete warehouses or tables that a prepare again keeps (see {@link org.oltpbench.db.load.LoadJobs}). A second signal halts the JVM at once: what the intervals already wrote
 * (intervals.csv, the .hlog files, result.json after every level) stays on disk, tuned settings stay changed, and an
 * embedded server is killed (see {@link Halt}). Under the launcher (OLTPBENCH_RELAUNCHED), a terminal's Ctrl-C
 * arrives twice, from the terminal and passed on by the launcher: a repeat of the same signal within 500 ms is that
 * one signal.
 */
final class CtrlC {
    private static final long SAME_SIGNAL_NANOS = 500_000_000L;
    private static final Map<String, Integer> NUMBERS = Map.of("INT", 2, "TERM", 15, "HUP", 1);

    private CtrlC() {
    }

    static void install(StopSignal stop, PrintStream err) {
        boolean relaunched = System.getenv("OLTPBENCH_RELAUNCHED") != null;
        AtomicInteger presses = new AtomicInteger();
        AtomicLong lastAt = new AtomicLong();
        AtomicReference<String> last = new AtomicReference<>("");
        for (var e : NUMBERS.entrySet()) {
            String name = e.getKey();
            int code = 128 + e.getValue();
            try {
                Signal.handle(new Signal(name), sig -> {
                    long now = System.nanoTime();
                    if (relaunched && name.equals(last.get()) && now - lastAt.get() < SAME_SIGNAL_NANOS) return;
                    last.set(name);
                    lastAt.set(now);
                    onSignal(name, code, presses.incrementAndGet(), stop, err);
                });
            } catch (IllegalArgumentException ex) {
                // the JVM does not let the signal be handled here (-Xrs): its default, the shutdown hook, still applies
            }
        }
    }

    private static void onSignal(String name, int code, int count, StopSignal stop, PrintStream err) {
        String what = name.equals("INT") ? "Ctrl-C" : "SIG" + name;
        if (count > 1) {
            err.println("oltpbench: " + what + " again: exiting now (completed intervals are on disk; tuned settings are not restored)");
            Halt.now(code);
        }
        stop.signalled(what, code);
        if (stop.finishInterval()) {
            err.println("oltpbench: " + what + ": finishing the current interval, then writing the results (Ctrl-C again "
                    + "exits at once)");
        } else {
            System.exit(code);
        }
    }
}
