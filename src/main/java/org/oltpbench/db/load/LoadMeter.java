package org.oltpbench.db.load;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.oltpbench.result.LoadResult;

/**
 * Rows and send time per table of one load, shared by its workers: each sink it wraps counts its rows and times the
 * calls that may send (endRow, close), and adds both to its table when closed.
 */
public final class LoadMeter {
    private final Map<String, AtomicLong[]> tables = new LinkedHashMap<>();
    private final long t0 = System.nanoTime();

    /** {@code sink} for {@code table}, counted. */
    public RowSink meter(String table, RowSink sink) {
        AtomicLong[] t;
        synchronized (tables) {
            t = tables.computeIfAbsent(table, k -> new AtomicLong[] {new AtomicLong(), new AtomicLong()});
        }
        return new Metered(sink, t);
    }

    /** The load so far as a result: wall time since this meter was made, and each table. */
    public LoadResult result(int workers, String method, int warehouses) {
        List<LoadResult.Table> out = new ArrayList<>();
        synchronized (tables) {
            tables.forEach((name, t) -> out.add(new LoadResult.Table(name, t[0].get(), t[1].get() / 1e9)));
        }
        return new LoadResult((System.nanoTime() - t0) / 1e9, workers, method, warehouses, out);
    }

    /** One worker's sink: plain counters, published to the table's on close. */
    private static final class Metered implements RowSink {
        private final RowSink sink;
        private final AtomicLong[] table;
        private long rows, nanos;

        Metered(RowSink sink, AtomicLong[] table) {
            this.sink = sink;
            this.table = table;
        }

        @Override
        public void integer(long v) {
            sink.integer(v);
        }

        @Override
        public void text(char[] v) {
            sink.text(v);
        }

        @Override
        public void text(String v) {
            sink.text(v);
        }

        @Override
        public void decimal(double v, int scale) {
            sink.decimal(v, scale);
        }

        @Override
        public void nul() {
            sink.nul();
        }

        @Override
        public void endRow() throws SQLException {
            long s = System.nanoTime();
            sink.endRow();
            nanos += System.nanoTime() - s;
            rows++;
        }

        @Override
        public void close() throws SQLException {
            long s = System.nanoTime();
            try {
                sink.close();
            } finally {
                nanos += System.nanoTime() - s;
                table[0].addAndGet(rows);
                table[1].addAndGet(nanos);
            }
        }
    }
}
