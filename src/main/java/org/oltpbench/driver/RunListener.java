package org.oltpbench.driver;

import org.oltpbench.result.level.LevelResult;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.repeat.counted.IntervalResult;
import org.oltpbench.result.run.RunResult;

/**
 * What the run loop publishes. Console formats, the result writer and API callers are listeners; the loop knows
 * none of them. Events arrive in this order: runStarted, then per level and repeat repeatStarted, interval...,
 * repeatFinished, then levelFinished per level, then runFinished. Every event after runStarted carries the whole run
 * so far. A job delivers them through {@link WriterThread}: the interval events on its writer thread, the others on
 * the thread that runs the sweep once those before them were delivered.
 */
public interface RunListener {
    default void runStarted(RunResult run) {
    }

    /**
     * Before a search's probe's repeats: the probe's rate (rate=search) and warehouses (warehouses=search), 0 where the
     * search does not vary them. Not told for listed levels.
     */
    default void probeStarted(int threads, double rate, int warehouses) {
    }

    default void repeatStarted(int threads, int repeat, int repeats) {
    }

    default void interval(IntervalResult interval) {
    }

    /** While a repeat's terminals open their connections (told each second when it takes longer than one). */
    default void connecting(int open, int total, boolean done) {
    }

    /**
     * A repeat's terminals have all connected and prepared their statements, {@code seconds} after they started to
     * (pgbench's "initial connection time").
     */
    default void connected(double seconds) {
    }

    default void repeatFinished(RunResult run, RepeatResult repeat) {
    }

    /** Whether this listener takes {@link #intervalDetail}: the reporter computes a detail only for one that does. */
    default boolean wantsDetail() {
        return false;
    }

    /** Right before {@link #interval}: what the interval adds to the window, per type (the journal keeps it). */
    default void intervalDetail(IntervalResult interval, org.oltpbench.result.repeat.counted.IntervalDetail detail) {
    }

    /** A line about the fault plan's commands, or one of their output lines (faultAt); from any thread. */
    default void fault(String line) {
    }

    /** A line about a monitor of the level (the wait sampler could not read its view); from any thread. */
    default void note(String line) {
    }

    /**
     * The reporter started a fault plan's command ({@code faultCommand} or {@code recoverCommand}) at {@code atSecs} on
     * the intervals' axis (the journal keeps it, so that a killed repeat's outage is rebuilt).
     */
    default void faultStarted(String key, double atSecs) {
    }

    /**
     * The reporter published {@code interval} more than 1.5 times its nominal length after the one before: {@code why}
     * says what held it when that is known (the harvest, sampling the sources, the host's CPU).
     */
    default void late(IntervalResult interval, String why) {
    }

    /** Every event so far has been delivered (a listener that delivers on another thread waits for it here). */
    default void flush() {
    }

    default void levelFinished(RunResult run, LevelResult level) {
    }

    default void runFinished(RunResult run) {
    }

    RunListener SILENT = new RunListener() {
    };

    /** Several listeners in order; a listener that throws stops the run (result files must not silently stop). */
    static RunListener all(java.util.List<RunListener> listeners) {
        return new Forwarding() {
            @Override
            void edge(java.util.function.Consumer<RunListener> event) {
                for (RunListener l : listeners) event.accept(l);
            }

            @Override
            public boolean wantsDetail() {
                return listeners.stream().anyMatch(RunListener::wantsDetail);
            }
        };
    }
}
