package org.oltpbench.driver;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.oltpbench.result.Window;

class ThreadModelTest {

    @Test
    void autoIsPlatformBelow512AndVirtualFrom512() {
        assertFalse(Sweep.virtualThreads("auto", 511));
        assertTrue(Sweep.virtualThreads("auto", 512));
        assertTrue(Sweep.virtualThreads("virtual", 1));
        assertFalse(Sweep.virtualThreads("platform", 10_000));
    }

    @Test
    void aWindowWhoseEdgesTookOverOnePercentIsUncertain() {
        assertFalse(new Window("a", "b", 20.0, 0.2).uncertain(), "exactly 1%");
        assertTrue(new Window("a", "b", 20.0, 0.21).uncertain());
        assertFalse(new Window("a", "b", 20.0).uncertain(), "files without the figure");
    }
}
