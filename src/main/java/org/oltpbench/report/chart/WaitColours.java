package org.oltpbench.report.chart;

import java.awt.Color;
import org.oltpbench.result.repeat.server.WaitClass;

/** The one colour each class of waits has wherever it is drawn (the level charts' band). */
public final class WaitColours {
    private WaitColours() {
    }

    public static Color of(WaitClass c) {
        return new Color(rgb(c));
    }

    /**
     * Light tints (tab20's second row), so that a band's layers read as areas apart from the saturated lines the same
     * chart draws in the panels above it; locks red, commit orange, reads blue, CPU green, the client grey.
     */
    private static int rgb(WaitClass c) {
        return switch (c) {
            case CPU -> 0x98df8a;
            case LOCK -> 0xff9896;
            case COMMIT -> 0xffbb78;
            case IO -> 0xaec7e8;
            case LATCH -> 0xc5b0d5;
            case NETWORK -> 0xc49c94;
            case CLIENT -> 0xc7c7c7;
            case OTHER -> 0x9edae5;
        };
    }
}
