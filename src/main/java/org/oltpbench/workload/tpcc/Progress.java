package org.oltpbench.workload.tpcc;

import java.io.PrintStream;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/** The loader's progress bar: rows/s, warehouses done and ETA; redrawn in place on a terminal, a line every 10 s otherwise. */
final class Progress {
    private final PrintStream out;
    private final AtomicLong rows;
    private final AtomicInteger done;
    private final int warehouses;
    private final long expected;
    private final long t0 = System.nanoTime();
    private final boolean tty = System.console() != null;
    private long lastLine;

    Progress(PrintStream out, AtomicLong rows, AtomicInteger done, int warehouses, long expected) {
        this.out = out;
        this.rows = rows;
        this.done = done;
        this.warehouses = warehouses;
        this.expected = expected;
    }

    void print(boolean last) {
        double secs = (System.nanoTime() - t0) / 1e9;
        if (!tty && !last && secs - lastLine < 10) return;
        lastLine = (long) secs;
        long n = rows.get();
        double rate = secs > 0 ? n / secs : 0;
        int width = 30, filled = (int) Math.min(width, width * n / Math.max(1, expected));
        String eta = rate > 0 && !last ? String.format(Locale.ROOT, "%ds", (long) (Math.max(0, expected - n) / rate)) : "-";
        String line = String.format(Locale.ROOT, "[%s%s] %d/%d warehouses, %d rows, %.0f rows/s, elapsed %.0fs, ETA %s",
                "#".repeat(filled), " ".repeat(width - filled), done.get(), warehouses, n, rate, secs, eta);
        if (tty) out.print("\r" + line + (last ? "\n" : ""));
        else out.println(line);
        out.flush();
    }
}
