package org.oltpbench.workload;

import java.io.PrintStream;
import java.util.Locale;
import org.oltpbench.result.run.LoadResult;

/** The console's account of a load: one line for the whole, then one per table. */
public final class LoadReport {
    private LoadReport() {
    }

    /**
     * "loaded 50,001,010 rows in 177.5 s (281,697 rows/s; 1.78 s per warehouse) with 4 workers, loadMethod=csv", then per
     * table its rows, the worker-seconds spent sending them and the rows per second of one worker.
     */
    public static void print(PrintStream out, LoadResult r) {
        if (!r.present() || r.rows() == 0) return;
        out.printf(Locale.ROOT, "loaded %,d rows in %.1f s (%,.0f rows/s%s) with %d worker(s), loadMethod=%s%n", r.rows(),
                r.seconds(), r.rowsPerSec(), r.warehouses() > 0
                        ? String.format(Locale.ROOT, "; %.2f s per warehouse", r.secondsPerWarehouse()) : "",
                r.workers(), r.method());
        out.printf(Locale.ROOT, "  %-18s %14s %14s %14s%n", "table", "rows", "send (wrk-s)", "rows/s/worker");
        for (LoadResult.Table t : r.tables()) {
            out.printf(Locale.ROOT, "  %-18s %,14d %14.1f %,14.0f%n", t.table(), t.rows(), t.sendSeconds(), t.rowsPerSec());
        }
    }
}
