package org.oltpbench.measure.waits;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;
import org.oltpbench.dialect.Dialects;
import org.oltpbench.util.Clock;

/**
 * Reviewer's case (issue 45, branch brk45): a sampling read that hangs in the driver's socket read, which an interrupt
 * does not end (a frozen server or front end, a partition, a relay that stops forwarding; no socketTimeout is set).
 * LevelRunner closes the sampler where the level stopped, before it stops the terminals: close() joins the thread for
 * up to 5 s and then closes the source from the level's thread while the read is still on it.
 */
class WaitSamplerReviewTest {

    @Test
    @Disabled("brk45 finding: WaitSampler.close() waits 5 s for a hung read (join(5_000)) before the terminals are "
            + "stopped, then closes the connection under the reading thread; it should abort the monitor connection "
            + "(Connection.abort / setNetworkTimeout) and not wait")
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
        sampler.close();
        double secs = (System.nanoTime() - t) / 1e9;
        release.countDown();
        assertTrue(secs < 1, "close() took " + secs + " s with a read hung");
    }
}
