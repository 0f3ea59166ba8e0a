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
import org.oltpbench.result.LevelResult;
import org.oltpbench.result.RunResult;

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
        String missing = Charts.unavailable();
        List<RunCharts.Chart> charts = List.of();
        if (missing == null) {
            try {
                charts = RunCharts.forRun(run);
            } catch (RuntimeException | LinkageError e) { // the font manager or AWT failing late; the tables still count
                missing = "drawing failed: " + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
            }
        }
        if (missing != null) out.println("charts skipped (" + missing + "): " + FONT_HINT + "; tables and CSV are written");
        for (RunCharts.Chart c : charts) files.add(writeFile(dir.resolve(c.file()), c.png()));
        files.add(writeFile(dir.resolve(HTML), RunReport.render(run, charts, missing + "; " + FONT_HINT)
                .getBytes(StandardCharsets.UTF_8)));
        return files;
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
