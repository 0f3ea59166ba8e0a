package org.oltpbench.report.chart;

import java.awt.Paint;
import java.util.List;
import org.jfree.data.xy.AbstractIntervalXYDataset;
import org.jfree.data.xy.TableXYDataset;

/**
 * Stacked bars on a level's time axis ({@link Charts#overTimeStacked}'s last panel), one bar per span and one layer per
 * series, each in its own colour: a layer's height over a span is its value there, and the layers of a span add up to
 * the bar's height.
 *
 * @param title  the y axis's title
 * @param spans  each bar's {from, to} in seconds since the repeat began
 * @param layers bottom first; each holds one height per span
 */
public record Band(String title, List<double[]> spans, List<Layer> layers) {
    /** No band: the chart draws as it did before bands. */
    public static final Band NONE = new Band("", List.of(), List.of());

    public boolean present() {
        return !spans.isEmpty() && !layers.isEmpty();
    }

    /** One layer: its legend name, its colour and its height over each span. */
    public record Layer(String name, Paint paint, double[] heights) {
    }

    /** The band as JFreeChart's stacked bar renderer reads it: one series per layer, one item per span. */
    TableXYDataset dataset() {
        return new Spans(this);
    }

    private static final class Spans extends AbstractIntervalXYDataset implements TableXYDataset {
        private final Band band;

        Spans(Band band) {
            this.band = band;
        }

        @Override
        public int getSeriesCount() {
            return band.layers().size();
        }

        @Override
        public Comparable<String> getSeriesKey(int series) {
            return band.layers().get(series).name();
        }

        @Override
        public int getItemCount() {
            return band.spans().size();
        }

        @Override
        public int getItemCount(int series) {
            return getItemCount();
        }

        @Override
        public Number getX(int series, int item) {
            double[] s = band.spans().get(item);
            return (s[0] + s[1]) / 2;
        }

        @Override
        public Number getStartX(int series, int item) {
            return band.spans().get(item)[0];
        }

        @Override
        public Number getEndX(int series, int item) {
            return band.spans().get(item)[1];
        }

        @Override
        public Number getY(int series, int item) {
            return band.layers().get(series).heights()[item];
        }

        @Override
        public Number getStartY(int series, int item) {
            return getY(series, item);
        }

        @Override
        public Number getEndY(int series, int item) {
            return getY(series, item);
        }
    }
}
