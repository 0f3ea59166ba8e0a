package org.oltpbench.report.chart;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.GraphicsEnvironment;
import java.awt.Paint;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.TreeSet;
import javax.imageio.ImageIO;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.CategoryLabelPositions;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.title.LegendTitle;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.DatasetRenderingOrder;
import org.jfree.chart.plot.IntervalMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.AbstractRenderer;
import org.jfree.chart.renderer.category.LineAndShapeRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * The two chart shapes every report uses, drawn with JFreeChart on a headless AWT: a figure against thread levels
 * (levels as categories, so 24...1024 spread evenly and each tick is an exact level), and a figure over time.
 * Each takes a left-axis group of lines and an optional right-axis group.
 */
public final class Charts {
    public static final int WIDTH = 960, HEIGHT = 540;
    private static final Font TITLE = new Font(Font.SANS_SERIF, Font.BOLD, 18);
    private static final Font LABEL = new Font(Font.SANS_SERIF, Font.PLAIN, 14);
    private static final Font TICK = new Font(Font.SANS_SERIF, Font.PLAIN, 12);
    private static final Paint[] LEFT = {new Color(0x1f77b4), new Color(0xd62728), new Color(0x2ca02c), new Color(0x9467bd),
        new Color(0x8c564b), new Color(0xe377c2), new Color(0x17becf), new Color(0xbcbd22)};
    private static final Paint[] RIGHT = {new Color(0xff7f0e), new Color(0x7f7f7f), new Color(0x393b79), new Color(0x637939)};

    /**
     * One line: its legend name, its points (x, y), and its 95% confidence intervals as error bars (x, low, high;
     * empty for none). The bars are the level's interval of the mean, so they need not be centred on the point.
     */
    public record Line(String name, List<double[]> points, List<double[]> errors) {
        public Line(String name, List<double[]> points) {
            this(name, points, List.of());
        }
    }

    /** Two axes' worth of lines; {@code right} may be empty. */
    public record Axes(String leftTitle, List<Line> left, String rightTitle, List<Line> right) {
        public static Axes one(String title, List<Line> lines) {
            return new Axes(title, lines, null, List.of());
        }
    }

    private Charts() {
    }

    /**
     * Why charts cannot be drawn on this machine (no fonts: Java's font manager finds none without fontconfig and a
     * font), or null when they can.
     */
    public static String unavailable() {
        try {
            System.setProperty("java.awt.headless", "true");
            String[] families = GraphicsEnvironment.getLocalGraphicsEnvironment().getAvailableFontFamilyNames();
            if (families.length == 0) return "no fonts found";
            BufferedImage probe = new BufferedImage(10, 10, BufferedImage.TYPE_INT_RGB);
            probe.createGraphics().getFontMetrics(LABEL).stringWidth("0");
            return null;
        } catch (Throwable e) { // a missing libfontconfig or font file surfaces as an Error from the font manager
            return e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
        }
    }

    /** A figure against thread levels; x values are the levels, titled {@code workers} (threads, terminals). */
    public static JFreeChart byThreads(String title, String subtitle, Axes axes, String workers) {
        return byThreads(title, subtitle, axes, workers, false);
    }

    /**
     * One figure of several runs against thread levels (compare's charts): {@link #byThreads}, each run's points and
     * bars beside the others' within a level where any has error bars, so that none hides another.
     */
    public static JFreeChart byRuns(String title, String subtitle, Axes axes, String workers) {
        return byThreads(title, subtitle, axes, workers, true);
    }

