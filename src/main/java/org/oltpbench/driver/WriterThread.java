package org.oltpbench.driver;

import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicReference;
import org.oltpbench.result.level.LevelResult;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.repeat.counted.IntervalDetail;
import org.oltpbench.result.repeat.counted.IntervalResult;
import org.oltpbench.result.run.RunResult;

/**
 * The listeners of a run (the journal, the interval files, the console, the live endpoint) on a thread of their own,
 * so that a slow disk or terminal never holds the reporter at an interval's edge. Events keep their order: the
 * reporter's interval events are queued and written by one thread, in the order the listeners are listed (files
 * before the console: a line is on disk before the console shows it); every other event (a repeat's start and end,
 * a level's, the run's) first waits for the queue to empty and is then delivered on its caller's thread, as is
 * {@link #flush()}. A listener that throws stops the run: the next event rethrows it.
 *
 * <p>A run killed with SIGKILL loses the intervals still queued: the one in progress, and any the disk is behind on.
 */
public final class WriterThread implements RunListener {
    private final RunListener inner;
    private final boolean detail;
    private final LinkedBlockingQueue<Runnable> queue = new LinkedBlockingQueue<>();
    private final AtomicReference<RuntimeException> failed = new AtomicReference<>();
    private final Object idle = new Object();
    private long queued, done;

    public WriterThread(RunListener inner) {
        this.inner = inner;
        this.detail = inner.wantsDetail();
        Thread.ofPlatform().daemon().name("oltpbench-writer").start(this::loop);
    }

    private void loop() {
        while (true) {
            Runnable r;
            try {
                r = queue.take();
            } catch (InterruptedException e) {
                return;
            }
            try {
                if (failed.get() == null) r.run();
            } catch (RuntimeException e) {
                failed.compareAndSet(null, e);
            } catch (Error e) {
                failed.compareAndSet(null, new IllegalStateException(e.toString(), e));
            }
            synchronized (idle) {
                done++;
                idle.notifyAll();
            }
        }
    }

    private void enqueue(Runnable r) {
        rethrow();
        synchronized (idle) {
            queued++;
        }
        queue.add(r);
    }

    @Override
    public void flush() {
        synchronized (idle) {
            while (done < queued) {
                try {
                    idle.wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
        }
        rethrow();
    }

    private void rethrow() {
        RuntimeException e = failed.get();
        if (e != null) throw e;
    }

    @Override
    public boolean wantsDetail() {
        return detail;
    }

    @Override
    public void interval(IntervalResult interval) {
        enqueue(() -> inner.interval(interval));
    }

    @Override
    public void intervalDetail(IntervalResult interval, IntervalDetail d) {
        enqueue(() -> inner.intervalDetail(interval, d));
    }

    @Override
    public void late(IntervalResult interval, String why) {
        enqueue(() -> inner.late(interval, why));
    }

    @Override
    public void fault(String line) {
        enqueue(() -> inner.fault(line));
    }

    @Override
    public void note(String line) {
        enqueue(() -> inner.note(line));
    }

    @Override
    public void faultStarted(String key, double atSecs) {
        enqueue(() -> inner.faultStarted(key, atSecs));
    }

    @Override
    public void connecting(int open, int total, boolean finished) {
        enqueue(() -> inner.connecting(open, total, finished));
    }

    @Override
    public void connected(double seconds) {
        enqueue(() -> inner.connected(seconds));
    }

    @Override
    public void runStarted(RunResult run) {
        flush();
        inner.runStarted(run);
    }

    @Override
    public void probeStarted(int threads, double rate, int warehouses) {
        flush();
        inner.probeStarted(threads, rate, warehouses);
    }

    @Override
    public void repeatStarted(int threads, int repeat, int repeats) {
        flush();
        inner.repeatStarted(threads, repeat, repeats);
    }

    @Override
    public void repeatFinished(RunResult run, RepeatResult repeat) {
        flush();
        inner.repeatFinished(run, repeat);
    }

    @Override
    public void levelFinished(RunResult run, LevelResult level) {
        flush();
        inner.levelFinished(run, level);
    }

    @Override
    public void runFinished(RunResult run) {
        flush();
        inner.runFinished(run);
    }
}
