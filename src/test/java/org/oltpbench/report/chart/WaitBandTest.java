package org.oltpbench.report.chart;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.oltpbench.result.repeat.server.WaitClass;
import org.oltpbench.result.repeat.server.Waits;

class WaitBandTest {
    /** An interval of {@code seconds} ending at {@code at}, its sessions' waits {@code waits}. */
    static org.oltpbench.result.repeat.counted.IntervalResult interval(double at, double seconds, Waits waits) {
        return new org.oltpbench.result.repeat.counted.IntervalResult(at, seconds, 8, 100, 0, 0, 0, 0, 0, false, 0.1, "", -1,
                List.of(), null, null, null, waits);
    }

    /**
     * The band's bars by hand: [0, 1] sampled 10 times with CPU 20, locks 40, commit 10 session-samples is 2.0, 4.0 and
     * 1.0 active sessions (7.0 in all); [1, 2] not sampled is no bar; [2, 3] with CPU 5 of 10 samples is 0.5 CPU and 0 of
     * the others. One layer per class seen, CPU at the bottom, each in its class's colour and named by its label.
     */
    @Test
    void theBandStacksEachSampledIntervalsActiveSessionsByClass() {
        Waits busy = new Waits(10, Map.of(WaitClass.CPU, 20L, WaitClass.LOCK, 40L, WaitClass.COMMIT, 10L), Map.of(), Map.of(), 0);
        Waits calm = new Waits(10, Map.of(WaitClass.CPU, 5L), Map.of(), Map.of(), 0);
        Band band = WaitBand.of(List.of(interval(1, 1, busy), interval(2, 1, Waits.NONE), interval(3, 1, calm)));
        assertEquals("active sessions", band.title());
        assertEquals(List.of(List.of(0.0, 1.0), List.of(2.0, 3.0)), band.spans().stream().map(s -> List.of(s[0], s[1])).toList());
        assertEquals(List.of("CPU", "row and table locks", "commit / log flush"), band.layers().stream().map(Band.Layer::name).toList());
        assertArrayEquals(new double[] {2.0, 0.5}, band.layers().get(0).heights(), 1e-12);
        assertArrayEquals(new double[] {4.0, 0.0}, band.layers().get(1).heights(), 1e-12);
        assertArrayEquals(new double[] {1.0, 0.0}, band.layers().get(2).heights(), 1e-12);
        assertEquals(WaitBand.colour(WaitClass.LOCK), band.layers().get(1).paint());
        assertFalse(WaitBand.of(List.of(interval(1, 1, Waits.NONE))).present(), "no sample: no band");
    }

    /** Each class has its own colour. */
    @Test
    void everyClassHasAColourOfItsOwn() {
        Set<java.awt.Color> colours = new HashSet<>();
        for (WaitClass c : WaitClass.values()) colours.add(WaitBand.colour(c));
        assertEquals(WaitClass.values().length, colours.size());
    }
}