    private static JFreeChart byThreads(String title, String subtitle, Axes axes, String workers, boolean sideBySide) {
        TreeSet<Integer> levels = new TreeSet<>();
        for (Line l : axes.left()) for (double[] p : l.points()) levels.add((int) p[0]);
        for (Line l : axes.right()) for (double[] p : l.points()) levels.add((int) p[0]);
        CategoryAxis x = new CategoryAxis(workers);
        if (levels.size() > 12) x.setCategoryLabelPositions(CategoryLabelPositions.UP_45);
        LineAndShapeRenderer lines = renderer(LEFT, false);
        CategoryPlot plot = new CategoryPlot(categories(axes.left(), levels), x, numberAxis(axes.leftTitle()), lines);
        errorBars(plot, 2, axes.left(), LEFT);
        boolean bars = axes.left().stream().anyMatch(l -> !l.errors().isEmpty());
        if (sideBySide && bars && axes.left().size() > 1) sideBySide(plot, lines, 2);
        if (!axes.right().isEmpty()) {
            plot.setDataset(1, categories(axes.right(), levels));
            plot.setRangeAxis(1, numberAxis(axes.rightTitle()));
            plot.mapDatasetToRangeAxis(1, 1);
            plot.setRenderer(1, renderer(RIGHT, true));
            plot.setDatasetRenderingOrder(DatasetRenderingOrder.FORWARD);
        }
        style(plot.getDomainAxis());
        plot.setBackgroundPaint(Color.WHITE);
        plot.setRangeGridlinePaint(new Color(0xdddddd));
        return chart(title, subtitle, plot);
    }

    /**
     * Several figures against thread levels, one panel each, stacked over one threads axis (sysbench's qps and
     * tps are proportional, so two axes on one panel would draw one line over the other).
     */
    public static JFreeChart byThreadsStacked(String title, String subtitle, List<Axes> panels, String workers) {
        TreeSet<Integer> levels = new TreeSet<>();
        for (Axes a : panels) for (Line l : a.left()) for (double[] p : l.points()) levels.add((int) p[0]);
        CategoryAxis x = new CategoryAxis(workers);
        style(x);
        org.jfree.chart.plot.CombinedDomainCategoryPlot plot = new org.jfree.chart.plot.CombinedDomainCategoryPlot(x);
        plot.setGap(12);
        int i = 0;
        for (Axes a : panels) {
            LineAndShapeRenderer r = renderer(new Paint[] {i++ == 0 ? LEFT[0] : RIGHT[0]}, false);
            CategoryPlot p = new CategoryPlot(categories(a.left(), levels), null, numberAxis(a.leftTitle()), r);
            errorBars(p, 1, a.left(), new Paint[] {r.getSeriesPaint(0)});
            p.setBackgroundPaint(Color.WHITE);
            p.setRangeGridlinePaint(new Color(0xdddddd));
            plot.add(p, 1);
        }
        return chart(title, subtitle, plot);
    }

    /**
     * What a level's time axis shows besides its lines: the warm-up (shaded grey), events as labelled vertical lines (a
     * fault, its recovery), an outage (shaded red) and stalled intervals (shaded orange, labelled "stalled"); seconds
     * since the repeat began.
     *
     * @param outageFrom where the outage began; -1 for none
     * @param outageTo   where it ended (throughput back), or the level's end when it did not
     * @param stalls     each stalled interval's {from, to}
     */
    public record TimeMarks(double warmupEndSecs, List<Event> events, double outageFrom, double outageTo, String outageLabel,
                            List<double[]> stalls) {
        public static TimeMarks warmup(double warmupEndSecs) {
            return new TimeMarks(warmupEndSecs, List.of(), -1, -1, "", List.of());
        }

        /** These marks with the stalled intervals shaded. */
        public TimeMarks withStalls(List<double[]> spans) {
            return new TimeMarks(warmupEndSecs, events, outageFrom, outageTo, outageLabel, spans);
        }
    }

    /** A labelled instant on a level's time axis. */
    public record Event(String label, double at) {
    }

    /** A figure over a level's time: x in seconds since the repeat began; the warm-up, if any, is shaded. */
    public static JFreeChart overTime(String title, String subtitle, Axes axes, TimeMarks marks) {
        XYPlot plot = twoAxes(axes, numberAxis("time since the level started (s)"));
        ((NumberAxis) plot.getDomainAxis()).setAutoRangeIncludesZero(true);
        return chart(title, subtitle, panel(plot, marks, true));
    }

