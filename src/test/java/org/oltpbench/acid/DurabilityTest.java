package org.oltpbench.acid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/**
 * 3.5 is judged only when the crash happened: the server's uptime restarted over the test (its readings whole seconds),
 * or, where the engine gives no uptime, a terminal's session was cut. A crash command that exits 0 and kills nothing
 * (or only a proxy) is not a passed durability test.
 */
class DurabilityTest {
    private static final String HOW = "acidCrash 'true', then acidRestart 'true'";

    @Test
    void aRestartedServerIsACrash() {
        // up 100 s before; killed 2 s in and back 1 s later; read again 6 s after the start: up 3 s
        assertNull(Durability.notCrashed(100, 3, 6.0, 4, HOW));
        // a server started just before the test: up 0 s, then 3 s after its restart 5 s in (8.2 s later)
        assertNull(Durability.notCrashed(0, 3, 8.2, 2, HOW));
    }

    @Test
    void aServerStillUpIsNoJudgementWhateverTheSessionsSaw() {
        // 100 s before, 106 or 107 s after 6.4 s: the same server (a second's rounding each way); its sessions were cut
        // (a proxy restarted), but it did not come up again
        assertEquals("not run: the server did not restart (its time since it last came up went from 100 s to 106 s over 6 s): "
                + HOW + " did not crash it", Durability.notCrashed(100, 106, 6.4, 4, HOW));
        assertEquals("not run: the server did not restart (its time since it last came up went from 100 s to 107 s over 6 s): "
                + HOW + " did not crash it", Durability.notCrashed(100, 107, 6.4, 4, HOW));
        // 99.9 s read as 99, 106.3 s as 106 after 6.4 s
        assertNotNull(Durability.notCrashed(99, 106, 6.4, 4, HOW));
    }

    @Test
    void anUptimeThatDroppedWithNoSessionCutIsNoCrash() {
        // another node behind a balancer answered the second reading, or the clock stepped back: no session was cut
        assertEquals("not run: no terminal's session was cut: " + HOW + " did not crash the server",
                Durability.notCrashed(1000, 500, 6.0, 0, HOW));
    }

    @Test
    void withoutAnUptimeACutSessionIsTheEvidence() {
        assertNull(Durability.notCrashed(-1, -1, 6.0, 1, HOW));
        assertEquals("not run: no terminal's session was cut: " + HOW + " did not crash the server",
                Durability.notCrashed(-1, -1, 6.0, 0, HOW));
        assertEquals("not run: no terminal's session was cut: " + HOW + " did not crash the server",
                Durability.notCrashed(100, -1, 6.0, 0, HOW));
    }
}
