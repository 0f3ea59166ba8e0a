package org.oltpbench.driver;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import org.oltpbench.config.FaultPlan;
import org.oltpbench.result.judge.fault.Outages;
import org.oltpbench.result.repeat.counted.IntervalResult;
import org.oltpbench.result.repeat.topology.Fault;
import org.oltpbench.util.Clock;

/**
 * One repeat's fault plan as it runs: the reporter starts each command when its time in the window comes, never
 * waits for it there, and collects the exit statuses when the repeat ends. The commands' output goes to the console
 * line by line, prefixed.
 */
final class FaultTimeline {

    /** Starts a command; unit tests act on a fake driver instead. */
    interface Launcher {
        Running start(String command) throws IOException;

        /**
         * Through {@code /bin/sh -c}, as the user, output (stderr merged) to {@code out} line by line; its exit is
         * stamped on {@code clock} as the JVM learns of it.
         */
        static Launcher shell(Consumer<String> out, Clock clock) {
            return command -> {
                Process p = new ProcessBuilder("/bin/sh", "-c", command).redirectErrorStream(true)
                        .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
                Thread.ofPlatform().daemon().name("oltpbench-fault-output").start(() -> copy(p, out));
                CompletableFuture<Exit> exit = p.onExit().thenApply(q -> new Exit(q.exitValue(), clock.nanoTime()));
                return millis -> {
                    try {
                        return exit.get(millis, TimeUnit.MILLISECONDS);
                    } catch (TimeoutException | ExecutionException e) {
                        return Exit.RUNNING;
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return Exit.RUNNING;
                    }
                };
            };
        }

        private static void copy(Process p, Consumer<String> out) {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) out.accept("[Fault] " + line);
            } catch (IOException e) {
                // the command closed its output
            }
        }
    }

    /** A command's exit: its status and when it exited on the level's clock; {@link #RUNNING} while it runs. */
    record Exit(int code, long atNanos) {
        static final Exit RUNNING = new Exit(-1, Long.MIN_VALUE);

        boolean exited() {
            return code >= 0;
        }
    }

    /** A started command. */
    interface Running {
        /** Its exit, waiting up to {@code millis}; {@link Exit#RUNNING} while it still runs. */
        Exit exit(long millis);
    }

    /** How long the repeat's end waits for each command to exit. */
    private static final long EXIT_WAIT_MILLIS = 5_000;

    private final FaultPlan plan;
    private final Launcher launcher;
    private final Consumer<String> out;
    private final java.util.function.ObjDoubleConsumer<String> started;
    private long faultNanos = Long.MAX_VALUE, recoverNanos = Long.MAX_VALUE, t0;
    private double faultAt = -1, recoverAt = -1;
    private Running fault, recover;

    /** @param started told of each command as it starts: its key and its time on the intervals' axis */
    FaultTimeline(FaultPlan plan, Launcher launcher, Consumer<String> out, java.util.function.ObjDoubleConsumer<String> started) {
        this.started = started;
        this.plan = plan;
        this.launcher = launcher;
        this.out = out;
    }

    /** Places the commands: the window starts at {@code windowStart}; interval times count from {@code t0}. */
    void schedule(long t0, long windowStart) {
        this.t0 = t0;
        if (plan.planned()) faultNanos = windowStart + Math.round(plan.atSecs() * 1e9);
        if (plan.recovers()) recoverNanos = windowStart + Math.round(plan.recoverAtSecs() * 1e9);
    }

    /** When the reporter must next wake for a command; Long.MAX_VALUE when none is left. */
    long next() {
        return Math.min(faultNanos, recoverNanos);
    }

    /** Starts the commands due at {@code now}. */
    void fire(long now) {
        if (now >= faultNanos) {
            faultNanos = Long.MAX_VALUE;
            faultAt = (now - t0) / 1e9;
            fault = start("faultCommand", plan.command(), faultAt);
        }
        if (now >= recoverNanos) {
            recoverNanos = Long.MAX_VALUE;
            recoverAt = (now - t0) / 1e9;
            recover = start("recoverCommand", plan.recoverCommand(), recoverAt);
        }
    }

    private Running start(String key, String command, double at) {
        out.accept(String.format(java.util.Locale.ROOT, "[Fault] %.1fs: running %s", at, key));
        started.accept(key, at);
        try {
            return launcher.start(command);
        } catch (IOException e) {
            out.accept("[Fault] " + key + " did not start: " + e.getMessage());
            Exit failed = new Exit(127, Long.MIN_VALUE); // did not start: no time it exited
            return millis -> failed;
        }
    }

    /** The fault as it happened, its outage measured on {@code intervals}; NONE when it never ran. */
    Fault result(List<IntervalResult> intervals) {
        if (fault == null) return Fault.NONE;
        Exit f = fault.exit(EXIT_WAIT_MILLIS);
        Exit r = recover == null ? Exit.RUNNING : recover.exit(EXIT_WAIT_MILLIS);
        return Outages.fault(faultAt, f.code(), secs(f), recoverAt, r.code(), secs(r), intervals);
    }

    /** When a command exited, on the intervals' axis; -1 while it runs. */
    private double secs(Exit e) {
        return e.exited() && e.atNanos() != Long.MIN_VALUE ? (e.atNanos() - t0) / 1e9 : -1;
    }
}
