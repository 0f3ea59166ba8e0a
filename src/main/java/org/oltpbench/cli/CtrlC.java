package org.oltpbench.cli;

import org.oltpbench.run.Job;
import java.io.PrintStream;
import java.util.concurrent.atomic.AtomicInteger;
import org.oltpbench.driver.StopSignal;
import org.oltpbench.util.Halt;
import sun.misc.Signal;

/**
 * SIGINT for the command line. The first Ctrl-C while a level measures lets the report interval in progress finish;
 * then the job writes the results, restores tuned settings and exits 130. A first Ctrl-C at any other time (loading,
 * connecting) exits through the shutdown hook, which stops the job at once and waits for its results. A second
 * Ctrl-C halts the JVM at once: what the intervals already wrote (intervals.csv, the .hlog files, result.json after
 * every level) stays on disk, tuned settings stay changed, and an embedded server is killed (see {@link Halt}).
 */
final class CtrlC {
    private CtrlC() {
    }

    static void install(StopSignal stop, PrintStream err) {
        AtomicInteger presses = new AtomicInteger();
        try {
            Signal.handle(new Signal("INT"), sig -> {
                if (presses.incrementAndGet() > 1) {
                    err.println("oltpbench: Ctrl-C again: exiting now (completed intervals are on disk; tuned settings are not restored)");
                    Halt.now(Job.INTERRUPTED);
                }
                if (stop.finishInterval()) {
                    err.println("oltpbench: Ctrl-C: finishing the current interval, then writing the results (Ctrl-C again exits at once)");
                } else {
                    System.exit(Job.INTERRUPTED);
                }
            });
        } catch (IllegalArgumentException e) {
            // the JVM does not let SIGINT be handled here (-Xrs): its default, the shutdown hook, still applies
        }
    }
}
