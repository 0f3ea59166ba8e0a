package org.oltpbench.measure.waits;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.oltpbench.dialect.Dialects;
import org.oltpbench.util.Clock;

/**
 * Reviewer's case (issue 45, branch brk45): a sampling read that hangs in the driver's socket read, which an interrupt
 * does not end (a frozen server or front end, a partition, a relay that stops forwarding). Where the level stops, before
 * it stops the terminals, LevelRunner stops the sampler: that must not wait for the read (the monitor connection's
 * network timeout ends it later; close() after the level joins the thread).
 */
class WaitSamplerReviewTest {

    @Test
    void aHungReadDoesNotHoldTheLevelsEnd() throws Exception {
        CountDownLatch release = new CountDownLatch(1), reading = new CountDownLatch(1);
        WaitSampler.Source hung = new WaitSampler.Source() {
            @Override
            public List<WaitSampler.Seen> read() {
                reading.countDown();
                while (true) { // a socket read: interrupts do not end it
                    try {
                        if (release.await(10, TimeUnit.SECONDS)) return List.of();
                    } catch (InterruptedException e) {
                        // ignored, as a blocking socket read ignores it
                    }
                }
            }

            @Override
            public void close() {
            }
        };
        WaitSampler sampler = new WaitSampler(hung, Dialects.forName("postgres").sessionWaits(), id -> true, Clock.SYSTEM,
                w -> { });
        sampler.start(System.nanoTime());
        assertTrue(reading.await(5, TimeUnit.SECONDS));
        long t = System.nanoTime();
        sampler.stop(); // what the level does where it stops, before it stops the terminals
        double secs = (System.nanoTime() - t) / 1e9;
        release.countDown();
        sampler.close(); // after the level: the read returned, the thread ends
        assertTrue(secs < 1, "stop() took " + secs + " s with a read hung");
    }
}
