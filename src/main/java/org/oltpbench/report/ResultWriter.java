package org.oltpbench.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import org.oltpbench.driver.RunListener;
import org.oltpbench.result.file.ResultFiles;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.run.RunResult;

/**
 * Keeps {@code result.json} current: written when the run starts and after every repeat, atomically, so a run
 * that is killed leaves every finished repeat on disk; written a last time with the end time.
 */
public final class ResultWriter implements RunListener {
    private final Path dir;
    private Path file;

    public ResultWriter(Path dir) {
        this.dir = dir;
    }

    /** The file written, or null before the first write. */
    public Path file() {
        return file;
    }

    @Override
    public void runStarted(RunResult run) {
        write(run);
    }

    @Override
    public void repeatFinished(RunResult run, RepeatResult repeat) {
        write(run);
    }

    @Override
    public void runFinished(RunResult run) {
        write(run);
    }

    private void write(RunResult run) {
        try {
            file = ResultFiles.write(dir, run);
        } catch (IOException e) {
            throw new UncheckedIOException("could not write " + dir.resolve(ResultFiles.FILE) + ": " + e.getMessage(), e);
        }
    }
}
