package org.oltpbench.driver;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.oltpbench.config.ThreadModel;
import org.oltpbench.result.repeat.counted.Window;

class ThreadModelTest {

    @Test
    void autoIsPlatformBelow512AndVirtualFrom512() {
        assertEquals(ThreadModel.PLATFORM, ThreadModel.AUTO.at(511));
        assertEquals(ThreadModel.VIRTUAL, ThreadModel.AUTO.at(512));
        assertEquals(ThreadModel.VIRTUAL, ThreadModel.VIRTUAL.at(1));
        assertEquals(ThreadModel.PLATFORM, ThreadModel.PLATFORM.at(10_000));
    }

    @Test
    void aWindowWhoseEdgesTookOverOnePercentIsUncertain() {
        assertFalse(new Window("a", "b", 20.0, 0.2).uncertain(), "exactly 1%");
        assertTrue(new Window("a", "b", 20.0, 0.21).uncertain());
        assertFalse(new Window("a", "b", 20.0).uncertain(), "files without the figure");
    }
}
