package org.oltpbench.acid;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * acid refuses a database other sessions use, but not one whose sessions are ending: a backend is listed a moment
 * after its client closed (CI: PostgreSQL right after prepare). A session that stays is refused.
 */
class OthersTest {
    /** A view that lists {@code counts[i]} other sessions at its i-th look, then the last count for ever. */
    private static LockWatch listing(AtomicInteger looks, int... counts) {
        return ScriptedView.waiting(id -> false).others(() -> counts[Math.min(looks.getAndIncrement(), counts.length - 1)]);
    }

    @Test
    void aSessionThatIsEndingIsWaitedFor() throws Exception {
        AtomicInteger looks = new AtomicInteger();
        assertEquals(0, AcidRun.othersStaying(listing(looks, 1, 1, 0), 60_000));
        assertEquals(3, looks.get());
    }

    @Test
    void aSessionThatStaysIsCounted() throws Exception {
        AtomicInteger looks = new AtomicInteger();
        assertEquals(1, AcidRun.othersStaying(listing(looks, 1), 600));
        assertEquals(true, looks.get() >= 2, "looked again until the bound: " + looks.get());
    }
}
