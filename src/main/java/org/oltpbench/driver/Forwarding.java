package org.oltpbench.driver;

import java.util.function.Consumer;
import org.oltpbench.result.level.LevelResult;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.repeat.counted.IntervalDetail;
import org.oltpbench.result.repeat.counted.IntervalResult;
import org.oltpbench.result.run.RunResult;

/**
 * A listener that hands every event on to other listeners, each event written once here; how it is handed on is the
 * subclass's: at once to several ({@link RunListener#all}), or through a queue on a thread of its own
 * ({@link WriterThread}). Events come in two kinds: those of the run's shape (a run's, a probe's, a repeat's and a
 * level's start and end), and those that come while a level runs (intervals, their detail, late reports, faults,
 * notes, connects). A listener of interval detail gets it only when it wants it.
 */
abstract class Forwarding implements RunListener {
    /** Hands on an event of the run's shape. */
    abstract void edge(Consumer<RunListener> event);

    /** Hands on an event that comes while a level runs: as one of the run's shape, unless a subclass queues it. */
    void during(Consumer<RunListener> event) {
        edge(event);
    }

    @Override
    public void runStarted(RunResult run) {
        edge(l -> l.runStarted(run));
    }

    @Override
    public void probeStarted(int threads, double rate, int warehouses) {
        edge(l -> l.probeStarted(threads, rate, warehouses));
    }

    @Override
    public void repeatStarted(int threads, int repeat, int repeats) {
        edge(l -> l.repeatStarted(threads, repeat, repeats));
    }

    @Override
    public void repeatFinished(RunResult run, RepeatResult repeat) {
        edge(l -> l.repeatFinished(run, repeat));
    }

    @Override
    public void levelFinished(RunResult run, LevelResult level) {
        edge(l -> l.levelFinished(run, level));
    }

    @Override
    public void runFinished(RunResult run) {
        edge(l -> l.runFinished(run));
    }

    @Override
    public void interval(IntervalResult interval) {
        during(l -> l.interval(interval));
    }

    @Override
    public void intervalDetail(IntervalResult interval, IntervalDetail detail) {
        during(l -> {
            if (l.wantsDetail()) l.intervalDetail(interval, detail);
        });
    }

    @Override
    public void late(IntervalResult interval, String why) {
        during(l -> l.late(interval, why));
    }

    @Override
    public void fault(String line) {
        during(l -> l.fault(line));
    }

    @Override
    public void note(String line) {
        during(l -> l.note(line));
    }

    @Override
    public void faultStarted(String key, double atSecs) {
        during(l -> l.faultStarted(key, atSecs));
    }

    @Override
    public void connecting(int open, int total, boolean done) {
        during(l -> l.connecting(open, total, done));
    }

    @Override
    public void connected(double seconds) {
        during(l -> l.connected(seconds));
    }
}