    /** The throughput-and-latency plot of a level: the left axis's lines, and the right axis's when there are any. */
    private static XYPlot twoAxes(Axes axes, NumberAxis time) {
        XYPlot plot = new XYPlot(series(axes.left()), time, numberAxis(axes.leftTitle()), xyRenderer(LEFT, false));
        if (!axes.right().isEmpty()) {
            plot.setDataset(1, series(axes.right()));
            plot.setRangeAxis(1, numberAxis(axes.rightTitle()));
            plot.mapDatasetToRangeAxis(1, 1);
            plot.setRenderer(1, xyRenderer(RIGHT, true));
        }
        return plot;
    }

    /**
     * A level over time in stacked panels on one time axis: the first is {@link #overTime}'s (two axes), each further
     * panel one axis of lines (CPU cores, network MB/s), then the band when present; the warm-up is shaded in every panel.
     */
    public static JFreeChart overTimeStacked(String title, String subtitle, Axes first, List<Axes> more, Band band,
                                             TimeMarks marks) {
        NumberAxis time = numberAxis("time since the level started (s)");
        time.setAutoRangeIncludesZero(true);
        org.jfree.chart.plot.CombinedDomainXYPlot plot = new org.jfree.chart.plot.CombinedDomainXYPlot(time);
        plot.setGap(14);
        plot.add(panel(twoAxes(first, null), marks, true), 3);
        int next = 0;
        for (Axes a : more) {
            NumberAxis y = numberAxis(a.leftTitle());
            y.setAutoRangeIncludesZero(true);
            Paint[] paints = new Paint[a.left().size()];
            for (int i = 0; i < paints.length; i++) {
                Paint known = roleColour(a.left().get(i).name());
                paints[i] = known != null ? known : OTHERS[next++ % OTHERS.length];
            }
            plot.add(panel(new XYPlot(series(a.left()), null, y, xyRenderer(paints, false)), marks, false), 2);
        }
        if (band.present()) plot.add(panel(bars(band), marks, false), 2);
        return chart(title, subtitle, plot);
    }

    /** A band's plot: its layers stacked in bars that span their intervals exactly, with no gap and no outline. */
    private static XYPlot bars(Band band) {
        NumberAxis y = numberAxis(band.title());
        y.setAutoRangeIncludesZero(true);
        org.jfree.chart.renderer.xy.StackedXYBarRenderer r = new org.jfree.chart.renderer.xy.StackedXYBarRenderer(0);
        r.setBarPainter(new org.jfree.chart.renderer.xy.StandardXYBarPainter());
        r.setShadowVisible(false);
        r.setDrawBarOutline(false);
        for (int i = 0; i < band.layers().size(); i++) r.setSeriesPaint(i, band.layers().get(i).paint());
        return new XYPlot(band.dataset(), null, y, r);
    }

    /** The share of a level's band left between runs drawn side by side. */
    private static final double SIDE_BY_SIDE_MARGIN = 0.0;

    /** The colours of the lower panels' lines that have no role of their own (the servers), in order. */
    private static final Paint[] OTHERS = {LEFT[3], LEFT[5], LEFT[6], LEFT[7], RIGHT[3]};

    /**
     * The colour a lower panel's line has in every chart, whatever else the chart draws: the client, the analytic
     * queries, the network's two directions (issue 43: the client was green in one level's chart, purple in another's).
     */
    private static Paint roleColour(String name) {
        if (name.startsWith("client")) return LEFT[2];
        if (name.startsWith("queries")) return LEFT[4];
        if (name.equals("received")) return RIGHT[1];
        if (name.equals("sent")) return RIGHT[2];
        return null;
    }

