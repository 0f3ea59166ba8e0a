package org.oltpbench.driver;

import java.util.concurrent.LinkedBlockingQueue;
import java.util.function.Consumer;
import java.util.concurrent.atomic.AtomicReference;

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
public final class WriterThread extends Forwarding {
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

    /** Queued for the writer thread, behind the events before it. */
    @Override
    void during(Consumer<RunListener> event) {
        enqueue(() -> event.accept(inner));
    }

    /** On the caller's thread once every queued event was delivered. */
    @Override
    void edge(Consumer<RunListener> event) {
        flush();
        event.accept(inner);
    }
}
