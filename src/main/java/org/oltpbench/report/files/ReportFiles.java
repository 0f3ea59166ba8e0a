package org.oltpbench.report.files;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import org.oltpbench.driver.RunListener;
import org.oltpbench.report.chart.Charts;
import org.oltpbench.report.chart.RunCharts;
import org.oltpbench.report.html.RunReport;
import org.oltpbench.result.level.LevelResult;
import org.oltpbench.result.run.RunResult;

/**
 * The result directory's derived files, all made from a {@link RunResult} alone: summary.csv after every level,
 * and at the end the charts and report.html. {@code oltpbench report DIR} calls {@link #write} on a result.json.
 */
public final class ReportFiles implements RunListener {
    public static final String HTML = "report.html";
    /** The one line printed instead of charts on a machine without fonts. */
    static final String FONT_HINT = "install fontconfig and a font (Debian: apt-get install fontconfig fonts-dejavu-core)";

    private final Path dir;
    private final PrintStream out;

    public ReportFiles(Path dir, PrintStream out) {
        this.dir = dir;
        this.out = out;
    }

    @Override
    public void levelFinished(RunResult run, LevelResult level) {
        writeFile(dir.resolve(SummaryCsv.FILE), SummaryCsv.render(run).getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public void runFinished(RunResult run) {
        if (!run.levels().isEmpty()) write(dir, run, out);
    }

    /** Writes summary.csv, the charts and report.html into {@code dir}; returns the files written. */
    public static List<Path> write(Path dir, RunResult run, PrintStream out) {
        List<Path> files = new ArrayList<>();
        files.add(writeFile(dir.resolve(SummaryCsv.FILE), SummaryCsv.render(run).getBytes(StandardCharsets.UTF_8)));
        Drawn drawn = draw(() -> RunCharts.forRun(run), out);
        for (RunCharts.Chart c : drawn.charts()) files.add(writeFile(dir.resolve(c.file()), c.png()));
        files.add(writeFile(dir.resolve(HTML), RunReport.render(run, drawn.charts(), drawn.missing() + "; " + FONT_HINT,
                org.oltpbench.acid.AcidRun.rows(dir)).getBytes(StandardCharsets.UTF_8)));
        return files;
    }

    /** Charts, or none and why not (printed in one line); tables and CSV never depend on them. */
    public record Drawn(List<RunCharts.Chart> charts, String missing) {
    }

    /** Draws {@code charts} when this machine can; no fonts, or AWT failing late, skips them with one line. */
    public static Drawn draw(java.util.function.Supplier<List<RunCharts.Chart>> charts, PrintStream out) {
        String missing = Charts.unavailable();
        if (missing == null) {
            try {
                return new Drawn(charts.get(), null);
            } catch (RuntimeException | LinkageError e) { // the font manager or AWT failing late
                missing = "drawing failed: " + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
            }
        }
        out.println("charts skipped (" + missing + "): " + FONT_HINT + "; tables and CSV are written");
        return new Drawn(List.of(), missing);
    }

    /** Atomic: a reader (or a kill) never sees half a file. */
    public static Path writeFile(Path file, byte[] content) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
            Files.write(tmp, content);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException("could not write " + file + ": " + e.getMessage(), e);
        }
    }
}