    private static XYPlot panel(XYPlot p, TimeMarks marks, boolean label) {
        if (marks.warmupEndSecs() > 0) {
            IntervalMarker warm = new IntervalMarker(0, marks.warmupEndSecs(), new Color(0xeeeeee));
            if (label) labelTopLeft(warm, "warm-up");
            p.addDomainMarker(warm);
        }
        boolean outage = marks.outageFrom() >= 0;
        if (outage) {
            p.addDomainMarker(new IntervalMarker(marks.outageFrom(), marks.outageTo(), new Color(0xd62728), new BasicStroke(0.5f),
                    null, null, 0.15f), org.jfree.chart.ui.Layer.BACKGROUND);
            if (label) p.addDomainMarker(clearLabel(marks.outageFrom(), marks.outageTo(), marks.outageLabel(), new Color(0x7f0000), 0),
                    org.jfree.chart.ui.Layer.FOREGROUND);
        }
        boolean first = true;
        for (double[] s : marks.stalls()) {
            IntervalMarker st = new IntervalMarker(s[0], s[1], new Color(0xff7f0e), new BasicStroke(0.5f), null, null, 0.25f);
            p.addDomainMarker(st, org.jfree.chart.ui.Layer.BACKGROUND);
            if (label && first) {
                // a stall inside the outage (they often begin together) puts its label a line below the outage's
                boolean under = outage && s[0] < marks.outageTo() && s[1] > marks.outageFrom();
                p.addDomainMarker(clearLabel(s[0], s[1], "stalled", new Color(0x8c4a00), under ? 1 : 0), org.jfree.chart.ui.Layer.FOREGROUND);
            }
            first = false;
        }
        for (Event e : marks.events()) {
            org.jfree.chart.plot.ValueMarker m = new org.jfree.chart.plot.ValueMarker(e.at(), new Color(0x7f0000),
                    new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10, new float[] {6, 4}, 0));
            if (label) {
                m.setLabel(e.label());
                m.setLabelFont(TICK);
                m.setLabelPaint(new Color(0x7f0000));
                m.setLabelAnchor(org.jfree.chart.ui.RectangleAnchor.BOTTOM_RIGHT);
                m.setLabelTextAnchor(org.jfree.chart.ui.TextAnchor.BOTTOM_LEFT);
                m.setLabelOffset(new RectangleInsets(6, 4, 6, 4));
            }
            p.addDomainMarker(m);
        }
        p.setBackgroundPaint(Color.WHITE);
        p.setRangeGridlinePaint(new Color(0xdddddd));
        p.setDomainGridlinePaint(new Color(0xdddddd));
        return p;
    }

    /**
     * A band's label on a clear band of its own, {@code line} text lines below the top: the shaded band's alpha would
     * fade a label drawn on it.
     */
    private static IntervalMarker clearLabel(double from, double to, String text, Color paint, int line) {
        IntervalMarker m = new IntervalMarker(from, to, new Color(0, 0, 0, 0));
        labelTopLeft(m, text);
        m.setLabelPaint(paint);
        m.setLabelOffset(new RectangleInsets(6 + line * (TICK.getSize2D() + 4), 6, 6, 6));
        return m;
    }

    private static void labelTopLeft(IntervalMarker m, String text) {
        m.setLabel(text);
        m.setLabelFont(TICK);
        m.setLabelAnchor(org.jfree.chart.ui.RectangleAnchor.TOP_LEFT);
        m.setLabelTextAnchor(org.jfree.chart.ui.TextAnchor.TOP_LEFT);
        m.setLabelOffset(new RectangleInsets(6, 6, 6, 6));
    }

    /**
     * Latency against percentile, as HdrHistogram's users draw it: x is 1/(1 − p) on a log axis, so 90%, 99%, 99.9%
     * and 99.99% are evenly spaced and labelled as percentiles; y is latency in ms. Points are (1/(1 − p), ms).
     */
    public static JFreeChart spectrum(String title, String subtitle, List<Line> lines) {
        org.jfree.chart.axis.LogAxis x = new org.jfree.chart.axis.LogAxis("percentile, from 50% at the left edge "
                + "(log scale of 1/(1 - p))");
        x.setBase(10);
        x.setSmallestValue(1);
        x.setRange(2, 10_000);
        // one tick per power of ten: 90%, 99%, 99.9%, 99.99% (the tick unit is in exponents)
        x.setTickUnit(new org.jfree.chart.axis.NumberTickUnit(1), false, false);
        x.setAutoTickUnitSelection(false);
        x.setMinorTickCount(0);
        x.setNumberFormatOverride(new java.text.NumberFormat() {
            @Override
            public StringBuffer format(double v, StringBuffer b, java.text.FieldPosition pos) {
                String pct = new java.math.BigDecimal(100 * (1 - 1 / v)).round(new java.math.MathContext(6))
                        .stripTrailingZeros().toPlainString();
                return b.append(pct).append('%');
            }

            @Override
            public StringBuffer format(long v, StringBuffer b, java.text.FieldPosition pos) {
                return format((double) v, b, pos);
            }

            @Override
            public Number parse(String source, java.text.ParsePosition pos) {
                return null;
            }
        });
        style(x);
        XYPlot plot = new XYPlot(series(lines), x, numberAxis("latency (ms)"), xyRenderer(LEFT, false));
        plot.setBackgroundPaint(Color.WHITE);
        plot.setRangeGridlinePaint(new Color(0xdddddd));
        plot.setDomainGridlinePaint(new Color(0xdddddd));
        return chart(title, subtitle, plot);
    }

    /** Lines of (x, y) points on two linear axes, each point marked. */
    public static JFreeChart xy(String title, String subtitle, String xTitle, String yTitle, List<Line> lines) {
        NumberAxis x = numberAxis(xTitle);
        XYPlot plot = new XYPlot(series(lines), x, numberAxis(yTitle), xyRenderer(LEFT, false));
        plot.setBackgroundPaint(Color.WHITE);
        plot.setRangeGridlinePaint(new Color(0xdddddd));
        plot.setDomainGridlinePaint(new Color(0xdddddd));
        return chart(title, subtitle, plot);
    }

    public static byte[] png(JFreeChart chart) {
        return png(chart, HEIGHT);
    }

    /** The chart as a PNG {@link #WIDTH} wide and {@code height} high. */
    public static byte[] png(JFreeChart chart, int height) {
        BufferedImage img = chart.createBufferedImage(WIDTH, height);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        // in memory: ImageIO's default disk cache registers a delete-on-exit hook, which fails during Ctrl-C's shutdown
        ImageIO.setUseCache(false);
        try {
            ImageIO.write(img, "png", out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    private static JFreeChart chart(String title, String subtitle, org.jfree.chart.plot.Plot plot) {
        JFreeChart c = new JFreeChart(title, TITLE, plot, true);
        c.setBackgroundPaint(Color.WHITE);
        c.setPadding(new RectangleInsets(8, 8, 8, 16));
        if (subtitle != null) c.addSubtitle(new TextTitle(subtitle, TICK));
        LegendTitle legend = c.getLegend();
        legend.setItemFont(LABEL);
        legend.setPosition(RectangleEdge.BOTTOM);
        return c;
    }

    /**
     * Puts a by-threads chart's right axis on a log scale (base 10), for latencies that span decades: a queue that broke
     * the limit by seconds would otherwise flatten the limit and every probe under it onto the floor.
     */
    public static void logRight(JFreeChart c, String title) {
        org.jfree.chart.axis.LogAxis a = new org.jfree.chart.axis.LogAxis(title);
        a.setBase(10);
        a.setSmallestValue(0.01);
        // a tick at each power of ten (the unit counts exponents), with the nine between as minor marks
        a.setTickUnit(new org.jfree.chart.axis.NumberTickUnit(1), false, false);
        a.setAutoTickUnitSelection(false);
        a.setMinorTickCount(9);
        a.setMinorTickMarksVisible(true);
        a.setNumberFormatOverride(new java.text.DecimalFormat("#,##0.###"));
        style(a);
        ((CategoryPlot) c.getPlot()).setRangeAxis(1, a);
    }

    private static NumberAxis numberAxis(String title) {
        NumberAxis a = new NumberAxis(title);
        a.setAutoRangeIncludesZero(true);
        style(a);
        return a;
    }

    private static void style(org.jfree.chart.axis.Axis a) {
        a.setLabelFont(LABEL);
        a.setTickLabelFont(TICK);
    }

    private static DefaultCategoryDataset categories(List<Line> lines, TreeSet<Integer> levels) {
        DefaultCategoryDataset d = new DefaultCategoryDataset();
        for (Line l : lines) {
            for (int level : levels) d.addValue((Number) null, l.name(), Integer.valueOf(level));
            for (double[] p : l.points()) d.setValue(p[1], l.name(), Integer.valueOf((int) p[0]));
        }
        return d;
    }

    /**
     * The lines' error bars as dataset {@code index} of the plot, on the left axis, in each line's colour and out of
     * the legend; nothing when no line has any. (A statistical dataset draws mean ± deviation: the interval's middle
     * and half-width put the bar exactly on [low, high].)
     */
    private static void errorBars(CategoryPlot plot, int index, List<Line> lines, Paint[] palette) {
        if (lines.stream().allMatch(l -> l.errors().isEmpty())) return;
        org.jfree.data.statistics.DefaultStatisticalCategoryDataset d = new org.jfree.data.statistics.DefaultStatisticalCategoryDataset();
        org.jfree.chart.renderer.category.StatisticalLineAndShapeRenderer r =
                new org.jfree.chart.renderer.category.StatisticalLineAndShapeRenderer(false, false);
        for (int i = 0; i < lines.size(); i++) {
            Line l = lines.get(i);
            // every line is a series (one without intervals only of nulls), so series i is line i in both datasets;
            // every level first, in the axis's order: a dataset's items are drawn by column index, so columns added in
            // another order (a line that lacks the first level) would put its bars over other levels
            for (Object level : plot.getDataset(0).getColumnKeys()) d.add((Number) null, (Number) null, l.name(), (Comparable<?>) level);
            for (double[] e : l.errors()) d.add((e[1] + e[2]) / 2, (e[2] - e[1]) / 2, l.name(), Integer.valueOf((int) e[0]));
            r.setSeriesPaint(i, palette[i % palette.length]);
            r.setSeriesVisibleInLegend(i, false);
        }
        r.setErrorIndicatorStroke(new BasicStroke(1.5f));
        plot.setDataset(index, d);
        plot.setRenderer(index, r);
        plot.mapDatasetToRangeAxis(index, 0);
    }

    /**
     * The left axis's lines side by side within each level, their error bars with them (issue 43: at one level every
     * run's point and bar sat on one x and hid each other). The bars' dataset holds every line as a series, in the same
     * order, so that both renderers offset a line alike.
     */
    private static void sideBySide(CategoryPlot plot, LineAndShapeRenderer lines, int barsIndex) {
        // the runs share a narrow band of the level's width (wide gaps between levels, none between runs): apart enough
        // for their bars, near enough to read as one level
        CategoryAxis x = plot.getDomainAxis();
        x.setCategoryMargin(0.6);
        x.setLowerMargin(0.15);
        x.setUpperMargin(0.15);
        lines.setUseSeriesOffset(true);
        lines.setItemMargin(SIDE_BY_SIDE_MARGIN);
        if (plot.getRenderer(barsIndex) instanceof LineAndShapeRenderer bars) {
            bars.setUseSeriesOffset(true);
            bars.setItemMargin(SIDE_BY_SIDE_MARGIN);
        }
    }

    private static XYSeriesCollection series(List<Line> lines) {
        XYSeriesCollection c = new XYSeriesCollection();
        for (Line l : lines) {
            XYSeries s = new XYSeries(l.name(), true, true);
            for (double[] p : l.points()) s.add(p[0], p[1]);
            c.addSeries(s);
        }
        return c;
    }

    private static LineAndShapeRenderer renderer(Paint[] palette, boolean dashed) {
        LineAndShapeRenderer r = painted(new LineAndShapeRenderer(true, true), palette, dashed);
        r.setDefaultItemLabelFont(TICK);
        return r;
    }

    private static XYLineAndShapeRenderer xyRenderer(Paint[] palette, boolean dashed) {
        return painted(new XYLineAndShapeRenderer(true, true), palette, dashed);
    }

    /** {@code r} with series i drawn in {@code palette[i]}, dashed or solid. */
    private static <R extends AbstractRenderer> R painted(R r, Paint[] palette, boolean dashed) {
        for (int i = 0; i < palette.length; i++) {
            r.setSeriesPaint(i, palette[i]);
            r.setSeriesStroke(i, stroke(dashed));
        }
        return r;
    }

    private static BasicStroke stroke(boolean dashed) {
        return dashed ? new BasicStroke(2.2f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND, 1f, new float[] {8f, 5f}, 0f)
                : new BasicStroke(2.5f);
    }
}
