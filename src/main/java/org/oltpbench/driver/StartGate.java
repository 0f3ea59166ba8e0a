package org.oltpbench.driver;

import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import org.oltpbench.util.Progress;

/**
 * Holds a repeat, its connections open and its statements prepared, until its start time, so that several client
 * machines (startAt) begin measuring together. {@link #NOW} does not wait.
 */
public interface StartGate {
    /** Returns at the start time, or at once when it has passed or Ctrl-C was pressed. */
    void await(StopSignal stop) throws InterruptedException;

    StartGate NOW = stop -> {
    };

    /** A gate at {@code at}; the wait shows a progress line, and a start already past prints one warning line. */
    static StartGate at(Instant at, PrintStream out) {
        return stop -> {
            long late = Duration.between(at, Instant.now()).toMillis();
            if (late > 1000) {
                out.printf("warning: this level's start time %s passed %.1f s ago; it starts now, out of step with the other "
                        + "clients (raise levelPauseSecs, or give a later startAt)%n", at, late / 1000.0);
                return;
            }
            long total = Math.max(1, -late / 1000);
            Progress p = new Progress(out, "waiting for startAt " + at, total, "s",
                    () -> total - Math.max(0, Duration.between(Instant.now(), at).toSeconds()));
            while (!stop.raised()) {
                long left = Duration.between(Instant.now(), at).toMillis();
                if (left <= 0) break;
                p.print();
                Thread.sleep(Math.min(left, 1000));
            }
            p.finish();
        };
    }
}
