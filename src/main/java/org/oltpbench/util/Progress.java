package org.oltpbench.util;

import java.io.Console;
import java.io.PrintStream;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * A progress line for long steps (loading, index building, checks, the wait for startAt): a bar with rate and ETA
 * when the total is known, elapsed time otherwise. On a terminal it is redrawn in place; anywhere else (CI, a pipe,
 * a file) it prints a plain line every {@link #PLAIN_EVERY_SECS} seconds and never a control character.
 */
public final class Progress {
    static final int PLAIN_EVERY_SECS = 10;
    /** A progress that prints nothing: for a step with nothing to count. */
    public static final Progress SILENT = new Progress(new PrintStream(java.io.OutputStream.nullOutputStream()), "", 0, "", () -> 0);
    private static final int WIDTH = 30;
    /** The shortest elapsed time a rate (and an ETA) is given over. */
    static final double MIN_RATE_SECS = 1;

    private final PrintStream out;
    private final String label, unit;
    private final long total;
    private final LongSupplier done;
    private final boolean tty;
    private final LongSupplier nanos;
    private final long t0;
    private long lastPlain = Long.MIN_VALUE;

    /**
     * @param total the amount the step ends at, or 0 when unknown (elapsed time only)
     * @param done  how much is done now; read on every print
     */
    public Progress(PrintStream out, String label, long total, String unit, LongSupplier done) {
        this(out, label, total, unit, done, System::nanoTime);
    }

    /** @param nanos the clock (a simulated one in tests) */
    Progress(PrintStream out, String label, long total, String unit, LongSupplier done, LongSupplier nanos) {
        this.nanos = nanos;
        this.t0 = nanos.getAsLong();
        this.out = out;
        this.label = label;
        this.total = total;
        this.unit = unit;
        this.done = done;
        this.tty = isTerminal(out);
    }

    /** True when {@code out} is the process's stdout and that is a terminal (JDK 22+ Console.isTerminal). */
    public static boolean isTerminal(PrintStream out) {
        Console c = System.console();
        if (out != System.out || c == null) return false;
        try {
            return (Boolean) Console.class.getMethod("isTerminal").invoke(c);
        } catch (ReflectiveOperationException e) {
            return true; // JDK 21: System.console() is null unless stdin and stdout are a terminal
        }
    }

    /** Redraws (terminal) or, every 10 s, prints the line. */
    public synchronized void print() {
        long secs = (nanos.getAsLong() - t0) / 1_000_000_000L;
        if (tty) {
            out.print("\r" + line() + "\u001b[K");
            out.flush();
        } else if (lastPlain == Long.MIN_VALUE || secs - lastPlain >= PLAIN_EVERY_SECS) {
            lastPlain = secs;
            out.println(line());
        }
    }

    /** The final line, always printed, ending the redrawn one. */
    public synchronized void finish() {
        if (tty) out.print("\r" + line() + "\u001b[K\n");
        else out.println(line());
        out.flush();
    }

    String line() {
        double secs = (nanos.getAsLong() - t0) / 1e9;
        long n = done.getAsLong();
        if (total <= 0) return String.format(Locale.ROOT, "%s: elapsed %.0fs", label, secs);
        // a rate over less than a second is not one: what was done before the line's clock started shows as millions a second
        double rate = secs >= MIN_RATE_SECS ? n / secs : 0;
        int filled = (int) Math.min(WIDTH, WIDTH * n / Math.max(1, total));
        String eta = rate > 0 && n < total ? String.format(Locale.ROOT, "%.0fs", (total - n) / rate) : "-";
        return String.format(Locale.ROOT, "%s [%s%s] %d/%d %s, %s %s/s, elapsed %.0fs, ETA %s", label, "#".repeat(filled),
                " ".repeat(WIDTH - filled), n, total, unit, rate > 0 ? String.format(Locale.ROOT, "%.0f", rate) : "-", unit,
                secs, eta);
    }

    /** A step that may throw. */
    public interface Step<T, E extends Exception> {
        T run() throws E;
    }

    /** Runs a step of unknown length on this thread while a ticker shows its elapsed time; prints the final line. */
    public static <T, E extends Exception> T during(PrintStream out, String label, Step<T, E> step) throws E {
        Progress p = new Progress(out, label, 0, "", () -> 0);
        Thread ticker = new Thread(() -> {
            try {
                while (true) {
                    Thread.sleep(1000);
                    p.print();
                }
            } catch (InterruptedException e) {
                // the step ended
            }
        }, "oltpbench-progress");
        ticker.setDaemon(true);
        ticker.start();
        try {
            return step.run();
        } finally {
            Threads.stop(ticker, 2000);
            p.finish();
        }
    }
}
