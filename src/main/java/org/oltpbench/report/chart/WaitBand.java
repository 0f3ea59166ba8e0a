package org.oltpbench.report.chart;

import java.awt.Color;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import org.oltpbench.result.repeat.counted.IntervalResult;
import org.oltpbench.result.repeat.server.WaitClass;
import org.oltpbench.result.repeat.server.Waits;

/** The level chart's band of the server sessions by class of wait (issue 45), each class in a colour of its own. */
public final class WaitBand {
    private WaitBand() {
    }

    /**
     * A level's server sessions by class of wait over time: each sampled interval a bar over its span,
     * a class's layer its average active sessions there (its session-samples over the interval's samples), so a bar's
     * height is the interval's average active sessions; one layer per class any interval saw, in {@link WaitClass}'s
     * order from the bottom, each in its {@link #colour}. NONE when no interval was sampled.
     */
    static Band of(List<IntervalResult> intervals) {
        List<IntervalResult> sampled = intervals.stream().filter(i -> i.waits().sampled()).toList();
        EnumSet<WaitClass> seen = EnumSet.noneOf(WaitClass.class);
        for (IntervalResult i : sampled) seen.addAll(i.waits().classes().keySet());
        if (seen.isEmpty()) return Band.NONE;
        List<double[]> spans = new ArrayList<>();
        for (IntervalResult i : sampled) spans.add(new double[] {i.at() - i.seconds(), i.at()});
        List<Band.Layer> layers = new ArrayList<>();
        for (WaitClass c : seen) {
            double[] heights = new double[sampled.size()];
            for (int k = 0; k < heights.length; k++) {
                Waits w = sampled.get(k).waits();
                heights[k] = (double) w.count(c) / w.samples();
            }
            layers.add(new Band.Layer(c.label(), colour(c), heights));
        }
        return new Band("active sessions", spans, layers);
    }

    /** The one colour {@code c} has wherever it is drawn. */
    public static Color colour(WaitClass c) {
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
