package org.oltpbench.driver;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Ctrl-C: the shutdown hook raises the signal, the running level stops at once, the sweep ends, and
 * results gathered so far are written before the JVM exits (the hook waits for {@link #finished}).
 */
public final class StopSignal {
    private volatile boolean raised;
    private final CountDownLatch finished = new CountDownLatch(1);

    public boolean raised() {
        return raised;
    }

    public void raise() {
        raised = true;
    }

    /** The job has written its results; the shutdown hook may let the JVM go. */
    public void finished() {
        finished.countDown();
    }

    public void awaitFinished(long seconds) throws InterruptedException {
        finished.await(seconds, TimeUnit.SECONDS);
    }
}
